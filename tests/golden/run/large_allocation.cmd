tests/golden/run/programs/large_allocation.fl --engine local
