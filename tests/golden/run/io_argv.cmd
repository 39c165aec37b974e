tests/golden/data/io_argv.fl --engine local -- a1 2 -3.5 'two words' 007
