examples/stencil/stencil.fl -g "run('examples/stencil/data/mesh-256.csv', 3, relax)"
