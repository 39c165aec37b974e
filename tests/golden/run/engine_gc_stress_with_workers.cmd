examples/queens.fl -g run(6) --gc-stress --workers 2
