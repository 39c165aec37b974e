tests/golden/run/programs/goal_order.fl --engine threads --workers 1 --ius 1
