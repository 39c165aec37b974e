examples/hanoi.fl --engine local
