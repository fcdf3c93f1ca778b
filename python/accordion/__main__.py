"""`python -m accordion` is the `accordion` command."""

import sys

from accordion.cli import main

#: The statuses of a command stopped by a signal (SIGHUP, SIGINT, SIGTERM).
STOPPED = (129, 130, 143)

# Guarded, so that importing the module (documentation tools do) does not run the CLI.
if __name__ == "__main__":
    status = main()
    if status in STOPPED:
        # Stopped by a signal, the command ends with its own status. Run as a
        # module (`-m`), Python would instead kill the process by SIGINT (a status
        # of 130, whatever the signal) if a KeyboardInterrupt had once passed
        # through code run by `exec` of a string (a namedtuple or a dataclass being
        # made as a library was imported), even one caught since. The exit
        # functions still run; nothing else is left to clean up.
        import atexit
        import os

        for stream in (sys.stdout, sys.stderr):
            try:
                if stream is not None:
                    stream.flush()
            except (OSError, ValueError):
                pass
        atexit._run_exitfuncs()
        os._exit(status)
    sys.exit(status)
