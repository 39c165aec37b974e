tests/golden/sim/lib_library.fl -g main
