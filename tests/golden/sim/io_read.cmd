tests/golden/data/io_read.fl -g main
