"""``python -m pysettlers`` runs the ``pysettlers`` command."""

from __future__ import annotations

import sys

from pysettlers.cli import main

if __name__ == "__main__":
    sys.exit(main())
