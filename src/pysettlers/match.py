"""One driver for a game between seats: who decides → observe → choose → play.

What this is for: every adapter that lets choosers (bots, a person at a terminal) play a game
drives it with a :class:`Match` — the simulator (``sim/runner.py``), terminal play
(``terminal.py``), the expert bot's whole-game playouts (``bots/expert.py``) and the demo.
A match holds:

* **seats → choosers**: anything with ``choose(view, legal) -> action`` (:class:`Chooser`,
  the bots' protocol written structurally, so this module needs nothing above the engine);
* **who decides**: :func:`~pysettlers.engine.to_move` unless a ``decider`` is given (the
  terminal lets bots answer an offer before the person);
* **per-seat views**: each chooser gets ``observe(state, seat, since)`` where ``since`` is
  the version of that seat's previous view, so a view carries every event since the seat
  last looked — the forced moves it did not decide included (``since=False``: only the last
  action's events, for choosers that keep no memory). A decision with one legal action is
  played without asking (``ask_forced`` asks anyway: a person, or a bot whose random
  stream must stay as it was);
* **chance**: drawn by the state's own seeded generator (the default: a seeded game is one
  game), by a ``random.Random`` the match is given (sampled from
  :func:`~pysettlers.engine.chance_outcomes`), or supplied by a callable (real dice at a
  real table, a replay) — a supplied outcome is checked;
* **observers**: callables told of each applied action (``observer(state, action,
  outcome)``) — logs, renderers, recorders; they are the driver's own code and may read the
  state, unlike choosers;
* **chat**: a chooser may talk (a bot that negotiates), through two optional methods
  (:class:`Talker`), found once per seat when the match is built, so a chooser without
  them costs nothing a decision: ``hear(lines)`` is called just before the chooser is
  asked, with the :class:`~pysettlers.engine.ChatLine` s said since it last heard — others'
  and its own, in order; ``said() -> str | None`` is asked after each of its ``choose``
  calls, and a line is cleaned and bounded by :func:`~pysettlers.engine.clean_chat` (the
  server's bound too) and said once the decision's action is applied (its ``step`` counts
  that action; a decision that fails says nothing). A driver says a line for a seat with
  :meth:`Match.say` (a person typing at the terminal). Every line goes to ``match.chat``
  — the game's ``chat`` when the match drives a :class:`~pysettlers.engine.Game`, so its
  record carries it — and to the chat observers (``on_chat(line)``). A match with a
  talking chooser plays :meth:`Match.step` by step: its speed devices are for bots that
  answer in microseconds, not for ones that talk;
* **bounds**: ``max_turns`` (play while the turn number is at most this) and ``max_steps``
  (actions this match applies), since nothing in the rules bounds a turn's actions;
* **a checked apply**: a choice taken from the legal list is applied as it is; anything
  else (a composed offer bundle, a bot's bug) goes through :func:`~pysettlers.engine.check`
  first, so a record holds only legal steps. A chooser that raises, returns a non-action or
  an illegal action is that chooser's bug: :meth:`Match.step` raises :class:`BotError`
  naming the seat and the rule; :meth:`Match.run` ends the match there with status
  ``error`` (never retried). ``trusted=True`` skips the check for choosers that only ever
  return an entry of the list (the playouts' own bots), as those loops always did.

:meth:`Match.run` has a lean path for that case — a bare state, no observers, views
without ``since``, trusted choosers — the expert's playouts, whose per-decision cost is
measured by ``bench/instructions.py --playouts``.

**A shell that applies actions itself** (the server's session: its bots choose in a thread
pool, each action is written to the database before anyone hears of it, people's actions
arrive from sockets) uses the two halves of :meth:`Match.step` apart:
:meth:`Match.decide` says who decides, with their view (moving that seat's ``seen``
version on) and the legal actions; :meth:`Match.choose` asks the seat's chooser (it reads
nothing else of the match, so it may run on another thread); the shell applies the action
its own way and tells the match with :meth:`Match.applied` — every action, whoever chose
it — which counts it and tells the observers (a game the shell rebuilds, :meth:`Match.rebind`
points the match at). ``tests/sim/test_match.py`` checks that such a shell sees the
decisions and ``since`` versions :meth:`Match.step` does. Chat the same way:
:meth:`Match.decide` puts the lines the seat is to hear in the decision (moving its
``heard`` count on), :meth:`Match.choose` has the chooser hear them, :meth:`Match.said`
asks it for its line (as thread-safe as ``choose``), and the shell says the line —
after its own checks (the server's rate bound) — with :meth:`Match.say`.

What this is not: no rules (the engine decides what is legal), no strategy, no I/O and no
clock: the server's pacing, offer manners, fallbacks, turn limits and database stay in its
shell (``server/session.py``). The RL environments keep their own step: there the learner
is outside the loop (``rl/gym_env.py``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from pysettlers.engine import (
    Action,
    ChatLine,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    Phase,
    View,
    apply,
    chance_outcomes,
    check,
    clean_chat,
    format_action,
    legal_actions,
    observe,
    to_move,
)

GAME_OVER = Phase.GAME_OVER

FINISHED, UNFINISHED, ERROR, STOPPED = "finished", "unfinished", "error", "stopped"
"""How a match ended: someone won; a bound was reached; a chooser failed; a chooser stopped
it (:class:`StopMatch`)."""


class Chooser(Protocol):
    """Whoever decides for a seat: picks one of ``legal`` given what ``view`` shows (the
    bots' ``Bot`` protocol, structurally)."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action: ...


class Talker(Protocol):
    """The chat of a chooser that talks: either method or both, beside ``choose``
    (optional: a match looks for each once per seat, by name)."""

    def hear(self, lines: Sequence[ChatLine]) -> None:
        """The lines said since this chooser last heard (others' and its own, in
        order), just before it is asked to choose."""

    def said(self) -> str | None:
        """What the chooser says with the choice it just made (``None``: nothing);
        asked after each ``choose``."""


Chance = Callable[[GameState, Action], Outcome]
"""Supplies the chance outcome of an action about to be applied (``None``: none)."""

Observer = Callable[[GameState, Action, Outcome], None]
"""Told of each applied action, after it was applied, with the outcome used."""

ChatObserver = Callable[[ChatLine], None]
"""Told of each chat line, once it is said (``on_chat(line)``)."""


class StopMatch(Exception):
    """Raised by a chooser to end the match where it stands (a person who quits): not an
    error; :meth:`Match.run` returns with status ``stopped``."""


class BotError(Exception):
    """A seat's chooser failed: it raised, or returned something that is not a legal action.

    ``seat`` is the seat, ``rule`` the rule an illegal action broke (``None`` when the
    chooser raised or returned a non-action); ``str(err)`` says all of it."""

    def __init__(self, seat: int, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.seat = seat
        self.rule = rule


@dataclass(frozen=True, slots=True)
class Ended:
    """What :meth:`Match.run` returns: how the match ended and how many actions it applied;
    ``error`` is the failing chooser's :class:`BotError` (status ``error``)."""

    status: str
    steps: int
    error: BotError | None = None


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision, as :meth:`Match.decide` found it: seat ``seat`` picks one of ``legal``
    in the position of version ``version``, seeing ``view`` — ``None`` for a forced move the
    match plays without asking (``legal[0]``; the match's ``ask_forced`` is off) — after
    hearing ``heard``, the chat lines said since it last heard (a seat that listens)."""

    seat: int
    legal: list[Action]
    view: View | None
    version: int
    heard: tuple[ChatLine, ...] = ()


def sampled(rng: random.Random) -> Chance:
    """Chance drawn with ``rng`` from the engine's list of outcomes and their weights."""

    def draw(s: GameState, a: Action) -> Outcome:
        oc = chance_outcomes(s, a)
        if not oc:
            return None
        drawn: Outcome = rng.choices([o for o, _ in oc], [p for _, p in oc])[0]
        return drawn

    return draw


class Match:
    """A game between seats, driven one decision at a time (see the module docstring).

    ``game`` is a :class:`~pysettlers.engine.Game` (its record grows with every action) or a
    bare :class:`~pysettlers.engine.GameState` (no record: a playout); ``choosers[seat]``
    decides for each seat; ``labels[seat]`` names it in errors (default: its class name);
    ``chat_observers`` are told of each chat line.
    """

    def __init__(
        self,
        game: Game | GameState,
        choosers: Sequence[Chooser],
        *,
        chance: random.Random | Chance | None = None,
        observers: Sequence[Observer] = (),
        chat_observers: Sequence[ChatObserver] = (),
        max_turns: int | None = None,
        max_steps: int | None = None,
        decider: Callable[[GameState], int] = to_move,
        ask_forced: bool = False,
        since: bool = True,
        lazy: bool = False,
        trusted: bool = False,
        labels: Sequence[str] | None = None,
    ) -> None:
        if isinstance(game, Game):
            self.game: Game | None = game
            self.state: GameState = game.state
        else:
            self.game = None
            self.state = game
        n = self.state.n
        if len(choosers) != n:
            raise ValueError(f"{n} players need {n} choosers, not {len(choosers)}")
        if labels is not None and len(labels) != n:
            raise ValueError(f"{n} players need {n} labels, not {len(labels)}")
        for name, bound in (("max_turns", max_turns), ("max_steps", max_steps)):
            if bound is not None and bound < 0:
                raise ValueError(f"{name} must not be negative (got {bound})")
        self.choosers = tuple(choosers)
        self.labels = tuple(labels or (type(c).__name__ for c in choosers))
        self.observers = tuple(observers)
        self.chat_observers = tuple(chat_observers)
        self.max_turns = max_turns
        self.max_steps = max_steps
        self.decider = decider
        self.ask_forced = ask_forced
        self.since = since
        self.lazy = lazy
        self.trusted = trusted
        self._rng: random.Random | None = None  # (read by the lean path)
        self._draw: Chance | None = None
        self._supplied = False  # a caller's outcomes: checked before they are applied
        if isinstance(chance, random.Random):
            self._rng = chance
            self._draw = sampled(chance)
        elif chance is not None:
            self._draw = chance
            self._supplied = True
        self.steps = 0
        """Actions this match applied (forced ones included)."""
        self.seen = [-1] * n
        """Each seat's last view's version (``-1``: it has seen nothing yet, so its first
        view carries the whole game's events)."""
        self.chat: list[ChatLine] = self.game.chat if self.game is not None else []
        """Every line said in the match, in order (the game's own list, when it has one)."""
        self.heard = [0] * n
        """How many lines of :attr:`chat` each seat has heard."""
        # A chooser's chat, looked up once: one that does not talk costs nothing a decision.
        self._hears = tuple(_method(c, "hear") for c in self.choosers)
        self._says = tuple(_method(c, "said") for c in self.choosers)
        self.talks = any(self._hears) or any(self._says)
        """Whether a chooser talks (has ``hear`` or ``said``)."""

    # -- one decision -------------------------------------------------------------------------

    def bounded(self) -> bool:
        """Whether the game is over or a bound is reached: nothing more to play."""
        s = self.state
        if s.phase == GAME_OVER:
            return True
        if self.max_turns is not None and s.turn > self.max_turns:
            return True
        return self.max_steps is not None and self.steps >= self.max_steps

    def view(self, seat: int) -> View:
        """``seat``'s view now, carrying the events since its previous one (``since``)."""
        s = self.state
        if not self.since:
            return observe(s, seat, lazy=self.lazy)
        since, self.seen[seat] = self.seen[seat], s.version
        return observe(s, seat, since, lazy=self.lazy)

    def step(self) -> Action:
        """Play one decision: the decider's chooser is asked (a forced move is played for
        it unless ``ask_forced``) and its choice applied. Returns the action applied.

        A talking chooser hears the lines since it last heard before it is asked, and the
        line it says with its choice (:meth:`said`) comes after the action.

        Raises :class:`BotError` for a chooser's failure (nothing applied, nothing said),
        :class:`StopMatch` when a chooser stops the match, and ``ValueError`` when the
        game is over."""
        d = self.decide()
        action = self.choose(d)
        text = self.said(d.seat) if self.talks and d.view is not None else None
        try:
            # An action taken from the list just offered is legal by construction; anything
            # else (a composed bundle, or a bot's bug) goes through the full check.
            self._play(action, not self.trusted and action not in d.legal)
        except IllegalActionError as err:
            raise self._illegal(d.seat, action, err) from err
        if text is not None:
            self.say(d.seat, text)
        return action

    # -- the halves of a step, for a shell that applies actions itself -------------------------

    def decide(self, seat: int | None = None) -> Decision:
        """Who decides now — ``seat`` where the shell says (its own manners pick among the
        deciders), else the decider — with the legal actions and the seat's view, which
        moves its ``seen`` version on (no view for a forced move unless ``ask_forced``).

        Raises ``ValueError`` when the game is over."""
        s = self.state
        if s.phase == GAME_OVER:
            raise ValueError("the game is over: there is no decision to play")
        p = self.decider(s) if seat is None else seat
        legal = legal_actions(s, p)
        if len(legal) == 1 and not self.ask_forced:
            return Decision(p, legal, None, s.version)
        if not self.talks or self._hears[p] is None:
            return Decision(p, legal, self.view(p), s.version)
        heard, self.heard[p] = tuple(self.chat[self.heard[p] :]), len(self.chat)
        return Decision(p, legal, self.view(p), s.version, heard)

    def choose(self, d: Decision) -> Action:
        """The seat's chooser picks for ``d`` (a forced move is its one action, nobody
        asked), having heard ``d.heard`` first if it listens. Reads nothing of the match but
        its choosers and labels, so a shell may run it on another thread. Raises
        :class:`BotError` when the chooser raises or returns a non-action (whether the
        action is legal is for the apply to check), and lets :class:`StopMatch` through."""
        if d.view is None:
            return d.legal[0]
        p = d.seat
        try:
            if d.heard:
                hear = self._hears[p]
                if hear is not None:
                    hear(d.heard)
            action = self.choosers[p].choose(d.view, d.legal)
        except StopMatch:
            raise
        except Exception as err:
            raise self._raised(p, err) from err
        if not isinstance(action, Action):
            raise self._not_action(p, action)
        return action

    def said(self, seat: int) -> str | None:
        """What ``seat``'s chooser says with the choice it just made, cleaned and bounded
        (:func:`~pysettlers.engine.clean_chat`; ``None``: nothing, or it does not talk).
        Reads nothing of the match but its choosers and labels, like :meth:`choose`; the
        line is not said until :meth:`say`. Raises :class:`BotError` when the chooser's
        ``said`` raises or returns something other than a string or ``None``."""
        say = self._says[seat]
        if say is None:
            return None
        try:
            text = say()
        except Exception as err:
            raise self._raised(seat, err) from err
        if text is None:
            return None
        if not isinstance(text, str):
            raise BotError(
                seat, f"seat {seat} ({self.labels[seat]}) said {text!r}, which is not a string"
            )
        return clean_chat(text)

    def say(self, seat: int, text: str) -> ChatLine | None:
        """``seat`` says ``text`` now (a person, a bot's :meth:`said` line): cleaned and
        bounded, it goes to :attr:`chat` — the record, where the match drives a game —
        with the number of actions applied so far, and to the chat observers. Returns the
        line, or ``None`` when nothing is left of the text."""
        if not 0 <= seat < len(self.choosers):
            raise ValueError(
                f"seat {seat} is not a seat of this game (0 to {len(self.choosers) - 1})"
            )
        cleaned = clean_chat(text)
        if cleaned is None:
            return None
        step = len(self.game.steps) if self.game is not None else self.state.version
        line = ChatLine(step, seat, cleaned)
        self.chat.append(line)
        for on_chat in self.chat_observers:
            on_chat(line)
        return line

    def applied(self, action: Action, outcome: Outcome) -> None:
        """The shell applied ``action`` (any seat's, chosen by anyone) to the match's state
        with ``outcome``: count it and tell the observers, as :meth:`step` does after its
        own apply."""
        self.steps += 1
        for observer in self.observers:
            observer(self.state, action, outcome)

    def rebind(self, game: Game | GameState) -> None:
        """Drive ``game`` from now on: the same game rebuilt (the server's, from its log
        after a failed write). The seats' ``seen`` versions, ``heard`` counts and the count
        stay; a rebuilt game's chat is the same lines (the match's own, for a bare state)."""
        state = game.state if isinstance(game, Game) else game
        if state.n != len(self.choosers):
            raise ValueError(f"{state.n} players need {state.n} choosers, not {len(self.choosers)}")
        self.game = game if isinstance(game, Game) else None
        self.state = state
        if self.game is not None:
            self.chat = self.game.chat

    # -- a chooser's failures, worded once --------------------------------------------------------

    def _raised(self, p: int, err: Exception) -> BotError:
        return BotError(p, f"seat {p} ({self.labels[p]}) raised {type(err).__name__}: {err}")

    def _not_action(self, p: int, action: object) -> BotError:
        return BotError(
            p, f"seat {p} ({self.labels[p]}) returned {action!r}, which is not an Action"
        )

    def _illegal(self, p: int, action: Action, err: IllegalActionError) -> BotError:
        try:
            text = format_action(action, self.state.topo)
        except Exception:
            text = repr(action)
        return BotError(
            p,
            f"seat {p} ({self.labels[p]}) chose the illegal action {text!r}: "
            f"{err.rule} - {err.message}",
            err.rule,
        )

    def _play(self, action: Action, checked: bool) -> None:
        """Apply ``action`` with its chance outcome; tell the observers."""
        s = self.state
        if checked:
            check(s, action)  # before any chance is drawn for it
        outcome: Outcome = None
        if self._draw is not None:
            outcome = self._draw(s, action)
            if self._supplied and outcome is not None:
                check(s, action, outcome)  # real dice can be mistyped
        if self.game is not None:
            outcome = self.game.play(action, outcome, checked=False)
        else:
            outcome = apply(s, action, outcome)
        self.steps += 1  # (:meth:`applied`, written out: a call a step is measurable here)
        if self.observers:
            for observer in self.observers:
                observer(s, action, outcome)

    # -- a whole match ------------------------------------------------------------------------

    def run(self) -> Ended:
        """Play until the game is over or a bound is reached, a chooser fails (status
        ``error``, nothing of the failed decision applied) or stops the match."""
        if self._lean():
            return self._run_lean()
        if self.talks:
            return self._run_steps()
        s = self.state
        # Speed device: :meth:`step` written out for the simulator, whose decisions are some
        # 66,000 instructions each (``bench/instructions.py``'s sim row: 55.9M a game with
        # a call each for the view, the choice and the apply; 54.7M so; the loop the
        # simulator had before Match, 54.4M). The bounds and settings are read once, the
        # seat's view (:meth:`view`) and its chooser's answer (:meth:`choose`) taken in
        # place, and the apply made directly where nothing comes between a choice and its
        # apply — no chance drawn by the match, no observers, a choice from the list
        # (:meth:`_play` otherwise). ``tests/sim/test_match.py`` checks it against
        # :meth:`step`.
        decide, play, forced = self.decider, self._play, not self.ask_forced
        choosers, trusted, lazy = self.choosers, self.trusted, self.lazy
        seen = self.seen if self.since else None
        game = self.game
        direct = self._draw is None and not self.observers
        stop = self.max_turns if self.max_turns is not None else 1 << 62
        cap = self.max_steps if self.max_steps is not None else 1 << 62
        try:
            while s.phase != GAME_OVER and s.turn <= stop and self.steps < cap:
                p = decide(s)
                legal = legal_actions(s, p)
                if forced and len(legal) == 1:
                    action = legal[0]
                    if not direct:
                        play(action, False)
                        continue
                else:
                    since = None
                    if seen is not None:
                        since, seen[p] = seen[p], s.version
                    try:
                        # (The view is held by nobody here: a lazy one still held when the
                        # action is applied would be filled in, at the cost of an eager one.)
                        action = choosers[p].choose(observe(s, p, since, lazy=lazy), legal)
                    except StopMatch:
                        raise
                    except Exception as err:
                        raise self._raised(p, err) from err
                    if not isinstance(action, Action):
                        raise self._not_action(p, action)
                    checked = not trusted and action not in legal
                    if checked or not direct:
                        try:
                            play(action, checked)
                        except IllegalActionError as err:
                            raise self._illegal(p, action, err) from err
                        continue
                # A forced move or a choice from the list, nothing between it and its apply:
                # what :meth:`_play` does for it.
                if game is not None:
                    game.play(action, None, checked=False)
                else:
                    apply(s, action)
                self.steps += 1
        except BotError as err:
            return Ended(ERROR, self.steps, err)
        except StopMatch:
            return Ended(STOPPED, self.steps)
        return Ended(FINISHED if s.phase == GAME_OVER else UNFINISHED, self.steps)

    def _run_steps(self) -> Ended:
        """:meth:`run` one :meth:`step` at a time: a match whose choosers talk (the module
        docstring)."""
        try:
            while not self.bounded():
                self.step()
        except BotError as err:
            return Ended(ERROR, self.steps, err)
        except StopMatch:
            return Ended(STOPPED, self.steps)
        return Ended(FINISHED if self.state.phase == GAME_OVER else UNFINISHED, self.steps)

    def _lean(self) -> bool:
        """Whether the lean path plays this match (the module docstring)."""
        return (
            self.game is None
            and not self.talks
            and self.trusted
            and not self.observers
            and not self.since
            and not self.lazy
            and not self.ask_forced
            and not self._supplied
            and self.decider is to_move
        )

    def _run_lean(self) -> Ended:
        """:meth:`run` for trusted choosers of a bare state with nothing watching: the same
        decisions, without the per-step checks and calls a playout cannot afford (about a
        thousand decisions a game, each a few hundred thousand instructions)."""
        s = self.state
        choosers = self.choosers
        rng = self._rng
        stop = self.max_turns if self.max_turns is not None else s.turn + (1 << 62)
        cap = self.max_steps if self.max_steps is not None else 1 << 62
        steps = self.steps
        try:
            while steps < cap:
                if s.phase == GAME_OVER or s.turn > stop:
                    break
                p = to_move(s)
                acts = legal_actions(s, p)
                act = acts[0] if len(acts) == 1 else choosers[p].choose(observe(s, p), acts)
                if rng is not None:
                    oc = chance_outcomes(s, act)
                    if oc:
                        apply(s, act, rng.choices([o for o, _ in oc], [w for _, w in oc])[0])
                    else:
                        apply(s, act)
                else:
                    apply(s, act)
                steps += 1
        finally:
            self.steps = steps
        return Ended(FINISHED if s.phase == GAME_OVER else UNFINISHED, steps)


def _method(chooser: object, name: str) -> Callable[..., object] | None:
    """``chooser``'s method ``name`` if it has one (a chooser's optional chat)."""
    found = getattr(chooser, name, None)
    return found if callable(found) else None


__all__ = [
    "ERROR",
    "FINISHED",
    "STOPPED",
    "UNFINISHED",
    "BotError",
    "Chance",
    "ChatObserver",
    "Chooser",
    "Decision",
    "Ended",
    "Match",
    "Observer",
    "StopMatch",
    "Talker",
    "sampled",
]
