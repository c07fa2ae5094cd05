"""The ``pysettlers`` command: ``demo`` (bots play a seeded game), ``render`` (a fresh map),
``sim`` (many bot games and their statistics), ``arena`` (a tournament among bots, with
ratings), ``replay`` (a recorded game's position) and
``serve`` (the game server, :mod:`pysettlers.server`; needs the ``web`` extra).

What this is for: a terminal front door over the engine and the bots. ``demo`` plays one
game with bots — the same seed gives the same output, byte for byte — and prints the board
after the set-up, one line per turn in words (``pysettlers.words``: places by their terrain
and number; 7s, the robber, steals and the helpers as a spectator sees them; an item done
by another player than the line's is
prefixed with that player) and one per Special Building Phase that builds, the board every
few turns, and the final position and scores; ``--out`` saves the game's record for
``replay``. ``sim`` and ``replay`` are thin wrappers over :mod:`pysettlers.sim`.
Errors are one line without Python's exception names: exit status 2 with the sub-command's
usage for bad options, 1 for a failure (a file that cannot be read or written, a broken
record).

What this is not: no rules (the engine decides what is legal) and no strategy (the bots
choose). The game is driven here, but the bots only ever get views and legal actions.
Output is plain text without colour codes.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from pysettlers import sim
from pysettlers.admin import TOKEN_ENV as ADMIN_TOKEN_ENV
from pysettlers.admin import add_command as add_admin_command
from pysettlers.bots import Bot, bot_names, bot_rng, make_bot
from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    Rules,
    View,
    is_over,
    legal_actions,
    new_game,
    observe,
    to_move,
)
from pysettlers.engine import events as ev
from pysettlers.engine.config import (
    ALTERNATE_RULES,
    LARGE_GAME_VARIANTS,
    MAP_KINDS,
    MAX_DESCRIPTION,
    TRADE_BUILD_STYLES,
    MapKind,
)
from pysettlers.engine.scenarios.helpers import events as hev
from pysettlers.engine.types import Phase
from pysettlers.render import render_board, render_view
from pysettlers.sim import report
from pysettlers.words import Words, bundle
from pysettlers.words.events import clause
from pysettlers.words.speaker import helper

K = ActionKind


# -- the demo -----------------------------------------------------------------------------


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
        said = clause(self.words, e)
        if said is None:
            return None
        who, text = said
        return (actor if who < 0 else who), self.words.say(-1, text)

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

    def step() -> tuple[Action, tuple[ev.Event, ...]]:
        p = to_move(s)
        a = bots[p].choose(observe(s, p), legal_actions(s, p))
        game.play(a)
        return a, observe(s, None).events

    # The set-up phase: one line per settlement and its road.
    pending = ""
    display: tuple[int, ...] = ()
    for e in game.start_events:  # the beginner map: the helpers go out before play
        if isinstance(e, hev.HelperDealt):
            say(f"  {words.event(e)}")
        elif isinstance(e, hev.HelperDisplayed):
            display = e.helpers
    while s.turn == 0 and not is_over(s):
        a, events = step()
        if a.kind == K.BUILD_SETTLEMENT:
            gain = [e.resources for e in events if isinstance(e, ev.StartingResources)]
            pending = f"  set-up  p{a.player} settles at {places.intersection(a.a)}"
            pending += f", receives {bundle(gain[0])}" if gain else ""
        else:
            dealt = [
                f"; {words.say(-1, c[1])}"
                for e in events
                if isinstance(e, hev.HelperDealt) and (c := clause(words, e)) is not None
            ]
            say(f"{pending}; road {places.path(a.a)}" + "".join(dealt))
        for e in events:
            if isinstance(e, hev.HelperDisplayed):
                display = e.helpers
    if display:
        say("Helpers on display: " + ", ".join(helper(h) for h in display))
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


class _Failure(Exception):
    """The command could not do its work (exit status 1, not a usage error): a file that
    cannot be written, say."""


def _open_for_writing(path: str) -> TextIO:
    """``path`` opened for writing before any game is played: a typo must not cost a run."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as err:
        raise _Failure(f"cannot write {path}: {err.strerror or err}") from None


DEMO_TABLE = ("hard", "medium")  # the demo's seats in turn when no --bot is given


