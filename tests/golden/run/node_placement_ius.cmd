tests/golden/run/programs/node_where.fl --engine sim --ius 4
