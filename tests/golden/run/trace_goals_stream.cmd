tests/golden/run/programs/trace_stream.fl --engine local --trace-goals
