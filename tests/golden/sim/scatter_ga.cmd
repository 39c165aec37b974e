examples/scatter/scatter.fl -g "run(['--generations', 2, '--workers', 4, '--population', 24, '--m', 1, '--mean', 300, '--sd', 100, '--cheap', 50, '--print', facts])"
