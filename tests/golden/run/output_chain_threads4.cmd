tests/golden/run/programs/output_chain.fl --engine threads --workers 4 --ius 8
