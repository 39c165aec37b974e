tests/golden/run/programs/halt_code.fl -g 'foo(' --engine local
