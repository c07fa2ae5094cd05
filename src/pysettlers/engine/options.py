"""What each rules option is, declared once: its type, range or choices, default, help text
and where it applies.

What this is for: one :class:`Option` per field of :class:`~pysettlers.engine.config.Rules`
(``RULES_OPTIONS``), from which every adapter derives its own face of the option instead of
listing the options again by hand: ``Rules`` checks each field's type and range with it
(:meth:`Option.check`) and writes and reads its JSON with it (:meth:`Options.to_json`), the
``pysettlers`` command builds its flags from it (``cli/options.py``), the server serves it as
the lobby's form and checks the game options it declares with the same type
(``server/options.py``), and the simulator's report names every option that differs from
its default (``sim/report.py``). A new option is one field of ``Rules`` and one ``Option``
here; a test (``tests/engine/test_options.py``) adds one and finds it everywhere.

Each derivation takes the declaration set as a parameter (default: the real one), so a
test can add an option without touching a global: a subclass of ``Rules`` with one more
field and ``options = RULES_OPTIONS.plus(Option(...))``.

What this is not: the checks that involve several options (a map's player count, the
Helpers of CATAN's six helpers, a reachable VP target: ``Rules._check``) and no rule logic.
Dependency-free: nothing here imports the rest of the engine, but for the scenarios' names,
asked of the registry when a value is checked or a form or flag is made (``Rules.scenarios``
takes the registered scenarios', so a scenario is its package and one registry line).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NoReturn, get_args

Kind = Literal["int", "number", "bool", "choice", "choices", "text"]
"""An option's type: a whole number, a number, true or false, one of named choices, a list
of named choices (each at most once; the choices may come from a registry: the set of names
registered when asked), or free text."""

Place = Literal["demo", "play", "render", "sim", "arena", "serve", "lobby", "server"]
"""Where an option applies: a sub-command of ``pysettlers`` (its flag), the lobby's form,
the server's request (``POST /api/games``)."""

GAME_COMMANDS: frozenset[Place] = frozenset({"demo", "play", "render"})
"""The sub-commands that make one game's rules (their ``--seed`` is the game's)."""
RUN_COMMANDS: frozenset[Place] = frozenset({"sim", "arena"})
"""The sub-commands that play many games (their ``--seed`` is a master seed)."""
EVERYWHERE: frozenset[Place] = GAME_COMMANDS | RUN_COMMANDS | {"lobby", "server"}

_UNSET: Any = object()


class OptionError(ValueError):
    """A value an option refuses, or a combination of options the rules refuse: a
    ``ValueError`` whose ``option`` names the option at fault and whose message names every
    option it mentions as :class:`Mention` parts, so that an adapter can say them in its own
    words (the command line: ``--vp`` for ``vp_target``) with :meth:`say`."""

    def __init__(self, option: str, *parts: str | Mention) -> None:
        self.option = option
        self.parts = parts
        super().__init__(self.say(Mention.words))

    def say(self, name: Callable[[Mention], str]) -> str:
        """The message with every mentioned option said by ``name``."""
        return "".join(p if isinstance(p, str) else name(p) for p in self.parts)


@dataclass(frozen=True, slots=True)
class Mention:
    """An option named in a message, with the values it is said with (if any)."""

    option: str
    values: tuple[str, ...] = ()

    def words(self) -> str:
        """The engine's words: ``map_kind 'big-island' or 'peanut'``."""
        return " ".join((self.option, " or ".join(repr(v) for v in self.values))).strip()


