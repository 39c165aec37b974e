examples/nrev.fl --engine local
