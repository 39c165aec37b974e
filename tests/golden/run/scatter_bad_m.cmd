examples/scatter/scatter.fl --engine local -- --m 0
