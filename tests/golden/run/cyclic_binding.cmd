tests/golden/run/programs/halt_code.fl -g 'X = [a|X]' --engine local
