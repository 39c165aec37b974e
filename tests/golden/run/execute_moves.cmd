tests/golden/run/programs/execute_moves.fl --engine local
