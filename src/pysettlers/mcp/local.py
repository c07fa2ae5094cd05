"""A game played in this process for MCP clients: bots at some seats, callers at the others.

What this is for: ``create_game`` without a server. A :class:`LocalTable` holds one
:class:`~pysettlers.engine.Game` driven by a :class:`~pysettlers.match.Match`, like the
terminal's game (``terminal.py``), but the seats played through the tools — the
*callers'* seats — are never asked by the match: the table plays bots until a caller's
seat must decide (or the game ends) and then waits for that seat's ``act``. Who goes
first when several may decide is the terminal's order: the bots answering an offer first,
then the callers, the player whose turn it is last (so a caller's offer is answered by the
bots before the caller confirms, and a bot's offer waits for the callers' answers). A
decision with one legal action is played without asking, for bots and callers alike, as the
simulator plays it; what it did is in the seat's next view. :class:`LocalSeat` is a
caller's seat (the :class:`~pysettlers.mcp.backend.Seat` of ``backend.py``): its views
carry the events since it last looked (its own ``since`` mark, moved only by a view or an
``act`` reply, never by the match) and the chat it has not read.

A caller's action is read like a person's at the terminal (its seat may be left out:
``roll`` is ``p0 roll``), refused if it is another seat's, then checked by the engine; a
refusal changes nothing. Chat goes through :meth:`Match.say <pysettlers.match.Match.say>`,
so the game's record carries it and bots that listen hear it. The seed is never shown: the
views omit it until the game is over, and nothing here writes it.

What this is not: rules (the engine checks every action), the games' registry
(``lobby.py``) or the tools (``server.py``). A table serialises its calls with a lock:
the MCP server runs tools on worker threads, and two callers may share a game.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Final

from pysettlers.bots import Bot, bot_names, bot_rng, make_bot
from pysettlers.engine import (
    Action,
    Game,
    GameState,
    IllegalActionError,
    NotationError,
    Phase,
    Rules,
    View,
    check,
    deciders,
    format_action,
    legal_actions,
    observe,
    parse_action,
)
from pysettlers.match import BotError, Chooser, Match
from pysettlers.render import to_do
from pysettlers.seattext import legal_section, seat_json, seat_text
from pysettlers.shorthand import written_out
from pysettlers.sim.runner import parse_spec
from pysettlers.words import Words

from .backend import SEAT_RULE, ChatEntry, Refused

MAX_TURNS: Final = 1000
"""A local game stops (status ``unfinished``) after this turn: bots can play long games."""

PLAYING, FINISHED, UNFINISHED, ERROR = "playing", "finished", "unfinished", "error"
"""A table's status: being played; someone won; stopped at :data:`MAX_TURNS`; a bot failed."""

GAME_RULE: Final = "Game"
"""The rule a refusal names when the game has stopped (won, a bound, a bot's failure)."""

CHAT_RULE: Final = "Chat"
"""The rule a refusal names for a chat line with nothing to say."""


