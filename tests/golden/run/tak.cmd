examples/tak.fl --engine local
