"""The fields of the action layout: one argument of an action, as a range of integers.

What this is for: each :class:`Field` reads one argument of an engine action as an integer
in ``range(size)`` — a place of the rules' frame, a resource, a seat counted clockwise from
the actor, a one-card or k-card bundle — writes it back into an action, and names it in
words. ``layout.py`` builds the base game's families (one per action kind) as products of
these, and a scenario's RL face its own (``rl/scenarios.py``), with fields of its own where
none here fits (the helpers' helper, the pirate's harbor).

What this is not: legality, or the families' order (``layout.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from pysettlers.engine import Action
from pysettlers.engine.actions import Bundle, dev_name, resource_name

from .frame import Frame, Mapping


class LayoutError(ValueError):
    """An action the layout has no index for, or an index it has no action for."""


@dataclass(frozen=True, slots=True)
class Ctx:
    """What a field needs: the frame, the player count, the game's mapping, the actor."""

    frame: Frame
    n: int
    m: Mapping
    actor: int


@dataclass(frozen=True, slots=True)
class Field:
    """One argument of an action: ``size`` values; ``read`` gives an action's value (or
    raises :class:`LayoutError`), ``write`` the action fields of a value, ``label`` its words."""

    name: str
    size: Callable[[Frame, int], int]
    read: Callable[[Ctx, Action], int]
    write: Callable[[Ctx, int], dict[str, Any]]
    label: Callable[[Frame, int, int], str]  # (frame, n, value) -> words (seats: relative)


def off(what: str) -> LayoutError:
    return LayoutError(f"outside the action layout: {what}")


def _single(b: Bundle) -> int:
    """The resource of a one-card bundle."""
    if sum(b) != 1:
        raise off(f"bundle {b} is not one card")
    return b.index(1)


def _only_resource(b: Bundle) -> int:
    """The one resource a bundle holds (any count)."""
    kinds = [r for r, c in enumerate(b) if c]
    if len(kinds) != 1:
        raise off(f"bundle {b} is not of one resource")
    return kinds[0]


def _unit(r: int) -> Bundle:
    b = [0, 0, 0, 0, 0]
    b[r] = 1
    return (b[0], b[1], b[2], b[3], b[4])


@cache
def bundles(k: int) -> tuple[Bundle, ...]:
    """Every bundle of ``k`` cards, in the order of ``combinations_with_replacement``."""
    out = []
    for combo in combinations_with_replacement(range(5), k):
        b = [0, 0, 0, 0, 0]
        for r in combo:
            b[r] += 1
        out.append((b[0], b[1], b[2], b[3], b[4]))
    return tuple(out)


def _rel(c: Ctx, seat: int) -> int:
    return (seat - c.actor) % c.n


def _game_id(ids: tuple[int, ...], frame_id: int, what: str) -> int:
    g = ids[frame_id]
    if g < 0:
        raise LayoutError(f"{what} {frame_id} of the frame is not on this game's board")
    return g


# -- the fields -------------------------------------------------------------------------------


def _const(n: int) -> Callable[[Frame, int], int]:
    return lambda f, players: n


