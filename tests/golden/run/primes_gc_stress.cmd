examples/primes.fl -g run(1000) --gc-stress --engine local
