examples/hanoi.fl -g show(3)
