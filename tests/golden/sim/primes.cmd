examples/primes.fl -g run(500)