def _is_int(value: object) -> bool:
    # (A bool is an int to Python; never an option's number.)
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Option:
    """One option: what it is (``kind``, range or choices, ``default``), what it means
    (``help``; ``label`` and ``choice_labels`` are the lobby's words for it) and where it
    applies (``applies``; ``flag`` is its command-line flag, ``--`` and the name with
    dashes unless given)."""

    name: str
    kind: Kind
    default: Any
    help: str
    applies: frozenset[Place] = EVERYWHERE
    low: float | None = None
    """The least value (a number), or the least length (text)."""
    high: float | None = None
    """The greatest value (a number), or the greatest length (text)."""
    bounds: str = ""
    """The range in words where "between LOW and HIGH" reads wrongly."""
    choices: tuple[str, ...] = ()
    registry: Callable[[], tuple[str, ...]] | None = None
    """Where the choices come from when they are registered, not fixed (asked each time)."""
    registry_words: Callable[[], Mapping[str, tuple[str, str]]] | None = None
    """The words of each registered choice: its label and its note (``choice_labels`` and
    ``choice_notes`` of fixed choices)."""
    item: str = ""
    """What one name of a list option is, in messages ("alternate rule")."""
    implied: tuple[str, ...] = ()
    """Choices set through another option, never offered by a form or a flag (``map_kind``
    ``described``: set by giving a ``map_description``)."""
    optional: bool = False
    """Whether ``None`` is a value (``discard_limit``: none given, the rules' own)."""
    omit_default: bool = False
    """Written to JSON only when not the default: records of games without the option stay
    exactly as they were before it existed (the scenarios, the alternate rules)."""
    flag: str = ""
    metavar: str | None = None
    cli_default: Any = _UNSET
    """The command line's default where it differs (``--seed 1``; ``None``: "decided by the
    other options", e.g. the map for the number of players)."""
    cli_file: bool = False
    """The command line gives a file holding the text, not the text (``--map-file``)."""
    label: str = ""
    term: str = ""
    """The option's name in a line of words (a report's headline), where not its label."""
    choice_labels: tuple[str, ...] = ()
    """The lobby's words for each of ``choices``, in order (where not the names)."""
    each_flag: bool = False
    """A list of names: each name is also a command-line flag of its own (``--pirate`` for
    ``--scenario pirate``), with its label and note as help."""
    folded: bool = False
    """A list of names: the form folds its boxes away under its label (the alternate rules);
    else each box is drawn like a true-or-false option, with its note."""
    group: str = "rules"
    """Where the lobby shows it: ``table`` (with the seats), ``map`` (with the map's
    preview), ``rules``, ``scenarios``, ``alternate`` (folded), ``server`` (the game's server
    options)."""
    order: int = 100
    """Its place in the lobby's form within its group, lower first (the most used options
    first; equal ones in declaration order). The declaration order stays that of the flags
    and of the JSON, so that records are written as they always were."""
    placeholder: str = ""
    note: str = ""
    """The form's short note under the option's input (none: the label says it all)."""
    unit: str = ""
    """The word after a number in a list ("4 players"): the lobby offers a list."""
    min_players: int = 0
    """The option matters from this many players on (the lobby hides it below)."""
    step: float | None = None

    def __post_init__(self) -> None:
        if self.kind in ("choice", "choices") and not (self.choices or self.registry):
            raise ValueError(f"option {self.name}: a {self.kind} option needs its choices")
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"option {self.name}: one label per choice")

    # -- what it is -------------------------------------------------------------------------

    @property
    def all_choices(self) -> tuple[str, ...]:
        """Every value a choice takes (a registry's names as registered now)."""
        return self.registry() if self.registry is not None else self.choices

    def choice_words(self) -> dict[str, tuple[str, str]]:
        """The label and note of each choice (the name and no note where none is given)."""
        if self.registry_words is not None:
            words = dict(self.registry_words())
        else:
            labels = zip(self.choices, self.choice_labels, strict=False)
            words = {c: (label, "") for c, label in labels}
        return {c: words.get(c, (c, "")) for c in self.all_choices}

    @property
    def offered(self) -> tuple[str, ...]:
        """The choices a form or a flag offers (without the :attr:`implied` ones)."""
        return tuple(c for c in self.all_choices if c not in self.implied)

    @property
    def cli_flag(self) -> str:
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def command_default(self) -> Any:
        """The default on the command line."""
        if self.cli_default is not _UNSET:
            return self.cli_default
        return list(self.default) if self.kind == "choices" else self.default

    @property
    def range_words(self) -> str:
        if self.bounds:
            return self.bounds
        if self.high is None:
            return f"at least {_num(self.low)}"
        if self.low is None:
            return f"at most {_num(self.high)}"
        return f"between {_num(self.low)} and {_num(self.high)}"

    def applies_to(self, place: Place) -> bool:
        return place in self.applies

    # -- checking ---------------------------------------------------------------------------

    def check(self, value: object) -> None:
        """Refuse ``value`` with an :class:`OptionError` naming this option, or return."""
        if value is None and self.optional:
            return
        kind = self.kind
        if kind == "int" or kind == "number":
            ok = _is_int(value) or (kind == "number" and isinstance(value, float))
            if not ok or not isinstance(value, int | float):
                what = "an integer" if kind == "int" else "a number"
                self._refuse(f" must be {what}{' or None' if self.optional else ''}", value)
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise OptionError(
                    self.name, Mention(self.name), f" must be {self.range_words} (got {value})"
                )
        elif kind == "bool":
            if not isinstance(value, bool):
                self._refuse(" must be true or false", value)
        elif kind == "choice":
            choices = self.all_choices
            if not isinstance(value, str) or value not in choices:
                self._refuse(f" must be one of {choices}", value)
        elif kind == "choices":
            self._check_names(value)
        else:  # text
            if not isinstance(value, str):
                self._refuse(" must be text", value)
            if self.high is not None and len(value) > self.high:
                raise OptionError(
                    self.name,
                    Mention(self.name),
                    f" is {len(value)} characters; at most {_num(self.high)}",
                )

    def _check_names(self, value: object) -> None:
        item = self.item or "name"
        if isinstance(value, str) or not isinstance(value, tuple | list):
            self._refuse(f" must be a list of {item.split()[-1]} names", value)
        known = self.all_choices
        for name in value:
            if not isinstance(name, str) or name not in known:
                raise OptionError(
                    self.name,
                    Mention(self.name),
                    f": unknown {item} {name!r} (known: {', '.join(known)})",
                )
        if len(set(value)) != len(value):
            article = "an" if item[0] in "aeiou" else "a"
            raise OptionError(self.name, f"{article} {item} is named twice in {list(value)}")

    def _refuse(self, must: str, value: object) -> NoReturn:
        raise OptionError(self.name, Mention(self.name), f"{must} (got {value!r})")

    # -- JSON ----------------------------------------------------------------------------

    def to_json(self, value: Any) -> Any:
        return list(value) if self.kind == "choices" else value

    def from_json(self, value: Any) -> Any:
        """A JSON value as the field holds it (a list of names as a tuple)."""
        return tuple(value) if self.kind == "choices" and isinstance(value, list) else value

    def schema(self) -> dict[str, Any]:
        """The option as data for a client (the lobby's form: ``GET /api/rules/schema``)."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.to_json(self.default),
            "help": self.help,
            "label": self.label or self.name.replace("_", " "),
            "group": self.group,
            "optional": self.optional,
        }
        if self.kind in ("choice", "choices"):
            words = self.choice_words()
            out["choices"] = [[c, words[c][0]] for c in self.offered]
            notes = [words[c][1] for c in self.offered]
            if any(notes):
                out["choice_notes"] = notes
        if self.folded:
            out["folded"] = True
        for key in ("low", "high", "step"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        for key in ("placeholder", "note", "unit", "min_players"):
            value = getattr(self, key)
            if value:
                out[key] = value
        return out


def _quick(o: Option) -> Callable[[object], bool]:
    """A quick test that ``o`` takes a value (``False``: ask :meth:`Option.check`)."""
    low = -math.inf if o.low is None else o.low
    high = math.inf if o.high is None else o.high
    none = o.optional
    if o.kind == "int":
        return lambda v: (type(v) is int and low <= v <= high) or (none and v is None)
    if o.kind == "bool":
        return lambda v: v is True or v is False
    if o.kind == "choice" and o.registry is None:
        known = frozenset(o.choices)
        return lambda v: type(v) is str and v in known
    if o.kind == "choices" and o.registry is None:
        names = frozenset(o.choices)
        return lambda v: (
            v == ()
            or (
                type(v) is tuple
                and all(type(x) is str and x in names for x in v)
                and len(set(v)) == len(v)
            )
        )
    if o.kind == "choices":  # (none named: the usual value, no registry asked)
        return lambda v: v == ()
    if o.kind == "text":
        return lambda v: (none and v is None) or (type(v) is str and len(v) <= high)
    return lambda v: False


def _num(x: float | None) -> str:
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


@dataclass(frozen=True)
class Options:
    """A declaration set: options by name, in their order (the order of forms and flags)."""

    items: tuple[Option, ...]
    _by_name: Mapping[str, Option] = field(init=False, repr=False, compare=False)
    _quick: tuple[tuple[str, Callable[[object], bool], Option], ...] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        by_name = {o.name: o for o in self.items}
        if len(by_name) != len(self.items):
            raise ValueError("an option is declared twice")
        object.__setattr__(self, "_by_name", by_name)
        object.__setattr__(self, "_quick", tuple((o.name, _quick(o), o) for o in self.items))

    def __iter__(self) -> Iterator[Option]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __getitem__(self, name: str) -> Option:
        return self._by_name[name]

    def names(self) -> tuple[str, ...]:
        return tuple(self._by_name)

    def plus(self, *more: Option) -> Options:
        """These options and ``more`` (a scenario's, a test's)."""
        return Options((*self.items, *more))

    def where(self, place: Place) -> tuple[Option, ...]:
        """The options that apply at ``place``."""
        return tuple(o for o in self.items if place in o.applies)

    def check(self, values: object) -> None:
        """Every option's own check on ``values`` (an object with one attribute per option)."""
        # (Rules are made per game and per record replayed: the usual value passes a quick
        # test, and only a refused one takes the full check that words the refusal.)
        for name, quick, o in self._quick:
            value = getattr(values, name)
            if not quick(value):
                o.check(value)

    def to_json(self, values: object, *, every: bool = False) -> dict[str, Any]:
        """``values`` as JSON, by option name; an ``omit_default`` option at its default is
        left out (unless ``every``)."""
        out: dict[str, Any] = {}
        for o in self.items:
            value = getattr(values, o.name)
            if not every and o.omit_default and value == o.default:
                continue
            out[o.name] = o.to_json(value)
        return out

    def from_json(self, obj: object, what: str = "rules") -> dict[str, Any]:
        """The keyword arguments for ``obj`` (a JSON object by option name); an unknown key
        or a non-object is a ``ValueError`` naming it."""
        if not isinstance(obj, dict):
            raise ValueError(f"{what} must be a JSON object (got {type(obj).__name__})")
        unknown = [k for k in obj if k not in self._by_name]  # non-string keys included
        if unknown:
            raise ValueError(f"unknown {what} options: {sorted(unknown, key=repr)}")
        return {k: self._by_name[k].from_json(v) for k, v in obj.items()}

    def changed(self, values: Mapping[str, Any]) -> list[tuple[Option, Any]]:
        """The options of ``values`` (JSON by name; a missing one is at its default) that
        differ from their default, in declaration order."""
        out = []
        for o in self.items:
            value = values.get(o.name, o.to_json(o.default))
            if value != o.to_json(o.default):
                out.append((o, value))
        return out

    def schema(self, place: Place = "lobby") -> list[dict[str, Any]]:
        """The options that apply at ``place``, as data (:meth:`Option.schema`), in the
        form's order (:attr:`Option.order`)."""
        return [o.schema() for o in sorted(self.where(place), key=lambda o: o.order)]


