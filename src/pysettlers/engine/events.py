"""Typed events: what happened, each kind declaring who may see what.

What this is for: an action is an intent; its events say what came of it (cards paid out,
a card stolen, a road that took the Longest Road). Each event kind is a small frozen
:class:`Event` subclass that must declare, when it is defined:

* ``kind`` — its name in JSON and logs;
* ``secret`` — the fields that only some seats may see (``()``: the event is public);
* ``seen_by`` — the fields naming the seats that see the secret fields (the buyer of a
  development card; the thief and the victim of a steal).

A class that forgets one of these fails at import, so a new secret cannot leak by default.
:func:`redact` is generic over these declarations: for any other seat (or a spectator) each
secret field becomes :data:`HIDDEN` (or stays ``None`` where ``None`` means "nothing", which
is public: a robber who stole nothing). ``observe`` and per-seat records redact through it.

Field types say how a field is written in JSON (:func:`event_to_json`): ``Seat`` (``-1``
as ``null``), ``Seats`` (a bit mask as a list), ``HexRef`` / ``PathRef`` / ``Spot`` (board
names in the notation's coordinates), ``SiteRef`` (where the robber stands: a hex, or a
harbor's path with the pirate, ``Topology.site_name``), ``Res`` / ``Card`` / ``HelperRef``
(names), ``Cards`` (a list of development cards), ``Bundle5`` (``2ore+1wool``); anything
else as plain data.

The state keeps every step's events in an immutable log shared by copies (``log``, with
the state's ``version``); ``observe(s, seat, since=version)`` gives a seat every event
since a version it saw, so a bot or client that did not decide on a step still learns what
was public.

What this is not: game logic; the rules create events, nothing here changes a state. Nor
compiled: ``make mypyc`` leaves this module and the scenarios' event modules interpreted
(the compiled engine imports them), as mypyc's dataclasses would take the ``ClassVar``
declarations for fields and keep no ``Annotated`` roles for the JSON. An event's methods
are dataclass-generated, hence interpreted in compiled classes too: nothing is lost.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from operator import itemgetter
from typing import Annotated, Any, ClassVar, TypeVar, dataclass_transform

from .actions import dev_name, format_bundle, helper_name, resource_name
from .topology import Topology

E = TypeVar("E", bound="Event")

Seat = Annotated[int, "seat"]
Seats = Annotated[int, "seats"]
HexRef = Annotated[int, "hex"]
SiteRef = Annotated[int, "site"]
PathRef = Annotated[int, "path"]
Spot = Annotated[int, "intersection"]
Res = Annotated[int, "resource"]
Card = Annotated[int, "card"]
HelperRef = Annotated[int, "helper"]
Cards = Annotated[tuple[int, ...], "cards"]
Bundle5 = Annotated[tuple[int, ...], "bundle"]  # five counts (``data.Bundle``)


class Hidden:
    """The value of a secret field in an event redacted for a seat that may not see it."""

    __slots__ = ()
    _instance: ClassVar[Hidden | None] = None

    def __new__(cls) -> Hidden:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HIDDEN"

    def __reduce__(self) -> str:
        return "HIDDEN"


HIDDEN = Hidden()

EVENT_KINDS: dict[str, type[Event]] = {}
"""Every event kind by name (scenarios' kinds included once their package is imported)."""


@dataclass_transform(frozen_default=True)
class _EventType(type):
    """Makes every event class a slotted tuple: ``__slots__ = ()`` in each class body."""

    def __new__(
        mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any], **kwargs: Any
    ) -> _EventType:
        ns.setdefault("__slots__", ())
        return super().__new__(mcls, name, bases, ns, **kwargs)


