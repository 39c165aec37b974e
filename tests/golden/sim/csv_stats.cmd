examples/csv_stats.fl
