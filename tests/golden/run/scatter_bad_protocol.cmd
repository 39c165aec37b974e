examples/scatter/scatter.fl --engine local -- --protocol mpi
