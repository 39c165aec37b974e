tests/golden/run/programs/division_by_zero_late.fl
