"""``pysettlers mcp``: the MCP server, for an agent that plays a seat with tools; needs the
``mcp`` extra.

What this is for: the command's door to :mod:`pysettlers.mcp`: ``--transport stdio`` (the
default: a chat client or an IDE starts the command and talks over its standard input and
output, so nothing else may be written there) or ``--transport http`` (streamable HTTP at
``http://HOST:PORT/mcp``, for clients that connect to a running server).

What this is not: the server itself (``pysettlers.mcp``; imported only when the command
runs, so that ``pysettlers --help`` needs no ``mcp`` extra).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .errors import Failure
from .options import at_least


def run(args: argparse.Namespace) -> int:
    if args.port > 65535:
        raise ValueError("--port must be from 1 to 65535")
    try:
        import anyio

        from pysettlers.mcp import build_server
    except ImportError as err:
        raise Failure(
            f"the MCP server needs the mcp extra ({err.name} is missing): "
            "pip install 'pysettlers[mcp]'"
        ) from None
    server = build_server()
    if args.transport == "stdio":
        anyio.run(server.run_stdio_async)
        return 0
    host = f"[{args.host}]" if ":" in args.host else args.host
    # (stderr: a client may read stdout; the address is for the person starting it.)
    print(f"pysettlers MCP server: http://{host}:{args.port}/mcp", file=sys.stderr, flush=True)

    async def serve() -> None:
        await server.run_streamable_http_async(host=args.host, port=args.port)

    anyio.run(serve)
    return 0


def add(sub: Any) -> None:
    """The ``mcp`` sub-command and its flags."""
    p = sub.add_parser(
        "mcp", help="an MCP server: an agent plays a seat with tools (needs the mcp extra)"
    )
    p.add_argument(
        "--transport",
        choices=("stdio", "http"),
        default="stdio",
        help="stdio (a client starts this command; the default) or http (streamable HTTP)",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on, http (127.0.0.1)")
    p.add_argument("--port", type=at_least(1), default=8765, help="port to listen on, http (8765)")
    p.set_defaults(func=run, command_parser=p)
