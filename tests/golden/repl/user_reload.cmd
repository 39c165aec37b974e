examples/primes.fl
