examples/tutorial/streams.fl
