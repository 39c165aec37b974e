examples/primes.fl -g run(100) --engine local
