tests/golden/run/programs/no_matching_clause.fl --engine local
