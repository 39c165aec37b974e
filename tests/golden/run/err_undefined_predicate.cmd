tests/golden/run/programs/undefined_predicate.fl --engine local
