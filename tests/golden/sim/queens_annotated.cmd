examples/queens_annotated.fl -g run(6)
