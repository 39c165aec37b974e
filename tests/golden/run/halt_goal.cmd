tests/golden/run/programs/halt_code.fl -g 'halt(7)' --engine local
