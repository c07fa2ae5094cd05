"""The one driver (``pysettlers.match``, issue 30 point 3): seats → choosers, per-seat
``since`` views, chance sampled or supplied, observers, bounds, the checked apply and its
errors, and the lean path the playouts take agreeing with the general one."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pysettlers.bots import make_bot
from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    GameState,
    IllegalActionError,
    Outcome,
    Phase,
    Rules,
    View,
    check,
    legal_actions,
    new_game,
    position_key,
    replay,
)
from pysettlers.engine.game import TURN_RULE
from pysettlers.match import (
    ERROR,
    FINISHED,
    STOPPED,
    UNFINISHED,
    BotError,
    Chooser,
    Match,
    StopMatch,
    sampled,
)

RULES = Rules(players=3, seed=5)


def _bots(seed: int = 1, kind: str = "random", n: int = 3) -> list[Chooser]:
    return [make_bot(kind, random.Random(seed + p)) for p in range(n)]


class Recorder:
    """A random chooser that keeps every view and legal list it was given."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.views: list[View] = []
        self.legal: list[Sequence[Action]] = []

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        self.views.append(view)
        self.legal.append(legal)
        return self.rng.choice(list(legal))


def test_observers_hear_every_applied_action_in_order_with_its_outcome() -> None:
    game = Game.new(RULES)
    heard: list[tuple[Action, Outcome, int]] = []
    ended = Match(
        game,
        _bots(),
        observers=[lambda s, a, o: heard.append((a, o, s.version))],
        max_turns=30,
    ).run()
    assert ended.steps == len(game.steps) == len(heard) > 0
    assert [(a, o) for a, o, _ in heard] == [(st.action, st.outcome) for st in game.steps]
    # Each after its action was applied: the versions count up from the start.
    assert [v for *_, v in heard] == list(range(1, len(heard) + 1))
    assert replay(game.to_json()).state.version == game.state.version


def test_each_view_carries_the_events_since_that_seats_previous_view() -> None:
    spies = [Recorder(p) for p in range(3)]
    Match(Game.new(RULES), spies, max_turns=15).run()
    for spy in spies:
        assert spy.views[0].events_since == -1  # the first view: the whole game so far
        for before, after in zip(spy.views, spy.views[1:], strict=False):
            assert after.events_since == before.version
    # Without ``since``: only the last action's events.
    plain = [Recorder(p) for p in range(3)]
    Match(Game.new(RULES), plain, max_turns=15, since=False).run()
    assert all(v.events_since == v.version - 1 for spy in plain for v in spy.views)


def test_forced_moves_are_played_unless_asked_for() -> None:
    spies = [Recorder(p) for p in range(3)]
    Match(Game.new(RULES), spies, max_turns=10).run()
    assert all(len(legal) > 1 for spy in spies for legal in spy.legal)
    asked = [Recorder(p) for p in range(3)]
    Match(Game.new(RULES), asked, max_turns=10, ask_forced=True).run()
    assert any(len(legal) == 1 for spy in asked for legal in spy.legal)


def test_supplied_chance_is_used_and_checked() -> None:
    def loaded(s: GameState, a: Action) -> Outcome:
        return (2, 3) if a.kind == ActionKind.ROLL else None

    game = Game.new(RULES)
    Match(game, _bots(), chance=loaded, max_turns=8).run()
    rolls = [st.outcome for st in game.steps if st.action.kind == ActionKind.ROLL]
    assert rolls and all(r == (2, 3) for r in rolls)

    def broken(s: GameState, a: Action) -> Outcome:
        return (7, 7) if a.kind == ActionKind.ROLL else None

    game = Game.new(RULES)
    with pytest.raises(IllegalActionError, match="not a roll of two dice"):
        Match(game, _bots(), chance=broken).run()
    assert all(st.action.kind != ActionKind.ROLL for st in game.steps)  # nothing applied


def test_sampled_chance_comes_from_the_matchs_generator() -> None:
    def rolls(seed: int | None) -> list[Outcome]:
        game = Game.new(RULES)
        chance = None if seed is None else random.Random(seed)
        Match(game, _bots(), chance=chance, max_turns=12).run()
        return [st.outcome for st in game.steps if st.action.kind == ActionKind.ROLL]

    assert rolls(3) == rolls(3)  # one generator seed, one game
    assert rolls(3) != rolls(4)
    assert rolls(None) == rolls(None)  # the state's own seeded generator by default
    draw = sampled(random.Random(0))
    s = new_game(RULES)
    assert draw(s, Action(s.current, ActionKind.END_TURN)) is None  # no chance: none drawn


def test_bounds_stop_the_match_unfinished() -> None:
    game = Game.new(RULES)
    ended = Match(game, _bots(), max_steps=10).run()
    assert (ended.status, ended.steps, len(game.steps)) == (UNFINISHED, 10, 10)
    game = Game.new(RULES)
    ended = Match(game, _bots(), max_turns=3).run()
    assert ended.status == UNFINISHED and game.state.turn == 4
    with pytest.raises(ValueError, match="max_steps"):
        Match(Game.new(RULES), _bots(), max_steps=-1)
    with pytest.raises(ValueError, match="3 players need 3 choosers"):
        Match(Game.new(RULES), _bots(n=2))


