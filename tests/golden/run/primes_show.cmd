examples/primes.fl -g show(30) --engine local
