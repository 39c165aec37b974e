examples/scatter/scatter.fl -g "run(['--protocol', sync, '--sorted', '--workers', 4, '--population', 30, '--mean', 300, '--sd', 150, '--print', facts])"
