tests/golden/run/programs/split_string_argv.fl --engine local -- 4,3 -