class _Caller:
    """A caller's seat at the match: never asked (the table waits for its ``act``)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise RuntimeError("a caller's seat is played through act, never asked")


def make_bot_for(spec: str, seed: int, seat: int) -> Bot:
    """A registered bot from its spec (``weighted``, ``greedy:trade=0``), drawing from the
    seat's own generator. A class path (``mybot:pkg.mod.Class``) is refused: a tool call
    must not import modules."""
    name, target, options, _ = parse_spec(spec)
    if target is not None:
        raise ValueError(
            f"bot {spec!r}: a bot class by module path is not accepted here; "
            f"use a registered bot ({', '.join(bot_names())})"
        )
    try:
        return make_bot(name, bot_rng(seed, seat), **dict(options))
    except TypeError as err:  # an option the bot does not take
        raise ValueError(f"bot {spec!r}: {err}") from None


class LocalTable:
    """One game in this process: ``seats[p]`` is a bot spec, or ``None`` for a seat played
    through the tools (open until a caller takes it)."""

    def __init__(self, game_id: str, rules: Rules, seats: Sequence[str | None]) -> None:
        if len(seats) != rules.players:
            raise ValueError(
                f"{rules.players} players need {rules.players} seats, not {len(seats)}"
            )
        self.id = game_id
        self.rules = rules
        self.specs = tuple(seats)
        self.bots = {
            p: make_bot_for(spec, rules.seed, p) for p, spec in enumerate(seats) if spec is not None
        }
        self.callers = frozenset(p for p, spec in enumerate(seats) if spec is None)
        if not self.callers:
            raise ValueError("a game for MCP clients needs at least one seat for a caller")
        self.taken: dict[int, str] = {}
        """The callers' seats taken, with their handles."""
        self.game = Game.new(rules)
        choosers: list[Chooser] = [
            self.bots[p] if p in self.bots else _Caller() for p in range(rules.players)
        ]
        labels = [spec if spec is not None else "caller" for spec in seats]
        self._pick = 0
        self.match = Match(
            self.game, choosers, decider=lambda _s: self._pick, max_turns=MAX_TURNS, labels=labels
        )
        self.status = PLAYING
        self.error: str | None = None
        self.looked = dict.fromkeys(self.callers, -1)
        """Each caller's seat: the version of its last view (``-1``: the whole game)."""
        self.read = dict.fromkeys(self.callers, 0)
        """Each caller's seat: how many chat lines it has read."""
        self.lock = threading.Lock()
        with self.lock:
            self._advance()

    @property
    def state(self) -> GameState:
        return self.game.state

    # -- driving ---------------------------------------------------------------------------

    def _next(self, s: GameState) -> int | None:
        """Who plays next without a caller's word (``None``: a caller must decide): the
        bots answering an offer, then a caller's forced move, then the player whose turn it
        is if a bot and no caller is deciding."""
        ds = deciders(s)
        for q in ds:
            if q != s.current and q in self.bots:
                return q
        waiting = False
        for q in ds:
            if q in self.callers:
                if len(legal_actions(s, q)) == 1:
                    return q  # forced: the match plays it without asking
                waiting = True
        if waiting or not ds:
            return None
        return s.current if s.current in ds else ds[0]

    def _advance(self) -> None:
        """Play the bots (and callers' forced moves) until a caller decides or it stops."""
        m = self.match
        while self.status == PLAYING:
            s = self.state
            if s.phase == Phase.GAME_OVER:
                self.status = FINISHED
            elif m.bounded():
                self.status = UNFINISHED
                self.error = f"the game passed turn {MAX_TURNS}, the most a local game plays"
            else:
                p = self._next(s)
                if p is None:
                    return
                self._pick = p
                try:
                    m.step()
                except BotError as err:  # a bot's bug: said, never retried
                    self.status = ERROR
                    self.error = str(err)

    def play(self, seat: int, text: str) -> Action:
        """Play ``text`` for ``seat`` (a caller's), then the bots until a caller decides.
        Raises :class:`Refused` and changes nothing when the action is refused."""
        if self.status != PLAYING:
            raise Refused(f"the game has stopped ({self.stopped()})", GAME_RULE)
        s = self.state
        # "roll" is "p0 roll"; an offer without "to" goes to every other player.
        words = written_out(text, seat, self.rules.players)
        try:
            action = parse_action(words, s.topo)
        except NotationError as err:
            raise Refused.of(err) from None
        if action.player != seat:
            raise Refused(f"you play p{seat}; {words!r} is p{action.player}'s action", SEAT_RULE)
        try:
            check(s, action)
        except IllegalActionError as err:
            raise Refused.of(err) from None
        outcome = self.game.play(action, None, checked=False)
        self.match.applied(action, outcome)
        self._advance()
        return action

    def stopped(self) -> str:
        """Why the game stopped, in words (empty while it is played)."""
        if self.status == FINISHED:
            return f"it is over: p{self.state.winner} won"
        return self.error or ""

    # -- what a seat reads -----------------------------------------------------------------

    def look(self, seat: int) -> tuple[View, list[Action], list[ChatEntry]]:
        """``seat``'s view since it last looked, its legal actions and the chat it has not
        read; moves both marks on."""
        s = self.state
        view = observe(s, seat, self.looked[seat])
        self.looked[seat] = s.version
        chat = self.match.chat[self.read[seat] :]
        self.read[seat] = len(self.match.chat)
        legal = legal_actions(s, seat) if self.status == PLAYING else []
        return view, legal, [ChatEntry(line.seat, line.text) for line in chat]

    def describe(self) -> dict[str, Any]:
        """The game's public facts: players, who sits where, status, turn (no seed)."""
        s = self.state
        seats = []
        for p, spec in enumerate(self.specs):
            if spec is not None:
                who = f"bot {spec}"
            else:
                who = "a caller" if p in self.taken else "open"
            seats.append({"seat": f"p{p}", "player": who})
        out: dict[str, Any] = {
            "game": self.id,
            "where": "local",
            "players": self.rules.players,
            "seats": seats,
            "status": self.status,
            "turn": s.turn,
        }
        if s.phase == Phase.GAME_OVER:
            out["winner"] = f"p{s.winner}"
        if self.error:
            out["stopped"] = self.error
        return out


