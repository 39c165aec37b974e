examples/scatter/scatter.fl -g "run(['--protocol', adapt, '--workers', 16, '--population', 48, '--m', 2, '--mean', 300, '--sd', 150, '--print', facts])"
