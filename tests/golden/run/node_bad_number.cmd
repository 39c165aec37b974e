tests/golden/run/programs/node_bad_number.fl --engine sim --ius 4