def _cmd_demo(args: argparse.Namespace) -> int:
    rules = _game_rules(args, vp_target=args.vp)
    # A newcomer's first game should look like play: by default the hard and medium levels
    # in turn (bots/levels.py), not bots that play any legal move.
    kinds = [args.bot or DEMO_TABLE[p % len(DEMO_TABLE)] for p in range(rules.players)]
    bots = [make_bot(kind, bot_rng(args.seed, p)) for p, kind in enumerate(kinds)]
    out = _open_for_writing(args.out) if args.out else None
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


def _cmd_play(args: argparse.Namespace) -> int:
    if not args.terminal:
        raise _Failure(
            "to play in the browser, start the server (pysettlers serve, or make play) and "
            "open the URL it prints; to play here: pysettlers play --terminal"
        )
    if not 0 <= args.seat < args.players:
        raise _Failure(f"--seat must be from 0 to {args.players - 1}")
    from pysettlers.terminal import play_terminal

    rules = _game_rules(args, vp_target=args.vp)
    play_terminal(rules, seat=args.seat, bot=args.bot, out=sys.stdout)
    return 0


def _cmd_render(args: argparse.Namespace) -> int:
    rules = _game_rules(args)
    view = observe(new_game(rules), None)
    print(f"{rules.map_kind} map, seed {rules.seed}, {rules.players} players")
    print(render_view(view) if args.status else render_board(view, legend=True))
    return 0


def _cmd_sim(args: argparse.Namespace) -> int:
    # Everything is validated before the first game: a typo must not cost a long run.
    specs = sim.parse_players(args.players)
    rules = _sim_rules(args, len(specs))
    config = sim.SimConfig(
        rules,
        specs,
        games=args.games,
        seed=args.seed,
        max_turns=args.max_turns,
        max_decisions=args.max_decisions,
        rotate=not args.no_rotate,
    )
    sim.check_specs(specs)
    if args.plot:
        try:
            report.require_matplotlib()
        except RuntimeError as err:
            print(f"pysettlers sim: error: {err}", file=sys.stderr)
            return 2
    out = _open_for_writing(args.out) if args.out else None
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


def _cmd_arena(args: argparse.Namespace) -> int:
    from pysettlers.sim import arena, arena_plot

    if args.from_file:
        if args.bots:
            raise ValueError("BOT: give either entrants to play or --from FILE, not both")
        docs = []
        for path in args.from_file:
            try:
                with open(path, encoding="utf-8") as f:
                    text = f.read()
            except OSError as err:
                raise _Failure(f"cannot read {path}: {err.strerror or err}") from None
            try:
                docs.append((path, arena.load(text, path)))
            except arena.ResultsError as err:
                raise _Failure(str(err)) from None
        try:
            doc = docs[0][1] if len(docs) == 1 else arena.merge(docs)
        except arena.ResultsError as err:
            raise _Failure(str(err)) from None
        if args.gaps:
            doc = arena.with_gaps(doc, arena.gap_order(doc["config"], args.gaps))
        seconds = None
        out = _open_for_writing(args.out) if args.out else None
    else:
        # Everything is validated before the first game: a typo must not cost a run.
        entrants = arena.parse_entrants(args.bots)
        config = arena.ArenaConfig(
            _sim_rules(args, args.players),
            entrants,
            games=args.games,
            seed=args.seed,
            fmt=args.format,
            max_turns=args.max_turns,
            max_decisions=args.max_decisions,
        )
        sim.check_specs(entrants)
        order = arena.gap_order(config.to_json(), args.gaps) if args.gaps else None
        executor = None
        if args.ray:
            from pysettlers.sim import arena_ray

            executor = arena_ray.executor(args.ray)
        if args.plot and args.plot.lower().endswith(".png"):
            try:
                report.require_matplotlib()
            except RuntimeError as err:
                raise ValueError(f"{err} (or write an .svg, which needs nothing)") from None
        # The results file is opened before any game: a typo must not cost a run.
        out = _open_for_writing(args.out) if args.out else None
        note = arena.rounded_note(config)
        if note and not args.quiet:
            print(f"pysettlers arena: {note}", file=sys.stderr)
        import time

        start = time.perf_counter()
        try:
            with report.progress_bar(
                len(config.seatings()), sys.stderr, enabled=not args.quiet
            ) as advance:
                played = arena.play(
                    config, workers=args.workers, progress=advance, executor=executor
                )
        except KeyboardInterrupt:
            print("pysettlers arena: interrupted", file=sys.stderr)
            return 130
        seconds = time.perf_counter() - start
        doc = arena.results(config, played)
        if order is not None:
            doc = arena.with_gaps(doc, order)
    if out is not None:
        with out:
            out.write(arena.dumps(doc))
    if args.plot:
        try:
            arena_plot.write(doc, args.plot)
        except OSError as err:
            raise _Failure(f"cannot write {args.plot}: {err.strerror or err}") from None
    if args.json:
        sys.stdout.write(arena.dumps(doc))
    else:
        report.print_arena(doc, sys.stdout, seconds=seconds, workers=args.workers)
    return 0


