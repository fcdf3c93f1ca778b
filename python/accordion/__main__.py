"""`python -m accordion` is the `accordion` command."""

import sys

from accordion.cli import main

sys.exit(main())
