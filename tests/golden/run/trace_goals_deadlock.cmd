tests/golden/run/programs/deadlock.fl --engine local --trace-goals
