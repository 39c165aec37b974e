tests/golden/run/programs/huge_allocation.fl --heap 1 --engine local
