"""``python -m companion`` runs the ``niagara-companion`` command line."""

import sys

from companion.cli import main

sys.exit(main())
