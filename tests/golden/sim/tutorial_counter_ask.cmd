examples/tutorial/counter.fl -g ask
