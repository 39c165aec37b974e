examples/queens.fl -g run(6) --engine local --set ius=4
