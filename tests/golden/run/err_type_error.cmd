tests/golden/run/programs/type_error.fl --engine local
