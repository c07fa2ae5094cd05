"""Playing many seeded games with bots: one game, and the serial or parallel runner.

What this is for:

* **Bot specs** — ``--players`` text such as ``random,greedy:trade=0,mybot:pkg.mod.Class``
  parsed into :class:`BotSpec` values with unique labels (:func:`parse_players`), and
  bots built from them with a seeded generator (:func:`build_bot`).
* **One game** — :func:`play_game` plays a game from (rules, bot specs by seat) with a
  :class:`~pysettlers.match.Match`: a bot is called with ``observe(state, seat, since)``
  and ``legal_actions(state, seat)`` only, on every decision that has a choice (a forced
  move — one legal action — is played for it), and an action not taken from that list is
  checked before it is applied, so the record holds only legal steps.
  A bot that returns an illegal action (or raises) is a bug in that bot: the game ends
  there with status ``error`` and the message — it is never retried.
* **Many games** — :func:`run_games` plays ``games`` games in one process or in a pool of
  spawned processes and yields the results in game order. Game ``i``'s seed comes from the
  master seed and ``i`` alone (:func:`game_seed`), its bots from (game seed, seat) via
  :func:`~pysettlers.bots.bot_rng`, and its seating from ``i`` (:func:`seating`), so the
  results are identical for any number of workers.

What this is not: no statistics (``stats.py``), no printing (``report.py``), no rules (the
engine decides what is legal) and no strategy. Nothing here reads a hidden part of a game
state: bots get views, and final points are each seat's own view of its total.
"""

from __future__ import annotations

import importlib
import inspect
import os
import random
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from concurrent.futures import Future

from pysettlers.bots import Bot, bot_rng, make_bot
from pysettlers.engine import Game, Rules, observe, rng
from pysettlers.match import ERROR, FINISHED, STOPPED, UNFINISHED, Match

from .measures import SeatMeasures, bot_stats, seat_measures

OptionValue = bool | int | float | str
"""A bot option's value: ``true``/``false`` become bools, numbers ints or floats."""

# -- bot specs ----------------------------------------------------------------------------------

_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]*\Z")
_TRUE, _FALSE = {"true", "yes", "on"}, {"false", "no", "off"}


@dataclass(frozen=True, slots=True)
class BotSpec:
    """One entry of the ``--players`` list.

    ``name`` is a registered bot kind (``random``, ``weighted``, ``greedy`` …) unless
    ``target`` names a user class (``module.Class``), in which case it is just a name.
    ``label`` is unique within the list and names the player in every summary.
    """

    label: str
    name: str
    target: str | None = None
    options: tuple[tuple[str, OptionValue], ...] = ()
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "bot": self.name,
            "class": self.target,
            "options": dict(self.options),
        }


def _option_value(text: str) -> OptionValue:
    """Command-line option text as the value a bot's constructor most likely expects."""
    low = text.strip().lower()
    if low in _TRUE | _FALSE:
        return low in _TRUE
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return text.strip()


def _split_unquoted(text: str, sep: str) -> list[str]:
    """``text`` split at each ``sep`` outside single or double quotes (quotes kept)."""
    parts: list[str] = []
    start, quote = 0, ""
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == sep:
            parts.append(text[start:i])
            start = i + 1
    if quote:
        raise ValueError(f"unclosed quote {quote} in {text!r}")
    parts.append(text[start:])
    return parts


def _unquoted(value: str) -> tuple[str, bool]:
    """A value without its surrounding quotes, and whether it had them."""
    v = value.strip()
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
        return v[1:-1], True
    return v, False


def _split_players(text: str) -> list[str]:
    """``--players`` text into spec strings.

    Commas (outside quotes) separate players, but an item whose text before its first
    ``:`` holds ``=`` continues the options of the spec before it, so
    ``greedy:trade=0,offers=0.2,random`` is two players (bot names never contain ``=``), as
    is ``llm:model=m,base_url=http://host:8000/v1,random``.
    """
    items: list[str] = []
    for raw in _split_unquoted(text, ","):
        item = raw.strip()
        if not item:
            raise ValueError(f"empty entry in the players list {text!r}")
        if "=" in item.split(":", 1)[0]:
            if not items or ":" not in items[-1]:
                raise ValueError(f"bot option {item!r} does not follow a bot name:option")
            items[-1] += ":" + item
        else:
            items.append(item)
    return items


