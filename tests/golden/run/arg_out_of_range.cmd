tests/golden/run/programs/arg_out_of_range.fl --engine local
