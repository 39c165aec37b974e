tests/golden/run/programs/output_chain.fl --engine sim --ius 64
