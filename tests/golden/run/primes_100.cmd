examples/primes.fl -g run(100)