HEX_A = Field(
    "hex",
    lambda f, n: f.n_hexes,
    lambda c, a: c.m.hexes[a.a],
    lambda c, v: {"a": _game_id(c.m.game_hexes, v, "hex")},
    lambda f, n, v: f.topo.hex_names[v],
)
INTERSECTION_A = Field(
    "intersection",
    lambda f, n: f.n_intersections,
    lambda c, a: c.m.intersections[a.a],
    lambda c, v: {"a": _game_id(c.m.game_intersections, v, "intersection")},
    lambda f, n, v: f.topo.intersection_names[v],
)
PATH_A = Field(
    "path",
    lambda f, n: f.n_paths,
    lambda c, a: c.m.paths[a.a],
    lambda c, v: {"a": _game_id(c.m.game_paths, v, "path")},
    lambda f, n, v: f.topo.path_names[v],
)
PATH_B = Field(
    "new path",
    lambda f, n: f.n_paths,
    lambda c, a: c.m.paths[a.b],
    lambda c, v: {"b": _game_id(c.m.game_paths, v, "path")},
    lambda f, n, v: f.topo.path_names[v],
)
# The robber's victim: 0 none, k the seat k places clockwise from the actor.
VICTIM_B = Field(
    "victim",
    lambda f, n: n,
    lambda c, a: 0 if a.b < 0 else _rel(c, a.b),
    lambda c, v: {"b": -1 if v == 0 else (c.actor + v) % c.n},
    lambda f, n, v: "nobody" if v == 0 else f"+{v}",
)
# Another seat, k = 1 .. n-1 places clockwise from the actor (value k - 1).
SEAT_A = Field(
    "seat",
    lambda f, n: n - 1,
    lambda c, a: _rel(c, a.a) - 1,
    lambda c, v: {"a": (c.actor + v + 1) % c.n},
    lambda f, n, v: f"+{v + 1}",
)
RESOURCE_A = Field(
    "resource",
    _const(5),
    lambda c, a: a.a,
    lambda c, v: {"a": v},
    lambda f, n, v: resource_name(v),
)
RESOURCE_B = Field(
    "resource",
    _const(5),
    lambda c, a: a.b,
    lambda c, v: {"b": v},
    lambda f, n, v: resource_name(v),
)
# A resource or none (``-1``): value 0 is none, r + 1 the resource r.
MAYBE_RESOURCE_A = Field(
    "resource or none",
    _const(6),
    lambda c, a: a.a + 1,
    lambda c, v: {"a": v - 1},
    lambda f, n, v: "none" if v == 0 else resource_name(v - 1),
)
MAYBE_RESOURCE_B = Field(
    "second resource or none",
    _const(6),
    lambda c, a: a.b + 1,
    lambda c, v: {"b": v - 1},
    lambda f, n, v: "none" if v == 0 else resource_name(v - 1),
)
GIVE_ONE = Field(
    "give",
    _const(5),
    lambda c, a: _single(a.give),
    lambda c, v: {"give": _unit(v)},
    lambda f, n, v: f"1{resource_name(v)}",
)
GET_ONE = Field(
    "get",
    _const(5),
    lambda c, a: _single(a.get),
    lambda c, v: {"get": _unit(v)},
    lambda f, n, v: f"1{resource_name(v)}",
)
# Maritime: the resource given, at whatever rate is best now (the state's, not the index's).
GIVE_AT_RATE = Field(
    "give (best rate)",
    _const(5),
    lambda c, a: _only_resource(a.give),
    lambda c, v: {"give": _unit(v)},
    lambda f, n, v: resource_name(v),
)
# The addressees of an offer: bit i is the seat i + 1 places clockwise from the actor.
OPPONENTS_TO = Field(
    "to",
    lambda f, n: 1 << (n - 1),
    lambda c, a: (
        sum(1 << (_rel(c, q) - 1) for q in range(c.n) if a.to >> q & 1 and q != c.actor)
        if not a.to >> c.actor & 1
        else _bad_to(a.to)
    ),
    lambda c, v: {"to": sum(1 << ((c.actor + i + 1) % c.n) for i in range(c.n - 1) if v >> i & 1)},
    lambda f, n, v: ",".join(f"+{i + 1}" for i in range(n - 1) if v >> i & 1) or "nobody",
)


def _bad_to(to: int) -> int:
    raise off(f"an offer addressed to its own maker (to={to})")


def bundle_field(k: int) -> Field:
    return Field(
        f"{k} cards",
        lambda f, n: len(bundles(k)),
        lambda c, a: _bundle_index(k, a.give),
        lambda c, v: {"give": bundles(k)[v]},
        lambda f, n, v: "+".join(
            f"{cnt}{resource_name(r)}" for r, cnt in enumerate(bundles(k)[v]) if cnt
        ),
    )


def _bundle_index(k: int, b: Bundle) -> int:
    try:
        return bundles(k).index(b)
    except ValueError:
        raise off(f"bundle {b} is not {k} cards") from None


DEV_A = Field(
    "development card",
    _const(5),
    lambda c, a: a.a,
    lambda c, v: {"a": v},
    lambda f, n, v: dev_name(v),
)
