"""``python -m pysettlers.rl [RULES-JSON]``: print the action layout of some rules.

What this is for: the documented way to see which index is which action (``layout.main``);
run as a package it avoids the warning ``python -m pysettlers.rl.layout`` gets, since the
package itself imports ``layout``. Nothing else.
"""

from __future__ import annotations

import sys

from .layout import main

sys.exit(main())
