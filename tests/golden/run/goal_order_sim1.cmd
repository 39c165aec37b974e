tests/golden/run/programs/goal_order.fl --engine sim --ius 1
