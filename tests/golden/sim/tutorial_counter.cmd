examples/tutorial/counter.fl
