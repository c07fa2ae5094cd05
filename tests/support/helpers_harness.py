"""The Helpers of CATAN harness: seeded random games of the scenario audited at every step.

Used by ``tests/scenarios/helpers/test_helpers_invariants.py`` (which says what is checked)
and by the pirate's and the ships' harnesses, which play the same games with their option on.
"""

from __future__ import annotations

import json
import random
import traceback
from collections import Counter
from dataclasses import dataclass, field

from pysettlers.engine import (
    Action,
    ActionKind,
    Game,
    GameState,
    IllegalActionError,
    Phase,
    Rules,
    apply,
    chance_outcomes,
    check,
    deciders,
    legal_actions,
    load_state,
    observe,
    position_key,
    replay,
    save_state,
)
from pysettlers.engine.derived import recount
from pysettlers.engine.events import HIDDEN
from pysettlers.engine.scenarios.helpers import helpers_of
from pysettlers.engine.types import HELPER_KINDS, NOBODY, DevCard
from support import harness
from support.harness import (
    HarnessFailure,
    check_board,
    check_cached,
    check_pieces,
    choose,
    notation_roundtrip,
    sample_outcome,
)

K = ActionKind
CI_GAMES = 48
"""The games of ``make test``: twice round the 24 combinations of :func:`rules_for`, about
25 CPU-seconds. Every helper action is played well before that, and each planted bug below
is caught in the first games."""
SOAK_GAMES = 240
"""The games of ``make soak`` (``PYSETTLERS_SOAK=1``), about 110 CPU-seconds."""
MAX_STEPS = 8000
SAMPLE_RATE = 0.01
HELPER_PHASES = frozenset(
    {
        Phase.HELPER_AFTER,
        Phase.HELPER_REACT,
        Phase.HILDE_TAKE,
        Phase.CANDAMIR_KEEP,
        Phase.NASSIR_REPAY,
    }
)


