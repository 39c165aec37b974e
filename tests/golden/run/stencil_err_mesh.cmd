examples/stencil/stencil.fl --engine local -- tests/golden/data/stencil_bad_mesh.csv 2 relax
