tests/golden/run/programs/neural_variants_same.fl -g run --engine local
