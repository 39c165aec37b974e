examples/neural/train.fl --engine local -- --variant nosuch
