"""``pysettlers mcp``: an MCP server through which an agent (a chat client, an IDE, an
agent framework) plays one seat of a game with tools, over stdio or streamable HTTP.

What this is for: :func:`build_server` (``server.py``: the tools and resources), over a
:class:`Lobby` of games (``lobby.py``) whose seats share one small interface
(``backend.py``): games played in this process with bots at the other seats
(``local.py``); the resources' texts are in ``guides.py``. Needs the ``mcp`` extra
(``pip install 'pysettlers[mcp]'``). ``docs/llm.md`` ("The MCP server") shows how to run it.

What this is not: rules (the engine), a bot (``llm`` is the model-backed bot) or the game
server (``pysettlers serve``), whose seats this server can play as a client.
"""

from __future__ import annotations

from .backend import ChatEntry, Refused, Seat
from .lobby import Lobby
from .server import build_server

__all__ = ["ChatEntry", "Lobby", "Refused", "Seat", "build_server"]
