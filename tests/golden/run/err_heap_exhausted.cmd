tests/golden/run/programs/heap_keep_all.fl --heap 1 --engine local
