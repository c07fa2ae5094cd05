"""The action space: one fixed ``Discrete(N)`` per rules configuration, and its layout.

What this is for: numbering every action a seat could ever be offered under a rules
configuration, so that a policy network has one output per action and a mask says which are
legal now. The numbering is a table of *families* (:data:`FAMILIES`), one per action kind,
in the order of that table; each family is the product of a few *fields* (a hex, an
intersection, a path, a resource, a seat counted from the actor, …), numbered in mixed radix
with the first field most significant. ``N`` is the sum of the families' sizes, each derived
from the rules' board frame (``frame.py``: the board's topology) and the options — a family
is present exactly when the rules' ruleset has its kind in some phase — never from defaults.
The table is the base game's :data:`FAMILIES` followed by each scenario's, which its
package's RL face declares (``engine/scenarios/<package>/faces/rl.py``; ``scenarios.py``
says what a face defines), in the order of their kinds' numbers: ``ActionKind`` numbers a
new scenario's kinds after every earlier one, so adding a scenario moves no earlier index
(:func:`register_family` appends one more at the end).

Actions are numbered in the engine's *unit form*, exactly as ``legal_actions`` lists them:
a discard is one card at a time; a maritime trade is (resource given, resource taken) at the
best rate the actor has now (the rate is the state's, so the index leaves it out); domestic
trade is a bounded menu — an offer of 1 card of one resource for 1 card of another to any
non-empty set of opponents, a counter-offer of 1 for 1, and the answers accept / reject /
confirm-a-partner / cancel. Seats inside an action are counted from the actor (``+1`` is
the next seat clockwise), so one policy serves every seat.
The answers to an offer name it in the engine (``p1 accept #3``), but an index stands for
"accept the open offer": the number is the state's, like a maritime rate, so the index
leaves it out and the listed action (``legal_index_map``) carries it.

The layout is printed by :func:`describe_layout` (``python -m pysettlers.rl.layout``).
:meth:`ActionLayout.action` builds the engine action an index names (every family except
maritime trade, whose rate is the state's), and :meth:`ActionLayout.index` is its inverse.

What this is not: legality. The mask is the engine's ``legal_actions`` put through
:meth:`ActionLayout.index` (``core.py``); nothing here decides what is legal.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from pysettlers.engine import Action, ActionKind, Rules, Topology, format_action, ruleset_for
from pysettlers.engine.types import Phase

from .fields import (
    GET_ONE,
    GIVE_AT_RATE,
    GIVE_ONE,
    HEX_A,
    INTERSECTION_A,
    MAYBE_RESOURCE_B,
    OPPONENTS_TO,
    PATH_A,
    RESOURCE_A,
    SEAT_A,
    VICTIM_B,
    Ctx,
    Field,
    LayoutError,
    off,
)
from .frame import Frame, frame_for, mapping
from .scenarios import all_faces

K = ActionKind


@dataclass(frozen=True, slots=True)
class Family:
    """One action kind's block of indices: the product of its fields (first most significant).
    ``exact``: the index names the whole action (maritime's rate is the state's: not exact)."""

    kind: ActionKind
    fields: tuple[Field, ...] = ()
    exact: bool = True


FAMILIES: list[Family] = [
    Family(K.ROLL),
    Family(K.END_TURN),
    Family(K.BUILD_ROAD, (PATH_A,)),
    Family(K.BUILD_SETTLEMENT, (INTERSECTION_A,)),
    Family(K.BUILD_CITY, (INTERSECTION_A,)),
    Family(K.BUY_DEVELOPMENT),
    Family(K.PLAY_KNIGHT),
    Family(K.PLAY_ROAD_BUILDING),
    Family(K.PLAY_YEAR_OF_PLENTY, (RESOURCE_A, MAYBE_RESOURCE_B)),
    Family(K.PLAY_MONOPOLY, (RESOURCE_A,)),
    Family(K.MOVE_ROBBER, (HEX_A, VICTIM_B)),
    Family(K.DISCARD, (GIVE_ONE,)),
    Family(K.MARITIME_TRADE, (GIVE_AT_RATE, GET_ONE), exact=False),
    Family(K.OFFER_TRADE, (GIVE_ONE, GET_ONE, OPPONENTS_TO)),
    Family(K.ACCEPT_TRADE),
    Family(K.REJECT_TRADE),
    Family(K.COUNTER_TRADE, (GIVE_ONE, GET_ONE)),
    Family(K.CONFIRM_TRADE, (SEAT_A,)),
    Family(K.CANCEL_TRADE),
]
"""The base game's families, in index order; the scenarios' follow (:func:`families`)."""

_REGISTERED: list[Family] = []


def families() -> tuple[Family, ...]:
    """The layout's whole table, in index order: the base game's :data:`FAMILIES`, the
    scenarios' (their RL faces' ``FAMILIES``) in the order of their kinds, then any added
    by :func:`register_family`."""
    theirs: list[Family] = [fam for face in all_faces() for fam in face.FAMILIES]
    return (*FAMILIES, *sorted(theirs, key=lambda fam: fam.kind), *_REGISTERED)


def register_family(family: Family) -> None:
    """Add an action family at the end of the table (a scenario's kinds belong in its RL
    face; this is for a kind added outside the engine's scenarios, such as a test's)."""
    if any(f.kind == family.kind for f in families()):
        raise ValueError(f"the action layout already has a family for {family.kind.name}")
    _REGISTERED.append(family)


@dataclass(frozen=True, slots=True)
class Block:
    """A family placed in one layout: its first index and the radix of each field."""

    family: Family
    start: int
    sizes: tuple[int, ...]
    size: int


@dataclass(eq=False)
class ActionLayout:
    """The numbering of one rules configuration's actions (see the module docstring)."""

    rules: Rules
    frame: Frame
    n: int
    blocks: tuple[Block, ...]
    size: int
    by_kind: dict[ActionKind, Block] = field(default_factory=dict)
    # Indices already computed, per topology (a game's actions repeat all game long).
    _memo: dict[Topology, dict[Action, int]] = field(default_factory=dict, repr=False)
    _last_topo: Topology | None = field(default=None, repr=False)
    _last_memo: dict[Action, int] = field(default_factory=dict, repr=False)
    _by_id: dict[int, tuple[Action, int]] = field(default_factory=dict, repr=False)

    def index(self, a: Action, topo: Topology) -> int:
        """The index of action ``a`` of a game on ``topo``; :class:`LayoutError` if none."""
        if topo is self._last_topo:
            memo = self._last_memo
        else:
            memo = self._memo_for(topo)
        i = memo.get(a)
        if i is None:
            i = memo[a] = self._index(a, topo)
        return i

    def _memo_for(self, topo: Topology) -> dict[Action, int]:
        memo = self._memo.get(topo)
        if memo is None:
            if len(self._memo) > 64:  # many Islands boards: keep the memo small
                self._memo.clear()
            memo = self._memo[topo] = {}
        if topo is not self._last_topo:
            self._by_id = {}  # (identities belong to one game's tables)
        self._last_topo, self._last_memo = topo, memo
        return memo

    def _index(self, a: Action, topo: Topology) -> int:
        block = self.by_kind.get(a.kind)
        if block is None:
            raise off(f"action kind {a.kind.name} is not in these rules' layout")
        c = Ctx(self.frame, self.n, mapping(self.frame, topo), a.player)
        i = 0
        for fld, size in zip(block.family.fields, block.sizes):
            v = fld.read(c, a)
            if not 0 <= v < size:
                raise off(f"{fld.name} value {v} of {a} (0 to {size - 1})")
            i = i * size + v
        return block.start + i

    def block_of(self, index: int) -> Block:
        if not 0 <= index < self.size:
            raise LayoutError(f"action index {index} is outside 0 to {self.size - 1}")
        lo, hi = 0, len(self.blocks) - 1
        while lo < hi:  # the last block starting at or before ``index``
            mid = (lo + hi + 1) // 2
            if self.blocks[mid].start <= index:
                lo = mid
            else:
                hi = mid - 1
        return self.blocks[lo]

    def values(self, index: int) -> tuple[Block, list[int]]:
        """The block of ``index`` and its field values."""
        block = self.block_of(index)
        i = index - block.start
        vals = []
        for size in reversed(block.sizes):
            vals.append(i % size)
            i //= size
        return block, vals[::-1]

    def action(self, index: int, seat: int, topo: Topology) -> Action:
        """The engine action ``index`` names for ``seat`` in a game on ``topo`` (maritime: a
        1-for-1 stand-in, since the rate is the state's; an answer to an offer names none,
        its number being the state's too; :class:`LayoutError` for a place that is not on
        this game's board)."""
        block, vals = self.values(index)
        c = Ctx(self.frame, self.n, mapping(self.frame, topo), seat)
        args: dict[str, Any] = {}
        for fld, v in zip(block.family.fields, vals):
            args.update(fld.write(c, v))
        return Action(seat, block.family.kind, **args)

    def describe(self, index: int, seat: int | None = None, topo: Topology | None = None) -> str:
        """Words for ``index``: with a ``seat`` (and a game's ``topo``, for its names) the
        engine's notation of the action; without, the family and field labels."""
        block, vals = self.values(index)
        fam = block.family
        if seat is not None and fam.exact:
            return format_action(
                self.action(index, seat, topo or self.frame.topo), topo or self.frame.topo
            )
        words = [fam.kind.name.lower()]
        words += [fld.label(self.frame, self.n, v) for fld, v in zip(fam.fields, vals)]
        return " ".join(words)


