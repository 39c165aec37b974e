examples/hanoi.fl -g run(10) --engine local