class LocalSeat:
    """A caller's seat of a :class:`LocalTable` (the ``Seat`` of ``backend.py``)."""

    def __init__(self, table: LocalTable, seat: int, handle: str) -> None:
        self.table = table
        self.seat = seat
        self.handle = handle

    def describe(self) -> dict[str, Any]:
        with self.table.lock:
            return {"handle": self.handle, "seat": f"p{self.seat}", **self.table.describe()}

    def view_text(self, *, board: bool = True) -> str:
        with self.table.lock:
            view, legal, chat = self.table.look(self.seat)
            text = seat_text(view, legal, chat=[(c.seat, c.text) for c in chat], board=board)
            return text + self._stopped_note()

    def view_json(self) -> dict[str, Any]:
        with self.table.lock:
            view, legal, chat = self.table.look(self.seat)
            out = seat_json(view, legal, chat=[(c.seat, c.text) for c in chat])
            out["status"] = self.table.status
            if self.table.error:
                out["stopped"] = self.table.error
            return out

    def legal_text(self) -> str:
        with self.table.lock:
            s = self.table.state
            view = observe(s, self.seat)  # (no events: the seat's "since" mark stays)
            legal = legal_actions(s, self.seat) if self.table.status == PLAYING else []
            if not legal:
                return f"No legal actions for you now. Now: {to_do(view)}.{self._stopped_note()}"
            return "\n".join(legal_section(view, legal)) + "\n"

    def act(self, text: str) -> str:
        with self.table.lock:
            action = self.table.play(self.seat, text)
            return self._report(format_action(action, self.table.state.topo))

    def say(self, text: str) -> ChatEntry:
        with self.table.lock:
            t = self.table
            line = t.match.say(self.seat, text)
            if line is None:
                raise Refused("the line has nothing to say", CHAT_RULE)
            if t.read[self.seat] == len(t.match.chat) - 1:
                t.read[self.seat] += 1  # (one's own line is not news to oneself)
            return ChatEntry(line.seat, line.text)

    def read_chat(self, *, every: bool = False) -> list[ChatEntry]:
        with self.table.lock:
            t = self.table
            lines = t.match.chat if every else t.match.chat[t.read[self.seat] :]
            t.read[self.seat] = len(t.match.chat)
            return [ChatEntry(line.seat, line.text) for line in lines]

    # -- the act reply -----------------------------------------------------------------------

    def _report(self, accepted: str) -> str:
        """What an accepted action answers: it, what happened since the seat last looked
        (its own action's events and the bots' moves), the chat not read, who decides now
        and, when it is the seat's decision, its legal actions (the seat text's sections)."""
        view, legal, chat = self.table.look(self.seat)
        w = Words.for_view(view)
        out = [f"Accepted: {accepted}"]
        said = [text for text in (w.event(e) for e in view.events) if text]
        if said:
            out += ["", "## Since you last looked"] + [f"- {text}" for text in said]
        if chat:
            out += ["", "## Chat"] + [f"- {w.subject(c.seat)}: {c.text}" for c in chat]
        out += ["", f"Now: {to_do(view)}."]
        if legal:
            out += ["", *legal_section(view, legal, w)]
        return "\n".join(out) + "\n" + self._stopped_note()

    def _stopped_note(self) -> str:
        t = self.table
        if t.status in (PLAYING, FINISHED):
            return ""
        return f"(The game has stopped: {t.stopped()}.)\n"
