"""Reading fields of JSON documents (saved positions, records) with clear errors.

What this is for: each reader returns the value if it has the right type, else raises
``ValueError`` naming the field (``"current: expected an integer, got 'x'"``), so that an
uploaded document cannot slip a wrong type past a load. Shared by ``records`` and the
scenarios' ``load`` hooks.

What this is not: validation of what the values mean (``validate.py``).
"""

from __future__ import annotations

from .types import NOBODY, is_int

_SHOWN = 40  # characters of a bad value echoed in a message


def shown(x: object) -> str:
    """``x`` quoted for an error message: shortened when long, and never the whole repr of
    a deeply nested value (an uploaded ``[[[[...]]]]`` would exhaust the stack in ``repr``)."""
    try:
        text = repr(x)
    except RecursionError:
        return f"a deeply nested {type(x).__name__}"
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN]}... ({len(text)} characters)"


def read_int(x: object, where: str) -> int:
    """``x`` if it is an integer (a bool is not: ``true`` is no count), else a ``ValueError``
    naming the field, so that an uploaded position cannot slip a wrong type past the load."""
    if not is_int(x):
        raise ValueError(f"{where}: expected an integer, got {shown(x)}")
    return x


def read_bool(x: object, where: str) -> bool:
    if not isinstance(x, bool):
        raise ValueError(f"{where}: expected true or false, got {shown(x)}")
    return x


def read_str(x: object, where: str) -> str:
    if not isinstance(x, str):
        raise ValueError(f"{where}: expected a string, got {shown(x)}")
    return x


def read_seat_or_none(p: object, where: str) -> int:
    return NOBODY if p is None else read_int(p, where)


def read_seats(seats: object, n: int, where: str) -> int:
    """A list of seats as a bit mask (each seat checked, so no negative or huge shift)."""
    if not isinstance(seats, list):
        raise ValueError(f"{where}: expected a list of seats, got {shown(seats)}")
    mask = 0
    for q in seats:
        if not 0 <= read_int(q, where) < n:
            raise ValueError(f"{where}: {q} is not a seat (0 to {n - 1})")
        mask |= 1 << q
    return mask
