"""``python -m nimcore``: see :mod:`nimcore.cli`."""

import sys

from nimcore.cli import main

sys.exit(main())
