tests/golden/run/programs/trace_stream.fl --engine threads --trace-goals