class Event(tuple[Any, ...], metaclass=_EventType):
    """Base of every event kind; see the module docstring for the declarations required.

    An event is an immutable tuple of its fields, read by name: events are made on nearly
    every action of every game, and a tuple is made in a third of the time of a frozen
    dataclass (whose ``__init__`` goes through ``object.__setattr__`` for each field).
    Its class takes part in equality (a ``Rolled`` never equals a ``TurnStarted``)."""

    kind: ClassVar[str]
    secret: ClassVar[tuple[str, ...]]
    seen_by: ClassVar[tuple[str, ...]]
    _fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = vars(cls)
        for name in ("kind", "secret", "seen_by"):
            if name not in own:
                raise TypeError(f"event {cls.__name__} must declare its {name!r}")
        # The fields: the annotations that are not ClassVars, in order (they are strings
        # here, this module using postponed annotations).
        added = tuple(
            name
            for name, hint in inspect.get_annotations(cls).items()
            if not str(hint).startswith(("ClassVar", "typing.ClassVar"))
        )
        names = cls._fields + added
        for f in (*cls.secret, *cls.seen_by):
            if f not in names:
                raise TypeError(f"event {cls.__name__} declares unknown field {f!r}")
        if cls.secret and not cls.seen_by:
            raise TypeError(f"event {cls.__name__} has secrets that nobody may see")
        cls._fields = names
        setattr(cls, "__match_args__", names)  # noqa: B010 (mypy: dataclass-made)
        cls.__new__ = staticmethod(_constructor(names))  # type: ignore[method-assign]
        for i, name in enumerate(added, start=len(cls._fields) - len(added)):
            setattr(cls, name, property(itemgetter(i), doc=f"the event's {name!r}"))
        EVENT_KINDS[cls.kind] = cls

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __bool__(self) -> bool:
        return True  # an event happened, whatever its fields

    def __repr__(self) -> str:
        body = ", ".join(f"{n}={v!r}" for n, v in zip(self._fields, self, strict=True))
        return f"{type(self).__name__}({body})"

    def __getnewargs__(self) -> tuple[Any, ...]:
        return tuple(self)

    def to_json(self, topo: Topology) -> dict[str, Any]:
        return event_to_json(self, topo)


def _constructor(names: tuple[str, ...]) -> Callable[..., Any]:
    """An event kind's ``__new__``: its fields in order, by position or by name.

    The fields given by position, all of them — as the rules write events — go into the
    tuple as they came; any other call is bound to the field names first, with the errors
    a function with these parameters raises. Plain code, no generated source: it replaced
    a ``__new__`` written out per kind with ``exec``, which made a class call about a third
    cheaper (some 20 ns) — nothing a game notices (``bench/instructions.py`` unchanged),
    since the events made on every step are made with :data:`make`, not class calls."""
    count = len(names)
    signature = inspect.Signature(
        [inspect.Parameter(n, inspect.Parameter.POSITIONAL_OR_KEYWORD) for n in names]
    )

    def __new__(cls: type[Event], *args: Any, **kwargs: Any) -> Event:
        if kwargs or len(args) != count:
            try:
                bound = signature.bind(*args, **kwargs)
            except TypeError as e:
                raise TypeError(f"{cls.__name__}(): {e}") from None
            args = bound.args
        return tuple.__new__(cls, args)

    __new__.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [
            inspect.Parameter("cls", inspect.Parameter.POSITIONAL_OR_KEYWORD),
            *signature.parameters.values(),
        ]
    )
    return __new__


make = tuple.__new__
"""``make(Rolled, (player, dice))``: the event ``Rolled(player, dice)``, fields in order,
built without the Python-level ``__new__`` an event class calls. The engine makes an event
on nearly every step; this way costs half as much in CPython and a fifth as much from the
compiled engine (a native call instead of a Python frame). Used on the engine's hot paths;
everywhere else the class call reads better (a test checks each such site's fields)."""


def event_fields(e: Event | type[Event]) -> tuple[str, ...]:
    """The names of an event kind's fields, in order."""
    return e._fields


def replace_fields(e: E, **changes: Any) -> E:
    """A copy of event ``e`` with some fields changed (``dataclasses.replace`` for events)."""
    unknown = set(changes) - set(e._fields)
    if unknown:
        raise TypeError(f"{type(e).__name__} has no field {sorted(unknown)[0]!r}")
    return type(e)(*[changes.get(n, v) for n, v in zip(e._fields, e, strict=True)])


