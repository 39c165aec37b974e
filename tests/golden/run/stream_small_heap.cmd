tests/golden/run/programs/stream_small_heap.fl --heap 1 --engine local