def fields_match(cls: type, options: Options) -> None:
    """Raise unless the dataclass ``cls`` has exactly one field per option, with the
    option's default (the two cannot drift apart)."""
    from dataclasses import MISSING, fields

    got = {f.name: f.default for f in fields(cls)}
    if set(got) != set(options.names()):
        raise TypeError(
            f"{cls.__name__}'s fields {sorted(got)} are not its options {sorted(options.names())}"
        )
    for o in options:
        if got[o.name] is not MISSING and got[o.name] != o.default:
            raise TypeError(f"{cls.__name__}.{o.name}'s default is not its option's")


# -- the rules' options ------------------------------------------------------------------------

MapKind = Literal[
    "beginner", "variable", "random", "big-island", "peanut", "islands", "big-islands", "described"
]
TradeBuild = Literal["combined", "separate"]
LargeGameVariant = Literal["special_building", "mayfair"]
# The 1996 rules' "ALTERNATE RULES" (003, p. 12), by the names ``Rules.alternate`` takes, in
# the rulebook's order (``scenarios/alternate`` holds the text and the reading of each).
AlternateRule = Literal[
    "victory_points_played",  # 1. victory point cards count once played, like the others
    "open_hands",  # 2. hands of resource cards face up
    "development_after_roll",  # 3. development cards only after one's roll
    "no_early_sevens",  # 4. a 7 in the first two complete turns is rolled again
    "ignore_seven",  # 5. the roller may ignore a 7
    "no_trade_after_building",  # 6. the separate trade and build phases
    "keep_a_settlement",  # 7. at least one settlement on the board at the end of a turn
    "knight_interrupts",  # 8. a knight interrupts a robber move, in chains
]
# The choices as tuples (for flags, forms and messages), derived from the types: one source.
MAP_KINDS: tuple[MapKind, ...] = get_args(MapKind)
TRADE_BUILD_STYLES: tuple[TradeBuild, ...] = get_args(TradeBuild)
LARGE_GAME_VARIANTS: tuple[LargeGameVariant, ...] = get_args(LargeGameVariant)
ALTERNATE_RULES: tuple[AlternateRule, ...] = get_args(AlternateRule)
MAX_DESCRIPTION = 200_000
"""Characters a map description may have (a 200-hex map with every field is far less)."""


