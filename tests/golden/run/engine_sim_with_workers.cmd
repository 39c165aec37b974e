examples/queens.fl -g run(6) --engine sim --workers 2
