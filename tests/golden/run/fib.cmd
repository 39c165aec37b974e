examples/fib.fl --engine local
