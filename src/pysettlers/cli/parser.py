"""The ``pysettlers`` command's parser and its ``main``: the sub-commands assembled, and the
exit statuses.

What this is for: :func:`build_parser` gathers each sub-command's parser from its module
(``demo``, ``play``, ``render``, ``sim``, ``arena``, ``replay``, ``serve``; ``admin`` from
``pysettlers.admin``); :func:`main` runs the one given. Errors are one line without Python's
exception names: exit status 2 with the sub-command's usage for bad options (a rules option
refused by ``Rules`` is said with its flag: ``errors.as_flags``), 1 for a failure (a file
that cannot be read or written, a broken record).

What this is not: any sub-command's work (each in its module).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from pysettlers.admin import add_command as add_admin_command
from pysettlers.engine import Rules
from pysettlers.engine.options import Options
from pysettlers.server.options import LIMIT_OPTIONS
from pysettlers.sim import report

from . import arena, demo, mcp, play, render, replay, serve, sim
from .errors import Failure, as_flags, clean


def _version() -> str:
    """The installed package's version (its metadata; none when run from a bare source tree)."""
    # Imported here: reading package metadata costs more than the rest of the start-up.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pysettlers")
    except PackageNotFoundError:
        return "(not installed: run from the sources)"


class _VersionAction(argparse.Action):
    """``--version``: the version is looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings,
            dest=argparse.SUPPRESS,
            default=argparse.SUPPRESS,
            nargs=0,
            help="show the version and exit",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"{parser.prog} {_version()}")
        parser.exit()


def build_parser(
    rules: type[Rules] = Rules, limits: Options = LIMIT_OPTIONS
) -> argparse.ArgumentParser:
    """The command's parser; ``rules`` is the ``Rules`` class whose declared options become
    the rules flags, ``limits`` the server's limits that become ``serve``'s (a test passes
    ones with an option of its own)."""
    parser = argparse.ArgumentParser(
        prog="pysettlers",
        description="pysettlers: the board game's rules engine, bots and tools.",
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    demo.add(sub, rules)
    play.add(sub, rules)
    render.add(sub, rules)
    sim.add(sub, rules)
    arena.add(sub, rules)
    replay.add(sub)
    serve.add(sub, limits)
    mcp.add(sub)  # pysettlers mcp (cli/mcp.py)
    add_admin_command(sub)  # pysettlers admin (admin.py)
    return parser


def main(argv: Sequence[str] | None = None, rules: type[Rules] = Rules) -> int:
    """Run the command; the exit status is 0, 1 when the command failed (a file that cannot
    be read or written, a broken record) or 2 for a usage error (bad options), which also
    prints the sub-command's usage."""
    parser = build_parser(rules)
    # Known arguments first, so that an unknown one is reported with the usage of the
    # sub-command it was given to (plain ``parse_args`` reports it with the top level's).
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        parser.print_help()
        return 2
    command: argparse.ArgumentParser = args.command_parser
    if extra:
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        result: int = args.func(args)
    except BrokenPipeError:  # the reader went away (`pysettlers demo | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (Failure, report.RecordError, OSError) as err:
        message = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        print(f"{command.prog}: error: {clean(message)}", file=sys.stderr)
        return 1
    except ValueError as err:  # invalid options, e.g. --vp 99 (Rules checks its own)
        command.error(as_flags(err, rules.options))
    except KeyboardInterrupt:
        print(f"{command.prog}: interrupted", file=sys.stderr)
        return 130
    return result
