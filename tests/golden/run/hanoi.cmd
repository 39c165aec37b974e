examples/hanoi.fl
