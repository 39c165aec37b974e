tests/golden/run/programs/dispatch.fl --engine local
