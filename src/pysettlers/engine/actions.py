"""Actions (a player's intent) and their text notation; chance outcomes and theirs.

What this is for: the one small frozen value every layer passes around, and a readable
notation that round-trips (``parse_action(format_action(a, t), t) == a``), with board names
from ``board-data.md`` coordinates::

    p0 settlement (0,-1)N      p0 road (0,-1)NE        p0 city (0,-1)N
    p0 roll                    p0 end                  p0 buy
    p0 knight                  p0 road-building        p0 year-of-plenty ore grain
    p0 monopoly ore            p0 robber (1,0) p2      p0 robber (0,0)
    p1 discard 2ore+1wool      p0 maritime 4ore for 1lumber
    p0 offer 1ore for 1brick to p1,p2                  p1 accept #3    p1 reject #3
    p1 counter 1lumber+1ore for 1brick #3              p0 confirm p1 #3   p0 cancel #3

Every answer to a domestic offer names the offer it answers (``#3``: offers are numbered
from 1 in each game), so that an answer can never land on an offer its sender did not see
(the engine refuses one naming an offer that was withdrawn or replaced). Records made
before offers had numbers write ``p1 accept``; they still parse (``offer`` 0, "unnamed"),
and replays name the open offer for them (``trade.name_open_offer``).

Scenarios add their own keywords (:func:`register_notation`); the Helpers of CATAN's are
listed in ``scenarios/helpers/notation.py``.

Bundles list counts in resource order (brick, lumber, wool, grain, ore); ``ore`` alone
means ``1ore``. Trade bundles are written from the actor's side: *give* ``for`` *get*.

Every number is bounded when it is read, so that no text — however long — costs more than
its length to refuse: players are ``p0`` to ``p7`` (:data:`MAX_PLAYERS`, room for 8-player
variants; the engine's check refuses seats the game does not have), a bundle holds at most
:data:`MAX_COUNT` cards of a resource (more than any bank holds), and the echoed text in an
error message is shortened.

What this is not: legality (``rules/``). An action is only the intent; what chance made of
it (dice, card drawn, card stolen) is a separate *outcome*, never folded into the action.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from . import kinds as K
from .topology import NameError_, Topology
from .types import ZERO as ZERO  # (re-exported: Bundle and ZERO are defined in types)
from .types import ActionKind, DevCard, Helper, Resource
from .types import Bundle as Bundle

Outcome = tuple[int, ...] | int | None
"""Dice ``(d1, d2)``; a ``DevCard`` drawn; a ``Resource`` stolen (or ``None`` if nothing);
the ``DevCard``s Candamir draws, in increasing order (``(0, 0, 4)``)."""


class Action(NamedTuple):
    """One decision. Unused fields keep their defaults so equal intents compare equal.

    The rules read the two generic slots ``a`` and ``b`` by what they hold for the action's
    kind — ``a.path``, ``a.intersection``, ``a.victim`` —: the read-only properties after
    the fields, each the slot under another name (notation, records and equality see only
    the fields).

    * ``a`` — the intersection, path or hex; the resource (monopoly, year of plenty,
      maritime is bundle-based); the partner (confirm). Helpers: the resource (Jean,
      Marianne, Sean — ``-1`` keeps the cards —, Nassir, take), the opponent (Hilde, repay),
      the desert (Lin), the road moved (Louis), the site (Vincent, William), the helper
      taken (exchange), the development card kept (keep).
    * ``b`` — the second year-of-plenty resource, or the robber's victim (``-1``: none);
      Louis's new path, Vincent's level (1 settlement, 2 city), the resource repaid.
    * ``give``/``get`` — bundles from the actor's side (trade, counter, maritime, discard;
      Candamir's and William's payment).
    * ``to`` — bit mask of the players an offer is addressed to (Nassir: the opponents).
    * ``offer`` — the number of the domestic offer an answer, confirmation or withdrawal
      names (``#3``); 0 for every other action.
    """

    player: int
    kind: ActionKind
    a: int = -1
    b: int = -1
    give: Bundle = ZERO
    get: Bundle = ZERO
    to: int = 0
    offer: int = 0

    # -- ``a`` by what it holds -----------------------------------------------------------

    @property
    def intersection(self) -> int:
        """Where a settlement or city goes (``a``): settlement, city, Vincent."""
        return self.a

    @property
    def path(self) -> int:
        """The path (``a``): road, bridge, ship; the road Louis moves and the ship that
        moves (from here to :attr:`to_path`); William's road; the harbor the pirate goes to."""
        return self.a

    @property
    def hex(self) -> int:
        """The hex the robber goes to (``a``), or Lin's desert."""
        return self.a

    @property
    def resource(self) -> int:
        """The resource (``a``): Monopoly, Year of Plenty's first card; Jean, Marianne,
        Sean (``-1``: keep the cards), Nassir's declared resource, Hilde's card taken."""
        return self.a

    @property
    def partner(self) -> int:
        """The seat whose answer the offerer confirms (``a``, confirm)."""
        return self.a

    @property
    def opponent(self) -> int:
        """The opponent Hilde looks at, or the one Nassir repays (``a``)."""
        return self.a

    @property
    def helper(self) -> int:
        """The helper taken from the display in an exchange (``a``)."""
        return self.a

    @property
    def card(self) -> int:
        """The development card kept, Candamir (``a``)."""
        return self.a

    # -- ``b`` by what it holds -----------------------------------------------------------

    @property
    def victim(self) -> int:
        """Whom the robber or the pirate robs (``b``; ``-1``: nobody)."""
        return self.b

    @property
    def second_resource(self) -> int:
        """Year of Plenty's second card (``b``; ``-1``: only one, the bank's last)."""
        return self.b

    @property
    def to_path(self) -> int:
        """Where Louis's road or a moved ship goes (``b``)."""
        return self.b

    @property
    def level(self) -> int:
        """What Vincent builds (``b``): 1 a settlement, 2 a city."""
        return self.b

    @property
    def given_back(self) -> int:
        """The resource Nassir gives back (``b``, repay)."""
        return self.b


# Speed device: each property above becomes the C field reader NamedTuple made for its slot
# (``_tuplegetter``, with the property's docstring), so that ``a.path`` costs what ``a.a``
# costs in CPython rather than a Python call (the rules read these on every action applied).
# The slot each one names is found by reading it from a probe, so it is written only once.
_PROBE = Action(0, ActionKind.ROLL, -11, -22)
_SLOTS = {-11: Action._fields.index("a"), -22: Action._fields.index("b")}
_FIELD_READER = type(vars(Action)["a"])
for _name, _value in list(vars(Action).items()):
    if isinstance(_value, property):
        _slot = _SLOTS[getattr(_PROBE, _name)]
        # (compiled by mypyc, a property keeps no docstring: then the slot is named)
        _doc = _value.__doc__ or f"The action's ``{Action._fields[_slot]}`` by another name."
        setattr(Action, _name, _FIELD_READER(_slot, _doc))


OFFER_KINDS = frozenset(
    (K.ACCEPT_TRADE, K.REJECT_TRADE, K.COUNTER_TRADE, K.CONFIRM_TRADE, K.CANCEL_TRADE)
)
"""The actions that name the domestic offer they answer (``#3``)."""
MAX_OFFER_DIGITS = 7  # an offer number's digits: far above any game's offers, read at once


class NotationError(ValueError):
    """Text that is not an action (or outcome) in pysettlers notation."""


MAX_PLAYERS = 8
"""Seats the notation can name, ``p0`` to ``p7`` (the base game has at most 6)."""
MAX_COUNT = 99
"""Most cards of one resource a bundle may name (the bank holds 19, or 24 with 5–6)."""
_SHOWN = 40  # characters of a bad text echoed in a message


def quoted(text: str) -> str:
    """``text`` quoted for an error message, shortened when long (it may be thousands of
    characters of garbage from a client)."""
    if len(text) <= _SHOWN:
        return repr(text)
    return f"{text[:_SHOWN]!r}... ({len(text)} characters)"


_KEYWORDS: dict[ActionKind, str] = {
    K.ROLL: "roll",
    K.END_TURN: "end",
    K.BUILD_ROAD: "road",
    K.BUILD_SETTLEMENT: "settlement",
    K.BUILD_CITY: "city",
    K.BUY_DEVELOPMENT: "buy",
    K.PLAY_KNIGHT: "knight",
    K.PLAY_ROAD_BUILDING: "road-building",
    K.PLAY_YEAR_OF_PLENTY: "year-of-plenty",
    K.PLAY_MONOPOLY: "monopoly",
    K.MOVE_ROBBER: "robber",
    K.DISCARD: "discard",
    K.MARITIME_TRADE: "maritime",
    K.OFFER_TRADE: "offer",
    K.ACCEPT_TRADE: "accept",
    K.REJECT_TRADE: "reject",
    K.COUNTER_TRADE: "counter",
    K.CONFIRM_TRADE: "confirm",
    K.CANCEL_TRADE: "cancel",
}
_BY_KEYWORD = {v: k for k, v in _KEYWORDS.items()}

Formatter = Callable[[Action, str, Topology], str]
"""Writes the arguments of a scenario's action after its ``head`` (``p0 keyword``)."""
Parser = Callable[[int, ActionKind, list[str], str, Topology], Action]
"""Reads a scenario's action from (player, kind, argument words, whole text, topology)."""
_FORMATTERS: dict[ActionKind, Formatter] = {}
_PARSERS: dict[ActionKind, Parser] = {}
_OUTCOMES: dict[ActionKind, tuple[Callable[[Outcome], str], Callable[[str], Outcome]]] = {}


def register_notation(kind: ActionKind, keyword: str, fmt: Formatter, parse: Parser) -> None:
    """A scenario's action kind joins the notation (see ``scenario.py``)."""
    if keyword in _BY_KEYWORD or kind in _KEYWORDS:
        raise ValueError(f"the notation already has {keyword!r} or {kind.name}")
    _KEYWORDS[kind] = keyword
    _BY_KEYWORD[keyword] = kind
    _FORMATTERS[kind] = fmt
    _PARSERS[kind] = parse


def register_outcome_notation(
    kind: ActionKind, fmt: Callable[[Outcome], str], parse: Callable[[str], Outcome]
) -> None:
    """A scenario's chance outcome joins the notation of outcomes."""
    _OUTCOMES[kind] = (fmt, parse)


def keyword(kind: ActionKind) -> str:
    """The notation's keyword of an action kind."""
    return _KEYWORDS[kind]


_RES_NAMES = tuple(r.name.lower() for r in Resource)
_DEV_NAMES = tuple(d.name.lower().replace("_", "-") for d in DevCard)
_HELPER_NAMES = tuple(h.name.lower() for h in Helper)
_LEVELS = {1: "settlement", 2: "city"}


def resource_name(r: int) -> str:
    return _RES_NAMES[r]


def parse_resource(text: str) -> Resource:
    try:
        return Resource(_RES_NAMES.index(text.strip().lower()))
    except ValueError:
        raise NotationError(
            f"{quoted(text)} is not a resource (one of {', '.join(_RES_NAMES)})"
        ) from None


def dev_name(d: int) -> str:
    return _DEV_NAMES[d]


def helper_name(h: int) -> str:
    return _HELPER_NAMES[h]


def parse_helper(text: str) -> Helper:
    try:
        return Helper(_HELPER_NAMES.index(text.strip().lower()))
    except ValueError:
        raise NotationError(
            f"{quoted(text)} is not a helper (one of {', '.join(_HELPER_NAMES)})"
        ) from None


def parse_dev(text: str) -> DevCard:
    name = text.strip().lower()
    if name not in _DEV_NAMES:
        raise NotationError(f"{quoted(text)} is not a development card ({', '.join(_DEV_NAMES)})")
    return DevCard(_DEV_NAMES.index(name))


def _players(text: str) -> int:
    """A bit mask from ``p1,p2`` (``nobody``: 0)."""
    if text.strip().lower() == "nobody":
        return 0
    mask = 0
    for who in text.split(","):
        p = _player(who)  # bounded to p0..p7, so the mask stays a small int
        if mask >> p & 1:
            raise NotationError(f"{quoted(text)} names p{p} twice")
        mask |= 1 << p
    return mask


def format_bundle(b: Bundle) -> str:
    parts = [f"{c}{_RES_NAMES[r]}" for r, c in enumerate(b) if c]
    return "+".join(parts) if parts else "nothing"


_BUNDLE_ITEM = re.compile(r"^(\d*)([a-z]+)$")


def parse_bundle(text: str) -> Bundle:
    """``2ore+1wool`` (or ``nothing``) as counts in resource order, each at most 99."""
    counts = [0, 0, 0, 0, 0]
    text = text.strip().lower()
    if text == "nothing":
        return ZERO
    for item in text.split("+"):
        m = _BUNDLE_ITEM.match(item.strip())
        if not m:
            raise NotationError(f"{quoted(item)} is not a bundle item like '2ore'")
        digits = m.group(1)
        # Digits are counted before int() is called: a 5000-digit count is refused at once.
        if len(digits) > len(str(MAX_COUNT)):
            raise NotationError(f"{quoted(item)}: a count is at most {MAX_COUNT}")
        r = parse_resource(m.group(2))
        counts[r] += int(digits) if digits else 1
        if counts[r] > MAX_COUNT:
            raise NotationError(f"{quoted(text)}: at most {MAX_COUNT} {_RES_NAMES[r]} in a bundle")
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


_PLAYER = re.compile(r"p(\d{1,3})")  # a few digits, so a long one is never converted


def _player(text: str) -> int:
    """A seat ``p0`` to ``p7``."""
    m = _PLAYER.fullmatch(text.strip().lower())
    if not m or int(m.group(1)) >= MAX_PLAYERS:
        raise NotationError(
            f"{quoted(text)} is not a player like 'p0' (players are p0 to p{MAX_PLAYERS - 1})"
        )
    return int(m.group(1))


def _players_text(mask: int) -> str:
    """``p1,p2`` for a bit mask of players (``nobody`` for none, so it parses back)."""
    return ",".join(f"p{i}" for i in range(mask.bit_length()) if mask >> i & 1) or "nobody"


def format_action(a: Action, topo: Topology) -> str:
    """The notation of an action (see the module docstring)."""
    if a.offer:
        return f"{_format(a, topo)} #{a.offer}"
    return _format(a, topo)


def _format(a: Action, topo: Topology) -> str:
    k = a.kind
    head = f"p{a.player} {_KEYWORDS[k]}"
    if k == K.BUILD_ROAD:
        return f"{head} {topo.path_names[a.path]}"
    if k in (K.BUILD_SETTLEMENT, K.BUILD_CITY):
        return f"{head} {topo.intersection_names[a.intersection]}"
    if k == K.PLAY_YEAR_OF_PLENTY:
        second = f" {_RES_NAMES[a.second_resource]}" if a.second_resource >= 0 else ""
        return f"{head} {_RES_NAMES[a.resource]}{second}"
    if k == K.PLAY_MONOPOLY:
        return f"{head} {_RES_NAMES[a.resource]}"
    if k == K.MOVE_ROBBER:
        victim = f" p{a.victim}" if a.victim >= 0 else ""
        return f"{head} {topo.hex_names[a.hex]}{victim}"
    if k == K.DISCARD:
        return f"{head} {format_bundle(a.give)}"
    if k in (K.MARITIME_TRADE, K.COUNTER_TRADE):
        return f"{head} {format_bundle(a.give)} for {format_bundle(a.get)}"
    if k == K.OFFER_TRADE:
        return f"{head} {format_bundle(a.give)} for {format_bundle(a.get)} to {_players_text(a.to)}"
    if k == K.CONFIRM_TRADE:
        return f"{head} p{a.partner}"
    fmt = _FORMATTERS.get(k)
    if fmt is not None:
        return fmt(a, head, topo)
    return head


def parse_action(text: str, topo: Topology) -> Action:
    """Parse the notation of an action; raises :class:`NotationError` on malformed text."""
    words = text.split()
    if len(words) < 2:
        raise NotationError(f"{quoted(text)}: an action is a player and a keyword, like 'p0 roll'")
    player = _player(words[0])
    kw = words[1].lower()
    if kw not in _BY_KEYWORD:
        raise NotationError(f"{quoted(text)}: unknown action {quoted(kw)}")
    k = _BY_KEYWORD[kw]
    rest = words[2:]
    offer = 0
    if rest and rest[-1].startswith("#"):
        if k not in OFFER_KINDS:
            raise NotationError(f"{quoted(text)}: only an answer to an offer names one ('#3')")
        offer = parse_offer_ref(rest.pop())
    action = _parse(text, player, kw, k, rest, topo)
    return action._replace(offer=offer) if offer else action


def parse_offer_ref(text: str) -> int:
    """An offer's number, ``#3``."""
    digits = text[1:]
    if not digits.isdigit() or not digits.isascii() or len(digits) > MAX_OFFER_DIGITS:
        raise NotationError(f"{quoted(text)} is not an offer number like '#3'")
    n = int(digits)
    if n < 1:
        raise NotationError(f"{quoted(text)}: offers are numbered from #1")
    return n


def _parse(
    text: str, player: int, kw: str, k: ActionKind, rest: list[str], topo: Topology
) -> Action:

    def need(n: int) -> None:
        if len(rest) != n:
            raise NotationError(f"{quoted(text)}: '{kw}' takes {n} argument(s), got {len(rest)}")

    try:
        if k == K.BUILD_ROAD:
            need(1)
            return Action(player, k, topo.parse_path(rest[0]))
        if k in (K.BUILD_SETTLEMENT, K.BUILD_CITY):
            need(1)
            return Action(player, k, topo.parse_intersection(rest[0]))
        if k == K.PLAY_YEAR_OF_PLENTY:
            if len(rest) not in (1, 2):
                raise NotationError(f"{quoted(text)}: 'year-of-plenty' takes one or two resources")
            second = parse_resource(rest[1]) if len(rest) == 2 else -1
            return Action(player, k, parse_resource(rest[0]), second)
        if k == K.PLAY_MONOPOLY:
            need(1)
            return Action(player, k, parse_resource(rest[0]))
        if k == K.MOVE_ROBBER:
            if len(rest) not in (1, 2):
                raise NotationError(f"{quoted(text)}: 'robber' takes a hex and optionally a victim")
            victim = _player(rest[1]) if len(rest) == 2 else -1
            return Action(player, k, topo.parse_hex(rest[0]), victim)
        if k == K.DISCARD:
            need(1)
            return Action(player, k, give=parse_bundle(rest[0]))
        if k in (K.MARITIME_TRADE, K.COUNTER_TRADE):
            need(3)
            if rest[1].lower() != "for":
                raise NotationError(f"{quoted(text)}: expected '<give> for <get>'")
            return Action(player, k, give=parse_bundle(rest[0]), get=parse_bundle(rest[2]))
        if k == K.OFFER_TRADE:
            need(5)
            if rest[1].lower() != "for" or rest[3].lower() != "to":
                raise NotationError(f"{quoted(text)}: expected '<give> for <get> to p1,p2'")
            mask = _players(rest[4])
            return Action(player, k, give=parse_bundle(rest[0]), get=parse_bundle(rest[2]), to=mask)
        if k == K.CONFIRM_TRADE:
            need(1)
            return Action(player, k, _player(rest[0]))
        parser = _PARSERS.get(k)
        if parser is not None:
            return parser(player, k, rest, text, topo)
        need(0)
        return Action(player, k)
    except NameError_ as e:
        raise NotationError(f"{quoted(text)}: {e}") from None


# Public names of the pieces of notation scenarios build on.
parse_player = _player
parse_players = _players
players_text = _players_text


# -- chance outcomes --------------------------------------------------------------------------


def format_outcome(kind: ActionKind, outcome: Outcome) -> str | None:
    """Notation of a chance outcome: ``3+4`` (dice), ``knight`` (card drawn), ``ore`` (stolen),
    ``knight+knight+monopoly`` (the cards Candamir draws)."""
    if outcome is None:
        return None
    if kind == K.ROLL:
        assert isinstance(outcome, tuple)
        return f"{outcome[0]}+{outcome[1]}"
    if kind in _OUTCOMES:
        return _OUTCOMES[kind][0](outcome)
    assert isinstance(outcome, int)
    if kind == K.BUY_DEVELOPMENT:
        return _DEV_NAMES[outcome]
    return _RES_NAMES[outcome]


def outcome_words(kind: ActionKind, outcome: Outcome) -> str:
    """An outcome as a refusal message shows it: its notation (``'ore'``, ``'knight'``) when it
    has one, else the plain value — never an enum's repr such as ``<Resource.ORE: 4>``."""
    try:
        text = format_outcome(kind, outcome)
    except (AssertionError, IndexError, KeyError, TypeError, ValueError):
        text = None
    if text is not None:
        return repr(text)
    if isinstance(outcome, int) and not isinstance(outcome, bool):
        return str(int(outcome))  # an IntEnum member shown as its number
    shown = repr(outcome)
    return shown if len(shown) <= 40 else shown[:40] + "..."


def parse_outcome(kind: ActionKind, text: str | None) -> Outcome:
    if text is None:
        return None
    if kind == K.ROLL:
        m = re.fullmatch(r"\s*([1-6])\s*\+\s*([1-6])\s*", text)  # two dice, 1 to 6 each
        if not m:
            raise NotationError(f"{quoted(text)} is not a dice outcome like '3+4'")
        return (int(m.group(1)), int(m.group(2)))
    if kind == K.BUY_DEVELOPMENT:
        return parse_dev(text)
    if kind in _OUTCOMES:
        return _OUTCOMES[kind][1](text)
    return parse_resource(text)
