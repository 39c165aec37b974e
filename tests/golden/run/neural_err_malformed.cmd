examples/neural/train.fl --engine local -- --data tests/golden/data/neural_bad --epochs 1
