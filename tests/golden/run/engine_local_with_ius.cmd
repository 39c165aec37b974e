examples/queens.fl -g run(6) --engine local --ius 4
