tests/golden/run/programs/error_call.fl --engine local
