tests/golden/run/programs/trace_long.fl --engine local --trace-goals --trace-limit 5
