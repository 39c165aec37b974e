tests/golden/run/programs/neural_variants.fl -g run --engine threads --workers 2 --ius 4
