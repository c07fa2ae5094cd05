"""The game in words (``pysettlers.words``, issue 28 point 6): places on the beginner map as
board-data.md lays them out, every event kind as a sentence for its reader (and none
without words), secrets only for those who may know them, and the labels of actions.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from pysettlers.engine import Rules, legal_actions, new_game, observe
from pysettlers.engine import events as ev
from pysettlers.engine.actions import Action
from pysettlers.engine.events import EVENT_KINDS, _roles, redact
from pysettlers.engine.scenarios.helpers import events as hev
from pysettlers.engine.types import ActionKind
from pysettlers.words import ACTION_WORDS, EVENT_WORDS, Words, places

BEGINNER = new_game(Rules(players=4, map_kind="beginner", seed=1))
TOPO = BEGINNER.topo
PLACES = places(BEGINNER.board)
NAMES = ["Anna", "Ben", "Cleo", "Dan"]
COORDS = re.compile(r"\(-?\d+,-?\d+\)")


def hex_(name: str) -> int:
    return TOPO.hex_index[tuple(int(x) for x in name.strip("()").split(","))]  # type: ignore[index]


# board-data.md §1.1: the beginner map's terrain and numbers, (q,r) → words.
BEGINNER_HEXES = {
    "(0,-2)": "the 10 mountains",
    "(1,-2)": "the 2 pasture",
    "(2,-2)": "the 9 forest",
    "(-1,-1)": "the 12 fields",
    "(0,-1)": "the 6 hills",
    "(1,-1)": "the 4 pasture",
    "(2,-1)": "the 10 hills",
    "(-2,0)": "the 9 fields",
    "(-1,0)": "the 11 forest",
    "(0,0)": "the desert",
    "(1,0)": "the 3 forest",
    "(2,0)": "the 8 mountains",
    "(-2,1)": "the 8 forest",
    "(-1,1)": "the 3 mountains",
    "(0,1)": "the 4 fields",
    "(1,1)": "the 5 pasture",
    "(-2,2)": "the 5 hills",
    "(-1,2)": "the 6 fields",
    "(0,2)": "the 11 pasture",
}

# board-data.md §1.2: the nine harbors; the 3:1 ones by the hex they serve.
BEGINNER_HARBORS = {
    "(0,-2)NW": "the 3:1 harbor by the 10 mountains",
    "(1,-2)NE": "the 2:1 grain harbor",
    "(2,-1)NE": "the 2:1 ore harbor",
    "(2,0)E": "the 3:1 harbor by the 8 mountains",
    "(1,1)SE": "the 2:1 wool harbor",
    "(-1,2)SE": "the 3:1 harbor by the 6 fields",
    "(-2,2)SW": "the 3:1 harbor by the 5 hills",
    "(-2,1)W": "the 2:1 brick harbor",
    "(-1,-1)W": "the 2:1 lumber harbor",
}


def test_beginner_hexes_and_harbors_in_words() -> None:
    assert {TOPO.hex_names[h]: PLACES.hex(h) for h in range(TOPO.n_hexes)} == BEGINNER_HEXES
    harbors = {TOPO.path_names[p]: PLACES.harbor(p) for _, p in BEGINNER.board.harbors}
    assert harbors == BEGINNER_HARBORS


def test_beginner_intersections_and_paths_in_words() -> None:
    spot = TOPO.parse_intersection
    path = TOPO.parse_path
    # board-data.md §1.3: the starting settlements, by the hexes they touch (the best
    # producers first), and their roads between two hexes.
    assert PLACES.intersection(spot("(0,-1)N")) == (
        "the corner of the 6 hills, 10 mountains and 2 pasture"
    )
    assert PLACES.intersection(spot("(1,1)N")) == (
        "the corner of the 8 mountains, 5 pasture and 3 forest"
    )
    assert PLACES.path(path("(0,-1)NE")) == "between the 6 hills and the 2 pasture"
    assert PLACES.path(path("(-1,2)NE")) == "between the 6 fields and the 4 fields"
    # By the desert, and on the coast (the Game Overview's E: "(1,1) SE" on the wool harbor).
    assert (
        PLACES.intersection(spot("(0,0)N")) == "the corner of the 6 hills, 4 pasture and the desert"
    )
    assert PLACES.intersection(spot("(1,1)SE")) == (
        "the south-east corner of the 5 pasture, by the 2:1 wool harbor"
    )
    assert (
        PLACES.intersection(spot("(2,0)N")) == "the corner of the 8 mountains, 10 hills and the sea"
    )
    assert PLACES.path(path("(0,-2)NW")) == "on the north-west coast of the 10 mountains"
    # Every intersection and path has words of its own, and none holds a coordinate.
    spots = [PLACES.intersection(v) for v in range(TOPO.n_intersections)]
    paths = [PLACES.path(p) for p in range(TOPO.n_paths)]
    assert len(set(spots)) == len(spots) and len(set(paths)) == len(paths)
    assert not [x for x in spots + paths if COORDS.search(x)]


def test_like_hexes_are_told_apart() -> None:
    # 5–6 players: two deserts, and numbers on several hexes of one terrain.
    s = new_game(Rules(players=6, seed=2))
    words = [places(s.board).hex(h) for h in range(s.topo.n_hexes)]
    assert len(set(words)) == len(words)
    assert sum("desert" in w for w in words) == 2 and "the desert" not in words


# -- every event kind -------------------------------------------------------------------------

_BY_ROLE: dict[str, Any] = {
    "seat": 1,
    "seats": 0b1101,
    "hex": hex_("(0,-1)"),
    "site": hex_("(0,-1)"),
    "path": TOPO.parse_path("(0,-1)NE"),
    "intersection": TOPO.parse_intersection("(0,-1)N"),
    "resource": 4,
    "card": 3,
    "helper": 5,
    "cards": (0, 3),
    "bundle": (0, 0, 1, 0, 2),
}
_BY_NAME: dict[str, Any] = {
    "player": 0,
    "dice": (3, 5),
    "total": 8,
    "received": (0, 0, 0, 0, 2) + (1, 0, 0, 0, 0) + (0,) * 10,
    "taken": (0, 2, 0, 1),
    "givers": (1, 3),
    "rolls": ((0, 8), (1, 6)),
    "helpers": (2, 3),
    "answer": "accept",
    "turn": 5,
    "points": 10,
    "vp_cards": 1,
    "level": 2,
    "second": 3,
    "offer": 3,
}


def sample(kind: type[ev.Event]) -> ev.Event:
    """One event of a kind, its fields filled by role (every kind, scenarios' too)."""
    values = []
    for name, role in _roles(kind):
        if name == "player":
            values.append(_BY_NAME[name])
        elif role in _BY_ROLE:
            values.append(_BY_ROLE[role])
        else:
            values.append(_BY_NAME[name])
    return kind(*values)


@pytest.mark.parametrize("kind", sorted(EVENT_KINDS, key=str), ids=str)
def test_every_event_kind_has_words(kind: str) -> None:
    cls = EVENT_KINDS[kind]
    assert cls in EVENT_WORDS, f"event kind {kind!r} has no words in pysettlers/words/events.py"
    e = sample(cls)
    for you in (None, 0, 1, 2):
        said = Words(BEGINNER.board, NAMES, you).event(redact(e, you))
        if said is None:
            assert cls is hev.HildeLooked and you not in (0, 1)  # a hand the table cannot see
            continue
        assert said[0].isupper() and said[-1] in ".!", said
        assert "{" not in said and "}" not in said and not COORDS.search(said), said
        assert "_" not in said, said  # never an event's or a field's name


def test_event_sentences_for_their_readers() -> None:
    board = BEGINNER.board
    anna = Words(board, NAMES, 0)
    ben = Words(board, NAMES, 1)
    path = TOPO.parse_path("(0,-1)NE")
    assert anna.event(ev.Rolled(0, (3, 5))) == "You roll 8."
    assert ben.event(ev.Rolled(0, (3, 5))) == "Anna rolls 8."
    assert anna.event(ev.RoadBuilt(2, path)) == (
        "Cleo builds a road between the 6 hills and the 2 pasture."
    )
    produce = ev.Produced(8, (0, 0, 0, 0, 2) + (1, 0, 0, 0, 1) + (0,) * 10)
    assert anna.event(produce) == "The 8 produces: you get 2 ore; Ben gets 1 brick and 1 ore."
    assert anna.event(ev.Produced(12, (0,) * 20)) == "Nothing is produced on the 12."
    # The robber: the card only for the thief and the victim (the event redacted).
    steal = ev.RobberMoved(2, hex_("(1,-1)"), 0, 4)
    assert anna.event(redact(steal, 0)) == (
        "Cleo moves the robber to the 4 pasture and steals 1 ore from you."
    )
    assert ben.event(redact(steal, 1)) == (
        "Cleo moves the robber to the 4 pasture and steals a card from Anna."
    )
    assert anna.event(ev.RobberMoved(1, hex_("(0,0)"), 0, None)) == (
        "Ben moves the robber to the desert, but you have no cards to steal."
    )
    assert anna.event(redact(ev.CardDrawn(0, 3), 0)) == "You buy a development card: Monopoly."
    assert ben.event(redact(ev.CardDrawn(0, 3), 1)) == "Anna buys a development card."
    # The pirate: the robber on a harbor.
    ore = TOPO.parse_path("(2,-1)NE")
    assert ben.event(ev.RobberMoved(0, TOPO.n_hexes + ore, -1, None)) == (
        "Anna moves the robber to the 2:1 ore harbor."
    )
    assert anna.event(ev.Won(0, 10, 2)) == (
        "You win with 10 points, 2 victory point cards among them!"
    )
    assert ben.event(ev.LongestRoadMoved(2)) == "Cleo takes the Longest Road."
    assert Words(board, NAMES, 1, ships=True).event(ev.LongestRoadMoved(-1)) == (
        "Nobody holds the Longest Trade Route now."
    )


def test_offers_with_and_without_their_number() -> None:
    anna = Words(BEGINNER.board, NAMES, 0)
    made = sample(ev.OfferMade)
    three = ev.replace_fields(made, player=1, give=(0, 0, 0, 0, 1), get=(1, 0, 0, 0, 0), to=0b101)
    assert anna.event(three) == "Ben offers 1 ore for 1 brick to you and Cleo (offer #3)."
    # Records made before offers had numbers: ``offer`` 0 (or no such field at all).
    assert anna.event(ev.replace_fields(three, offer=0)) == (
        "Ben offers 1 ore for 1 brick to you and Cleo."
    )
    answer = ev.replace_fields(sample(ev.OfferAnswered), player=0, answer="counter")
    assert anna.event(answer) == "You counter offer #3: give 1 wool and 2 ore for 1 wool and 2 ore."
    reject = ev.replace_fields(answer, player=2, answer="reject", offer=0)
    assert anna.event(reject) == "Cleo rejects the offer."
    closed = ev.replace_fields(sample(ev.OfferClosed), player=0)
    assert anna.event(closed) == "Your offer #3 is closed without a trade."


def test_secrets_stay_secret_in_words() -> None:
    """For every kind with a secret: a seat that may not see it reads none of it."""
    secrets = {"ore", "Monopoly", "knight", "wool"}
    for cls in EVENT_WORDS:
        if not cls.secret:
            continue
        e = sample(cls)
        outsider = 3  # seat 3 is neither the sample's player (0) nor its victim (1)
        said = Words(BEGINNER.board, NAMES, outsider).event(redact(e, outsider)) or ""
        assert not [w for w in secrets if w in said], (cls, said)


# -- actions ----------------------------------------------------------------------------------


def test_robber_labels_name_the_victims_card_counts() -> None:
    s = new_game(Rules(players=4, map_kind="beginner", seed=1))
    # The beginner set-up's pieces are on the board: Dan holds cards (or none), publicly.
    view = observe(s, 0)
    w = Words.for_view(view, NAMES)
    robber = Action(0, ActionKind.MOVE_ROBBER, hex_("(0,-1)"), 3)
    held = view.hand_sizes[3]
    assert w.action(robber, view) == (
        f"Move the robber to the 6 hills and steal from Dan ({held} card{'s' * (held != 1)})"
    )
    nobody = Action(0, ActionKind.MOVE_ROBBER, hex_("(0,0)"), -1)
    assert w.action(nobody, view) == "Move the robber to the desert (nobody to steal from)"
    assert w.action(Action(1, ActionKind.ACCEPT_TRADE, offer=3)) == "Accept offer #3"
    assert w.action(Action(1, ActionKind.ACCEPT_TRADE)) == "Accept the offer"
    assert w.action(Action(0, ActionKind.CONFIRM_TRADE, 2, offer=3)) == (
        "Trade with Cleo (offer #3)"
    )


def test_every_action_kind_has_a_label_without_coordinates() -> None:
    assert set(ActionKind) <= set(ACTION_WORDS)
    s = new_game(Rules(players=4, map_kind="beginner", seed=1))
    view = observe(s, s.current)
    w = Words.for_view(view, NAMES)
    for a in legal_actions(s, s.current):
        said = w.action(a, view)
        assert said and not COORDS.search(said), said
