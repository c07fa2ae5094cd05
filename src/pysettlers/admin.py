"""``pysettlers admin``: the operator's command — list, end and purge games on a running server.

What this is for: a command that calls a running server's admin routes
(``server/admin.py``) with its admin token (``--token`` or ``PYSETTLERS_ADMIN_TOKEN``), so
that an operator ends a game for its players at once and never edits the database behind the
server's back. It imports nothing of the server (the CLI builds its parser for every
command); the request is made with ``httpx`` (the ``web`` extra) when the command runs.

What this is not: the routes, or when games end or park (``server/lifecycle.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

TOKEN_ENV = "PYSETTLERS_ADMIN_TOKEN"


def add_command(sub: Any) -> None:
    """``pysettlers admin`` on the CLI's subparsers."""
    p = sub.add_parser(
        "admin",
        help="list, end and purge games on a running server",
        description="The operator's tools, over a running server's admin routes (start it "
        f"with --admin-token or {TOKEN_ENV}).",
    )
    p.add_argument("--url", default="http://127.0.0.1:8000", help="the server (%(default)s)")
    p.add_argument("--token", help=f"the admin token (default: ${TOKEN_ENV})")
    what = p.add_subparsers(dest="what", required=True)
    ls = what.add_parser("list", help="games, newest first, with counts by status")
    ls.add_argument("--status", choices=["open", "in_progress", "finished", "parked"])
    ls.add_argument("--limit", type=int, default=50)
    end = what.add_parser("end", help="end a game without a winner")
    end.add_argument("game")
    purge = what.add_parser("purge", help="delete games that finished long ago")
    purge.add_argument(
        "--days", type=_days, required=True, metavar="D", help="finished more than D days ago"
    )
    p.set_defaults(func=run, command_parser=p)


def _days(text: str) -> float:
    """``--days``: a number of days, 0 or more (checked here, not left to the server's
    validation error)."""
    try:
        days = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a number of days (got {text!r})") from None
    if not 0 <= days < float("inf"):
        raise argparse.ArgumentTypeError(f"must be at least 0 days (got {text})")
    return days


def refusal(status: int, text: str) -> str:
    """A refusal's body in one line: the server's ``message`` (``{"error", "message"}``),
    or each field of a request-validation error (``detail``) with its complaint; the body
    as it came when it is neither."""
    try:
        body = json.loads(text)
    except ValueError:
        body = None
    said = text.strip()
    if isinstance(body, dict):
        detail = body.get("detail")
        if isinstance(body.get("message"), str):
            said = body["message"]
        elif isinstance(detail, str):
            said = detail
        elif isinstance(detail, list) and all(isinstance(d, dict) for d in detail):
            # pydantic's list: loc ["body", "finished_days"], msg "Input should be …"
            said = "; ".join(
                f"{'.'.join(str(x) for x in d.get('loc', [])[1:]) or 'request'}: {d.get('msg')}"
                for d in detail
            )
    return f"{status} {said}"


def run(args: argparse.Namespace) -> int:
    import httpx

    token = args.token or os.environ.get(TOKEN_ENV)
    if not token:
        print(f"pysettlers admin: give --token or set {TOKEN_ENV}", file=sys.stderr)
        return 2
    headers = {"Authorization": f"Bearer {token}"}
    base = args.url.rstrip("/")
    try:
        if args.what == "list":
            params: dict[str, Any] = {"limit": args.limit}
            if args.status:
                params["status"] = args.status
            r = httpx.get(f"{base}/api/admin/games", params=params, headers=headers, timeout=30)
        elif args.what == "end":
            r = httpx.post(f"{base}/api/admin/games/{args.game}/end", headers=headers, timeout=30)
        else:
            body = {"finished_days": args.days}
            r = httpx.post(f"{base}/api/admin/purge", json=body, headers=headers, timeout=60)
    except httpx.HTTPError as e:
        print(f"pysettlers admin: {base}: {e}", file=sys.stderr)
        return 1
    if r.status_code >= 400:
        print(f"pysettlers admin: {refusal(r.status_code, r.text)}", file=sys.stderr)
        return 1
    out = r.json()
    if args.what == "list":
        counts = ", ".join(f"{n} {status}" for status, n in sorted(out["counts"].items()))
        print(f"games: {counts or 'none'}")
        for g in out["games"]:
            why = f" ({g['ended']})" if g["ended"] else ""
            print(f"{g['id']}  {g['status']:<11}{why}  v{g['version']:<6} {g['name']}")
    else:
        print(json.dumps(out))
    return 0
