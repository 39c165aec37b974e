tests/golden/run/programs/node_where.fl --engine threads --workers 2 --ius 4
