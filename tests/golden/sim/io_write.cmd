tests/golden/data/io_write.fl -g main
