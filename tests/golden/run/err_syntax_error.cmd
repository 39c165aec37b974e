tests/golden/run/programs/syntax_error.fl --engine local
