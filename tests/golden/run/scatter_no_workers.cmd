examples/scatter/scatter.fl --engine local -- --workers 0
