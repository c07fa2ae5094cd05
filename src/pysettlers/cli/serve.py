"""``pysettlers serve``: the game server (HTTP lobby, WebSocket play); needs the ``web`` extra.

What this is for: the flags of :func:`pysettlers.server.create_app` and of the ASGI server
(:func:`uvicorn_options`, also used by the tests so that they test what the command runs),
checked before the server starts. The fair limits' flags are made from their declarations
(``server/options.py``'s ``LIMIT_OPTIONS``: flag, help, default, and the refusal of a value
out of range naming the flag) and become ``Limits`` (:func:`limit_values`).

What this is not: the server (``pysettlers.server``; only its dependency-free declarations
are read here, so that ``pysettlers --help`` needs no ``web`` extra).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from pysettlers.admin import TOKEN_ENV as ADMIN_TOKEN_ENV
from pysettlers.engine.options import Options
from pysettlers.server.options import LIMIT_OPTIONS

from .errors import Failure
from .options import add_argument, at_least


def run(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from pysettlers.server import create_app
    except ImportError as err:
        raise Failure(
            f"the server needs the web extra ({err.name} is missing): pip install 'pysettlers[web]'"
        ) from None
    from pysettlers.server.limits import Limits
    from pysettlers.server.store import url_problem

    problem = url_problem(args.db)
    if problem is not None:
        raise ValueError(f"--db: {problem}")
    limits = Limits(**limit_values(args))
    app = create_app(
        args.db,
        bot_threads=args.bot_threads,
        sqlite_sync=args.sqlite_sync,
        park_after=args.park_after,
        max_bot_games=args.max_bot_games,
        admin_token=args.admin_token or os.environ.get(ADMIN_TOKEN_ENV) or None,
        limits=limits,
    )
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"pysettlers server: open http://{host}:{args.port}/ (API: /docs)", flush=True)
    uvicorn.run(app, **uvicorn_options(args))
    return 0


def limit_values(args: argparse.Namespace) -> dict[str, Any]:
    """The fair limits given by the flags, by ``Limits``'s field names."""
    options: Options = args.limit_options
    return {o.name: getattr(args, o.name) for o in options.where("serve")}


def uvicorn_options(args: argparse.Namespace) -> dict[str, Any]:
    """The ASGI server's options for ``pysettlers serve`` (also used by the tests, so that
    they test what the command runs)."""
    from pysettlers.server.ws import MAX_FRAME

    trusted: list[str] = args.trusted_proxy or []
    return {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "ws_max_size": MAX_FRAME,  # (a message over MAX_MESSAGE is answered too_large)
        "ws_ping_interval": 20,
        # Compressing every view costs more CPU than the bytes it saves on a LAN (measured
        # with bench/server_load.py: p50 latency 21 -> 8 ms at 200 games without it).
        "ws_per_message_deflate": args.ws_compression,
        "ws_ping_timeout": 20,
        "timeout_graceful_shutdown": 5,
        # The client address every per-address limit counts under (server/limits.py) is the
        # TCP peer's, unless the peer is a proxy the operator trusts: uvicorn would
        # otherwise believe X-Forwarded-For from 127.0.0.1 (its default), so that anyone
        # on the machine could pass for any address.
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": ",".join(trusted) if trusted else "",
    }


def _proxy(text: str) -> str:
    """An argparse type: an IP address or network (``--trusted-proxy``)."""
    import ipaddress

    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an IP address or network (e.g. 10.0.0.5 or 10.0.0.0/8)"
        ) from None


def add(sub: Any, limits: Options = LIMIT_OPTIONS) -> None:
    """The ``serve`` sub-command and its flags; ``limits``: the fair limits' declarations (a
    test passes one more)."""
    sv = sub.add_parser(
        "serve",
        help="run the game server (HTTP lobby, WebSocket play)",
        description="Run the game server: play online against bots and friends. Needs the "
        "web extra: pip install 'pysettlers[web]'.",
    )
    sv.add_argument(
        "--host", default="127.0.0.1", help="address to bind (127.0.0.1; 0.0.0.0 for a LAN)"
    )
    sv.add_argument("--port", type=at_least(0), default=8000, help="port (8000)")
    sv.add_argument(
        "--db",
        default="sqlite:///pysettlers.db",
        help="database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
        "(sqlite:///pysettlers.db in the working directory)",
    )
    sv.add_argument("--bot-threads", type=at_least(1), default=2, help="threads for bots (2)")
    sv.add_argument(
        "--sqlite-sync",
        choices=("full", "normal"),
        default="full",
        help="SQLite: 'full' commits survive a power cut (an fsync per commit); 'normal' "
        "survives a crash of the server but not of the machine, and is faster (full)",
    )
    sv.add_argument(
        "--ws-compression",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate): fewer bytes, more CPU",
    )
    sv.add_argument(
        "--park-after",
        type=float,
        default=3600.0,
        help="seconds a game with human seats may stand with nobody connected before it is "
        "parked (not rebuilt at start; a player's connection wakes it) (3600)",
    )
    sv.add_argument(
        "--max-bot-games",
        type=at_least(0),
        default=8,
        help="bots-only games in progress at once; more are refused (8)",
    )
    sv.add_argument(
        "--admin-token",
        help="turn on the admin routes (pysettlers admin) with this secret "
        "(or PYSETTLERS_ADMIN_TOKEN)",
    )
    # Fair limits (server/limits.py, docs/protocol.md#limits); 0 refuses every one.
    for o in limits.where("serve"):
        add_argument(sv, o, checked=True)
    sv.add_argument(
        "--trusted-proxy",
        action="append",
        type=_proxy,
        metavar="IP[/BITS]",
        help="a reverse proxy whose X-Forwarded-For header gives the client's address "
        "(repeat for several); by default none is trusted and every limit counts the TCP "
        "peer's address",
    )
    sv.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    sv.set_defaults(func=run, command_parser=sv, limit_options=limits)
