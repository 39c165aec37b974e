tests/golden/sim/programs/time_work.fl
