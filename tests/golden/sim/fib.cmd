examples/fib.fl -g run(12)
