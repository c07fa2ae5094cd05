"""The command line's rules options, generated from their declarations, and the small
argument types the sub-commands share.

What this is for: :func:`add_rules_arguments` gives a sub-command one flag per rules option
that applies to it (``engine/options.py``: the option's type, choices, default and help),
and :func:`rules_from` makes the ``Rules`` back from the parsed flags — for any ``Rules``
class and its declaration set, so that a test can add an option. The one option pair with a
shape of its own on the command line is the map: ``--map-file PATH`` gives a described map
(the file's text is the ``map_description``), and without ``--map`` the map is the default
for the number of players (``default_map_kind``).

What this is not: the sub-commands' own flags (``--games``, ``--bot``, ...: each in its
module) and no check of an option's value (``Rules`` checks, and the error names the flag:
``errors.as_flags``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from pysettlers.engine import Rules
from pysettlers.engine.config import default_map_kind
from pysettlers.engine.options import Option, OptionError, Place

from .errors import Failure


def at_least(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``, refused with the
    sub-command's usage otherwise."""

    def whole_number(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be at least {least} (got {n})")
        return n

    return whole_number


def add_rules_arguments(
    p: argparse.ArgumentParser, command: Place, rules: type[Rules] = Rules
) -> None:
    """One flag for each option of ``rules`` that applies to ``command``."""
    for o in rules.options.where(command):
        add_argument(p, o)
    p.set_defaults(rules_class=rules)


def add_argument(
    p: argparse.ArgumentParser, o: Option, *, checked: bool = False, **shape: Any
) -> None:
    """The flag of option ``o``: its value in ``args.<name>``; ``checked``: a number is
    checked by its declaration as it is parsed (refused with the sub-command's usage and the
    flag: options that no constructor checks before the command's work, ``serve``'s);
    ``shape``: argparse's keywords for a flag of a shape no option kind says (``serve``'s
    ``--trusted-proxy``: repeated, each an address)."""
    flag, help_ = o.cli_flag, o.help.replace("%", "%%")
    default = o.command_default
    if shape:
        p.add_argument(flag, dest=o.name, default=default, metavar=o.metavar, help=help_, **shape)
    elif o.kind == "bool":
        p.add_argument(flag, dest=o.name, action="store_true", help=help_)
    elif o.kind == "choices":
        p.add_argument(
            flag,
            dest=o.name,
            action="append",
            default=default,
            choices=o.offered,
            metavar=o.metavar or "NAME",
            help=help_ + (f": {', '.join(o.offered)}" if o.registry is not None else ""),
        )
        if o.each_flag:  # each name a flag of its own too (``--pirate``), into the same list
            words = o.choice_words()
            for name in o.offered:
                label, note = words[name]
                p.add_argument(
                    "--" + name.replace("_", "-"),
                    dest=o.name,
                    action="append_const",
                    const=name,
                    help=(f"{label}: {note}" if note else label).replace("%", "%%"),
                )
    elif o.kind == "choice":
        said = f" ({default})" if default is not None else ""
        p.add_argument(flag, dest=o.name, choices=o.offered, default=default, help=help_ + said)
    elif o.kind in ("int", "number"):
        said = f" ({default})" if default is not None else ""
        kind: Callable[[str], Any] = int if o.kind == "int" else float
        if checked:
            kind = checked_number(o)
        p.add_argument(
            flag,
            dest=o.name,
            type=kind,
            default=default,
            metavar=o.metavar or "N",
            help=help_ + said,
        )
    else:  # text: given as it is, or as a file holding it
        said = f" ({default})" if default is not None else ""
        p.add_argument(flag, dest=o.name, default=default, metavar=o.metavar, help=help_ + said)


def checked_number(o: Option) -> Callable[[str], Any]:
    """An argparse type: a number that option ``o`` takes (argparse names the flag)."""

    def number(text: str) -> Any:
        try:
            value = int(text) if o.kind == "int" else float(text)
        except ValueError:
            what = "a whole number" if o.kind == "int" else "a number"
            raise argparse.ArgumentTypeError(f"{text!r} is not {what}") from None
        try:
            o.check(value)
        except OptionError as err:  # said without the option's name: argparse gives the flag
            raise argparse.ArgumentTypeError(err.say(lambda m: "").strip()) from None
        return value

    return number


def rules_from(args: argparse.Namespace, command: Place, **given: Any) -> Rules:
    """The rules of the flags of :func:`add_rules_arguments` (and ``given``: options the
    sub-command decides itself, e.g. ``players`` for ``sim``, from its bots)."""
    cls: type[Rules] = args.rules_class
    values: dict[str, Any] = {}
    for o in cls.options.where(command):
        value = getattr(args, o.name)
        values[o.name] = tuple(value) if o.kind == "choices" else value
    values.update(given)
    players = values.get("players", cls.options["players"].default)
    values["map_kind"], values["map_description"] = _map(
        values.get("map_kind"), values.get("map_description"), players
    )
    for o in cls.options:
        if o.cli_file and o.name != "map_description" and values.get(o.name) is not None:
            values[o.name] = read_text(values[o.name], o)
    return cls(**values)


def read_text(path: str, o: Option) -> str:
    """The text of a file given for option ``o`` (at most the option's length, and one
    character more, so that a longer one is refused by name, not read whole)."""
    most = int(o.high) + 1 if o.high is not None else -1
    try:
        with open(path, encoding="utf-8") as f:
            return f.read(most)
    except OSError as err:
        raise Failure(f"cannot read {path}: {err.strerror or err}") from None


def _map(given: str | None, path: str | None, players: int) -> tuple[Any, str | None]:
    """``map_kind`` and ``map_description`` from ``--map`` / ``--map-file`` (without either,
    the default for ``players``); the description is read and checked here, before any game
    is played, its refusal naming the file."""
    if path is None:
        return (given if given is not None else default_map_kind(players)), None
    if given is not None:
        raise ValueError("give --map or --map-file, not both")  # bad options: exit status 2
    text = read_text(path, Rules.options["map_description"])
    from pysettlers.engine import make_board
    from pysettlers.engine.maps import load_description

    try:
        load_description(text)
    except ValueError as err:
        raise Failure(f"{path}: {err}") from None
    try:
        # Laid out once as well: what only the layout finds (a fixed port side facing no
        # land) is the file's fault too, and is said with its name.
        make_board(Rules(players=players, map_kind="described", map_description=text))
    except ValueError as err:
        if str(err).startswith("map"):
            raise Failure(f"{path}: {err}") from None
    return "described", text


def add_length_arguments(p: argparse.ArgumentParser) -> None:
    """The game-length bounds of ``sim`` and ``arena`` (not rules: where a bot's game stops)."""
    p.add_argument(
        "--max-turns", type=at_least(1), default=1000, help="stop a game after this turn (1000)"
    )
    p.add_argument(
        "--max-decisions",
        type=at_least(1),
        default=None,
        help="also stop a game after this many actions (50 per turn of --max-turns): no rule "
        "limits the actions within a turn, and a bot can loop",
    )
