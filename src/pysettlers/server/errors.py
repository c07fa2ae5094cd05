"""The lobby's refusals: an HTTP status, a short code and a message naming the field.

What this is for: one exception the HTTP routes raise for every refused request, turned
into an ``ErrorOut`` body by ``app.py``; kept apart so that any server module can raise it.

What this is not: the WebSocket's errors (``ws.py``, ``session.Result``).
"""

from __future__ import annotations


class LobbyError(Exception):
    """A refused lobby request: HTTP ``status``, a short ``code``, a message naming the field."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
