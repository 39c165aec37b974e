examples/queens.fl
