"""The 1996 alternate rules in the browser: their robber's move is the robber's (read by
``pysettlers.server.drawing``). Their decisions are drawn as buttons from the legal actions
and their words, and hands face up from the players' public hands in the view."""

from typing import Any

HINTS: dict[str, Any] = {
    # the robber placed before a knight may interrupt it: animated as the robber's move
    "events": {"robber_placed": {"robber": True}},
}
