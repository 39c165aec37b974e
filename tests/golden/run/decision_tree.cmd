tests/golden/run/programs/decision_tree.fl --engine local
