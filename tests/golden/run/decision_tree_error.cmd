tests/golden/run/programs/decision_tree_error.fl --engine local
