examples/stencil/stencil.fl --engine local -- examples/stencil/data/mesh-256.csv 2 jacobi
