tests/golden/run/programs/neural_step.fl -g run --engine local