def _in_play(rules: Rules) -> set[ActionKind]:
    rs = ruleset_for(rules)
    return {k for ph in Phase for k in rs.phase_kinds[ph] if rs.by_kind[k] is not None}


@cache
def _layout(rules: Rules) -> ActionLayout:
    frame = frame_for(rules)
    n = rules.players
    kinds = _in_play(rules)
    blocks = []
    start = 0
    for fam in families():
        if fam.kind not in kinds:
            continue
        sizes = tuple(f.size(frame, n) for f in fam.fields)
        size = 1
        for s in sizes:
            size *= s
        blocks.append(Block(fam, start, sizes, size))
        start += size
    missing = kinds - {b.family.kind for b in blocks}
    if missing:
        names = ", ".join(sorted(k.name for k in missing))
        raise LayoutError(f"these rules have action kinds with no family in the layout: {names}")
    out = ActionLayout(rules, frame, n, tuple(blocks), start)
    out.by_kind = {b.family.kind: b for b in blocks}
    return out


def action_layout(rules: Rules) -> ActionLayout:
    """The action layout of ``rules`` (the seed never changes it)."""
    from dataclasses import replace

    return _layout(replace(rules, seed=0))


def describe_layout(rules: Rules) -> str:
    """The layout as text: each family's index range, size and fields."""
    lay = action_layout(rules)
    lines = [f"Action layout for {rules.to_json()}: Discrete({lay.size})"]
    for b in lay.blocks:
        fields_text = (
            " x ".join(f"{f.name}[{s}]" for f, s in zip(b.family.fields, b.sizes))
            or "(no arguments)"
        )
        last = b.start + b.size - 1
        lines.append(f"{b.start:>6}-{last:<6} {b.family.kind.name.lower():<22} {fields_text}")
    return "\n".join(lines)


