"""The ``pysettlers`` command: ``demo`` (bots play a seeded game), ``render`` (a fresh map),
``sim`` (many bot games and their statistics) and ``replay`` (a recorded game's position).

What this is for: a terminal front door over the engine and the bots. ``demo`` plays one
game with bots — the same seed gives the same output, byte for byte — and prints the board
after the set-up, one line per turn in the action notation (7s, the robber and steals as a
spectator sees them), the board every few turns, and the final position and scores.
``sim`` and ``replay`` are thin wrappers over :mod:`pysettlers.sim`.

What this is not: no rules (the engine decides what is legal) and no strategy (the bots
choose). The game is driven here, but the bots only ever get views and legal actions.
Output is plain text without colour codes.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from pysettlers import sim
from pysettlers.bots import Bot, bot_names, bot_rng, make_bot
from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    Rules,
    View,
    format_action,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.engine import events as ev
from pysettlers.engine.actions import dev_name, format_bundle, resource_name
from pysettlers.engine.config import LARGE_GAME_VARIANTS, MAP_KINDS, TRADE_BUILD_STYLES
from pysettlers.engine.topology import Topology
from pysettlers.render import render_board, render_view
from pysettlers.sim import report

K = ActionKind


# -- the demo -----------------------------------------------------------------------------


def _bundle(b: object) -> str:
    assert isinstance(b, tuple)
    return format_bundle(b)


class _TurnLog:
    """Collects what happened in one turn, as a spectator sees it, for one log line."""

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.items: list[str] = []
        self.discards: dict[int, list[int]] = {}
        self.offer = ""

    def _flush_discards(self) -> None:
        for p, b in self.discards.items():
            self.items.append(f"p{p} discards {format_bundle((b[0], b[1], b[2], b[3], b[4]))}")
        self.discards = {}

    def add(self, action: Action, events: Sequence[ev.Event]) -> None:
        """Record one applied action with the (spectator-redacted) events it caused."""
        if action.kind in (K.PLAY_KNIGHT, K.PLAY_ROAD_BUILDING, K.PLAY_YEAR_OF_PLENTY):
            self.items.append(format_action(action, self.topo).split(" ", 1)[1])
        names = self.topo
        awards: list[str] = []
        for e in events:
            if isinstance(e, ev.Rolled):
                self.items.append(f"rolls {e.dice[0] + e.dice[1]}")
            elif isinstance(e, ev.Discarded):
                acc = self.discards.setdefault(e.player, [0] * 5)
                for r, c in enumerate(e.cards):
                    acc[r] += c
            elif isinstance(e, ev.RobberMoved):
                self._flush_discards()
                text = f"robber {names.hex_names[e.hex]}"
                if e.victim >= 0:
                    text += f" robs p{e.victim}" + ("" if e.stolen is not None else " (no cards)")
                self.items.append(text)
            elif isinstance(e, ev.RoadBuilt):
                self.items.append(f"road {names.path_names[e.path]}")
            elif isinstance(e, ev.SettlementBuilt | ev.CityBuilt):
                self.items.append(f"{e.kind} {names.intersection_names[e.intersection]}")
            elif isinstance(e, ev.CardDrawn):
                card = e.card
                self.items.append(
                    "buy" if isinstance(card, ev.Hidden) else f"buy ({dev_name(card)})"
                )
            elif isinstance(e, ev.MonopolyPlayed):
                taken = sum(e.taken)
                self.items.append(f"monopoly {resource_name(e.resource)} (takes {taken})")
            elif isinstance(e, ev.MaritimeTraded):
                self.items.append(f"maritime {_bundle(e.give)} for {_bundle(e.get)}")
            elif isinstance(e, ev.OfferMade):
                self.offer = f"offer {_bundle(e.give)} for {_bundle(e.get)}"
            elif isinstance(e, ev.Traded):
                give, get = _bundle(e.give), _bundle(e.get)
                if self.offer == f"offer {give} for {get}":
                    self.items.append(f"{self.offer}: p{e.partner} accepts")
                else:
                    self.items.append(
                        f"{self.offer}: p{e.partner} counters, trades {give} for {get}"
                    )
            elif isinstance(e, ev.OfferClosed):
                self.items.append(f"{self.offer}: no deal")
            elif isinstance(e, ev.LongestRoadMoved | ev.LargestArmyMoved):
                # Said after the build that caused it (the engine reports the award first).
                award = "LONGEST ROAD" if e.kind == "longest_road" else "LARGEST ARMY"
                awards.append(
                    f"{award} {'to p' + str(e.holder) if e.holder != -1 else 'set aside'}"
                )
            elif isinstance(e, ev.Won):
                self._flush_discards()
                self.items.extend(awards)
                awards = []
                self.items.append(f"WINS with {e.points} VP")
        self.items.extend(awards)

    def finish(self) -> list[str]:
        """The turn's items in order."""
        self._flush_discards()
        return self.items


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


