tests/golden/run/programs/float_functions.fl
