tests/golden/run/programs/output_chain.fl --engine local
