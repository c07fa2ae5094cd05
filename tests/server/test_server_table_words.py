"""The server's words at the table: a refusal names the seats as the table does, and a
discard for a 7 is one line per player however many actions it took.

What this is for: the QA tour's points 4 and 6 (``/work/s40/tourA/report.md``): the
browser showed "Refused: p1 holds no card 'brick' to be stolen" where the table calls that
player "Medium bot 2", and "Medium bot 4 discards 1 wool." three times, then "… 1 ore.".
The words are the server's (``server/wordsjson.py``): the page shows them as sent.

What this is not: the words of each event kind (``tests/engine/test_words.py``) or the
page (``tests/web``).
"""

from __future__ import annotations

import asyncio
from typing import Any

from pysettlers.engine import Rules, apply_checked, legal_actions, new_game, observe, parse_action
from pysettlers.engine.position import position
from pysettlers.engine.production import placing_outcome_error
from pysettlers.server.client import SeatClient
from pysettlers.server.wordsjson import event_words, refusal_words
from support.server_helpers import human_game, is_state, until

NAMES = ["Ann", "Medium bot 2", "Cy"]


def test_a_refusal_names_the_seats_as_the_table_does() -> None:
    s = position(Rules(players=3, map_kind="beginner", seed=1), hands={1: "2ore"})
    said = placing_outcome_error(s, 0, 1, 0)  # (brick: p1 holds none)
    assert said is not None and "p1" in said  # the engine's words: the notation's seat
    assert refusal_words(said, NAMES, 0) == "Medium bot 2 holds no brick to be stolen"
    # The reader is "you", with its verb and possessive to match; the sentence starts
    # with a capital.
    assert refusal_words("p0 has no offer to answer", NAMES, 0) == "You have no offer to answer"
    assert refusal_words("it is not p0's decision now (waiting for p1, p2)", NAMES, 0) == (
        "it is not your decision now (waiting for Medium bot 2, Cy)"
    )
    assert refusal_words("p2 no longer holds 2brick+1wool", NAMES, None) == (
        "Cy no longer holds 2 brick and 1 wool"
    )
    # A notation example in quotes, and a seat the game does not have, stay as they are.
    example = "name the offer you answer: the open offer is #3 (e.g. 'p0 ... #3')"
    assert refusal_words(example, NAMES, 0) == example
    assert refusal_words("there is no player p7", NAMES, 0) == "there is no player p7"


def test_an_illegal_action_is_refused_in_the_tables_words(server: Any) -> None:
    game, tokens = human_game(server.url, players=2, rules={"map_kind": "beginner"})

    async def go() -> None:
        c1 = SeatClient(server.url, game, tokens[1])
        welcome = await c1.connect()
        first = welcome["seats"][0]["display_name"]
        state = await until(c1, is_state)
        await c1.send({"type": "action", "action": "p1 roll", "version": state["version"]})
        e = await until(c1, lambda m: m["type"] == "error")
        assert e["code"] == "illegal" and e["rule"]  # (the code and rule stay the engine's)
        assert e["message"] == f"it is not your decision now (waiting for {first})"
        await c1.close()

    asyncio.run(go())


def test_a_discard_made_card_by_card_is_one_line() -> None:
    s = position(
        Rules(players=3, map_kind="beginner", seed=1),
        phase="discard",
        hands={1: "3wool+1ore+4brick", 2: "4grain+4lumber"},
    )
    assert s.discards[1] == 4 and s.discards[2] == 4
    start = s.version
    lines: list[list[str | None]] = []
    # Bo and Cy discard one card at a time, in turns (as bots do: unit actions).
    for text in ("p1 discard 1wool", "p2 discard 1grain", "p1 discard 1wool", "p1 discard 1wool"):
        before = s.version
        apply_checked(s, parse_action(text, s.topo))
        lines.append(event_words(observe(s, 0, since_version=before), NAMES, s.log))
    assert lines == [[None], [None], [None], [None]]  # nobody has finished yet
    before = s.version
    apply_checked(s, parse_action("p1 discard 1ore", s.topo))
    assert event_words(observe(s, 0, since_version=before), NAMES, s.log) == [
        "Medium bot 2 discards 3 wool and 1 ore."
    ]
    # Cy's last three cards in one action; Cy's line counts the card discarded before.
    before = s.version
    apply_checked(s, parse_action("p2 discard 1grain+2lumber", s.topo))
    assert event_words(observe(s, 1, since_version=before), NAMES, s.log) == [
        "Cy discards 2 lumber and 2 grain."
    ]
    # A client that catches up on the whole discard reads one line per player.
    caught_up = [w for w in event_words(observe(s, None, since_version=start), NAMES, s.log) if w]
    assert caught_up == [
        "Medium bot 2 discards 3 wool and 1 ore.",
        "Cy discards 2 lumber and 2 grain.",
    ]
    # The reader's own discard is "you".
    said = event_words(observe(s, 1, since_version=start), NAMES, s.log)
    assert "You discard 3 wool and 1 ore." in said


def test_a_discard_in_one_action_is_said_at_once() -> None:
    s = position(Rules(players=3, map_kind="beginner", seed=1), phase="discard", hands={1: "8ore"})
    before = s.version
    apply_checked(s, parse_action("p1 discard 4ore", s.topo))
    assert event_words(observe(s, 2, since_version=before), NAMES, s.log) == [
        "Medium bot 2 discards 4 ore."
    ]


def test_the_first_turn_has_its_head_in_the_log() -> None:
    # After the set-up phase's last road, as before every later turn: "Turn 1: …'s turn."
    s = new_game(Rules(players=3, seed=4))
    while s.turn == 0:
        before = s.version
        apply_checked(s, legal_actions(s, s.current)[0])
    said = event_words(observe(s, None, since_version=before), NAMES, s.log)
    assert said[-1] == f"Turn 1: {NAMES[s.current]}'s turn."
    # The beginner map starts at turn 1 (its pieces are placed): its first events say so.
    b = new_game(Rules(players=3, map_kind="beginner", seed=4))
    assert event_words(observe(b, 0, since_version=-1), NAMES, b.log)[-1] == "Turn 1: your turn."
