tests/golden/sim/terms_builtins.fl -g main
