"""What must be done now, and the board's captions, in words (``pysettlers.words.todo``):
one table of what each phase asks, read by the terminal's status line (``render.to_do``)
and, through the server's ``to_do``, by the browser's — each reader reads "you" for itself,
the seat that decides reads what to do, the others whom they wait for.
"""

from __future__ import annotations

import random

import pytest

from pysettlers.engine import Game, GameState, Rules, apply_checked, new_game, observe, parse_action
from pysettlers.engine import events as ev
from pysettlers.engine.position import position
from pysettlers.engine.types import Phase
from pysettlers.render import to_do as terminal_to_do
from pysettlers.server.wordsjson import state_words
from pysettlers.server.wordsjson import to_do as server_to_do
from pysettlers.words import PHASE_WORDS, Words, doing
from support.harness import random_play

NAMES = ["Anna", "Ben", "Cleo"]
RULES = Rules(players=3, map_kind="beginner", seed=1)


def line(s: object, reader: int | None) -> str:
    view = observe(s, reader)  # type: ignore[arg-type]
    return Words.for_view(view, NAMES).to_do(view)


def test_the_terminal_and_the_browser_read_one_table() -> None:
    s = position(RULES, phase="pre_roll", current=1)
    phrase = PHASE_WORDS[Phase.PRE_ROLL]
    assert doing(observe(s, None)) == ((1,), phrase)
    assert terminal_to_do(observe(s, None)) == f"p1 to {phrase}"
    # The browser's line leaves the note out: its buttons show the cards one may play.
    assert phrase == "roll the dice (or first play a development card)"
    assert line(s, 1) == "Your turn: roll the dice."
    assert line(s, 0) == line(s, None) == "Ben: roll the dice…"


def test_each_reader_reads_what_it_must_do_or_whom_it_waits_for() -> None:
    # A 7's discard: each who owes cards reads how many; the others wait for them.
    seven = position(RULES, phase="discard", current=1, hands={"p0": "8brick", "p2": "9ore"})
    assert line(seven, 0) == "Discard 4 cards."
    assert line(seven, 2) == "Discard 4 cards."
    assert line(seven, 1) == "Cleo and Anna: discard half of their cards…"
    assert line(position(RULES, phase="road_building", current=2, free_roads=1), 2) == (
        "Place 1 free road."
    )
    # A trade offer: those asked answer it, its maker waits (and may withdraw it).
    s = position(RULES, hands={"p0": "1ore", "p1": "1brick", "p2": "1brick"})
    apply_checked(s, parse_action("p0 offer 1ore for 1brick to p1,p2", s.topo))
    assert line(s, 1) == "Anna offers you a trade."
    assert line(s, 0) == "Your turn: wait for the answers to offer #1 (or withdraw it)."
    assert line(s, None) == "Ben and Cleo: answer offer #1…"
    # The end: the winner reads "you".
    over = position(
        Rules(players=3, map_kind="beginner", vp_target=3),
        buildings={"(0,0)N": (2, "city"), "(0,2)S": (2, "city")},
        phase="game_over",
        current=2,
        winner=2,
    )
    assert line(over, 2) == "You win the game!"
    assert line(over, 0) == "Cleo wins the game!"


def test_the_set_up_is_your_turn_and_the_separate_phases_say_so() -> None:
    s = new_game(Rules(players=3, seed=6))
    assert line(s, s.current) == "Your turn: place a settlement."
    separate = position(Rules(players=3, map_kind="beginner", trade_build="separate"), current=0)
    assert line(separate, 0) == "Your turn: trade (then build)."


