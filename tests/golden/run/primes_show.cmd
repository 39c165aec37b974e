examples/primes.fl -g show(30)
