tests/golden/sim/programs/arith.fl
