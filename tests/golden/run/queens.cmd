examples/queens.fl --engine local
