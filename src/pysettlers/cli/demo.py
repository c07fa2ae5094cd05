"""``pysettlers demo``: bots play one seeded game, told in words in the terminal.

What this is for: a newcomer's first look at a game — the same seed gives the same output,
byte for byte. It prints the board after the set-up, one line per turn in words
(``pysettlers.words``: places by their terrain and number; 7s, the robber, steals and the
helpers as a spectator sees them; an item done by another player than the line's is prefixed
with that player) and one per Special Building Phase that builds, the board every few turns,
and the final position and scores; ``--out`` saves the game's record for ``replay``.

What this is not: no rules (the engine decides what is legal) and no strategy (the bots
choose): the bots only ever get views and legal actions. Self-contained: the turn log
(:class:`_TurnLog`) and the loop live here and nowhere else in the command.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from pysettlers.bots import Bot, bot_rng
from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    Rules,
    View,
    is_over,
    observe,
    to_move,
)
from pysettlers.engine import events as ev
from pysettlers.engine.scenarios.helpers import events as hev
from pysettlers.engine.types import Phase
from pysettlers.match import Match
from pysettlers.render import render_board, render_view
from pysettlers.sim.runner import bot_from_text
from pysettlers.words import Words, bundle

from .bots import add_bot_argument, bot_spec
from .errors import open_for_writing
from .options import add_rules_arguments, at_least, rules_from

K = ActionKind


# Events the demo's one-line turns leave out: production (the board shows what it pays),
# the turn's start (the line's head), answers to offers (the trade or "no deal" says how it
# ended), starting cards (the set-up line says them), the Special Building Phase's start
# (the line's head), passes, the display of helpers (its own line) and what Candamir drew.
_UNSAID = (
    ev.Produced,
    ev.TurnStarted,
    ev.OfferAnswered,
    ev.StartingResources,
    ev.SpecialBuildTurn,
    ev.StartRoll,
    hev.HelperDeclined,
    hev.HelperDisplayed,
    hev.CandamirDrew,
)


class _TurnLog:
    """Collects what happened in one entry of the log (a turn, or one player's Special
    Building Phase), as a spectator sees it, in the words of :mod:`pysettlers.words` (each
    item a clause without its subject: ``rolls 8``, ``builds a road between the 6 fields
    and the 9 hills``).

    Each item remembers who acted; :meth:`finish` names that player before every item
    that is not the entry's own player's (a discard, a trade partner, Marianne or Sean
    after someone else's roll). Passes (ending a turn, declining a helper) add nothing.
    """

    def __init__(self, words: Words, turn: int, player: int, special: bool = False) -> None:
        self.words = words
        self.turn = turn
        self.player = player
        self.special = special  # the Special Building Phase of ``player`` (5-6 players)
        self.items: list[tuple[int, str]] = []
        self.discards: dict[int, list[int]] = {}
        self.offer = ""

    def _flush_discards(self) -> None:
        for p, b in self.discards.items():
            self.items.append((p, f"discards {bundle(b)}"))
        self.discards = {}

    def _clause(self, e: ev.Event, actor: int) -> tuple[int, str] | None:
        """The event as (who, clause without the subject), or ``None``."""
        said = self.words.clause(e)
        if said is None:
            return None
        who, text = said
        return (actor if who < 0 else who), text

    def add(self, action: Action, events: Sequence[ev.Event]) -> None:
        """Record one applied action with the (spectator-redacted) events it caused."""
        say = self.items.append
        awards: list[tuple[int, str]] = []
        for e in events:
            if isinstance(e, _UNSAID):
                continue
            if isinstance(e, ev.Discarded):  # one item per player and turn
                acc = self.discards.setdefault(e.player, [0] * 5)
                for r, c in enumerate(e.cards):
                    acc[r] += c
                continue
            if isinstance(e, ev.CardDrawn) and action.kind == K.HELPER_KEEP:
                continue  # Candamir's card kept: said when bought
            said = self._clause(e, action.player)
            if said is None:
                continue
            if isinstance(e, ev.RobberMoved | ev.Won):
                self._flush_discards()
            if isinstance(e, ev.OfferMade):
                self.offer = said[1]  # said with how it ended
            elif isinstance(e, ev.OfferClosed):
                say((self.player, f"{self.offer}: no deal"))
            elif isinstance(e, ev.LongestRoadMoved | ev.LargestArmyMoved):
                # Said after the build that caused it (the engine reports the award first).
                text = said[1] if e.holder >= 0 else said[1][0].lower() + said[1][1:]
                awards.append((self.player, text if e.holder < 0 else f"p{e.holder} {text}"))
            elif isinstance(e, ev.Won):
                self.items.extend(awards)
                awards = []
                say(said)
            else:
                say(said)
        self.items.extend(awards)

    def finish(self) -> list[str]:
        """The entry's items in order, each by another player than the entry's named."""
        self._flush_discards()
        return [text if who == self.player else f"p{who} {text}" for who, text in self.items]


def _scores(view: View) -> str:
    parts = []
    for p in range(view.n):
        extra = []
        if view.longest_road == p:
            extra.append("LR")
        if view.largest_army == p:
            extra.append("LA")
        tag = f" ({'+'.join(extra)})" if extra else ""
        parts.append(f"p{p} {view.public_vp[p]}{tag}")
    return "VP: " + ", ".join(parts)


_BOARD_STEP = 20  # boards are shown after multiples of this many turns ...
_MAX_BOARDS = 4  # ... spread out further when a long game would show more than this
_QUIET_RUN = 10  # at most this many uneventful turns share one log line
_WIDTH = 100


def _wrap(head: str, items: Sequence[str]) -> list[str]:
    """``head`` and the items joined by ``; ``, wrapped to the width with a hanging indent."""
    lines = [head]
    for i, item in enumerate(items):
        piece = item + (";" if i < len(items) - 1 else "")
        if len(lines[-1]) + 1 + len(piece) > _WIDTH and lines[-1].strip():
            lines.append(" " * len(head))
        lines[-1] += ("" if lines[-1].endswith(" ") else " ") + piece
    return lines


def _quiet(item: str) -> bool:
    """A roll that is not a 7: with nothing else in its turn, it shares a line."""
    return item.startswith("rolls ") and item != "rolls 7"


def run_demo(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    max_turns: int = 500,
    board_every: int = 0,
    out: TextIO,
    labels: Sequence[str] | None = None,
) -> Game:
    """Play one game with ``bots`` (one per seat) and write the demo's text to ``out``.

    The whole game is played first, so that the number of boards shown can fit its length:
    with ``board_every`` 0 a board follows every 20th turn, or every 40th, 60th … when that
    keeps a long game to at most four boards.
    """
    lines: list[str] = []
    say = lines.append
    game = Game.new(rules)
    s = game.state
    # Every seat by its notation name (p0...), the places in words (pysettlers.words).
    words = Words(s.board, [f"p{q}" for q in range(s.n)], None, s.rules.ships)
    places = words.places
    for e in game.start_events:
        if isinstance(e, ev.StartRoll):
            say("Starting roll: " + ", ".join(f"p{p} {r}" for p, r in e.rolls))
    if rules.map_kind == "beginner":
        say("Beginner set-up: the starting pieces of Illustration A are on the board.")
    else:
        say(f"p{s.first_player} starts. Set-up (snake order):")

    # Every bot is asked, even with one legal action (its random stream, and so the demo's
    # text, stays as it was), on a view with the last action's events.
    match = Match(game, bots, ask_forced=True, since=False)

    def step() -> tuple[Action, tuple[ev.Event, ...]]:
        a = match.step()
        return a, observe(s, None).events

    # The set-up phase: one line per settlement and its road.
    pending = ""
    display: hev.HelperDisplayed | None = None  # said after the set-up's lines
    for e in game.start_events:  # the beginner map: the helpers go out before play
        if isinstance(e, hev.HelperDealt):
            say(f"  {words.event(e)}")
        elif isinstance(e, hev.HelperDisplayed):
            display = e
    while s.turn == 0 and not is_over(s):
        a, events = step()
        if a.kind == K.BUILD_SETTLEMENT:
            gain = [e.resources for e in events if isinstance(e, ev.StartingResources)]
            pending = f"  set-up  p{a.player} settles at {places.intersection(a.intersection)}"
            pending += f", receives {bundle(gain[0])}" if gain else ""
        else:
            dealt = [
                f"; {c[1]}"
                for e in events
                if isinstance(e, hev.HelperDealt) and (c := words.clause(e)) is not None
            ]
            say(f"{pending}; road {places.path(a.path)}" + "".join(dealt))
        for e in events:
            if isinstance(e, hev.HelperDisplayed):
                display = e
    said = words.event(display) if display is not None else None
    if said:  # the whole display (rules: the unnumbered helpers and the left-over ones)
        say(said)
    say("")
    say("Board at the start of play:")
    say(render_board(observe(s, None), legend=True))
    say("")

    # Play, keeping one entry per turn (and one per Special Building Phase that builds)
    # and the spectator's view every _BOARD_STEP turns.
    step_ = board_every if board_every > 0 else _BOARD_STEP
    entries: list[_TurnLog] = []
    views: dict[int, View] = {}
    log = _TurnLog(words, s.turn, s.current)
    while not is_over(s) and s.turn <= max_turns:
        turn = s.turn
        special = s.phase == Phase.SPECIAL_BUILD
        owner = to_move(s) if special else s.current
        if (turn, owner, special) != (log.turn, log.player, log.special):
            entries.append(log)
            log = _TurnLog(words, turn, owner, special)
        a, events = step()
        log.add(a, events)
        if s.turn != turn and turn % step_ == 0:  # the turn is over, with its special builds
            views[turn] = observe(s, None)
    entries.append(log)
    if board_every == 0:
        while sum(t % step_ == 0 for t in views) > _MAX_BOARDS:
            step_ += _BOARD_STEP
    shown = {t for t in views if board_every > 0 or t % step_ == 0}

    say("turn     player: what happened (the dice's total; builds, buys, trades, the robber;")
    say("                 pN before an item: done by that player in another's turn)")
    quiet: list[tuple[int, int, str]] = []

    def flush_quiet() -> None:
        if len(quiet) == 1:
            t, p, roll = quiet[0]
            say(f"{t:4}     p{p}: {roll}")
        elif quiet:
            span = f"{quiet[0][0]:4}-{quiet[-1][0]:<4}"
            say(f"{span}rolls only: " + ", ".join(f"p{p} {r.split()[1]}" for _, p, r in quiet))
        quiet.clear()

    for i, entry in enumerate(entries):
        turn, items = entry.turn, entry.finish()
        if not entry.special and len(items) == 1 and _quiet(items[0]):
            quiet.append((turn, entry.player, items[0]))
            if len(quiet) == _QUIET_RUN:
                flush_quiet()
        elif items:  # a pass (a special builder who builds nothing) gets no line
            flush_quiet()
            head = f"{turn:4}     p{entry.player}:" + (" special build:" if entry.special else "")
            lines.extend(_wrap(head, items))
        if turn in shown and (i + 1 == len(entries) or entries[i + 1].turn != turn):
            flush_quiet()
            view = views[turn]
            say("")
            say(f"Board after turn {turn}. {_scores(view)}")
            say(render_board(view))
            say("")
    flush_quiet()

    view = observe(s, None)
    say("")
    say("Final position:")
    say(render_view(view, legend=False))
    say("")
    if view.winner >= 0:
        say("Final scores (every victory point card turned up):")
    else:
        say(f"Scores after turn {max_turns} (victory point cards stay hidden):")
    for p in sorted(range(view.n), key=lambda q: -view.public_vp[q]):
        cards = view.revealed_vp_cards[p]
        extra = f" including {cards} victory point card(s)" if cards else ""
        say(f"  p{p}  {view.public_vp[p]:2} VP{extra}")
    if view.winner >= 0:
        label = labels[view.winner] if labels else type(bots[view.winner]).__name__
        say(f"Winner: p{view.winner} ({label}) on turn {view.turn}.")
    else:
        say(f"Unfinished: nobody reached {rules.vp_target} VP within {max_turns} turns.")
    out.write("\n".join(lines) + "\n")
    return game


DEMO_TABLE = ("hard", "medium")  # the demo's seats in turn when no --bot is given


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args, "demo")
    # A newcomer's first game should look like play: by default the hard and medium levels
    # in turn (bots/levels.py), not bots that play any legal move.
    kinds = [args.bot or DEMO_TABLE[p % len(DEMO_TABLE)] for p in range(rules.players)]
    if args.bot:
        bot_spec(args.bot)  # checked before the game: an unknown bot or a bad option
    bots = [bot_from_text(kind, bot_rng(args.seed, p)) for p, kind in enumerate(kinds)]
    out = open_for_writing(args.out) if args.out else None
    table = f"{args.bot} bots" if args.bot else f"bots ({', '.join(kinds)})"
    print(
        f"pysettlers demo: {rules.players} {table}, {rules.map_kind} map, seed "
        f"{rules.seed}, {rules.vp_target} VP to win"
    )
    try:
        game = run_demo(
            rules,
            bots,
            max_turns=args.max_turns,
            board_every=args.board_every,
            out=sys.stdout,
            labels=kinds,  # the level or bot as the header names it ("hard")
        )
        if out is not None:
            # One line of JSON: a single record, and also a JSON-lines file like sim --out's.
            out.write(json.dumps(game.to_json()) + "\n")
            print(f"The game's record is in {args.out}: pysettlers replay {args.out}")
    finally:
        if out is not None:
            out.close()
    return 0


def add(sub: Any, rules: type[Rules] = Rules) -> None:
    """The ``demo`` sub-command and its flags."""
    demo = sub.add_parser("demo", help="bots play one seeded game in the terminal")
    add_rules_arguments(demo, "demo", rules)
    demo.add_argument(
        "--max-turns", type=at_least(1), default=500, help="stop after this turn (500)"
    )
    demo.add_argument(
        "--board-every",
        type=at_least(0),
        default=0,
        help="show the board every N turns (default: every 20, or a multiple of 20 that keeps "
        "a long game to 4 boards)",
    )
    add_bot_argument(
        demo, default=None, what="every seat's bot (default: the hard and medium levels in turn)"
    )
    demo.add_argument(
        "--out", metavar="FILE", help="also save the game's record (JSON) for `replay FILE`"
    )
    demo.set_defaults(func=run, command_parser=demo)
