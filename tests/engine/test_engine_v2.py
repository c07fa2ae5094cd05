"""The engine's v2 shape: the rule registry, scenarios attached by hooks, typed events with
declared visibility, the per-seat event log, no chance leaking through views or records, and
maritime trade at every rate a player has.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
from pathlib import Path

import pytest

import pysettlers.engine as engine
from pysettlers.engine import (
    EVENT_KINDS,
    HIDDEN,
    ActionKind,
    Game,
    Phase,
    Rules,
    apply,
    check,
    event_to_json,
    legal_actions,
    new_game,
    observe,
    record_for,
    redact,
    replay,
    ruleset_for,
)
from pysettlers.engine.events import (
    Event,
    LongestRoadMoved,
    MonopolyPlayed,
    event_fields,
    since,
)
from pysettlers.engine.registry import Rule
from pysettlers.engine.trade import MARITIME_RULE
from pysettlers.engine.types import HELPER_KINDS
from support.builders import assert_illegal, hand, legal, play, position

ENGINE = Path(engine.__file__).parent


# -- the registry ---------------------------------------------------------------------------------


SEVEN_KINDS = {ActionKind.USE_SEVEN, ActionKind.IGNORE_SEVEN}
KNIGHT_KINDS = {ActionKind.INTERRUPT_KNIGHT, ActionKind.LET_ROBBER_BE}
ISLAND_MAPS = ("islands", "big-islands", "described")  # the maps where bridges may be built


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(helpers=True),
        Rules(map_kind="islands"),
        Rules(
            alternate=(
                "ignore_seven",
                "development_after_roll",
                "victory_points_played",
                "knight_interrupts",
            )
        ),
        Rules(pirate=True, alternate=("knight_interrupts",)),
        Rules(ships=True, map_kind="islands"),
    ],
)
def test_every_kind_has_exactly_one_rule_and_the_phase_table_comes_from_the_rules(
    rules: Rules,
) -> None:
    rs = ruleset_for(rules)
    for kind in ActionKind:
        rule = rs.by_kind[kind]
        absent = (
            (kind in HELPER_KINDS and not rules.helpers)
            or (kind in SEVEN_KINDS and not rules.has("ignore_seven"))
            or (kind == ActionKind.PLAY_VICTORY_POINT and not rules.has("victory_points_played"))
            or (kind in KNIGHT_KINDS and not rules.has("knight_interrupts"))
            or (kind == ActionKind.MOVE_PIRATE and not rules.pirate)
            or (kind == ActionKind.BUILD_BRIDGE and rules.map_kind not in ISLAND_MAPS)
            or (kind in (ActionKind.BUILD_SHIP, ActionKind.MOVE_SHIP) and not rules.ships)
        )
        assert (rule is None) == absent, kind
        if rule is not None:
            assert rule.kind == kind and isinstance(rule, Rule)
            assert rule.name and rule.phases
    for ph in Phase:
        expected = {r.kind for r in rs.by_kind if r is not None and ph in r.phases_for(rules)}
        assert rs.phase_kinds[ph] == expected, ph
    after_roll = rules.has("development_after_roll")
    assert (ActionKind.PLAY_KNIGHT in rs.phase_kinds[Phase.PRE_ROLL]) != after_roll


def test_the_ruleset_is_shared_across_seeds_and_differs_with_options() -> None:
    assert ruleset_for(Rules(seed=1)) is ruleset_for(Rules(seed=2))
    assert ruleset_for(Rules()) is not ruleset_for(Rules(helpers=True))
    s = new_game(Rules(seed=5))
    assert s.ruleset is ruleset_for(Rules()) and s.copy().ruleset is s.ruleset


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_no_base_game_module_imports_a_scenario() -> None:
    base = [p for p in ENGINE.glob("*.py") if p.name != "__init__.py"]
    assert len(base) > 15
    for path in base:
        names = _imports(path)
        assert not any("scenarios" in n for n in names), (path.name, names)
    # Only the package's assembly point imports them, to register them.
    assert "scenarios" in _imports(ENGINE / "__init__.py")


def test_game_py_keeps_only_the_life_cycle() -> None:
    # One rule per kind: no kind-by-kind chain left in game.py or legal.py.
    for name in ("game.py", "legal.py"):
        text = (ENGINE / name).read_text()
        assert "K.BUILD_ROAD" not in text and "K.MARITIME_TRADE" not in text, name


def test_a_kind_of_a_scenario_not_in_play_is_refused_naming_the_scenario() -> None:
    s = position(hands={"p0": "2ore"})
    err = assert_illegal(s, "p0 jean ore", "Helpers")
    assert "'helpers' scenario" in err.message


@pytest.mark.compiled_differs("legal_actions' int parameter takes True for seat 1")
def test_legal_actions_of_a_seat_that_does_not_exist_is_an_error() -> None:
    s = new_game(Rules(players=5, seed=1))
    for bad in (-1, 5, 8_000_000_000, True):
        with pytest.raises(ValueError, match="seat"):
            legal_actions(s, bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat"):
        observe(s, -1)


# -- typed events and their visibility ------------------------------------------------------------


def _example(cls: type[Event]) -> Event:
    """An instance of ``cls`` with distinct, plausible values in every field."""
    values: list[object] = []
    hints = inspect.get_annotations(cls)
    for i, name in enumerate(event_fields(cls)):
        t = str(hints[name])
        if "Bundle5" in t or name in ("hand", "paid", "give", "get", "resources", "cards"):
            values.append((1, 0, 2, 0, 1) if "Cards" not in t else (0, 4))
        elif "Cards" in t:
            values.append((0, 4))
        elif "tuple" in t:
            values.append(((0, 7), (1, 9)) if name == "rolls" else (1, 0, 0, 2))
        elif name == "answer":
            values.append("accept")
        else:
            values.append(i % 3)
    return cls(*values)


@pytest.mark.parametrize("kind", sorted(EVENT_KINDS))
def test_every_event_kind_is_redacted_exactly_as_it_declares(kind: str) -> None:
    """Table-driven over the declarations: a seat named in ``seen_by`` sees everything; any
    other seat and a spectator see the secret fields hidden and every other field."""
    cls = EVENT_KINDS[kind]
    e = _example(cls)
    entitled = {getattr(e, f) for f in cls.seen_by}
    for viewer in (None, 0, 1, 2, 3):
        r = redact(e, viewer)
        assert type(r) is cls
        for name in event_fields(cls):
            if name in cls.secret and viewer not in entitled:
                assert getattr(r, name) is HIDDEN, (kind, viewer, name)
            else:
                assert getattr(r, name) == getattr(e, name), (kind, viewer, name)
        json.dumps(event_to_json(r, new_game(Rules()).topo))


def test_an_event_kind_must_declare_its_visibility() -> None:
    with pytest.raises(TypeError, match="secret"):

        class Leaky(Event):  # no declaration of what is secret
            kind = "leaky"
            seen_by = ()
            card: int

    with pytest.raises(TypeError, match="unknown field"):

        class Misnamed(Event):
            kind = "misnamed"
            secret = ("crad",)
            seen_by = ("player",)
            player: int
            card: int


def test_the_secret_kinds_are_the_ones_the_rules_call_secret() -> None:
    secret = {k for k, cls in EVENT_KINDS.items() if cls.secret}
    assert secret == {"draw", "robber", "candamir_draw", "hilde_look", "hilde_take"}


def test_longest_road_and_monopoly_events_say_what_happened() -> None:
    # Emily takes the Longest Road with her fifth road: the event names the new holder.
    s = position(
        pieces={
            "p0": {"settlements": ["(0,0)N"], "roads": ["(0,0)NE", "(0,0)E", "(0,0)SE", "(0,0)SW"]}
        },
        hands={"p0": "1brick+1lumber"},
    )
    play(s, "p0 road (0,0)W")
    assert LongestRoadMoved(0) in s.events and s.longest_road == 0
    # Monopoly: the cards taken from each opponent, by seat.
    s = position(hands={"p1": "3ore+1wool", "p2": "nothing", "p3": "1ore"}, dev={"p0": "monopoly"})
    play(s, "p0 monopoly ore")
    assert s.events == [MonopolyPlayed(0, 4, (0, 3, 0, 1))]
    assert hand(s, 0) == "4ore"


# -- the per-seat event log -----------------------------------------------------------------------


def test_a_view_since_the_seats_last_view_carries_every_event_in_between() -> None:
    g = Game.new(Rules(seed=11))
    s = g.state
    rng = random.Random(3)
    last = -1
    seen: list[Event] = []
    applied: list[Event] = list(g.start_events)
    while s.turn < 6:
        a = rng.choice(legal_actions(s))
        apply(s, a)
        applied.extend(s.events)
        if rng.random() < 0.3:  # seat 2 looks only now and then
            v = observe(s, 2, last)
            seen.extend(v.events)
            last = v.version
    seen.extend(observe(s, 2, last).events)
    assert seen == [redact(e, 2) for e in applied]
    assert observe(s, 2).events == tuple(redact(e, 2) for e in s.events)
    assert since(s.log, s.version) == []
    # Copies share the log; a copy's later steps do not reach the original.
    t = s.copy()
    apply(t, legal_actions(t)[0])
    assert (
        t.version == s.version + 1 and since(s.log, -1) == since(t.log, -1)[: len(since(s.log, -1))]
    )


# -- no chance leaks ------------------------------------------------------------------------------


def test_no_view_holds_the_seed_or_the_generator_until_the_game_is_over() -> None:
    seed = 987654321
    g = Game.new(Rules(seed=seed))
    rng = random.Random(1)
    while g.state.phase != Phase.GAME_OVER:
        for viewer in (None, *range(4)):
            v = observe(g.state, viewer)
            assert v.rules.seed == 0
            text = json.dumps(v.to_json())
            assert str(seed) not in text and "seed" not in v.to_json()["rules"]
            assert f"{g.state.rng:016x}" not in text and str(g.state.rng) not in text
        for _ in range(40):
            if g.state.phase == Phase.GAME_OVER:
                break
            g.play(rng.choice(legal_actions(g.state)), checked=False)
    assert observe(g.state, 0).rules.seed == seed  # the game is over: nothing left to predict


def test_a_rebuilt_game_from_a_views_rules_predicts_nothing() -> None:
    # The attack of the issue: rebuild the game from the view's rules and replay the public
    # actions; with the seed hidden, the rebuilt generator draws other dice.
    g = Game.new(Rules(seed=2024))
    rng = random.Random(5)
    while g.state.turn < 4:
        g.play(rng.choice(legal_actions(g.state)))
    rules = observe(g.state, 1).rules
    guess = new_game(rules, first_player=g.state.first_player, board=g.board)
    assert guess.rng != new_game(Rules(seed=2024)).rng


def test_a_seats_record_keeps_the_seed_and_others_secrets_out() -> None:
    g = Game.new(Rules(seed=77))
    rng = random.Random(2)
    while g.state.turn < 40 and g.state.phase != Phase.GAME_OVER:
        g.play(rng.choice(legal_actions(g.state)))
    full = g.to_json()
    buys = [i for i, st in enumerate(g.steps) if st.action.kind == ActionKind.BUY_DEVELOPMENT]
    assert buys, "the seed should buy a development card in 40 turns"
    for viewer in (None, 0, 1, 2, 3):
        mine = record_for(g, viewer)
        assert "seed" not in mine["rules"] and str(77) not in json.dumps(mine["rules"])
        for i in buys:
            buyer = g.steps[i].action.player
            assert (len(mine["actions"][i]) == 2) == (viewer == buyer)
        rolls = [i for i, st in enumerate(g.steps) if st.action.kind == ActionKind.ROLL]
        assert all(mine["actions"][i] == full["actions"][i] for i in rolls)  # dice are public
    assert engine.position_key(replay(full).state) == engine.position_key(g.state)


# -- maritime trade at every rate the player has --------------------------------------------------

RON = {"p0": {"settlements": ["(2,-1)N"], "roads": ["(2,-1)NE"]}}  # on the 2:1 ore harbor
BOTH = {"p0": {"settlements": ["(2,0)NE", "(2,-1)NE"], "roads": ["(2,0)NE", "(2,-1)E"]}}
"""p0 on the 3:1 harbor at (2,0)E and the 2:1 ore harbor at (2,-1)NE."""


def test_four_to_one_stays_possible_beside_a_special_harbor() -> None:
    # "The 4:1 trade is always possible": Ron may give 4 ore for 1 card although his 2:1
    # harbor would give him 2 for them. Only the best rate is listed.
    s = position(pieces=RON, hands={"p0": "10ore"})
    assert "p0 maritime 4ore for 1brick" not in legal(s)
    check(s, engine.parse_action("p0 maritime 4ore for 1brick", s.topo))
    play(s, "p0 maritime 4ore for 1brick")
    assert hand(s, 0) == "1brick+6ore"
    play(s, "p0 maritime 6ore for 2wool")  # one trade at 2:1 and one at 4:1
    assert hand(s, 0) == "1brick+2wool"


def test_a_rate_the_player_does_not_have_is_refused() -> None:
    s = position(pieces=RON, hands={"p0": "9ore"})
    err = assert_illegal(s, "p0 maritime 3ore for 1brick", MARITIME_RULE)
    assert "2:1 or 4:1" in err.message
    assert_illegal(s, "p0 maritime 5ore for 2brick", MARITIME_RULE)
    assert_illegal(s, "p0 maritime 8ore for 5brick", MARITIME_RULE)  # 4 at most


def test_generic_three_to_one_beside_a_two_to_one_harbor() -> None:
    # "Generic Harbor (3:1)": a generic harbor's rate stays usable for ore although p0 also
    # trades ore at 2:1, and mixes with it in one bundle.
    s = position(pieces=BOTH, hands={"p0": "12ore+3lumber"})
    play(s, "p0 maritime 3ore for 1brick")
    play(s, "p0 maritime 5ore for 2wool")  # 2:1 + 3:1
    play(s, "p0 maritime 4ore+3lumber for 3grain")  # 2:1 + 2:1 ore, 3:1 lumber
    assert hand(s, 0) == "1brick+2wool+3grain"
    assert_illegal(s, "p0 maritime 1ore for 1brick", MARITIME_RULE)


@pytest.mark.compiled_differs(
    "the dice check reads the outcome as ints: (True, True) is a roll of 1+1, and a float or"
    " text outcome is a TypeError"
)
def test_dice_must_be_two_integers_from_one_to_six() -> None:
    g = Game.new(Rules(map_kind="beginner", seed=1))
    before = engine.save_state(g.state)
    for bad in ((True, True), (0, 3), (3, 7), (3,), (3.0, 4), "3+4", 7):
        with pytest.raises(engine.IllegalActionError, match="not a roll of two dice"):
            g.play("p0 roll", bad)  # type: ignore[arg-type]
        assert engine.save_state(g.state) == before and not g.steps
    g.play("p0 roll", (3, 4))
    assert replay(g.to_json()).steps[-1].outcome == (3, 4)


def test_constant_modules_hold_every_member_of_their_enum() -> None:
    # The hot path reads phases, kinds and cards as module constants (``P.MAIN`` after
    # ``from . import phases as P``): each must be the enum's own member (identity, so ``is``
    # and ``==`` keep working), and none may be missing or extra. The base game's mirrors
    # hold its own members; each scenario's package mirrors its own
    # (``tests/project/test_ownership.py`` checks whose each member is).
    import importlib

    from pysettlers.engine import cards, kinds, phases, registry
    from pysettlers.engine.types import ActionKind, DevCard, Phase

    # The scenario packages (``pysettlers.engine.scenarios.<name>``) of the registered ones.
    packages = {
        ".".join(type(x).__module__.split(".")[:4]) for x in registry.registered_scenarios()
    }
    scenario_mirrors = []
    for package in sorted(packages):
        for leaf, enum in (("kinds", ActionKind), ("phases", Phase)):
            try:
                scenario_mirrors.append((importlib.import_module(f"{package}.{leaf}"), enum))
            except ModuleNotFoundError:
                continue
    assert scenario_mirrors  # the helpers' kinds and phases at least
    seen: dict[type, set[str]] = {Phase: set(), ActionKind: set(), DevCard: set()}
    mirrors = [(phases, Phase), (kinds, ActionKind), (cards, DevCard), *scenario_mirrors]
    for module, enum in mirrors:
        names = {n for n, v in vars(module).items() if n.isupper() and isinstance(v, enum)}
        assert names, module.__name__
        assert not names & seen[enum], f"{module.__name__} repeats {names & seen[enum]}"
        seen[enum] |= names
        for name in names:
            assert getattr(module, name) is enum[name], f"{module.__name__}.{name}"
    for enum, names in seen.items():
        assert names == set(enum.__members__), enum.__name__