def legal_index_map(
    lay: ActionLayout, legal: Sequence[Action], topo: Topology
) -> dict[int, Action]:
    """Each legal action by its index; :class:`LayoutError` if two share one (a layout bug)."""
    out: dict[int, Action] = {}
    # The engine lists prebuilt action objects (``engine/tables.py``), so most are found by
    # identity, which costs far less than hashing the action; the entry holds the action, so
    # its id cannot be reused while it is there.
    if topo is not lay._last_topo:
        lay._memo_for(topo)
    by_id = lay._by_id
    if len(by_id) > 200_000:  # actions made afresh each time (not prebuilt): keep it bounded
        by_id.clear()
    for a in legal:
        got = by_id.get(id(a))
        if got is not None and got[0] is a:
            i = got[1]
        else:
            i = lay.index(a, topo)
            by_id[id(a)] = (a, i)
        if i in out:
            raise LayoutError(f"two legal actions share index {i}: {out[i]} and {a}")
        out[i] = a
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pysettlers.rl [RULES-JSON]``: print the layout of some rules.

    Bad input is said in one line after the usage, exit status 2, as the ``pysettlers``
    command does: JSON that does not parse (with its line and column), JSON that is not an
    object, rules the engine refuses (naming the option)."""
    import argparse
    import json

    parser = argparse.ArgumentParser(
        prog="python -m pysettlers.rl",
        description="Print the fixed action layout (Discrete(N): which index is which "
        "action) of some rules.",
    )
    parser.add_argument(
        "rules",
        nargs="?",
        metavar="RULES-JSON",
        help="the rules as a JSON object, as in a record: '{\"players\": 6}' "
        "(default: the 4-player base game)",
    )
    args = parser.parse_args(argv)
    rules = Rules()
    if args.rules is not None:
        try:
            data = json.loads(args.rules)
        except json.JSONDecodeError as err:
            parser.error(
                f"RULES-JSON is not JSON: {err.msg} (line {err.lineno} column {err.colno})"
            )
        if not isinstance(data, dict):
            parser.error(
                f"RULES-JSON must be a JSON object such as '{{\"players\": 6}}', "
                f"not {type(data).__name__}"
            )
        try:
            rules = Rules.from_json(data)
        except (ValueError, TypeError) as err:
            parser.error(f"RULES-JSON: {err}")
    print(describe_layout(rules))
    return 0


if __name__ == "__main__":
    sys.exit(main())

__all__ = [
    "FAMILIES",
    "ActionLayout",
    "Family",
    "Field",
    "LayoutError",
    "action_layout",
    "describe_layout",
    "families",
    "legal_index_map",
    "register_family",
]