def parse_spec(text: str) -> tuple[str, str | None, tuple[tuple[str, OptionValue], ...], str]:
    """One spec ``name[:module.Class][:key=value]…`` into (name, class, options, base label).

    The base label is the spec without its class path: ``greedy:trade=0`` stays as it is,
    ``mybot:pkg.mod.Class`` becomes ``mybot``.

    Values may hold colons (model names ``llama3.1:8b``, URLs): quoted
    (``model="llama3.1:8b"``, single or double quotes: the value is the text between them,
    never converted to a number), or unquoted, where a part that is neither ``key=value``
    (an identifier before the ``=``) nor the class path continues the text value of the
    option before it — ``llm:model=llama3.1:8b:base_url=http://localhost:11434/v1`` is two
    options. A number or a boolean is never continued: in ``First:depth=3:bogus`` the part
    ``bogus`` is refused by name.
    The ambiguous case: a continuation that itself looks like ``key=value`` or like
    ``module.Class`` (a model ``org:tag=v2``) is read as such; quote that value.
    """
    name, *parts = (p.strip() for p in _split_unquoted(text, ":"))
    if not _NAME.match(name):
        raise ValueError(
            f"bad bot name {name!r} in {text!r}: use letters, digits, '_', '-' and '.'"
        )
    target: str | None = None
    options: list[tuple[str, OptionValue]] = []
    shown: list[str] = []
    raw = ""  # the unquoted text of the last option's value ("": quoted, or none yet)
    for part in parts:
        key, eq, value = part.partition("=")
        key = key.strip()
        if eq and key.isidentifier():
            if any(k == key for k, _ in options):
                raise ValueError(f"bot option {key!r} given twice in {text!r}")
            value, quoted = _unquoted(value)
            options.append((key, value if quoted else _option_value(value)))
            shown.append(f"{key}={part.partition('=')[2].strip()}")
            raw = "" if quoted else value
        elif "." in part and target is None and all(p.isidentifier() for p in part.split(".")):
            target = part
        elif raw and isinstance(options[-1][1], str):
            # A colon inside an unquoted text value: ``model=llama3.1:8b``. Never inside a
            # number or a boolean (``depth=3:bogus`` is a stray part, not ``"3:bogus"``).
            key = options[-1][0]
            raw += ":" + part
            options[-1] = (key, _option_value(raw))
            shown[-1] = f"{key}={raw}"
        else:
            after = f" (it does not continue {shown[-1]}: quote a value with ':')" if raw else ""
            raise ValueError(
                f"bad part {part!r} in bot spec {text!r}: expected key=value or module.Class{after}"
            )
    label = ":".join([name, *shown])
    return name, target, tuple(options), label


def parse_players(text: str) -> tuple[BotSpec, ...]:
    """The ``--players`` list, by seat, with unique labels.

    A label is the spec without its class path; a label that occurs more than once is
    numbered in list order (``random,random,greedy`` → ``random#1``, ``random#2``,
    ``greedy``). Raises ``ValueError`` for malformed text or fewer than 2 / more than 8
    players; whether the bots exist and accept their options is checked by
    :func:`check_specs`.
    """
    items = _split_players(text)
    if not 2 <= len(items) <= 8:
        raise ValueError(f"2 to 8 players are needed (got {len(items)} in {text!r})")
    return labelled_specs(items)


def labelled_specs(items: Sequence[str]) -> tuple[BotSpec, ...]:
    """A :class:`BotSpec` per spec text (:func:`parse_spec`), repeated labels numbered in
    list order (``random#1``, ``random#2``) so that every seat's label is its own."""
    parsed = [(item, *parse_spec(item)) for item in items]
    totals: dict[str, int] = {}
    for *_, label in parsed:
        totals[label] = totals.get(label, 0) + 1
    seen: dict[str, int] = {}
    specs = []
    for item, name, target, options, label in parsed:
        if totals[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            label = f"{label}#{seen[label]}"
        specs.append(BotSpec(label, name, target, options, item))
    return tuple(specs)


def _import_class(target: str) -> Callable[..., Any]:
    """``pkg.mod.Class`` (or ``pkg.mod.Outer.Inner``) imported from the longest module."""
    # The user's own modules live in the working directory, as for ``python -m``; appended,
    # so that it never shadows an installed package.
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())
    parts = target.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        module_name = ".".join(parts[:cut])
        try:
            obj: Any = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name is not None and (
                module_name == err.name or module_name.startswith(err.name + ".")
            ):
                continue  # this prefix is not a module: try a shorter one
            raise
        for attr in parts[cut:]:
            obj = getattr(obj, attr, None)
            if obj is None:
                raise ValueError(f"module {module_name!r} has no {'.'.join(parts[cut:])!r}")
        if not callable(obj):
            raise ValueError(f"{target!r} is not a class")
        return cast(Callable[..., Any], obj)
    raise ValueError(f"cannot import {target!r}: no module found")


