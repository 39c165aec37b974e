examples/primes.fl -g run(1000) --engine local
