examples/scatter/sampling_error.fl --engine local -g 'run(300, 4)'