def build_bot(spec: BotSpec, rng: random.Random) -> Bot:
    """A new bot for ``spec``, constructed as ``factory(rng, **options)``; a class of one's
    own that cannot be built so is refused naming the class and the call it must take."""
    if spec.target:
        bot = _build_class(spec.target, _import_class(spec.target), rng, dict(spec.options))
    else:
        bot = make_bot(spec.name, rng, **dict(spec.options))
    if not callable(getattr(bot, "choose", None)):
        raise TypeError(f"{spec.text!r} built a {type(bot).__name__} without a choose() method")
    return cast(Bot, bot)


def _build_class(
    target: str, factory: Callable[..., Any], rng: random.Random, options: dict[str, Any]
) -> Any:
    """``factory(rng, **options)``, or a ``ValueError`` naming ``target`` when it does not
    take that call (its signature, where Python can read one; else the call's own error)."""
    name = target.rsplit(".", 1)[-1]
    call = f"{name}({', '.join(['rng', *(f'{k}={v!r}' for k, v in options.items())])})"
    how = f"{target} must be a class built as {name}(rng, **options); {call} fails"
    try:
        inspect.signature(factory).bind(rng, **options)
    except TypeError as err:
        raise ValueError(f"{how}: {err}") from None
    except ValueError:  # no signature to read (a class written in C): the call will say
        pass
    try:
        return factory(rng, **options)
    except TypeError as err:
        raise ValueError(f"{how}: {err}") from err


def bot_from_text(text: str, rng: random.Random) -> Bot:
    """A new bot for one spec's text (``greedy:noise=0.3``, ``label:pkg.mod.Class``)."""
    return build_bot(labelled_specs([text])[0], rng)


def check_specs(specs: Sequence[BotSpec]) -> None:
    """Build each bot once, so that unknown bots and bad options fail before any game (and
    a bot's ``stats()`` that does not keep :func:`~.measures.bot_stats`'s protocol).

    Raises ``ValueError`` naming the spec.
    """
    for spec in specs:
        try:
            bot_stats(build_bot(spec, random.Random(0)))  # (a stats() keeps its protocol)
        except Exception as err:
            raise ValueError(f"bot {spec.text!r}: {type(err).__name__}: {err}") from err


# -- seeds and seats ----------------------------------------------------------------------------

_MASK64 = (1 << 64) - 1


def _mix(x: int) -> int:
    """A well-mixed 64-bit value from a 64-bit state: the engine's SplitMix64 step, so the
    simulator's seeds and the engine's chance share one implementation."""
    return rng.next_u64(x)[0]


