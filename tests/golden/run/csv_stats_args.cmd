examples/csv_stats.fl --engine local --seed 3 -- tests/golden/data/stats_small.csv
