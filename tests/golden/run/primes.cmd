examples/primes.fl --engine local
