tests/golden/run/programs/trace_stream.fl --engine sim --trace-goals
