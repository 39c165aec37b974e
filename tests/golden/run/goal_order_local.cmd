tests/golden/run/programs/goal_order.fl --engine local