def redact(e: Event, viewer: int | None) -> Event:
    """``e`` as seat ``viewer`` (``None``: a spectator) may see it."""
    secret = e.secret
    if not secret:
        return e
    if viewer is not None:
        for f in e.seen_by:
            if getattr(e, f) == viewer:
                return e
    changes = {f: None if getattr(e, f) is None else HIDDEN for f in secret}
    return replace_fields(e, **changes)


# -- JSON -------------------------------------------------------------------------------------


def _role(hint: Any) -> str | None:
    """The ``Annotated`` role of a field's type, looking inside unions (``Res | Hidden``)."""
    if typing.get_origin(hint) is Annotated:
        meta = hint.__metadata__
        return str(meta[0]) if meta else None
    for arg in typing.get_args(hint):
        role = _role(arg)
        if role is not None:
            return role
    return None


_ROLES: dict[type[Event], tuple[tuple[str, str | None], ...]] = {}


def _roles(cls: type[Event]) -> tuple[tuple[str, str | None], ...]:
    roles = _ROLES.get(cls)
    if roles is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        roles = tuple((name, _role(hints[name])) for name in cls._fields)
        _ROLES[cls] = roles
    return roles


def _value(role: str | None, x: Any, topo: Topology) -> Any:
    if x is None or isinstance(x, Hidden):
        return None if x is None else "hidden"
    if role == "seat":
        return None if x < 0 else x
    if role == "seats":
        return [q for q in range(x.bit_length()) if x >> q & 1]
    if role == "hex":
        return topo.hex_names[x]
    if role == "site":
        return topo.site_name(x)
    if role == "path":
        return topo.path_names[x]
    if role == "intersection":
        return topo.intersection_names[x]
    if role == "resource":
        return None if x < 0 else resource_name(x)
    if role == "card":
        return dev_name(x)
    if role == "helper":
        return None if x < 0 else helper_name(x)
    if role == "cards":
        return [dev_name(c) for c in x]
    if role == "bundle":
        return format_bundle(x)
    return _plain(x)


def _plain(x: object) -> object:
    """Tuples, also nested ones (e.g. the start rolls' pairs), as JSON lists."""
    return [_plain(y) for y in x] if isinstance(x, tuple) else x


def event_to_json(e: Event, topo: Topology) -> dict[str, Any]:
    """A (redacted) event as JSON: ``{"event": kind, field: value, ...}``."""
    out: dict[str, Any] = {"event": e.kind}
    for name, role in _roles(type(e)):
        out[name] = _value(role, getattr(e, name), topo)
    return out


# -- the base game's events -------------------------------------------------------------------


class StartRoll(Event):
    """Everyone rolls for the starting player: ``rolls`` is ((seat, total), ...)."""

    kind: ClassVar[str] = "start_roll"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    rolls: tuple[tuple[int, int], ...]


class StartingResources(Event):
    """The resources of the hexes around a second (or starred) settlement."""

    kind: ClassVar[str] = "starting_resources"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    resources: Bundle5


class Rolled(Event):
    kind: ClassVar[str] = "roll"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    dice: tuple[int, int]


class SevenRerolled(Event):
    """A 7 in the first two complete turns, ignored: the same player rolls again
    (alternate rule 4, ``alternate.py``)."""

    kind: ClassVar[str] = "seven_rerolled"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat


class Produced(Event):
    """A production roll paid out: ``received[5 * seat + resource]`` (after the bank's limits)."""

    kind: ClassVar[str] = "produce"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    total: int
    received: tuple[int, ...]


class RoadBuilt(Event):
    kind: ClassVar[str] = "road"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    path: PathRef


class SettlementBuilt(Event):
    kind: ClassVar[str] = "settlement"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    intersection: Spot


class CityBuilt(Event):
    kind: ClassVar[str] = "city"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    intersection: Spot


class Discarded(Event):
    kind: ClassVar[str] = "discard"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    cards: Bundle5


