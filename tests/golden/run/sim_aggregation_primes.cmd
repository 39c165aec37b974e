examples/primes_annotated.fl -g run(500) --engine sim --ius 16 --machine examples/machines/pie64-aggregating.json --stats=json
