tests/golden/run/programs/dispatch_deadlock.fl --engine local
