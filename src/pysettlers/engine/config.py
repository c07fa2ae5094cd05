"""The frozen rules configuration: every option of a game in one value.

What this is for: players, VP target, discard limit, map kind, phase style and seed — the
whole of what distinguishes one game's rules from another's. Derived sizes (bank, deck,
piece limits, board shape) come from here, so later options (5–6 players, helpers, pirate)
extend this one value instead of adding globals.

What this is not: no game state and no rule logic.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar, Final, overload

from . import data
from .options import (
    ALTERNATE_RULES,
    LARGE_GAME_VARIANTS,
    MAP_KINDS,
    MAX_DESCRIPTION,
    RULES_OPTIONS,
    TRADE_BUILD_STYLES,
    AlternateRule,
    LargeGameVariant,
    MapKind,
    Mention,
    OptionError,
    Options,
    TradeBuild,
    fields_match,
)
from .types import DevCard

TWO_SET_MAPS: tuple[MapKind, ...] = ("big-island", "peanut")
"""The 1996 rules' maps for 7–8 players ("Big Island (7-8 Player)", "Peanut (7-8 Player)"),
laid out from two sets of land hexes and played with two sets of cards."""


def default_map_kind(players: int) -> MapKind:
    """The map of a game whose map is not chosen: 7–8 players have no ``variable`` map, so
    theirs is Big Island."""
    return "big-island" if players >= 7 else "variable"


@lru_cache(maxsize=32)
def _description_error(text: str) -> str | None:
    """Why ``text`` is no map description, or ``None`` (remembered: equal rules are made
    again and again — ``registry.ruleset_for``, every record replayed)."""
    # (Imported here: the maps package imports this module.)
    from .maps.description import load_description

    try:
        load_description(text)
    except ValueError as e:
        return str(e)
    return None


@dataclass(frozen=True, slots=True)
class Rules:
    """Options of one game. Invalid combinations raise ``ValueError`` naming the option.

    * ``players`` — 3 or 4 (R5); 5 or 6 with the 5–6 Player Extension (the larger island,
      24 of each resource, 34 development cards); 7 or 8 on the 1996 rules' Big Island or
      Peanut map, which need 7 or 8 players ("two complete sets of resource and development
      cards": 38 of each resource, 50 development cards; discard limit 13); 2 is an
      unofficial option with no other rule change.
    * ``vp_target`` — points needed to win on one's own turn (R5: 10); from 3 to 30, and
      at most :attr:`max_points`, the most one player can hold with these rules (22; 27
      with two sets of cards), so that every game can end.
    * ``discard_limit`` — on a 7, players holding more than this discard half (R5: 7; the
      default for the Mayfair 5–6 variant is 10). ``None`` means the default.
    * ``large_game_variant`` — for 5–8 players: ``special_building`` (R5: after each turn
      every other player may build, in a Special Building Phase) or ``mayfair`` (the 1996
      variant: no Special Building Phase, discard limit 10 instead; with 7–8 players the
      maps' own limit, 13, either way — the 7–8 text is silent on the Special Building Phase,
      so the 5–6 default stands: README, "7–8 players").
    * ``map_kind`` — ``beginner`` (Illustration A with its starting pieces), ``variable``
      (shuffled terrain and harbors, tokens A–R along the spiral) or ``random`` (shuffled
      terrain, harbors and tokens; no 6 or 8 touching another 6 or 8); for 7–8 players
      ``big-island`` or ``peanut`` (the 1996 maps, shuffled terrain and harbors, tokens by
      the spiral; ``data.py``).
      The 1996 maps (``engine/maps``): ``islands`` (3–4 players: land, water and port
      hexes shuffled into one hexagon, bridges, the distance exception across water) and
      ``big-islands`` (5–6 players, discard limit 10); ``described`` is a map given by a
      user's description in ``map_description`` (``engine/maps/description.py``).
    * ``map_description`` — the JSON text of a map description, with ``described`` only
      (kept as text so that the rules stay one frozen, hashable, serialisable value and a
      record replays the same map from them).
    * ``trade_build`` — ``combined`` trade/build phase (Almanac, the default) or the
      beginners' ``separate`` trade phase followed by a build phase.
    * ``scenarios`` — the scenarios in play, by name, kept sorted: the registered scenarios
      switched on by name (``registry.named_scenarios``; an unknown name is refused naming
      ``scenarios`` and the names known). None by default. Today:

      * ``helpers`` — the *Helpers of CATAN* (R5 pp. 8–9): each player always has one of
        ten helper cards whose advantage they may use (``scenarios/helpers``); for at most
        6 players (the stack holds six numbered helpers).
      * ``pirate`` — the 1996 rules' "Pirate" (003, "Alternate Rules for Experienced
        Players", 1): the robber may also be placed on a harbor, closing it to trade while
        it stands there (``scenarios/pirate``).
      * ``ships`` — Seafarers ships (002): ships built for lumber and wool on the paths
        that touch the sea, lines of ships from one's settlements, the ship at a line's
        open end moved once a turn, and the Longest Road counted as the Longest Trade Route
        (``scenarios/ships``); on any map (every map has sea round it).

      ``Rules(helpers=True)``, ``Rules(pirate=True, ships=True)`` and ``replace(rules,
      pirate=False)`` still say the same (a true one adds its name, a false one takes it
      away), and :attr:`helpers`, :attr:`pirate` and :attr:`ships` read whether the name is
      in: the rules had one boolean per scenario before.
    * ``alternate`` — the 1996 rules' alternate rules in play, by name (``ALTERNATE_RULES``;
      ``alternate.py``), kept sorted. ``no_trade_after_building`` is the same rule as the
      ``separate`` trade and build phases, so it is stored as ``trade_build="separate"``.
      (The islands maps' bridges are switched on by ``map_kind``, not named here.)
    * ``seed`` — seeds the map and the game's own chance.
    """

    players: int = 4
    vp_target: int = 10
    discard_limit: int | None = None
    map_kind: MapKind = "variable"
    trade_build: TradeBuild = "combined"
    large_game_variant: LargeGameVariant = "special_building"
    seed: int = 0
    scenarios: tuple[str, ...] = ()
    alternate: tuple[AlternateRule, ...] = ()
    map_description: str | None = None

    options: ClassVar[Options] = RULES_OPTIONS
    """The declaration of every field (``options.py``): its type, range or choices, default
    and help. A subclass with more fields declares them here too."""

    def __init__(
        self,
        players: int = 4,
        vp_target: int = 10,
        discard_limit: int | None = None,
        map_kind: MapKind = "variable",
        trade_build: TradeBuild = "combined",
        large_game_variant: LargeGameVariant = "special_building",
        seed: int = 0,
        scenarios: tuple[str, ...] = (),
        alternate: tuple[AlternateRule, ...] = (),
        map_description: str | None = None,
        *,
        helpers: bool | None = None,
        pirate: bool | None = None,
        ships: bool | None = None,
    ) -> None:
        # Written out, not generated: the fields (with the defaults of their declarations,
        # ``tests/engine/test_rules_scenarios.py``) and the booleans the rules had before
        # ``scenarios``, which ``dataclasses.replace`` passes on as well.
        if helpers is not None or pirate is not None or ships is not None:
            scenarios = _switched(scenarios, helpers=helpers, pirate=pirate, ships=ships)
        put = object.__setattr__
        put(self, "players", players)
        put(self, "vp_target", vp_target)
        put(self, "discard_limit", discard_limit)
        put(self, "map_kind", map_kind)
        put(self, "trade_build", trade_build)
        put(self, "large_game_variant", large_game_variant)
        put(self, "seed", seed)
        put(self, "scenarios", scenarios)
        put(self, "alternate", alternate)
        put(self, "map_description", map_description)
        self.__post_init__()

    def __post_init__(self) -> None:
        try:
            self._check()
        except RecursionError:
            # A deeply nested value (from JSON) quoted in a message: ``repr`` recurses.
            raise ValueError("rules: an option's value nests too deeply") from None

    def _check(self) -> None:
        # Every option's type and range first, from its declaration: a wrong type
        # (``Rules("x")``, a float player count, ``True`` as a VP target — a bool is an int
        # to Python) is a ``ValueError`` naming the option, never a ``TypeError`` from deep
        # inside a check. Then what involves several options, each refusal naming them.
        type(self).options.check(self)
        self._normalise_alternate()
        object.__setattr__(self, "scenarios", tuple(sorted(self.scenarios)))
        if self.players >= 7 and self.map_kind not in (*TWO_SET_MAPS, "described"):
            # A described map (a user's) may be drawn for any number of players.
            raise OptionError(
                "map_kind",
                f"{self.players} players need one of the 1996 rules' 7–8 player maps (",
                Mention("map_kind", TWO_SET_MAPS),
                ") or a map of your own (",
                Mention("map_description"),
                "), not ",
                Mention("map_kind", (self.map_kind,)),
            )
        if self.large_game_variant == "mayfair" and self.players < 5:
            # The variant replaces the 5–6 player extension's Special Building Phase: with
            # fewer players there is none to replace, so the choice would change nothing.
            raise OptionError(
                "large_game_variant",
                Mention("large_game_variant", ("mayfair",)),
                f" is a variant for 5–8 players (got {self.players})",
            )
        if self.helpers and self.players > len(data.HELPER_STACK):
            # "Each player takes the top card" of the stack A1–A6 with their second
            # settlement (R5 p. 8): six numbered helpers, for at most six players.
            raise OptionError(
                "scenarios",
                "the helpers (",
                Mention("scenarios", ("helpers",)),
                f") deal one of six numbered helpers (A1–A6) to each player: at most 6 "
                f"players (got {self.players})",
            )
        for name, why in (("ignore_seven", 5), ("knight_interrupts", 8)):
            # Sean's owner answers a 7 at once, and Lin's owner moves the robber: whether
            # before or after the roller's choice or a chain of knights, neither rulebook says.
            if self.helpers and name in self.alternate:
                raise OptionError(
                    "alternate",
                    f"alternate rule {why} ({name}) cannot be combined with the helpers",
                )
        if self.map_kind in TWO_SET_MAPS and self.players < 7:
            raise OptionError(
                "map_kind",
                Mention("map_kind", (self.map_kind,)),
                f" is a 7–8 player map (1996 rules); {self.players} players use 'variable' "
                "or 'random'",
            )
        if self.map_kind == "beginner" and self.players > 4:
            raise OptionError(
                "map_kind",
                "the beginner map (Illustration A) is for 2–4 players; the 5–6 extension "
                "has no fixed beginner set-up (use ",
                Mention("map_kind", ("variable", "random")),
                ")",
            )
        self._check_map()
        most = self.max_points
        if self.vp_target > most:
            # A target nobody can reach makes a game that never ends (bots play on forever).
            raise OptionError(
                "vp_target",
                Mention("vp_target"),
                f" {self.vp_target} cannot be reached: a player can hold at most "
                f"{most} points with these rules ({self.points_breakdown})",
            )

    def _check_map(self) -> None:
        """The player counts of the 1996 maps, and a description exactly when described."""
        kind = self.map_kind
        if kind == "islands" and self.players > 4:
            raise OptionError(
                "map_kind",
                "the islands map (1996) is for 3–4 players; with 5–6 use ",
                Mention("map_kind", ("big-islands",)),
            )
        if kind == "big-islands" and self.players < 5:
            raise OptionError(
                "map_kind",
                "the big-islands map (1996) is for 5–6 players; with 3–4 use ",
                Mention("map_kind", ("islands",)),
            )
        if kind == "described" and self.map_description is None:
            raise OptionError(
                "map_description",
                Mention("map_kind", ("described",)),
                " needs a ",
                Mention("map_description"),
                " (the JSON text)",
            )
        if kind != "described" and self.map_description is not None:
            raise OptionError(
                "map_description",
                Mention("map_description"),
                " is only for ",
                Mention("map_kind", ("described",)),
            )
        if self.map_description is not None:
            # Read and checked now, when the rules are made (a server's request, a record,
            # a CLI flag), not first when the board is laid out.
            error = _description_error(self.map_description)
            if error is not None:
                raise OptionError("map_description", Mention("map_description"), f": {error}")

    def _normalise_alternate(self) -> None:
        """One spelling per set of rules: sorted, a tuple, and rule 6 as the separate
        phases (it is their rule: "once a player starts building, he cannot make any more
        trades"), so equal rules compare, hash and serialise equal."""
        alt = set(self.alternate)
        if "no_trade_after_building" in alt:
            alt.discard("no_trade_after_building")
            object.__setattr__(self, "trade_build", "separate")
        object.__setattr__(self, "alternate", tuple(sorted(alt)))

    def has(self, rule: AlternateRule) -> bool:
        """Whether the alternate rule ``rule`` is in play."""
        return rule in self.alternate

    # The scenarios' booleans of the rules before ``scenarios``, read as they always were.
    @property
    def helpers(self) -> bool:
        """Whether the Helpers of CATAN are in play (``"helpers" in scenarios``)."""
        return "helpers" in self.scenarios

    @property
    def pirate(self) -> bool:
        """Whether the 1996 pirate is in play (``"pirate" in scenarios``)."""
        return "pirate" in self.scenarios

    @property
    def ships(self) -> bool:
        """Whether Seafarers ships are in play (``"ships" in scenarios``)."""
        return "ships" in self.scenarios

    # Derived component sizes (tables in data.py).
    @property
    def extension(self) -> bool:
        """Whether the 5–6 Player Extension's board and components are in play."""
        return 5 <= self.players <= 6

    @property
    def two_sets(self) -> bool:
        """Whether two sets of the base game's cards are in play (the 7–8 player maps)."""
        return self.players >= 7

    @property
    def special_building(self) -> bool:
        """Whether a Special Building Phase follows every turn (5–6 players, R5 p. 7)."""
        return self.players >= 5 and self.large_game_variant == "special_building"

    @property
    def discard_max(self) -> int:
        """Hand size above which a 7 costs half the hand: the option, else 7 (10 for Mayfair,
        13 on the 7–8 player maps)."""
        if self.discard_limit is not None:
            return self.discard_limit
        if self.two_sets:
            return data.DISCARD_LIMIT_TWO_SETS
        # Big Islands of Catan: "the robber only forces a player to discard half their cards
        # if the player has more than ten cards" (003, 6.).
        if self.map_kind == "big-islands":
            return 10
        return 10 if self.players >= 5 and self.large_game_variant == "mayfair" else 7

    @property
    def max_points(self) -> int:
        """The most victory points one player can hold under these rules, from the
        components: every city and settlement of the supply on the board (R5: 4 cities and
        5 settlements; a city replaces a settlement, which goes back to the supply), both
        special cards (Longest Road, Largest Army: 2 points each) and every victory point
        card of the deck (5; 10 with two sets of cards). No scenario in play gives points
        of its own (the Helpers of CATAN, the 1996 alternate rules — rule 1 only turns the
        cards face up —, the pirate, the islands maps, Seafarers ships), so none is added;
        one that does adds its points here."""
        return sum(points for points, _ in self._points())

    @property
    def points_breakdown(self) -> str:
        """:attr:`max_points` in words, for a message."""
        return " + ".join(f"{points} for {what}" for points, what in self._points())

    def _points(self) -> tuple[tuple[int, str], ...]:
        cities = data.CITIES_PER_PLAYER
        settlements = data.SETTLEMENTS_PER_PLAYER
        return (
            (2 * cities, f"{cities} cities"),
            (settlements, f"{settlements} settlements"),
            (2 * data.AWARD_POINTS, "Longest Road and Largest Army"),
            (self.deck[DevCard.VICTORY_POINT], "the victory point cards"),
        )

    @property
    def bank_per_resource(self) -> int:
        if self.two_sets:
            return data.BANK_PER_RESOURCE_TWO_SETS
        return data.BANK_PER_RESOURCE_EXT if self.extension else data.BANK_PER_RESOURCE_BASE

    @property
    def deck(self) -> tuple[int, int, int, int, int]:
        if self.two_sets:
            return data.DECK_TWO_SETS
        return data.DECK_EXT if self.extension else data.DECK_BASE

    def to_json(self) -> dict[str, Any]:
        """The options as JSON by name (``options.py``): the scenarios and alternate rules
        only when some are in play, so records of games without them stay exactly as they
        were before they existed."""
        return type(self).options.to_json(self)

    @classmethod
    def from_json(cls, obj: object) -> Rules:
        """Rules from :meth:`to_json` data, or from that of the rules before ``scenarios``
        (``"helpers": true``: :func:`upgrade_json`); raises ``ValueError`` naming a bad
        option."""
        return cls(**cls.options.from_json(upgrade_json(obj)))


_FLAGS: Final = ("helpers", "pirate", "ships")
"""The scenarios that were one boolean each in the rules before ``scenarios``."""


def _switched(scenarios: Any, **flags: object) -> Any:
    """``scenarios`` with each scenario of a true flag added and of a false one taken away
    (a flag that is not true or false is refused naming it)."""
    if not isinstance(scenarios, tuple | list):
        return scenarios  # (refused by the check, naming ``scenarios``)
    names = list(scenarios)
    for name, on in flags.items():
        if on is None:
            continue
        if not isinstance(on, bool):
            try:
                got = repr(on)
            except RecursionError:  # (as ``Rules.__post_init__`` says it)
                raise ValueError("rules: an option's value nests too deeply") from None
            raise OptionError(name, f"{name} must be true or false (got {got})")
        if on and name not in names:
            names.append(name)
        elif not on:
            names = [x for x in names if x != name]
    return tuple(names)


@overload
def upgrade_json(obj: dict[str, Any]) -> dict[str, Any]: ...
@overload
def upgrade_json(obj: object) -> object: ...
def upgrade_json(obj: object) -> object:
    """Rules JSON as this version writes it: the booleans of the rules before ``scenarios``
    (``"helpers": true``, ``"pirate": false``) as its names, merged with any ``scenarios``
    given (a record, a server's request or a results file of an older version); and
    ``large_game_variant`` ``mayfair`` with fewer than 5 players, which earlier versions
    took and which changed nothing, as the default (so their records still load and replay
    the same game). Anything else is returned as it is (the options' own reading refuses
    what it must)."""
    if (
        isinstance(obj, dict)
        and obj.get("large_game_variant") == "mayfair"
        and isinstance(obj.get("players", 4), int)
        and obj.get("players", 4) < 5
    ):
        obj = {k: v for k, v in obj.items() if k != "large_game_variant"}
    if not isinstance(obj, dict) or not any(k in obj for k in _FLAGS):
        return obj
    out = {k: v for k, v in obj.items() if k not in (*_FLAGS, "scenarios")}
    switched = _switched(obj.get("scenarios", []), **{k: obj[k] for k in _FLAGS if k in obj})
    if switched != ():
        out["scenarios"] = list(switched) if isinstance(switched, tuple) else switched
    return out


fields_match(Rules, Rules.options)  # one field per declared option, with its default

__all__ = [
    # (the options' types and choices live in options.py, named here as they always were)
    "ALTERNATE_RULES",
    "LARGE_GAME_VARIANTS",
    "MAP_KINDS",
    "MAX_DESCRIPTION",
    "TRADE_BUILD_STYLES",
    "TWO_SET_MAPS",
    "AlternateRule",
    "LargeGameVariant",
    "MapKind",
    "Rules",
    "TradeBuild",
    "default_map_kind",
    "upgrade_json",
]
