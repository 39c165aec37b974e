tests/golden/run/programs/halt_code.fl -g 'foo(a b)' --engine local
