"""The Helpers of CATAN in the terminal's status: who holds which helper on which side, and
the display (read by ``pysettlers.render``; the contract is its ``FACE_MEMBERS``). Helpers
and their sides are public."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pysettlers.engine.types import NOBODY
from pysettlers.words.speaker import helper

if TYPE_CHECKING:
    from pysettlers.engine import View


def status_lines(view: View) -> list[str]:
    """``Helpers: p0 Candamir (A), ...`` and ``Display: ...`` (none without the part), the
    helpers by their names as the log writes them."""
    hx = view.ext.get("helpers")
    if hx is None:
        return []
    held = ", ".join(
        f"p{p} {helper(h)} ({'AB'[side]})"
        for p, (h, side) in enumerate(zip(hx.held, hx.sides, strict=False))
        if h != NOBODY
    )
    return [
        f"Helpers: {held or 'none dealt yet'}",
        "Display: " + (", ".join(helper(h) for h in hx.display) or "empty"),
    ]
