tests/golden/run/programs/halt_code.fl --engine local
