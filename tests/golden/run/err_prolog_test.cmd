tests/golden/errors/prolog_test.fl --engine local
