examples/nrev.fl
