tests/golden/run/programs/deadlock.fl --engine sim
