examples/queens_annotated.fl --engine local
