examples/primes_annotated.fl -g run(500)
