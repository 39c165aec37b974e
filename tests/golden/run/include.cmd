tests/golden/run/include/main.fl --engine local
