tests/golden/run/programs/arg_paths.fl --engine local
