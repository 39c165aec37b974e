tests/golden/run/programs/float_div_zero.fl --engine local
