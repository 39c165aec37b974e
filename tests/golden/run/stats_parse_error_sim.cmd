examples/queens.fl -g "foo(" --engine sim --stats
