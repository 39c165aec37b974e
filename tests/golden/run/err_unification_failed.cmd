tests/golden/run/programs/unification_failed.fl --engine local
