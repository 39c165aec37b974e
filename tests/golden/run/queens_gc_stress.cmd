examples/queens.fl -g run(6) --gc-stress --engine local
