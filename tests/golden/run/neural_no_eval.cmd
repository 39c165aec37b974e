examples/neural/train.fl --engine local -- --problem xor --hidden 2 --epochs 2 --report 1 --no-eval --digest