class RobberMoved(Event):
    """The robber moved; ``stolen`` (the resource taken, ``None`` if nothing) is known to
    the thief and the victim only; everyone sees whether a card was taken. ``hex`` is the
    robber's site: a hex, or with the pirate a harbor (``Topology.site_name``)."""

    kind: ClassVar[str] = "robber"
    secret: ClassVar[tuple[str, ...]] = ("stolen",)
    seen_by: ClassVar[tuple[str, ...]] = ("player", "victim")
    player: Seat
    hex: SiteRef
    victim: Seat
    stolen: Res | Hidden | None


class CardDrawn(Event):
    """A development card bought: which one only its buyer knows."""

    kind: ClassVar[str] = "draw"
    secret: ClassVar[tuple[str, ...]] = ("card",)
    seen_by: ClassVar[tuple[str, ...]] = ("player",)
    player: Seat
    card: Card | Hidden


class KnightPlayed(Event):
    kind: ClassVar[str] = "knight"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat


class RoadBuildingPlayed(Event):
    kind: ClassVar[str] = "road_building"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat


class YearOfPlentyPlayed(Event):
    """Year of Plenty: ``second`` is ``-1`` when the bank had one card only."""

    kind: ClassVar[str] = "year_of_plenty"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    resource: Res
    second: Res


class MonopolyPlayed(Event):
    """Monopoly: ``taken[seat]`` cards of ``resource`` from each opponent."""

    kind: ClassVar[str] = "monopoly"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    resource: Res
    taken: tuple[int, ...]


class LongestRoadMoved(Event):
    """The Longest Road card went to ``holder`` (``-1``: set aside)."""

    kind: ClassVar[str] = "longest_road"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    holder: Seat


class LargestArmyMoved(Event):
    kind: ClassVar[str] = "largest_army"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    holder: Seat


class MaritimeTraded(Event):
    kind: ClassVar[str] = "maritime"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    give: Bundle5
    get: Bundle5


class OfferMade(Event):
    """A domestic offer, numbered ``offer`` (answers name it: ``p1 accept #3``)."""

    kind: ClassVar[str] = "offer"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    give: Bundle5
    get: Bundle5
    to: Seats
    offer: int


class OfferAnswered(Event):
    """An answer to an offer: ``answer`` is accept, reject or counter (with its terms,
    written from the answering player's side)."""

    kind: ClassVar[str] = "answer"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    answer: str
    give: Bundle5
    get: Bundle5
    offer: int


class OfferClosed(Event):
    """Offer number ``offer`` is over without a trade (withdrawn, or nobody agreed)."""

    kind: ClassVar[str] = "offer_closed"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    offer: int


class Traded(Event):
    """A domestic trade: ``player`` gave ``give`` to ``partner`` for ``get``, closing offer
    number ``offer``."""

    kind: ClassVar[str] = "trade"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    partner: Seat
    give: Bundle5
    get: Bundle5
    offer: int


class TurnStarted(Event):
    kind: ClassVar[str] = "turn"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    turn: int


class SpecialBuildTurn(Event):
    kind: ClassVar[str] = "special_build"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat


class Won(Event):
    """``player`` won with ``points``, revealing ``vp_cards`` victory point cards."""

    kind: ClassVar[str] = "win"
    secret: ClassVar[tuple[str, ...]] = ()
    seen_by: ClassVar[tuple[str, ...]] = ()
    player: Seat
    points: int
    vp_cards: int


# -- the log ----------------------------------------------------------------------------------

LogNode = tuple[int, tuple[Event, ...], Any]
"""One step of a state's event log: (version after the step, its events, previous node)."""


def since_steps(node: LogNode | None, version: int) -> list[tuple[Event, ...]]:
    """The events of each step of the log ending at ``node`` after ``version``, oldest first."""
    steps: list[tuple[Event, ...]] = []
    while node is not None and node[0] > version:
        steps.append(node[1])
        node = node[2]
    steps.reverse()
    return steps


def since(node: LogNode | None, version: int) -> list[Event]:
    """Every event of the log ending at ``node`` with a version above ``version``, in order."""
    return [e for step in since_steps(node, version) for e in step]
