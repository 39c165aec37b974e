examples/hanoi.fl -g run(10)
