tests/golden/run/programs/division_by_zero.fl --engine local