def _cmd_replay(args: argparse.Namespace) -> int:
    text = report.replay_file(args.file, game=args.game, step=args.step, context=args.context)
    sys.stdout.write(text)
    return 0


# -- the parser ----------------------------------------------------------------------------


def _cmd_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from pysettlers.server import create_app
    except ImportError as err:
        raise _Failure(
            f"the server needs the web extra ({err.name} is missing): pip install 'pysettlers[web]'"
        ) from None
    from pysettlers.server.limits import Limits
    from pysettlers.server.store import url_problem

    problem = url_problem(args.db)
    if problem is not None:
        raise ValueError(f"--db: {problem}")
    limits = Limits(
        connections=args.max_connections,
        connections_per_address=args.connections_per_address,
        connections_per_game=args.connections_per_game,
        spectators_per_game=args.spectators_per_game,
        games_per_minute=args.games_per_minute,
    )
    app = create_app(
        args.db,
        bot_threads=args.bot_threads,
        sqlite_sync=args.sqlite_sync,
        park_after=args.park_after,
        max_bot_games=args.max_bot_games,
        admin_token=args.admin_token or os.environ.get(ADMIN_TOKEN_ENV) or None,
        limits=limits,
    )
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"pysettlers server: open http://{host}:{args.port}/ (API: /docs)", flush=True)
    uvicorn.run(app, **uvicorn_options(args))
    return 0


def uvicorn_options(args: argparse.Namespace) -> dict[str, Any]:
    """The ASGI server's options for ``pysettlers serve`` (also used by the tests, so that
    they test what the command runs)."""
    from pysettlers.server.ws import MAX_FRAME

    trusted: list[str] = args.trusted_proxy or []
    return {
        "host": args.host,
        "port": args.port,
        "log_level": args.log_level,
        "ws_max_size": MAX_FRAME,  # (a message over MAX_MESSAGE is answered too_large)
        "ws_ping_interval": 20,
        # Compressing every view costs more CPU than the bytes it saves on a LAN (measured
        # with bench/server_load.py: p50 latency 21 -> 8 ms at 200 games without it).
        "ws_per_message_deflate": args.ws_compression,
        "ws_ping_timeout": 20,
        "timeout_graceful_shutdown": 5,
        # The client address every per-address limit counts under (server/limits.py) is the
        # TCP peer's, unless the peer is a proxy the operator trusts: uvicorn would
        # otherwise believe X-Forwarded-For from 127.0.0.1 (its default), so that anyone
        # on the machine could pass for any address.
        "proxy_headers": bool(trusted),
        "forwarded_allow_ips": ",".join(trusted) if trusted else "",
    }