def _scenario_names() -> tuple[str, ...]:
    """The names ``Rules.scenarios`` takes: the registered scenarios switched on by name
    (``registry.named_scenarios``; the only import of the engine here, when asked)."""
    from . import registry

    return tuple(x.name for x in registry.named_scenarios())


def _scenario_words() -> dict[str, tuple[str, str]]:
    from . import registry

    return {x.name: (x.label or x.name, x.note) for x in registry.named_scenarios()}


RULES_OPTIONS = Options(
    (
        Option(
            "players",
            "int",
            4,
            "players, 2-8",
            low=2,
            high=8,
            bounds="from 2 to 8",
            applies=GAME_COMMANDS | {"arena", "lobby", "server"},
            label="Players",
            unit="players",
            group="table",
        ),
        Option(
            "vp_target",
            "int",
            10,
            "victory points to win",
            low=3,
            high=30,
            flag="--vp",
            applies=EVERYWHERE - {"render"},
            label="Points to win",
            order=10,
        ),
        Option(
            "discard_limit",
            "int",
            None,
            "on a 7, players holding more cards than this discard half (7; the 1996 5–6 "
            "variant: 10; big-island and peanut: 13)",
            low=2,
            high=30,
            optional=True,
            applies=RUN_COMMANDS | {"lobby", "server"},
            label="Discard limit",
            term="discard limit",
            note="a 7 costs half the hand above this (7; the 1996 5–6 rules 10; 7–8 players 13)",
            order=40,
        ),
        Option(
            "map_kind",
            "choice",
            "variable",
            "map set-up: beginner, variable or random for 2-6 players; the 1996 rules' maps: "
            "islands (3-4 players) and big-islands (5-6), with bridges; big-island or peanut "
            "for 7-8 (default: variable, or big-island for 7-8 players)",
            choices=MAP_KINDS,
            implied=("described",),
            flag="--map",
            cli_default=None,
            label="Map",
            choice_labels=(
                "Beginner (the rulebook's set-up)",
                "Variable (shuffled, tokens by the rules)",
                "Random (no red numbers together)",
                "Big Island (7–8, 1996)",
                "Peanut (7–8, 1996)",
                "Islands (3–4 players, 1996)",
                "Big Islands (5–6, 1996)",
                "A map of your own",
            ),
            group="map",
            order=10,
        ),
        Option(
            "trade_build",
            "choice",
            "combined",
            "the turn's phases: combined (trade and build in any order) or separate (trade, "
            "then build: the beginners' rules)",
            choices=TRADE_BUILD_STYLES,
            applies=RUN_COMMANDS | {"lobby", "server"},
            label="Turn",
            choice_labels=("Trade and build in any order", "Trade, then build (beginners)"),
            term="trade/build",
            order=20,
        ),
        Option(
            "large_game_variant",
            "choice",
            "special_building",
            "5-8 players: the Special Building Phase or the 1996 rules' variant, which has none",
            choices=LARGE_GAME_VARIANTS,
            flag="--variant",
            applies=RUN_COMMANDS | {"lobby", "server"},
            label="5–8 players",
            choice_labels=("Special Building Phase", "1996 rules (no Special Building Phase)"),
            min_players=5,
            order=30,
        ),
        Option(
            "seed",
            "int",
            0,
            "seed of the map and the game",
            low=0,
            high=2**63 - 1,
            bounds="a non-negative 63-bit integer",
            cli_default=1,
            applies=GAME_COMMANDS | {"lobby", "server"},
            label="Seed",
            placeholder="secret",
            term="rules seed",
            note="empty: a secret seed, the board shown; a seed lays out the same board again",
            group="map",
            order=20,
        ),
        Option(
            "scenarios",
            "choices",
            (),
            "a scenario in play, repeatable, each also a flag of its own",
            registry=_scenario_names,
            registry_words=_scenario_words,
            each_flag=True,
            flag="--scenario",
            metavar="NAME",
            item="scenario",
            label="Scenarios",
            omit_default=True,
            term="scenarios",
            group="scenarios",
            order=10,
        ),
        Option(
            "alternate",
            "choices",
            (),
            "an alternate rule of the 1996 rules, repeatable: " + ", ".join(ALTERNATE_RULES),
            choices=ALTERNATE_RULES,
            flag="--alt",
            metavar="RULE",
            item="alternate rule",
            label="Alternate rules (1996)",
            group="alternate",
            choice_labels=(
                "1. Victory point cards are played like other cards",
                "2. Open hands: every hand is face up",
                "3. Development cards only after the roll",
                "4. 7s re-rolled in the first two rounds",
                "5. The roller may ignore a 7",
                "6. No trading once building has started",
                "7. Always keep a settlement on the board",
                "8. Knights interrupt a robber move",
            ),
            omit_default=True,
            folded=True,
            term="alternate rules",
        ),
        Option(
            "map_description",
            "text",
            None,
            "a map description (JSON, see docs/maps.md) to lay the board out from",
            high=MAX_DESCRIPTION,
            optional=True,
            omit_default=True,
            flag="--map-file",
            metavar="PATH",
            cli_file=True,
            applies=EVERYWHERE - {"lobby"},
            label="A map of your own",
            term="described map",
        ),
    )
)
"""The options of :class:`~pysettlers.engine.config.Rules`, one per field."""


def say_value(option: Option, value: Any) -> str:
    """``value`` of ``option`` in a few words (a report's headline: "discard limit 9",
    "mayfair", "alternate rules: open_hands", "pirate")."""
    term = option.term or option.label or option.name.replace("_", " ")
    if option.kind == "bool":
        return term if value else f"no {term}"
    if option.kind == "choices":
        return f"{term}: {', '.join(value)}"
    if option.kind == "choice":
        return f"{str(value).replace('_', ' ')} {option.term}".strip()
    if option.kind == "text":
        return term
    return f"{term} {value}"


__all__: Sequence[str] = (
    "ALTERNATE_RULES",
    "EVERYWHERE",
    "GAME_COMMANDS",
    "LARGE_GAME_VARIANTS",
    "MAP_KINDS",
    "MAX_DESCRIPTION",
    "RULES_OPTIONS",
    "RUN_COMMANDS",
    "TRADE_BUILD_STYLES",
    "AlternateRule",
    "Kind",
    "LargeGameVariant",
    "MapKind",
    "Mention",
    "Option",
    "OptionError",
    "Options",
    "Place",
    "TradeBuild",
    "fields_match",
    "say_value",
)