def test_every_position_of_a_game_reads_as_words_for_every_reader() -> None:
    """A game played at random: each reader's line names no engine phase, no brace, no
    coordinate, and ends as a sentence; the terminal's line names the same deciders."""
    phases: set[Phase] = set()

    def check(s: GameState) -> bool:
        phases.add(s.phase)
        for reader in (None, 0, 1, 2):
            said = line(s, reader)
            assert said[-1] in ".!…" and said[0].isupper(), said
            assert "_" not in said and "{" not in said and "(0," not in said, said
        deciders, _ = doing(observe(s, None))
        said = terminal_to_do(observe(s, None)).removeprefix("set-up: ")
        assert said.split(" to ")[0] == ",".join(f"p{p}" for p in deciders), said
        return False

    random_play(Game.new(Rules(players=3, seed=3)), random.Random(3), 400, until=check)
    assert {Phase.SETUP_SETTLEMENT, Phase.PRE_ROLL, Phase.MAIN} <= phases


@pytest.mark.parametrize(
    ("status", "ended", "said"),
    [
        ("open", None, None),
        ("finished", "turn_limit", "The game reached its turn limit and ended without a winner."),
        ("finished", "admin", "The game was ended without a winner."),
        ("in_progress", None, "Your turn: trade and build."),
    ],
)
def test_the_servers_line_says_why_a_game_ended_without_a_winner(
    status: str, ended: str | None, said: str | None
) -> None:
    view = observe(position(RULES, current=0), 0)
    assert server_to_do(view, NAMES, deciding=True, status=status, ended=ended) == said


def test_the_server_says_to_a_seat_with_no_legal_action_whom_it_waits_for() -> None:
    # A parked game: the seat is a decider but may do nothing now (no legal list sent).
    view = observe(position(RULES, current=0), 0)
    assert server_to_do(view, NAMES, deciding=False, status="parked") == ("You: trade and build…")


def test_captions_over_the_board() -> None:
    s = new_game(RULES)
    anna, ben = Words(s.board, NAMES, 0), Words(s.board, NAMES, 1)
    assert anna.caption(ev.Rolled(0, (3, 5))) == "You rolled"
    assert ben.caption(ev.Rolled(0, (3, 5))) == "Anna rolled"
    assert ben.caption(ev.Rolled(2, (3, 4))) == "Cleo: the robber!"
    assert ben.caption(ev.Produced(12, (0,) * 15)) == "nobody gets anything"
    assert ben.caption(ev.Produced(8, (0, 0, 0, 0, 1) + (0,) * 10)) is None  # paid: by name
    assert ben.caption(ev.CityBuilt(0, 3)) is None


def test_a_state_messages_words_have_one_caption_per_event() -> None:
    s = position(RULES, phase="pre_roll", current=0)
    since = s.version
    apply_checked(s, parse_action("p0 roll", s.topo), (6, 6))
    view = observe(s, 1, since)
    said = state_words(view, NAMES, [], status="in_progress")
    assert len(said["captions"]) == len(said["event_words"]) == len(view.events)
    assert said["captions"][[e.kind for e in view.events].index("roll")] == "Anna rolled"
    assert said["to_do"] == "Anna: trade and build…"
    assert set(said) == {"event_words", "words", "places", "to_do", "captions", "awards"}


def test_a_replay_step_names_its_seats_as_its_words_do() -> None:
    """The replay viewer names no seat itself: each step carries the names its words use —
    a game's seats, a record file's ``players``, else ``Player 1``..."""
    pytest.importorskip("fastapi")
    from pysettlers.server.replays import replay_view

    game = Game.new(Rules(players=3, seed=4))
    random_play(game, random.Random(4), 30)
    record = game.to_json()
    record.pop("players", None)
    out = replay_view(record, 30, None)
    assert out["names"] == ["Player 1", "Player 2", "Player 3"]
    assert any("Player" in w for w in out["event_words"] if w)
    out = replay_view({**record, "players": ["Anna", "", 7]}, 30, "all")
    assert out["names"] == ["Anna", "Player 2", "Player 3"]
    assert replay_view(record, 30, 0, ["Anna", "Ben", "Cleo"])["names"] == ["Anna", "Ben", "Cleo"]
