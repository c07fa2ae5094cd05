"""Terminal play: a person plays a local game against bots, with no server.

What this is for: ``pysettlers play --terminal``. The person types actions in the engine's
notation, without their seat (``roll``, ``settlement (0,-1)N``, ``discard 2ore+1wool``;
``p0 roll`` works too; ``offer 1ore for 1brick`` without ``to`` is made to every other
player: ``shorthand.py``), with Tab completing the legal ones word by word (the standard
library's ``readline`` where the terminal has it). What happens is printed in words, as the
browser's log says it (:mod:`pysettlers.words`: "p2 moves the robber to the 6 fields and
steals a card from you", "The 8 produces: you get 2 ore"); the board (``render.py``) is
drawn again only when a piece or the robber moved, or on ``board``. ``help`` lists the
commands, ``?`` the legal actions with what each does. A refused action prints the
engine's message and the rule it names, and nothing changes.

The game is driven by a :class:`~pysettlers.match.Match`: the person's seat is one more
chooser, which prints what happened since the person last looked and reads lines until one
is an action the engine accepts (``quit`` stops the match). ``say TEXT`` says a line to the
table (the match's chat, kept in the game's record), and the lines the bots say are printed
as they come (the person's seat hears them, as a talking bot would: ``match.py``). Bots play
the other seats from their views only, as everywhere else. When several players
decide at once, the bots go first and the player whose turn it is last: an offer the
person makes is answered by the bots before the person is asked to confirm or withdraw
it, and an offer a bot makes waits for the person's answer.

What this is not: rules (the engine checks every action) or the browser client.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

from pysettlers.bots import bot_rng
from pysettlers.engine import (
    Action,
    ChatLine,
    Game,
    GameState,
    IllegalActionError,
    NotationError,
    Rules,
    View,
    check,
    deciders,
    format_action,
    parse_action,
)
from pysettlers.engine.trade import name_open_offer
from pysettlers.engine.types import Phase
from pysettlers.match import STOPPED, Chooser, Match, StopMatch
from pysettlers.render import render_board, render_status, to_do
from pysettlers.shorthand import how_to_write, is_seat, written_out
from pysettlers.sim.runner import bot_from_text
from pysettlers.words import Words, bundle
from pysettlers.words.speaker import count

Reader = Callable[[str, Sequence[str]], str]
"""Reads one line after a prompt, given the legal actions (for completion)."""

HELP = """\
Commands:
  an action     in the notation, without your seat: roll, end, settlement (0,-1)N,
                road (0,-1)NE, robber (1,0) p2, discard 2ore+1wool, maritime 4wool for
                1ore, accept #3 ... (Tab completes)
  offer 1ore for 1brick
                a trade offered to every other player (end with to p1,p2 for those only)
  ?             the actions you may take now, each with what it does
  board         draw the board again (it is drawn by itself when a piece moves)
  status        the scores, the bank, the offer on the table and your cards
  say TEXT      say something to the table (the bots' lines are shown as they say them)
  help          this list
  quit          stop (the game is not saved)"""


def completions(line: str, legal: Sequence[str]) -> list[str]:
    """What Tab offers for ``line``: the next word of each legal action the line begins,
    read with the seat (``p0 roll``) or, as the person types, without it (``roll``)."""
    seated = is_seat(line.split(" ", 1)[0])
    texts = legal if seated else [a.split(" ", 1)[1] if " " in a else a for a in legal]
    start = len(line) - len(line.split(" ")[-1])  # where the word being typed begins
    hits = [a[start:] for a in texts if a.startswith(line)]
    return sorted({h.split(" ", 1)[0] + (" " if " " in h else "") for h in hits})


def tty_reader(prompt: str, legal: Sequence[str]) -> str:
    """``input()`` with Tab completing the legal actions (readline, when available)."""
    try:
        import readline
    except ImportError:  # no readline (Windows): plain input
        return input(prompt)

    def complete(text: str, state: int) -> str | None:
        hits = completions(readline.get_line_buffer(), legal)
        return hits[state] if state < len(hits) else None

    readline.set_completer_delims(" ")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")
    return input(prompt)


def next_decider(s: GameState, seat: int) -> int:
    """Who decides next when several may: the bots first, the person, then the player whose
    turn it is (an offer's maker: it confirms or withdraws after the answers)."""
    ds = deciders(s)
    answering = [q for q in ds if q != s.current]
    bots = [q for q in answering if q != seat]
    if bots:
        return bots[0]
    return seat if seat in ds else ds[0]


def owed(view: View, seat: int) -> int:
    """The cards ``seat`` is still to discard (0 outside a discard)."""
    return view.discards[seat] if view.phase == Phase.DISCARD else 0


def asked(view: View, seat: int, before: int = 0) -> str:
    """The prompt's line: who decides what (``render.to_do``), and for the person's own
    discard the count owed, so that it need not be learnt from a refusal. ``before``: the
    count at the person's previous prompt, when that was this discard (it may be paid in
    parts)."""
    left = owed(view, seat)
    if not left or view.hand is None:
        return to_do(view)
    held = sum(view.hand)
    how = "type it as discard 2ore+1wool"
    if not before:  # asked first: "discard half, rounded down, above the limit"
        return (
            f"p{seat} to discard {count(left, 'card')}: a 7 was rolled and you hold {held}, "
            f"more than {view.rules.discard_max}, so half of them, rounded down ({how})"
        )
    return f"p{seat} to discard {count(left, 'more card')} (a 7 was rolled; {how})"


def _board_key(view: View) -> tuple[object, ...]:
    """What the board shows: the pieces and the robber (ships where the rules have them)."""
    ships = view.ext.get("ships")
    return (
        view.building_owner,
        view.building_level,
        view.road_owner,
        view.robber,
        None if ships is None else tuple(ships.path_pieces),
    )


def play_terminal(
    rules: Rules,
    *,
    seat: int = 0,
    bot: str = "weighted",
    read: Reader = tty_reader,
    out: TextIO,
) -> Game:
    """Play one game: ``seat`` is the person's, every other seat a ``bot`` (a spec as
    ``sim`` takes one: ``weighted``, ``easy:noise=5``)."""
    game = Game.new(rules)
    s = game.state
    topo = s.topo
    bots = {
        p: bot_from_text(bot, bot_rng(rules.seed, p)) for p in range(rules.players) if p != seat
    }
    names = [f"p{q}" for q in range(rules.players)]  # as the notation names them
    words = Words(s.board, names, seat, rules.ships)
    drawn: tuple[object, ...] | None = None  # the board last drawn
    hand: tuple[int, ...] | None = None  # the hand last shown
    out.write(
        f"You are p{seat}; the others are {bot} bots. Type help for the commands, "
        "? for your actions.\n"
    )

    def catch_up(view: View) -> None:
        """Print what happened since the person last looked (the view carries it: the
        match keeps each seat's ``since``), and the board and hand if they changed."""
        nonlocal drawn, hand
        for e in view.events:
            text = words.event(e)
            if text:
                out.write(f"  {text}\n")
        if _board_key(view) != drawn:
            out.write(render_board(view, legend=drawn is None) + "\n")
            drawn = _board_key(view)
        if view.hand is not None and view.hand != hand:
            out.write(f"Your hand: {bundle(view.hand)}\n")
            hand = view.hand

    class Person:
        """The person's seat: reads lines until one is an action the engine accepts."""

        # The turn and the cards to discard at the last prompt (0: it asked no discard):
        # one roll a turn, so a discard asked again in the same turn is the same one.
        owing = (0, 0)

        def hear(self, lines: Sequence[ChatLine]) -> None:
            # (the person's own lines were shown as they were typed)
            for line in lines:
                if line.seat != seat:
                    out.write(f"  {names[line.seat]} says: {line.text}\n")

        def choose(self, view: View, actions: Sequence[Action]) -> Action:
            catch_up(view)
            legal = [format_action(a, topo) for a in actions]
            turn, before = self.owing
            prompt = f"{asked(view, seat, before if turn == view.turn else 0)}\np{seat}> "
            self.owing = (view.turn, owed(view, seat))
            while True:
                try:
                    text = read(prompt, legal).strip()
                except EOFError:
                    text = "quit"
                if text in ("quit", "exit"):
                    raise StopMatch
                if text == "help":
                    out.write(HELP + "\n")
                elif text in ("?", "actions"):
                    out.write("Legal now (type one; Tab completes):\n")
                    for a, notation in zip(actions, legal, strict=True):
                        out.write(f"  {notation.split(' ', 1)[1]:<32}  {words.action(a, view)}\n")
                elif text == "board":
                    out.write(render_board(view, legend=True) + "\n")
                elif text == "status":
                    out.write(render_status(view) + "\n")
                elif text == "say" or text.startswith("say "):
                    line = match.say(seat, text[4:])
                    if line is None:
                        out.write("Nothing to say: type say and your words.\n")
                    else:
                        out.write(f"  You say: {line.text}\n")
                elif text:
                    # "roll" is "p0 roll"; an offer without "to" goes to every other player.
                    text = written_out(text, seat, rules.players)
                    try:
                        # Nothing moves while the person types: an answer without the
                        # offer's number ("accept") can only mean the offer on the screen.
                        action = name_open_offer(s, parse_action(text, topo))
                        check(s, action)
                        return action
                    except IllegalActionError as err:
                        out.write(f"Refused: {err.message} (rule: {err.rule})\n")
                    except NotationError as err:
                        hint = how_to_write(text)
                        out.write(f"Refused: {err} (rule: Notation)\n")
                        if hint:
                            out.write(f"  ({hint})\n")

    # The bots and the person take turns as next_decider says; every seat is asked even
    # with one legal action (the person may want the board first; the bots' random
    # streams stay as they were), and each view carries the events since the seat's last.
    choosers: list[Chooser] = [bots[p] if p != seat else Person() for p in range(rules.players)]
    match = Match(game, choosers, decider=lambda st: next_decider(st, seat), ask_forced=True)
    ended = match.run()
    if ended.status == STOPPED:
        out.write("Game left unfinished.\n")
        return game
    if ended.error is not None:  # a bot's bug: said, never retried
        out.write(f"Game stopped: {ended.error}\n")
        return game
    view = match.view(seat)
    catch_up(view)
    out.write(render_status(view) + f"\nGame over: {words.subject(s.winner)} won.\n")
    return game
