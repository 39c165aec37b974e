tests/golden/data/io_format.fl -g main
