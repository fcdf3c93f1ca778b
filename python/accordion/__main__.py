"""`python -m accordion` is the `accordion` command."""

import sys

from accordion.cli import main

# Guarded, so that importing the module (documentation tools do) does not run the CLI.
if __name__ == "__main__":
    sys.exit(main())