def _proxy(text: str) -> str:
    """An argparse type: an IP address or network (``--trusted-proxy``)."""
    import ipaddress

    try:
        return str(ipaddress.ip_network(text.strip(), strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an IP address or network (e.g. 10.0.0.5 or 10.0.0.0/8)"
        ) from None


def _at_least(least: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``least``, refused with the
    sub-command's usage otherwise."""

    def whole_number(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if n < least:
            raise argparse.ArgumentTypeError(f"must be at least {least} (got {n})")
        return n

    return whole_number


def _version() -> str:
    """The installed package's version (its metadata; none when run from a bare source tree)."""
    # Imported here: reading package metadata costs more than the rest of the start-up.
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("pysettlers")
    except PackageNotFoundError:
        return "(not installed: run from the sources)"


class _VersionAction(argparse.Action):
    """``--version``: the version is looked up only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings,
            dest=argparse.SUPPRESS,
            default=argparse.SUPPRESS,
            nargs=0,
            help="show the version and exit",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(f"{parser.prog} {_version()}")
        parser.exit()


def _alternate_option(p: argparse.ArgumentParser) -> None:
    """The 1996 rules' options: ``--alt RULE`` (repeatable) and ``--pirate``; and Seafarers
    ships, ``--ships``."""
    p.add_argument(
        "--alt",
        action="append",
        default=[],
        choices=ALTERNATE_RULES,
        metavar="RULE",
        help="an alternate rule of the 1996 rules, repeatable: " + ", ".join(ALTERNATE_RULES),
    )
    p.add_argument(
        "--pirate",
        action="store_true",
        help="the 1996 pirate: the robber may also be placed on a harbor, closing it to trade",
    )
    p.add_argument(
        "--ships",
        action="store_true",
        help="Seafarers ships: built for lumber and wool on paths by the sea, the ship at the "
        "open end of a line moved once a turn, the Longest Trade Route",
    )


MAP_HELP = (
    "map set-up: beginner, variable or random for 2-6 players; the 1996 rules' maps: islands "
    "(3-4 players) and big-islands (5-6), with bridges; big-island or peanut for 7-8 "
    "(default: variable, or big-island for 7-8 players)"
)


def _map_kind(given: MapKind | None, players: int) -> MapKind:
    """The ``--map`` given, else the default for the number of players: 7–8 players have
    no ``variable`` map, so theirs is Big Island."""
    if given is not None:
        return given
    return "big-island" if players >= 7 else "variable"


NAMED_MAPS = tuple(k for k in MAP_KINDS if k != "described")
"""The maps ``--map`` names; a ``described`` map comes from ``--map-file``."""


def _map_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--map",
        choices=NAMED_MAPS,
        default=None,
        help=MAP_HELP,
    )
    p.add_argument(
        "--map-file",
        metavar="PATH",
        default=None,
        help="a map description (JSON, see docs/maps.md) to lay the board out from",
    )


def _map_options(args: argparse.Namespace, players: int) -> tuple[MapKind, str | None]:
    """``map_kind`` (and ``map_description``) of the rules from ``--map`` / ``--map-file``
    (without either, the default for ``players``: :func:`_map_kind`); the description is
    read and checked here, before any game is played."""
    if args.map_file is None:
        return _map_kind(args.map, players), None
    if args.map is not None:
        raise _Failure("give --map or --map-file, not both")
    try:
        with open(args.map_file, encoding="utf-8") as f:
            text = f.read(MAX_DESCRIPTION + 1)
    except OSError as err:
        raise _Failure(f"cannot read {args.map_file}: {err.strerror or err}") from None
    from pysettlers.engine.maps import load_description

    try:
        load_description(text)
    except ValueError as err:
        raise _Failure(f"{args.map_file}: {err}") from None
    return "described", text


def _game_rules(args: argparse.Namespace, vp_target: int = 10) -> Rules:
    """The rules of ``demo``, ``play`` and ``render`` from :func:`_game_options` (and the
    ``--vp`` of the two that have one)."""
    map_kind, map_description = _map_options(args, args.players)
    return Rules(
        players=args.players,
        map_kind=map_kind,
        map_description=map_description,
        seed=args.seed,
        helpers=args.helpers,
        alternate=tuple(args.alt),
        pirate=args.pirate,
        ships=args.ships,
        vp_target=vp_target,
    )


def _game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=1, help="seed of the map and the game (1)")
    p.add_argument("--players", type=int, default=4, choices=range(2, 9), help="players, 2-8 (4)")
    _map_arguments(p)
    p.add_argument("--helpers", action="store_true", help="play the Helpers of CATAN scenario")
    _alternate_option(p)


def _rules_options(p: argparse.ArgumentParser) -> None:
    """The rules and game-length options of ``sim`` and ``arena`` (see :func:`_sim_rules`)."""
    _map_arguments(p)
    p.add_argument("--vp", type=int, default=10, help="victory points to win (10)")
    p.add_argument(
        "--discard-limit",
        type=int,
        default=None,
        help="on a 7, players holding more cards than this discard half (7; Mayfair: 10; "
        "big-island and peanut: 13)",
    )
    p.add_argument(
        "--trade-build", choices=TRADE_BUILD_STYLES, default="combined", help="phases (combined)"
    )
    p.add_argument(
        "--variant",
        choices=LARGE_GAME_VARIANTS,
        default="special_building",
        help="5-8 players: the Special Building Phase or the Mayfair variant, which has none "
        "(special_building)",
    )
    p.add_argument("--helpers", action="store_true", help="play the Helpers of CATAN scenario")
    _alternate_option(p)
    p.add_argument(
        "--max-turns", type=_at_least(1), default=1000, help="stop a game after this turn (1000)"
    )
    p.add_argument(
        "--max-decisions",
        type=_at_least(1),
        default=None,
        help="also stop a game after this many actions (50 per turn of --max-turns): no rule "
        "limits the actions within a turn, and a bot can loop",
    )


def _sim_rules(args: argparse.Namespace, players: int) -> Rules:
    """The rules given by :func:`_rules_options` for ``players`` seats."""
    map_kind, map_description = _map_options(args, players)
    return Rules(
        players=players,
        vp_target=args.vp,
        discard_limit=args.discard_limit,
        map_kind=map_kind,
        map_description=map_description,
        trade_build=args.trade_build,
        large_game_variant=args.variant,
        helpers=args.helpers,
        alternate=tuple(args.alt),
        pirate=args.pirate,
        ships=args.ships,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pysettlers", description="The CATAN rules engine: demos and tools."
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    demo = sub.add_parser("demo", help="bots play one seeded game in the terminal")
    _game_options(demo)
    demo.add_argument("--vp", type=int, default=10, help="victory points to win (10)")
    demo.add_argument(
        "--max-turns", type=_at_least(1), default=500, help="stop after this turn (500)"
    )
    demo.add_argument(
        "--board-every",
        type=_at_least(0),
        default=0,
        help="show the board every N turns (default: every 20, or a multiple of 20 that keeps "
        "a long game to 4 boards)",
    )
    demo.add_argument(
        "--bot",
        choices=bot_names(),
        default=None,
        help="every seat's bot (default: the hard and medium levels in turn)",
    )
    demo.add_argument(
        "--out", metavar="FILE", help="also save the game's record (JSON) for `replay FILE`"
    )
    demo.set_defaults(func=_cmd_demo, command_parser=demo)

    play = sub.add_parser("play", help="play against bots: in the terminal (--terminal)")
    _game_options(play)
    play.add_argument("--terminal", action="store_true", help="play here, with no server")
    play.add_argument("--vp", type=int, default=10, help="victory points to win (10)")
    play.add_argument("--seat", type=int, default=0, help="your seat, 0 to players-1 (0)")
    play.add_argument("--bot", choices=bot_names(), default="weighted", help="bots (weighted)")
    play.set_defaults(func=_cmd_play, command_parser=play)

    render = sub.add_parser("render", help="show a freshly laid-out board")
    _game_options(render)
    render.add_argument("--status", action="store_true", help="also show scores and bank")
    render.set_defaults(func=_cmd_render, command_parser=render)

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
        help="bots by seat, comma-separated, 2-8: NAME[:key=value...] for a registered bot "
        "(random, weighted, greedy), LABEL:module.Class[:key=value...] for your own class "
        "(built as Class(rng, **options)); repeated labels become NAME#1, NAME#2 "
        "(random,random,random,random)",
    )
    s.add_argument("--games", type=_at_least(1), default=100, help="games to play (100)")
    s.add_argument("--seed", type=int, default=1, help="master seed of every game (1)")
    _rules_options(s)
    s.add_argument("--workers", type=_at_least(1), default=1, help="processes playing games (1)")
    s.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    s.add_argument("--out", metavar="FILE", help="write each game's record as a JSON line")
    s.add_argument("--json", action="store_true", help="print the summary as JSON")
    s.add_argument("--plot", metavar="PNG", help="write win rates and game lengths (matplotlib)")
    s.set_defaults(func=_cmd_sim, command_parser=s)

    a = sub.add_parser(
        "arena",
        help="a tournament among bots: ratings with intervals, pairwise table",
        description="Play a round-robin (every table of --players seats drawn from the "
        "entrants) or a gauntlet (the first entrant against the field), every table in every "
        "seat rotation; rate the entrants (Plackett-Luce first place, Elo scale, 95% bootstrap "
        "intervals) and count who finished ahead of whom. Results depend only on the options "
        "and --seed, never on --workers.",
    )
    a.add_argument(
        "bots",
        nargs="*",
        metavar="BOT",
        help="an entrant: NAME[:key=value...] (random, weighted, greedy) or "
        "LABEL:module.Class[:key=value...]; at least 2",
    )
    a.add_argument(
        "--games",
        type=_at_least(1),
        default=120,
        help="games to play at least, rounded up to whole rounds (every table in every "
        "rotation) (120)",
    )
    a.add_argument("--players", type=int, default=4, choices=range(2, 9), help="seats, 2-8 (4)")
    a.add_argument(
        "--format",
        choices=("round-robin", "gauntlet"),
        default="round-robin",
        help="round-robin, or gauntlet: the first BOT against the others (round-robin)",
    )
    a.add_argument("--seed", type=int, default=1, help="master seed of every game (1)")
    _rules_options(a)
    a.add_argument("--workers", type=_at_least(1), default=1, help="processes playing games (1)")
    a.add_argument(
        "--ray",
        metavar="ADDRESS",
        help="play the games as Ray tasks on the cluster at ADDRESS (auto: this machine's "
        "cluster or RAY_ADDRESS); the same results as --workers (needs the ray extra)",
    )
    a.add_argument(
        "--out",
        metavar="FILE",
        help="write the results (JSON): config, every game, ratings, pairwise table",
    )
    a.add_argument(
        "--from",
        dest="from_file",
        metavar="FILE",
        action="append",
        help="report the results of an earlier --out without playing; given more than once, "
        "the games of all, rated together (entrants matched by label; the same rules)",
    )
    a.add_argument(
        "--gaps",
        metavar="LABEL,LABEL,...",
        help="report the rating gap of each listed entrant over the next, with its 95%% "
        "interval (default: each entrant over its neighbour below)",
    )
    a.add_argument("--json", action="store_true", help="print the results as JSON")
    a.add_argument(
        "--plot", metavar="FILE", help="chart of the ratings: FILE.svg (or .png with matplotlib)"
    )
    a.add_argument("--quiet", action="store_true", help="no progress bar or notes")
    a.set_defaults(func=_cmd_arena, command_parser=a)

    r = sub.add_parser("replay", help="show a recorded game's position at any step")
    r.add_argument("file", metavar="FILE", help="records: JSON lines (sim --out) or one record")
    r.add_argument(
        "--game", type=_at_least(0), default=0, help="which record of the file, from 0 (0)"
    )
    r.add_argument(
        "--step", type=_at_least(0), default=None, help="position after this many actions (the end)"
    )
    r.add_argument(
        "--context", type=_at_least(0), default=5, help="actions shown around the step (5)"
    )
    r.set_defaults(func=_cmd_replay, command_parser=r)

    sv = sub.add_parser(
        "serve",
        help="run the game server (HTTP lobby, WebSocket play)",
        description="Run the game server: play online against bots and friends. Needs the "
        "web extra: pip install 'pysettlers[web]'.",
    )
    sv.add_argument(
        "--host", default="127.0.0.1", help="address to bind (127.0.0.1; 0.0.0.0 for a LAN)"
    )
    sv.add_argument("--port", type=_at_least(0), default=8000, help="port (8000)")
    sv.add_argument(
        "--db",
        default="sqlite:///pysettlers.db",
        help="database URL: sqlite:///PATH or postgresql://USER@HOST/DB "
        "(sqlite:///pysettlers.db in the working directory)",
    )
    sv.add_argument("--bot-threads", type=_at_least(1), default=2, help="threads for bots (2)")
    sv.add_argument(
        "--sqlite-sync",
        choices=("full", "normal"),
        default="full",
        help="SQLite: 'full' commits survive a power cut (an fsync per commit); 'normal' "
        "survives a crash of the server but not of the machine, and is faster (full)",
    )
    sv.add_argument(
        "--ws-compression",
        action="store_true",
        help="compress WebSocket messages (permessage-deflate): fewer bytes, more CPU",
    )
    sv.add_argument(
        "--park-after",
        type=float,
        default=3600.0,
        help="seconds a game with human seats may stand with nobody connected before it is "
        "parked (not rebuilt at start; a player's connection wakes it) (3600)",
    )
    sv.add_argument(
        "--max-bot-games",
        type=_at_least(0),
        default=8,
        help="bots-only games in progress at once; more are refused (8)",
    )
    sv.add_argument(
        "--admin-token",
        help="turn on the admin routes (pysettlers admin) with this secret "
        "(or PYSETTLERS_ADMIN_TOKEN)",
    )
    # Fair limits (server/limits.py, docs/protocol.md#limits); 0 refuses every one.
    sv.add_argument(
        "--max-connections",
        type=_at_least(0),
        default=2000,
        help="WebSocket connections open at once in all; more are refused with "
        "'server_full', close 1013 (2000)",
    )
    sv.add_argument(
        "--connections-per-address",
        type=_at_least(0),
        default=16,
        help="WebSocket connections open at once from one client address (an IPv6 /64), "
        "checked before --max-connections so one client cannot fill the server; more are "
        "refused with 'too_many_connections', close 4429 (16)",
    )
    sv.add_argument(
        "--connections-per-game",
        type=_at_least(0),
        default=108,
        help="seats and spectators connected to one game; a spectator beyond it is refused "
        "with 'full', close 4429 (seats are always let in) (108)",
    )
    sv.add_argument(
        "--spectators-per-game",
        type=_at_least(0),
        default=100,
        help="spectators of one game; more are refused with 'full', close 4429 (100)",
    )
    sv.add_argument(
        "--games-per-minute",
        type=_at_least(0),
        default=10,
        help="games one client address may create a minute (that many at once, then one "
        "every 60/N s); more are refused with HTTP 429 'too_many_games' and a Retry-After "
        "header (10)",
    )
    sv.add_argument(
        "--trusted-proxy",
        action="append",
        type=_proxy,
        metavar="IP[/BITS]",
        help="a reverse proxy whose X-Forwarded-For header gives the client's address "
        "(repeat for several); by default none is trusted and every limit counts the TCP "
        "peer's address",
    )
    sv.add_argument("--log-level", default="info", choices=("debug", "info", "warning", "error"))
    sv.set_defaults(func=_cmd_serve, command_parser=sv)
    add_admin_command(sub)  # pysettlers admin (admin.py)
    return parser


# An exception's class name ("ValueError: ...") means nothing to a player: messages from
# deeper layers (a bot's options, a record's fields) are shown without it.
_CLASS_NAME = re.compile(r"\b[A-Z][A-Za-z]*(?:Error|Exception): ")


def _clean(message: str) -> str:
    return _CLASS_NAME.sub("", message)


# The rules' own option names in their errors, as the flags a command-line user typed.
_FLAGS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\bmap_kind '([a-z-]+)' or '([a-z-]+)'"), r"--map \1 or \2"),
    (re.compile(r"\bmap_kind '([a-z-]+)'"), r"--map \1"),
    (re.compile(r"\bmap_kind\b"), "--map"),
    (re.compile(r"\ba described map\b"), "a map of your own (--map-file)"),
    (re.compile(r"\bdiscard_limit\b"), "--discard-limit"),
    (re.compile(r"\bvp_target\b"), "--vp"),
    (re.compile(r"\blarge_game_variant\b"), "--variant"),
    (re.compile(r"\btrade_build\b"), "--trade-build"),
)


def _as_flags(message: str) -> str:
    """A rules error (``Rules`` names its fields) in the words of the command line."""
    for pattern, flag in _FLAGS:
        message = pattern.sub(flag, message)
    return message


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; the exit status is 0, 1 when the command failed (a file that cannot
    be read or written, a broken record) or 2 for a usage error (bad options), which also
    prints the sub-command's usage."""
    parser = build_parser()
    # Known arguments first, so that an unknown one is reported with the usage of the
    # sub-command it was given to (plain ``parse_args`` reports it with the top level's).
    args, extra = parser.parse_known_args(argv)
    if args.command is None:
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        parser.print_help()
        return 2
    command: argparse.ArgumentParser = args.command_parser
    if extra:
        command.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        result: int = args.func(args)
    except BrokenPipeError:  # the reader went away (`pysettlers demo | head`): not an error
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except (_Failure, report.RecordError, OSError) as err:
        message = err.strerror if isinstance(err, OSError) and err.strerror else str(err)
        print(f"{command.prog}: error: {_clean(message)}", file=sys.stderr)
        return 1
    except ValueError as err:  # invalid options, e.g. --vp 99 (Rules checks its own)
        command.error(_as_flags(_clean(str(err))))
    except KeyboardInterrupt:
        print(f"{command.prog}: interrupted", file=sys.stderr)
        return 130
    return result


__all__ = ["build_parser", "main", "run_demo"]
