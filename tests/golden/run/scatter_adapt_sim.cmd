examples/scatter/scatter.fl --engine sim --ius 9 --threshold 0 -- --workers 8 --population 400 --m 1 --mean 200000 --sd 80000 --seed 1
