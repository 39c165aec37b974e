tests/golden/run/include/main.fl -g main
