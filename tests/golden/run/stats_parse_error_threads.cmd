examples/queens.fl -g "foo(" --engine threads --stats json
