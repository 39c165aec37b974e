examples/queens.fl -g run(6) --engine threads --gc-stress
