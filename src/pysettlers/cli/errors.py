"""How the ``pysettlers`` command says what went wrong: one line without Python's exception
names, the rules' option names as the flags a user typed.

What this is for: :class:`Failure` (the command could not do its work: exit status 1),
:func:`clean` (no ``ValueError:`` in a message), :func:`as_flags` (a refusal of the rules,
:class:`~pysettlers.engine.options.OptionError`, said with each option's flag from its
declaration) and :func:`open_for_writing`.

What this is not: the exit statuses and usage messages themselves (``parser.main``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from pysettlers.engine.options import RULES_OPTIONS, Mention, OptionError, Options


class Failure(Exception):
    """The command could not do its work (exit status 1, not a usage error): a file that
    cannot be written, say."""


def open_for_writing(path: str) -> TextIO:
    """``path`` opened for writing before any game is played: a typo must not cost a run."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as err:
        raise Failure(f"cannot write {path}: {err.strerror or err}") from None


@contextmanager
def writing_to(path: str | None) -> Iterator[None]:
    """A failed write or close inside (a full disk: ``--out /dev/full``) said as
    :class:`Failure` naming ``path``, as :func:`open_for_writing` says a failed open; the
    OS's message alone names no file. ``None``: nothing is written, nothing changes."""
    try:
        yield
    except OSError as err:
        if path is None or isinstance(err, BrokenPipeError):
            raise
        raise Failure(f"cannot write {path}: {err.strerror or err}") from None


# An exception's class name ("ValueError: ...") means nothing to a player: messages from
# deeper layers (a bot's options, a record's fields) are shown without it.
_CLASS_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception): ")


def clean(message: str) -> str:
    return _CLASS_NAME.sub("", message)


def as_flags(err: ValueError, options: Options = RULES_OPTIONS) -> str:
    """A refusal in the words of the command line: each option the rules name said as its
    flag (``--map big-island or peanut`` for ``map_kind 'big-island' or 'peanut'``)."""
    if not isinstance(err, OptionError):
        return clean(str(err))

    def flag(m: Mention) -> str:
        if m.option not in options:
            return m.words()
        return " ".join((options[m.option].cli_flag, " or ".join(m.values))).strip()

    return clean(err.say(flag))
