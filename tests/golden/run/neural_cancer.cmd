examples/neural/train.fl --engine local -- --problem cancer --epochs 15 --report 5