def rules_for(i: int) -> Rules:
    players = (3, 4, 5, 6)[i % 4]
    kinds = ("variable", "random", "beginner") if players <= 4 else ("variable", "random")
    return Rules(
        players=players,
        map_kind=kinds[(i // 4) % len(kinds)],
        trade_build=("combined", "separate")[(i // 12) % 2],
        helpers=True,
        seed=1000 + i,
    )


def n_games() -> int:
    return harness.games_from_env("PYSETTLERS_HELPER_GAMES", CI_GAMES, SOAK_GAMES)


# -- the invariants --------------------------------------------------------------------------


def check_cards(s: GameState) -> None:
    rules = s.rules
    hx = helpers_of(s)
    assert hx is not None
    for name in ("hands", "bank", "deck", "dev", "played", "knights", "discards"):
        if min(getattr(s, name)) < 0:
            raise HarnessFailure(f"negative count in {name}")
    for r in range(5):
        if s.bank[r] + sum(s.hands[r::5]) != rules.bank_per_resource:
            raise HarnessFailure(f"resource {r} not conserved: bank {s.bank[r]}")
    discarded = sum(hx.knights_discarded)
    for c in range(5):
        total = s.deck[c] + sum(s.dev[c::5]) + sum(s.played[c::5])
        if c == DevCard.KNIGHT:
            total += discarded
        if total != rules.deck[c]:
            raise HarnessFailure(f"development card {DevCard(c).name}: {total} != {rules.deck[c]}")
    for p in range(s.n):
        if s.played[5 * p] != s.knights[p]:
            raise HarnessFailure(f"p{p}: played knights {s.played[5 * p]} != {s.knights[p]}")
    need = [0] * 5
    for c in hx.drawn:
        need[c] += 1
    if any(need[c] > s.deck[c] for c in range(5)):
        raise HarnessFailure(f"Candamir drew {hx.drawn} from a deck of {s.deck}")
    if (s.phase == Phase.CANDAMIR_KEEP) != bool(hx.drawn):
        raise HarnessFailure(f"drawn cards {hx.drawn} in phase {s.phase.name}")


def check_helpers(s: GameState) -> None:
    hx = helpers_of(s)
    assert hx is not None
    held = [h for h in hx.held if h != NOBODY]
    if len(set(held)) != len(held):
        raise HarnessFailure(f"a helper in front of two players: {hx.held}")
    display = {h for h in range(10) if hx.display >> h & 1}
    if display & set(held):
        raise HarnessFailure(f"a held helper is also in the display: {hx.held}, {display}")
    setup = s.phase in (Phase.SETUP_SETTLEMENT, Phase.SETUP_ROAD)
    if not setup and len(held) != s.n:
        raise HarnessFailure(f"after the set-up every player has one helper: {hx.held}")
    if not setup and len(display) + s.n != 10:
        raise HarnessFailure(f"helpers lost: held {hx.held}, display {display}")
    if any(side not in (0, 1) for side in hx.side):
        raise HarnessFailure(f"sides {hx.side}")
    if s.phase in HELPER_PHASES and s.phase != Phase.HELPER_REACT:
        if hx.owner == NOBODY or deciders(s) != (hx.owner,):
            raise HarnessFailure(f"helper phase {s.phase.name} without its owner deciding")
    elif hx.owner != NOBODY and s.phase != Phase.GAME_OVER:
        raise HarnessFailure(f"helper owner {hx.owner} outside the helper phases")
    if (s.phase == Phase.HELPER_REACT) != bool(hx.pending) and s.phase != Phase.GAME_OVER:
        raise HarnessFailure(f"pending {hx.pending} in phase {s.phase.name}")
    if (s.phase == Phase.NASSIR_REPAY) != bool(hx.owed) and s.phase != Phase.GAME_OVER:
        raise HarnessFailure(f"owed {hx.owed} in phase {s.phase.name}")
    if hx.jean != NOBODY and helpers_of(s) is not None and hx.used[s.current] != s.turn:
        raise HarnessFailure("Jean's rate without a use this turn")


def check_victory(s: GameState) -> None:
    target = s.rules.vp_target
    if s.phase == Phase.GAME_OVER:
        if s.winner != s.current or s.total_vp(s.winner) < target:
            raise HarnessFailure(f"p{s.winner} won with {s.total_vp(s.winner)}")
    elif s.turn and s.phase != Phase.SPECIAL_BUILD and s.total_vp(s.current) >= target:
        # (In the Special Building Phase the current player's points wait for their turn.)
        raise HarnessFailure(f"p{s.current} reached {target} on their turn, game not over")


class Recount:
    """``derived.recount`` redone only when the pieces or award holders change (the road
    search is the costliest check); the cached fields are still compared every step."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] | None = None
        self.counted: dict[str, list[int]] = {}

    def __call__(self, s: GameState) -> dict[str, list[int]]:
        key = (
            tuple(s.building_owner),
            tuple(s.building_level),
            tuple(s.road_owner),
            s.longest_road,
            s.largest_army,
            s.pieces_changed,  # pieces a scenario keeps (Seafarers ships) placed or moved
        )
        if key != self.key:
            self.key = key
            self.counted = recount(s)
            check_board(s, self.counted)
        return self.counted


def check_every_step(s: GameState, counted: Recount) -> None:
    check_cards(s)
    check_helpers(s)
    check_cached(s, counted(s))
    check_victory(s)


# -- no leaks ------------------------------------------------------------------------------------


def _recompose(counts: list[int], rng: random.Random) -> list[int]:
    """Another composition of the same number of cards."""
    out = [0] * len(counts)
    for _ in range(sum(counts)):
        out[rng.randrange(len(counts))] += 1
    return out


def secret_variant(s: GameState, viewer: int | None, rng: random.Random) -> GameState:
    """``s`` with everything ``viewer`` may not know changed (sizes kept)."""
    hx = helpers_of(s)
    assert hx is not None
    v = s.copy()
    v.events = list(s.events)
    looking = s.phase == Phase.HILDE_TAKE and viewer in (hx.owner, hx.victim)
    for p in range(s.n):
        if p == viewer or (looking and p == hx.victim):
            continue
        v.hands[5 * p : 5 * p + 5] = _recompose(s.hands[5 * p : 5 * p + 5], rng)
        # Unplayed cards: same count; none bought this turn, so nothing else tells them apart.
        if not any(s.dev_new[5 * p : 5 * p + 5]) and not s.dev[5 * p + 4]:
            v.dev[5 * p : 5 * p + 4] = _recompose(s.dev[5 * p : 5 * p + 4], rng)
    if not hx.drawn:
        v.deck = _recompose(s.deck, rng)
    elif viewer != hx.owner:
        v.ext["helpers"].drawn = tuple(sorted(rng.randrange(5) for _ in hx.drawn))
    return v


def check_no_leak(s: GameState, rng: random.Random) -> None:
    for viewer in (None, *range(s.n)):
        mine = observe(s, viewer)
        other = observe(secret_variant(s, viewer, rng), viewer)
        if mine != other:
            diff = [f for f in mine.__dataclass_fields__ if getattr(mine, f) != getattr(other, f)]
            raise HarnessFailure(f"the view of {viewer} shows others' secrets: {diff}")
        json.dumps(mine.to_json())
        for e in mine.events:
            # Generic over each event kind's declared visibility (engine/events.py).
            entitled = viewer is not None and viewer in [getattr(e, f) for f in e.seen_by]
            if not entitled and any(getattr(e, f) not in (None, HIDDEN) for f in e.secret):
                raise HarnessFailure(f"{viewer} sees {e}")


# -- one game ------------------------------------------------------------------------------------


@dataclass
class Tally:
    games: int = 0
    finished: int = 0
    steps: int = 0
    sampled: int = 0
    replays: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def merge(self, other: Tally) -> None:
        for name in ("games", "finished", "steps", "sampled", "replays"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.kinds.update(other.kinds)
        self.failures += other.failures


def play_game(rules: Rules, tally: Tally) -> None:
    rng = random.Random(rules.seed * 31 + 7)
    external = rules.seed % 2 == 1  # half the games supply chance as a table would
    game = Game.new(rules)
    s = game.state
    counted = Recount()
    for _ in range(MAX_STEPS):
        if s.phase == Phase.GAME_OVER:
            break
        ds = deciders(s)
        p = ds[0] if len(ds) == 1 else rng.choice(ds)
        legal = legal_actions(s, p)
        if not legal:
            raise HarnessFailure(f"p{p} must decide in {s.phase.name} but has no legal action")
        check_every_step(s, counted)
        if legal != legal_actions(s.copy(), p):
            raise HarnessFailure("legal_actions differs on a copy")
        if len(set(legal)) != len(legal):
            raise HarnessFailure("an action listed twice")
        for a in legal:
            if a.kind not in (K.OFFER_TRADE, K.COUNTER_TRADE):
                try:
                    check(s, a)
                except IllegalActionError as e:
                    raise HarnessFailure(f"check rejects the listed {a!r}: {e}") from e
            notation_roundtrip(a, s)
        if rng.random() < SAMPLE_RATE or (s.phase in HELPER_PHASES and rng.random() < 0.2):
            sampled_checks(s, legal, p, rng)
            tally.sampled += 1
        a = choose(s, rng, legal)
        outcome = sample_outcome(s, a, rng) if external else None
        game.play(a, outcome)
        tally.kinds[K(a.kind).name] += 1
        tally.steps += 1
    check_every_step(s, counted)
    check_pieces(s)
    record = json.loads(json.dumps(game.to_json()))
    again = replay(record)
    tally.replays += 1
    if position_key(again.state) != position_key(s):
        raise HarnessFailure("the replayed record differs")
    tally.finished += s.phase == Phase.GAME_OVER


def sampled_checks(s: GameState, legal: list[Action], p: int, rng: random.Random) -> None:
    before = save_state(s)
    loaded = load_state(json.loads(json.dumps(before)))
    if loaded != s or save_state(loaded) != before:
        raise HarnessFailure("save/load round trip differs")
    if legal_actions(loaded, p) != legal:
        raise HarnessFailure("a loaded position lists other actions")
    c = s.copy()
    a = rng.choice(legal)
    apply(c, a, sample_outcome(c, a, rng))
    if save_state(s) != before:
        raise HarnessFailure(f"applying {a!r} to a copy changed the original")
    for a in legal:
        options = chance_outcomes(s, a)
        if a.kind == K.HELPER_CANDAMIR:
            if abs(sum(w for _, w in options) - 1) > 1e-9:
                raise HarnessFailure(f"Candamir's draws are not a distribution: {options}")
            for o, _ in options:
                check(s, a, o)
    check_no_leak(s, rng)
    fuzz_helpers(s, legal, p, rng)
    if save_state(s) != before:
        raise HarnessFailure("a query changed the state")


def fuzz_helpers(s: GameState, legal: list[Action], p: int, rng: random.Random) -> None:
    """Perturbed helper actions: check accepts exactly the listed ones (all are unit forms)."""
    listed = set(legal)
    bases = [a for a in legal if a.kind in HELPER_KINDS] or legal
    kinds = [k for k in K if k in HELPER_KINDS]
    for obj in harness.malformed_actions(s, bases, rng) + [
        rng.choice(bases)._replace(kind=rng.choice(kinds)) for _ in range(6)
    ]:
        try:
            check(s, obj)  # type: ignore[arg-type]
        except IllegalActionError:
            continue
        except Exception as e:  # pragma: no cover - reported as a failure
            raise HarnessFailure(f"check raised {e!r} for {obj!r}") from e
        assert isinstance(obj, Action)
        if obj.kind in HELPER_KINDS and obj not in listed:
            raise HarnessFailure(f"check accepts {obj!r}, which legal_actions omits")


def run(indices: range) -> Tally:
    tally = Tally()
    for i in indices:
        rules = rules_for(i)
        one = Tally(games=1)
        try:
            play_game(rules, one)
        except Exception as e:
            one.failures.append(
                f"{type(e).__name__}: {e}\n  {rules!r}\n{traceback.format_exc(limit=-3)}"
            )
        tally.merge(one)
    return tally
