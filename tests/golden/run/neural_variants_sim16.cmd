tests/golden/run/programs/neural_variants.fl -g run --engine sim --ius 16
