examples/queens.fl -g run(6)