def run_demo(
    rules: Rules,
    bots: Sequence[Bot],
    *,
    max_turns: int = 500,
    board_every: int = 0,
    out: TextIO,
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
    topo = s.topo
    for e in game.start_events:
        if isinstance(e, ev.StartRoll):
            say("Starting roll: " + ", ".join(f"p{p} {r}" for p, r in e.rolls))
    if rules.map_kind == "beginner":
        say("Beginner set-up: the starting pieces of Illustration A are on the board.")
    else:
        say(f"p{s.first_player} starts. Set-up (snake order):")

    def step() -> tuple[Action, tuple[ev.Event, ...]]:
        p = to_move(s)
        a = bots[p].choose(observe(s, p), legal_actions(s, p))
        game.play(a)
        return a, observe(s, None).events

    # The set-up phase: one line per settlement and its road.
    pending = ""
    while s.turn == 0 and not is_over(s):
        a, events = step()
        if a.kind == K.BUILD_SETTLEMENT:
            gain = [e.resources for e in events if isinstance(e, ev.StartingResources)]
            pending = f"  set-up  {format_action(a, topo)}"
            pending += f", receives {_bundle(gain[0])}" if gain else ""
        else:
            say(f"{pending}, road {topo.path_names[a.a]}")
    say("")
    say("Board at the start of play:")
    say(render_board(observe(s, None), legend=True))
    say("")

    # Play, keeping one entry per turn and the spectator's view every _BOARD_STEP turns.
    step_ = board_every if board_every > 0 else _BOARD_STEP
    turns: list[tuple[int, int, list[str]]] = []
    views: dict[int, View] = {}
    log = _TurnLog(topo)
    while not is_over(s) and s.turn <= max_turns:
        turn, player = s.turn, s.current
        a, events = step()
        log.add(a, events)
        if a.kind == K.END_TURN or is_over(s):
            turns.append((turn, player, log.finish()))
            log = _TurnLog(topo)
            if not is_over(s) and turn % step_ == 0:
                views[turn] = observe(s, None)
    if board_every == 0:
        while sum(t % step_ == 0 for t in views) > _MAX_BOARDS:
            step_ += _BOARD_STEP
    shown = {t for t in views if board_every > 0 or t % step_ == 0}

    say("turn     player: what happened (dice total; builds, buys, trades and robber in notation)")
    quiet: list[tuple[int, int, str]] = []

    def flush_quiet() -> None:
        if len(quiet) == 1:
            t, p, roll = quiet[0]
            say(f"{t:4}     p{p}: {roll}")
        elif quiet:
            span = f"{quiet[0][0]:4}-{quiet[-1][0]:<4}"
            say(f"{span}rolls only: " + ", ".join(f"p{p} {r.split()[1]}" for _, p, r in quiet))
        quiet.clear()

    for turn, player, items in turns:
        if len(items) == 1 and items[0].startswith("rolls ") and items[0] != "rolls 7":
            quiet.append((turn, player, items[0]))
            if len(quiet) == _QUIET_RUN:
                flush_quiet()
        else:
            flush_quiet()
            lines.extend(_wrap(f"{turn:4}     p{player}:", items))
        if turn in shown:
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
        say("Final scores (victory point cards stay hidden, except the winner's):")
    else:
        say(f"Scores after turn {max_turns} (victory point cards stay hidden):")
    for p in sorted(range(view.n), key=lambda q: -view.public_vp[q]):
        cards = view.revealed_vp_cards[p]
        extra = f" including {cards} victory point card(s)" if cards else ""
        say(f"  p{p}  {view.public_vp[p]:2} VP{extra}")
    if view.winner >= 0:
        say(f"Winner: p{view.winner} ({type(bots[view.winner]).__name__}) on turn {view.turn}.")
    else:
        say(f"Unfinished: nobody reached {rules.vp_target} VP within {max_turns} turns.")
    out.write("\n".join(lines) + "\n")
    return game


def _cmd_demo(args: argparse.Namespace) -> int:
    rules = Rules(
        players=args.players,
        vp_target=args.vp,
        map_kind=args.map,
        seed=args.seed,
        helpers=args.helpers,
    )
    bots = [make_bot(args.bot, bot_rng(args.seed, p)) for p in range(rules.players)]
    print(
        f"pysettlers demo: {rules.players} {args.bot} bots, {rules.map_kind} map, seed "
        f"{rules.seed}, {rules.vp_target} VP to win"
    )
    run_demo(rules, bots, max_turns=args.max_turns, board_every=args.board_every, out=sys.stdout)
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    rules = Rules(players=args.players, map_kind=args.map, seed=args.seed, helpers=args.helpers)
    view = observe(new_game(rules), None)
    print(f"{rules.map_kind} map, seed {rules.seed}, {rules.players} players")
    print(render_view(view) if args.status else render_board(view, legend=True))
    return 0


def _cmd_sim(args: argparse.Namespace) -> int:
    # Everything is validated before the first game: a typo must not cost a long run.
    specs = sim.parse_players(args.players)
    rules = Rules(
        players=len(specs),
        vp_target=args.vp,
        discard_limit=args.discard_limit,
        map_kind=args.map,
        trade_build=args.trade_build,
        large_game_variant=args.variant,
        helpers=args.helpers,
    )
    config = sim.SimConfig(
        rules,
        specs,
        games=args.games,
        seed=args.seed,
        max_turns=args.max_turns,
        max_decisions=args.max_decisions,
        rotate=not args.no_rotate,
    )
    if args.workers < 1:
        raise ValueError(f"--workers must be at least 1 (got {args.workers})")
    sim.check_specs(specs)
    if args.plot:
        try:
            report.require_matplotlib()
        except RuntimeError as err:
            print(f"pysettlers sim: error: {err}", file=sys.stderr)
            return 2
    try:
        out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    except OSError as err:
        raise ValueError(f"cannot write {args.out}: {err.strerror or err}") from err
    try:
        with report.progress_bar(config.games, sys.stderr) as advance:
            tally, seconds = sim.simulate(config, workers=args.workers, out=out, progress=advance)
    except KeyboardInterrupt:  # Ctrl-C: no summary of a partial run (--out keeps its games)
        print("pysettlers sim: interrupted", file=sys.stderr)
        return 130
    finally:
        if out is not None:
            out.close()
    summary = tally.summary(seconds=seconds, workers=args.workers)
    if args.json:
        sys.stdout.write(report.format_json(summary))
    else:
        report.print_table(summary, sys.stdout)
    if args.plot:
        report.write_plot(summary, tally.turns, args.plot)
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    record = report.load_record(args.file, args.game)
    sys.stdout.write(report.format_replay(record, step=args.step, context=args.context))
    return 0


# -- the parser ----------------------------------------------------------------------------


def _game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=1, help="seed of the map and the game (1)")
    p.add_argument("--players", type=int, default=4, choices=range(2, 7), help="players (4)")
    p.add_argument("--map", choices=MAP_KINDS, default="variable", help="map set-up (variable)")
    p.add_argument("--helpers", action="store_true", help="play the Helpers of CATAN scenario")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pysettlers", description="The CATAN rules engine: demos and tools."
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = sub.add_parser("demo", help="bots play one seeded game in the terminal")
    _game_options(demo)
    demo.add_argument("--vp", type=int, default=10, help="victory points to win (10)")
    demo.add_argument("--max-turns", type=int, default=500, help="stop after this turn (500)")
    demo.add_argument(
        "--board-every",
        type=int,
        default=0,
        help="show the board every N turns (default: every 20, or a multiple of 20 that keeps "
        "a long game to 4 boards)",
    )
    demo.add_argument("--bot", choices=bot_names(), default="random", help="bot kind (random)")
    demo.set_defaults(func=_cmd_demo)

    render = sub.add_parser("render", help="show a freshly laid-out board")
    _game_options(render)
    render.add_argument("--status", action="store_true", help="also show scores and bank")
    render.set_defaults(func=_cmd_render)

    s = sub.add_parser(
        "sim",
        help="play many seeded bot games and summarize them",
        description="Play many seeded games between bots; print wins with 95% Wilson "
        "intervals, win rates by seat, points and game lengths. Results depend only on the "
        "options and --seed, never on --workers.",
    )
    s.add_argument(
        "--players",
        default="random,random,random,random",
        help="bots by seat, comma-separated, 2-6: NAME[:key=value...] for a registered bot "
        "(random, weighted, greedy), LABEL:module.Class[:key=value...] for your own class "
        "(built as Class(rng, **options)); repeated labels become NAME#1, NAME#2 "
        "(random,random,random,random)",
    )
    s.add_argument("--games", type=int, default=100, help="games to play (100)")
    s.add_argument("--seed", type=int, default=1, help="master seed of every game (1)")
    s.add_argument("--map", choices=MAP_KINDS, default="variable", help="map set-up (variable)")
    s.add_argument("--vp", type=int, default=10, help="victory points to win (10)")
    s.add_argument(
        "--discard-limit",
        type=int,
        default=None,
        help="on a 7, players holding more cards than this discard half (7; Mayfair: 10)",
    )
    s.add_argument(
        "--trade-build", choices=TRADE_BUILD_STYLES, default="combined", help="phases (combined)"
    )
    s.add_argument(
        "--variant",
        choices=LARGE_GAME_VARIANTS,
        default="special_building",
        help="5-6 players: the Special Building Phase or the Mayfair variant (special_building)",
    )
    s.add_argument("--helpers", action="store_true", help="play the Helpers of CATAN scenario")
    s.add_argument("--workers", type=int, default=1, help="processes playing games (1)")
    s.add_argument("--max-turns", type=int, default=1000, help="stop a game after this turn (1000)")
    s.add_argument(
        "--max-decisions",
        type=int,
        default=None,
        help="also stop a game after this many actions (50 per turn of --max-turns): no rule "
        "limits the actions within a turn, and a bot can loop",
    )
    s.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    s.add_argument("--out", metavar="FILE", help="write each game's record as a JSON line")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--plot", metavar="PNG", help="write win rates and game lengths (matplotlib)")
    s.set_defaults(func=_cmd_sim)

    r = sub.add_parser("replay", help="show a recorded game's position at any step")
    r.add_argument("file", metavar="FILE", help="records: JSON lines (sim --out) or one record")
    r.add_argument("--game", type=int, default=0, help="which record of the file, from 0 (0)")
    r.add_argument(
        "--step", type=int, default=None, help="position after this many actions (the end)"
    )
    r.add_argument("--context", type=int, default=5, help="actions shown around the step (5)")
    r.set_defaults(func=_cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        result: int = args.func(args)
    except ValueError as err:  # invalid rules options (e.g. --vp 99)
        parser.error(str(err))
    except BrokenPipeError:  # the reader went away (`pysettlers demo | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    return result


__all__ = ["build_parser", "main", "run_demo"]
