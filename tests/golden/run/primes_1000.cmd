examples/primes.fl -g run(1000)
