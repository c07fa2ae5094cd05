"""The end-of-game statistics the browser's replay viewer shows (``server/replays.py``).

What this is for: issue 12, point 8 — resources gained / spent / stolen / discarded per
player. Every resource card that moves counts in exactly one column, trades included
(maritime and domestic, both sides of each), so the columns add up to the hand each
player ends with; checked on games of bots that trade, with and without the Helpers of
CATAN, and on a small game of known trades.
"""

from __future__ import annotations

import pytest

from pysettlers.engine import Game, Rules, parse_action
from pysettlers.server.replays import RES, stats
from pysettlers.sim import parse_players, play_game

IN = ("gained", "stolen", "traded_for")
OUT = ("spent", "robbed", "discarded", "traded_away")


def balance(st: dict[str, list[dict[str, int]]], p: int) -> tuple[int, ...]:
    return tuple(sum(st[k][p][r] for k in IN) - sum(st[k][p][r] for k in OUT) for r in RES)


@pytest.mark.parametrize(
    ("rules", "players"),
    [
        (Rules(players=4, vp_target=8, seed=7), "random,weighted,greedy,random"),
        (Rules(players=4, vp_target=8, seed=8, helpers=True), "random,weighted,greedy,random"),
        (Rules(players=3, vp_target=6, seed=9, helpers=True), "random,random,random"),
    ],
)
def test_the_columns_add_up_to_the_hand_at_the_end(rules: Rules, players: str) -> None:
    played = play_game(rules, parse_players(players), max_turns=300)
    record = played.game.to_json()
    st = stats(record)
    final = played.game.state
    for p in range(rules.players):
        assert balance(st, p) == tuple(final.hand(p)), p
    assert sum(sum(row.values()) for row in st["traded_away"]) > 0  # the bots traded
    assert sum(sum(row.values()) for row in st["spent"]) > 0


ALL_ALTERNATE = (
    "victory_points_played",
    "open_hands",
    "development_after_roll",
    "no_early_sevens",
    "ignore_seven",
    "no_trade_after_building",
    "keep_a_settlement",
    "knight_interrupts",
)


@pytest.mark.parametrize(
    ("rules", "built"),
    [
        # Tour C, finding 2: the ships and the bridge were never counted as spent.
        (Rules(players=4, vp_target=8, seed=11, scenarios=("ships",), map_kind="islands"), "ship"),
        (Rules(players=4, vp_target=10, seed=1, map_kind="islands"), "bridge"),
        (Rules(players=4, vp_target=8, seed=13, scenarios=("pirate",)), "buy"),
        (Rules(players=4, vp_target=8, seed=14, alternate=ALL_ALTERNATE), "buy"),
    ],
    ids=["ships", "bridges", "pirate", "alternate"],
)
def test_every_scenarios_builds_count_as_spent(rules: Rules, built: str) -> None:
    played = play_game(rules, parse_players("random,weighted,greedy,random"), max_turns=300)
    record = played.game.to_json()
    paid = [a for (a, *_) in record["actions"] if a.split()[1] == built]
    assert paid, f"the bots built no {built}: pick another seed"
    st = stats(record)
    final = played.game.state
    for p in range(rules.players):
        assert balance(st, p) == tuple(final.hand(p)), p


def test_a_maritime_and_a_domestic_trade_count_on_both_sides() -> None:
    game = Game.new(Rules(players=3, map_kind="beginner", seed=1))
    s = game.state

    def do(text: str, outcome: object = None) -> None:
        game.play(parse_action(text, s.topo), outcome)

    # Rolls of 6 and 8 (no 7) until the player to move holds four cards of one kind.
    for total in [6, 8] * 20:
        p = s.current
        do(f"p{p} roll", (total // 2, total - total // 2))
        if max(s.hand(p)) >= 4 and any(s.hand((p + 1) % 3)):
            break
        do(f"p{p} end")
    p, q = s.current, (s.current + 1) % 3
    give = RES[max(range(5), key=lambda r: s.hand(p)[r])]
    get = RES[(RES.index(give) + 1) % 5]
    theirs = RES[next(r for r in range(5) if s.hand(q)[r])]
    do(f"p{p} maritime 4{give} for 1{get}")
    do(f"p{p} offer 1{get} for 1{theirs} to p{q}")
    do(f"p{q} accept #{s.offer_id}")
    do(f"p{p} confirm p{q} #{s.offer_id}")
    st = stats(game.to_json())
    assert st["traded_away"][p][give] == 4 and st["traded_for"][p][get] == 1
    assert st["traded_away"][p][get] == 1 and st["traded_for"][p][theirs] == 1
    assert st["traded_away"][q][theirs] == 1 and st["traded_for"][q][get] == 1
    assert sum(st["traded_away"][3 - p - q].values()) == 0
    assert st["spent"][p] == dict.fromkeys(RES, 0)  # a trade is not spending


def test_the_points_breakdown_counts_pieces_and_points_apart() -> None:
    # Issue 28: the column headed "Cities" held the cities' points. Now the counts and the
    # points of each source are apart, and the points add up to the engine's total.
    rules = Rules(players=3, vp_target=10, seed=3)
    played = play_game(rules, parse_players("weighted,weighted,weighted"), max_turns=400)
    final = played.game.state
    assert final.winner >= 0
    st = stats(played.game.to_json())
    buildings = [
        (final.building_owner[v], final.building_level[v])
        for v in range(final.topo.n_intersections)
    ]
    for row in st["points"]:
        p = row["seat"]
        assert row["settlements"] == buildings.count((p, 1))
        assert row["cities"] == buildings.count((p, 2))
        assert row["victory_point_cards"] == final.dev_cards(p)[4]
        pts = row["points"]
        assert pts["settlements"] == row["settlements"] and pts["cities"] == 2 * row["cities"]
        assert sum(pts.values()) == row["total"] == final.total_vp(p)
    assert any(row["cities"] for row in st["points"])  # the bots built cities
    # The last point of the points chart is every player's total too.
    assert st["points_by_turn"]["points"][-1] == [final.total_vp(p) for p in range(3)]
