tests/golden/run/programs/random_call.fl -g 'p(random(X)), writeln(X)' --engine local
