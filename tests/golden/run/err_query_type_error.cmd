tests/golden/run/programs/halt_code.fl -g 'X = a, add(X, 1, Y)' --engine local
