examples/queens.fl -g run(6) --engine sim --ius 16 --static off --set nip.aggregation_window=50 --stats=json