def test_a_whole_game_finishes() -> None:
    game = Game.new(Rules(players=3, seed=9, vp_target=5))
    ended = Match(game, _bots(kind="weighted")).run()
    assert ended.status == FINISHED and game.state.phase == Phase.GAME_OVER


class EndsTurn:
    """Always ends the turn, even in the set-up: an illegal action at its first decision."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        assert view.viewer is not None
        return Action(view.viewer, ActionKind.END_TURN)


def test_an_illegal_choice_is_a_clear_error_naming_the_rule_and_changes_nothing() -> None:
    game = Game.new(RULES)
    s = game.state
    p = s.current
    choosers = _bots()
    choosers[p] = EndsTurn()
    match = Match(game, choosers, labels=["a", "b", "c"])
    version = s.version
    with pytest.raises(BotError) as caught:
        match.step()
    err = caught.value
    assert err.seat == p and err.rule == TURN_RULE
    assert str(err).startswith(f"seat {p} ({'abc'[p]}) chose the illegal action 'p{p} end': ")
    assert f"{TURN_RULE} - you cannot end your turn during the set-up" in str(err)
    assert s.version == version and not game.steps
    ended = Match(game, choosers).run()
    assert ended.status == ERROR and ended.error is not None and ended.steps == 0


class Raises:
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise KeyError("lost")


class Returns:
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return "p0 roll"  # type: ignore[return-value]


@pytest.mark.parametrize(
    ("chooser", "said"),
    [(Raises(), "raised KeyError: 'lost'"), (Returns(), "returned 'p0 roll', which is not")],
)
def test_a_failing_chooser_ends_the_match_with_its_error(chooser: Chooser, said: str) -> None:
    game = Game.new(RULES)
    ended = Match(game, [chooser] * 3).run()
    assert ended.status == ERROR and ended.error is not None
    assert said in str(ended.error) and ended.error.rule is None


class Quits:
    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        raise StopMatch


def test_a_chooser_may_stop_the_match() -> None:
    assert Match(Game.new(RULES), [Quits()] * 3).run().status == STOPPED


def test_the_lean_path_plays_the_same_game_as_the_general_one() -> None:
    """The playouts' path (bare state, trusted, no observers) against the general loop
    (an observer makes it general): same decisions, same chance, same end."""
    start = new_game(Rules(players=4, seed=3))
    ends = []
    for observers in ((), (lambda s, a, o: None,)):
        s = start.copy()
        m = Match(
            s,
            _bots(kind="weighted", n=4),
            chance=random.Random(8),
            observers=observers,
            since=False,
            trusted=True,
            max_turns=40,
        )
        assert m._lean() == (not observers)
        ended = m.run()
        ends.append((ended, position_key(s), s.version))
    assert ends[0] == ends[1] and ends[0][0].steps > 100


@pytest.mark.parametrize("bare", [False, True])
def test_run_plays_what_step_by_step_plays(bare: bool) -> None:
    """:meth:`Match.run`'s own loop where it applies in place (the simulator's case: the
    state's own chance, no observers) against :meth:`Match.step` one at a time: the same
    actions, views, ``since`` versions and count, on a game and on a bare state."""

    def play(by_run: bool) -> tuple[GameState, list[Recorder], Match]:
        game = Game.new(RULES)
        spies = [Recorder(p) for p in range(3)]
        m = Match(game.state if bare else game, spies, max_turns=12, lazy=True)
        if by_run:
            assert m.run().status == UNFINISHED
        else:
            while not m.bounded():
                m.step()
        assert bare or len(game.steps) == m.steps
        return game.state, spies, m

    (s1, spies1, m1), (s2, spies2, m2) = play(True), play(False)
    assert (position_key(s1), s1.version) == (position_key(s2), s2.version)
    assert m1.seen == m2.seen and m1.steps == m2.steps > 100
    for a, b in zip(spies1, spies2, strict=True):
        assert [(v.version, v.events_since) for v in a.views] == [
            (v.version, v.events_since) for v in b.views
        ]


class Blind:
    """A chooser that reads nothing of its view (as the random bot reads only what a lazy
    view fills in at once)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(list(legal))


def test_run_leaves_lazy_views_nobody_reads_unfilled(monkeypatch: pytest.MonkeyPatch) -> None:
    """The simulator's views are lazy: one the chooser let go of is never filled in (the
    match holds none across the apply, which would fill in every one it held)."""
    filled: list[View] = []
    whole = View.materialize

    def materialize(view: View) -> None:
        filled.append(view)
        whole(view)

    monkeypatch.setattr(View, "materialize", materialize)
    m = Match(Game.new(RULES), [Blind(p) for p in range(3)], max_turns=12, lazy=True)
    assert m.run().steps > 100 and not filled


# -- the halves of a step: a shell that applies actions itself (the server's session) ---------


