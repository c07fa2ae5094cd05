"""``pysettlers serve``: the game server (HTTP lobby, WebSocket play); needs the ``web`` extra.

What this is for: the flags of :func:`pysettlers.server.create_app` (:func:`app_values`) and
of the ASGI server (:func:`uvicorn_options`, also used by the tests so that they test what
the command runs), checked before the server starts, and the fair limits' flags, which become
``Limits`` (:func:`limit_values`). Every flag is made from its declaration
(``server/options.py``'s ``APP_OPTIONS``, ``LISTEN_OPTIONS`` and ``LIMIT_OPTIONS``: flag,
help, default, and the refusal of a value out of range naming the flag).

What this is not: the server (``pysettlers.server``; only its dependency-free declarations
are read here, so that ``pysettlers --help`` needs no ``web`` extra).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from pysettlers.admin import TOKEN_ENV as ADMIN_TOKEN_ENV
from pysettlers.engine.options import Options
from pysettlers.server.options import APP_OPTIONS, LIMIT_OPTIONS, LISTEN_OPTIONS

from .errors import Failure
from .options import add_argument


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
    values = app_values(args)
    values["admin_token"] = values["admin_token"] or os.environ.get(ADMIN_TOKEN_ENV) or None
    app = create_app(values.pop("db"), **values, limits=limits)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"pysettlers server: open http://{host}:{args.port}/ (API: /docs)", flush=True)
    uvicorn.run(app, **uvicorn_options(args))
    return 0


def app_values(args: argparse.Namespace) -> dict[str, Any]:
    """``create_app``'s arguments given by the flags, by name (``db``: its ``db_url``)."""
    options: Options = args.app_options
    return {o.name: getattr(args, o.name) for o in options.where("serve")}


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


# The flags of a shape no option kind says: argparse's keywords for them.
_SHAPES: dict[str, dict[str, Any]] = {"trusted_proxy": {"action": "append", "type": _proxy}}


def add(
    sub: Any,
    limits: Options = LIMIT_OPTIONS,
    app: Options = APP_OPTIONS,
    listen: Options = LISTEN_OPTIONS,
) -> None:
    """The ``serve`` sub-command and its flags, each from its declaration: ``app``,
    ``create_app``'s arguments; ``listen``, the ASGI server's; ``limits``, the fair limits
    (a test passes one more of any)."""
    sv = sub.add_parser(
        "serve",
        help="run the game server (HTTP lobby, WebSocket play)",
        description="Run the game server: play online against bots and friends. Needs the "
        "web extra: pip install 'pysettlers[web]'.",
    )
    # (Fair limits: server/limits.py, docs/protocol.md#limits; 0 refuses every one.)
    for o in (*listen.where("serve"), *app.where("serve"), *limits.where("serve")):
        add_argument(sv, o, checked=True, **_SHAPES.get(o.name, {}))
    sv.set_defaults(func=run, command_parser=sv, limit_options=limits, app_options=app)
