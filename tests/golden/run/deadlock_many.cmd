tests/golden/run/programs/deadlock_many.fl --engine local