def _by_steps(ask_forced: bool) -> tuple[Game, list[Recorder], Match, list[Action]]:
    game = Game.new(RULES)
    spies = [Recorder(p) for p in range(3)]
    heard: list[Action] = []
    match = Match(
        game,
        spies,
        chance=random.Random(8),
        observers=[lambda s, a, o: heard.append(a)],
        ask_forced=ask_forced,
    )
    while game.state.turn <= 12:
        match.step()
    return game, spies, match, heard


def _by_shell(ask_forced: bool) -> tuple[Game, list[Recorder], Match, list[Action]]:
    """The same match, driven as the server drives it: decide, choose, then apply through
    the shell's own function (here: check, draw and play, as a session's commit does)."""
    game = Game.new(RULES)
    spies = [Recorder(p) for p in range(3)]
    heard: list[Action] = []
    match = Match(game, spies, observers=[lambda s, a, o: heard.append(a)], ask_forced=ask_forced)
    draw = sampled(random.Random(8))

    def commit(action: Action) -> None:
        check(game.state, action)
        outcome = game.play(action, draw(game.state, action), checked=False)
        match.applied(action, outcome)

    while game.state.turn <= 12:
        d = match.decide()
        assert d.version == game.state.version and d.legal == legal_actions(game.state, d.seat)
        commit(match.choose(d))
    return game, spies, match, heard


@pytest.mark.parametrize("ask_forced", [False, True])
def test_a_shell_that_applies_itself_sees_what_step_sees(ask_forced: bool) -> None:
    stepped, shelled = _by_steps(ask_forced), _by_shell(ask_forced)
    (g1, spies1, m1, heard1), (g2, spies2, m2, heard2) = stepped, shelled
    assert g1.steps == g2.steps and len(g1.steps) > 100  # same decisions, same chance
    for a, b in zip(spies1, spies2, strict=True):
        assert [(v.version, v.events_since) for v in a.views] == [
            (v.version, v.events_since) for v in b.views
        ]
        assert a.legal == b.legal
    assert m1.seen == m2.seen and m1.steps == m2.steps == len(g1.steps)
    assert heard1 == heard2 == [st.action for st in g1.steps]


def test_decide_names_a_seat_and_moves_only_its_since_version() -> None:
    game = Game.new(RULES)
    match = Match(game, _bots(), ask_forced=True)
    s = game.state
    other = (s.current + 1) % 3
    d = match.decide(other)  # the shell's manners may pick any seat to ask
    assert (d.seat, d.legal, d.version) == (other, legal_actions(s, other), s.version)
    assert d.view is not None and d.view.viewer == other and d.view.events_since == -1
    assert match.seen == [s.version if p == other else -1 for p in range(3)]
    match.step()
    again = match.decide(other)
    assert again.view is not None and again.view.events_since == d.version


def test_a_forced_move_is_decided_without_a_view_unless_asked_for() -> None:
    game = Game.new(RULES)
    match = Match(game, [EndsTurn()] * 3)  # would fail if it were asked
    while True:
        d = match.decide()
        if len(d.legal) == 1:
            break
        match.applied(d.legal[0], game.play(d.legal[0]))
    assert d.view is None and match.choose(d) == d.legal[0]
    assert match.seen[d.seat] < d.version  # nobody looked
    asked = Match(game, [EndsTurn()] * 3, ask_forced=True).decide()
    assert asked.legal == d.legal and asked.view is not None


@pytest.mark.parametrize(
    ("chooser", "said"),
    [(Raises(), "raised KeyError: 'lost'"), (Returns(), "returned 'p0 roll', which is not")],
)
def test_choose_names_a_failing_chooser_and_applies_nothing(chooser: Chooser, said: str) -> None:
    game = Game.new(RULES)
    match = Match(game, [chooser] * 3, labels=["x", "y", "z"])
    d = match.decide()
    with pytest.raises(BotError, match=said) as caught:
        match.choose(d)
    assert caught.value.seat == d.seat and not game.steps and match.steps == 0
    with pytest.raises(StopMatch):
        Match(game, [Quits()] * 3).choose(d)


def test_rebind_drives_the_rebuilt_game_keeping_the_seats_since_versions() -> None:
    game = Game.new(RULES)
    match = Match(game, _bots(), max_turns=4)
    match.run()
    seen = list(match.seen)
    rebuilt = replay(game.to_json())
    match.rebind(rebuilt)
    assert match.state is rebuilt.state and match.seen == seen
    match.step()
    assert len(rebuilt.steps) == len(game.steps) + 1
    with pytest.raises(ValueError, match="4 players need 4 choosers, not 3"):
        match.rebind(new_game(Rules(players=4, seed=1)))
    assert match.state is rebuilt.state  # nothing changed


def test_decide_refuses_a_finished_game() -> None:
    game = Game.new(Rules(players=3, seed=9, vp_target=5))
    match = Match(game, _bots(kind="weighted"))
    match.run()
    with pytest.raises(ValueError, match="the game is over"):
        match.decide()
