tests/golden/sim/programs/node_placement.fl
