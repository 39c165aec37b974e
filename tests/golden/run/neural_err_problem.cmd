examples/neural/train.fl --engine local -- --problem nosuch
