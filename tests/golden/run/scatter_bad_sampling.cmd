examples/scatter/scatter.fl --engine local -- --sampling 1.5
