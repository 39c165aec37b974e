tests/golden/run/programs/deadlock.fl
