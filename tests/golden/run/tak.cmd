examples/tak.fl
