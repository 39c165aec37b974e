tests/golden/data/io_argv.fl --engine threads --ius 2
