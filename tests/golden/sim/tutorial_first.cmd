examples/tutorial/first.fl