def game_seed(master: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``master`` (63 bits, as ``Rules`` wants).

    Depends on nothing else, so a game's seed does not change with the number of workers,
    the number of games or the order in which games finish.
    """
    return _mix(_mix(master & _MASK64) ^ index) >> 1


def seating(index: int, players: int, rotate: bool = True) -> tuple[int, ...]:
    """Which entry of the players list sits in each seat of game ``index``.

    With ``rotate`` the list shifts one seat per game, so over any ``players`` consecutive
    games every player sits in every seat once (seat advantages cancel out).
    """
    shift = index % players if rotate else 0
    return tuple((seat - shift) % players for seat in range(players))


# -- one game -----------------------------------------------------------------------------------

DECISIONS_PER_TURN = 50
"""The default decision cap is this many actions per turn of ``max_turns`` on average.

Needed besides the turn cap because nothing in the rules limits the actions within one
turn: a bot that repeats a domestic offer every decision never ends its turn. Ordinary
games take about 4 actions per turn, so the cap only stops such loops.
"""


def decision_cap(max_turns: int, max_decisions: int | None) -> int:
    """The decision cap in force: ``max_decisions``, else ``DECISIONS_PER_TURN × max_turns``."""
    return max_decisions if max_decisions is not None else DECISIONS_PER_TURN * max_turns


@dataclass(frozen=True, slots=True)
class Played:
    """What :func:`play_game` returns: how the game ended, and the game with its record."""

    status: str
    winner: int | None  # seat
    points: tuple[int, ...]  # by seat, each seat's own total including hidden VP cards
    turns: int
    decisions: int
    error: str | None
    game: Game
    stats: tuple[dict[str, Any] | None, ...] = ()
    """By seat, the bot's own accounting (:func:`~.measures.bot_stats`); ``()``: no bot
    keeps one."""


def play_game(
    rules: Rules,
    specs: Sequence[BotSpec],
    *,
    max_turns: int = 1000,
    max_decisions: int | None = None,
) -> Played:
    """Play one game of ``rules`` (its seed included) with ``specs[seat]`` in each seat.

    The game stops when someone wins (``finished``), after turn ``max_turns`` or
    ``max_decisions`` actions (default: :func:`decision_cap`; ``unfinished``: nobody
    wins), or when a bot fails (``error``: an illegal action or an exception, with its
    message; the record ends before the bad step).
    """
    if len(specs) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} bots, not {len(specs)}")
    bots = [build_bot(spec, bot_rng(rules.seed, seat)) for seat, spec in enumerate(specs)]
    game = Game.new(rules)
    s = game.state
    # Turn number and winner are public facts; everything a bot sees comes from observe().
    # Each view carries every event since that seat's previous view, so a bot learns what
    # was public on the steps it did not decide — including its own forced moves: a
    # decision with one legal action (a roll without a knight to play, an answer with
    # nothing else to say) is taken without asking the bot, a quarter of all decisions in
    # random play. The views are lazy: the fields the bot reads are filled in when it reads
    # them (the random bot reads two).
    ended = Match(
        game,
        bots,
        max_turns=max_turns,
        max_steps=decision_cap(max_turns, max_decisions),
        lazy=True,
        labels=[spec.label for spec in specs],
    ).run()
    status, error = ended.status, None if ended.error is None else str(ended.error)
    if status == STOPPED:  # a bot may not stop a simulated game: that is its failure
        status, error = ERROR, "a bot raised StopMatch: bots may not stop a simulated game"
    own = [observe(s, p).own_vp for p in range(rules.players)]
    # Read once the game is over: each bot was built for this game, so its stats are the
    # game's own, and the decision loop pays nothing for them.
    stats = tuple(bot_stats(b) for b in bots)
    return Played(
        status=status,
        winner=s.winner if status == FINISHED else None,
        points=tuple(int(v or 0) for v in own),
        turns=s.turn,
        decisions=len(game.steps),
        error=error,
        game=game,
        stats=stats if any(x is not None for x in stats) else (),
    )


# -- many games ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SimConfig:
    """Everything that determines a run's games (not how many processes play them).

    ``rules.seed`` is ignored: each game's seed is :func:`game_seed` of ``seed``.
    ``max_decisions`` ``None`` means :func:`decision_cap`'s default.
    """

    rules: Rules
    specs: tuple[BotSpec, ...]
    games: int
    seed: int
    max_turns: int = 1000
    max_decisions: int | None = None
    rotate: bool = True

    def __post_init__(self) -> None:
        if len(self.specs) != self.rules.players:
            raise ValueError("one bot spec per player is needed")
        if self.games < 1:
            raise ValueError(f"games must be at least 1 (got {self.games})")
        if self.max_turns < 1:
            raise ValueError(f"max_turns must be at least 1 (got {self.max_turns})")
        if self.max_decisions is not None and self.max_decisions < 1:
            raise ValueError(f"max_decisions must be at least 1 (got {self.max_decisions})")
        if self.seed < 0:
            raise ValueError(f"seed must not be negative (got {self.seed})")


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a run. Seats are engine seats (``p0`` …); ``seats[s]`` is the index in
    the players list of the bot in seat ``s``. ``record`` is ``game.to_json()`` when kept."""

    index: int
    seed: int
    seats: tuple[int, ...]
    first_player: int
    status: str
    winner: int | None
    points: tuple[int, ...]
    turns: int
    decisions: int
    error: str | None = None
    record: dict[str, Any] | None = None
    chat: tuple[int, ...] = ()
    """Chat lines said by each seat (bots that talk: ``pysettlers.match``); ``()``: none."""
    measures: tuple[SeatMeasures, ...] = ()
    """By seat, its domestic trade and chat (:func:`~.measures.seat_measures`), when
    :func:`run_game` was asked to ``measure``; else ``()``."""
    stats: tuple[dict[str, Any] | None, ...] = ()
    """By seat, the bot's own accounting where it keeps one (the ``llm`` bot's
    ``LlmStats``, latency included); ``()``: no bot keeps one."""


def run_game(
    config: SimConfig, index: int, keep_record: bool = False, measure: bool = False
) -> GameResult:
    """Play game ``index`` of the run ``config``; with ``measure``, read each seat's trade
    and chat from the finished game (``GameResult.measures``: the arena reports them; a
    pass over the game's steps, which ``sim`` does not pay for)."""
    seed = game_seed(config.seed, index)
    seats = seating(index, config.rules.players, config.rotate)
    specs = [config.specs[i] for i in seats]
    try:
        played = play_game(
            replace(config.rules, seed=seed),
            specs,
            max_turns=config.max_turns,
            max_decisions=config.max_decisions,
        )
    except Exception as err:  # not a bot's fault: an engine (or simulator) bug, said loudly
        raise RuntimeError(
            f"game {index} (seed {seed}) failed outside the bots: {type(err).__name__}: {err}"
        ) from err
    record = None
    if keep_record:
        record = played.game.to_json()  # (with the game's chat, when a bot talked)
        # Extra key beside the engine's record (replay() reads only its own keys): who sat
        # where, and how the simulator saw the game end.
        record["sim"] = {
            "game": index,
            "seed": seed,
            "seats": [s.label for s in specs],
            "status": played.status,
            "error": played.error,
        }
    return GameResult(
        index=index,
        seed=seed,
        seats=seats,
        first_player=played.game.first_player,
        status=played.status,
        winner=played.winner,
        points=played.points,
        turns=played.turns,
        decisions=played.decisions,
        error=played.error,
        record=record,
        chat=_chat_by_seat(played.game, config.rules.players),
        measures=seat_measures(played.game) if measure else (),
        stats=played.stats,
    )


def _chat_by_seat(game: Game, players: int) -> tuple[int, ...]:
    """How many chat lines each seat said in ``game`` (``()``: nobody said anything)."""
    if not game.chat:
        return ()
    said = [0] * players
    for line in game.chat:
        said[line.seat] += 1
    return tuple(said)


def _run_chunk(config: SimConfig, start: int, stop: int, keep_records: bool) -> list[GameResult]:
    """Games ``start`` … ``stop - 1``: the unit of work of a worker process.

    A module-level function of picklable arguments, as the spawn start method requires.
    """
    return [run_game(config, i, keep_records) for i in range(start, stop)]


def run_games(
    config: SimConfig,
    *,
    workers: int = 1,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
) -> Iterator[GameResult]:
    """Play the run's games and yield their results in game order.

    ``workers`` > 1 plays chunks of games in that many spawned processes (the same on every
    platform, and no state inherited from the parent). ``progress(n)`` is called as ``n``
    more games finish, in whatever order they finish.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1 (got {workers})")
    if workers == 1:
        for i in range(config.games):
            result = run_game(config, i, keep_records)
            if progress is not None:
                progress(1)
            yield result
        return
    # Small chunks keep every worker busy to the end and the progress bar moving; large
    # enough that the per-task pickling stays negligible next to a game (~0.1 s).
    size = max(1, min(25, config.games // (workers * 8)))
    starts = list(range(0, config.games, size))
    # Imported here: a one-process run (the default) needs neither.
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
    try:
        running: dict[Future[list[GameResult]], int] = {
            pool.submit(_run_chunk, config, a, min(a + size, config.games), keep_records): a
            for a in starts
        }
        done_chunks: dict[int, list[GameResult]] = {}
        next_start = 0
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                start = running.pop(fut)
                chunk = fut.result()
                done_chunks[start] = chunk
                if progress is not None:
                    progress(len(chunk))
            # Hand results on in game order as soon as the next chunk in line is complete.
            while next_start in done_chunks:
                chunk = done_chunks.pop(next_start)
                yield from chunk
                next_start += len(chunk)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


__all__ = [
    "DECISIONS_PER_TURN",
    "ERROR",
    "FINISHED",
    "UNFINISHED",
    "BotSpec",
    "GameResult",
    "Played",
    "SimConfig",
    "build_bot",
    "check_specs",
    "decision_cap",
    "game_seed",
    "parse_players",
    "parse_spec",
    "play_game",
    "run_game",
    "run_games",
    "seating",
]
