examples/tak.fl -g run(12,8,4) --engine local
