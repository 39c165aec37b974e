examples/fib.fl
