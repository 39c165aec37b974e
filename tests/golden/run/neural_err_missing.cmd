examples/neural/train.fl --engine local -- --data tests/golden/data/nothing_here
