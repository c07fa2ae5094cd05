"""``pysettlers arena``: the schedule and seat rotation, the rating fit against hand-computed
cases and simulated truth, determinism across workers, the results file, bad input."""

from __future__ import annotations

import json
import math
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from pysettlers.cli import main
from pysettlers.engine import Rules
from pysettlers.sim import arena, arena_plot, ratings
from pysettlers.sim.ratings import Outcome

# -- the schedule ---------------------------------------------------------------------------


def _config(bots: list[str], players: int = 4, games: int = 1, fmt: str = "round-robin"):
    return arena.ArenaConfig(
        Rules(players=players, vp_target=4), arena.parse_entrants(bots), games, seed=7, fmt=fmt
    )


def test_round_robin_more_entrants_than_seats_every_subset_every_rotation() -> None:
    seatings = _config(["random"] * 5).seatings()
    assert len(seatings) == math.comb(5, 4) * 4  # one round: 5 tables x 4 rotations
    tables = Counter(frozenset(s) for s in seatings)
    assert len(tables) == 5 and set(tables.values()) == {4}
    # Every entrant sits in every seat equally often (4 tables of its 5 include it).
    for e in range(5):
        assert [sum(1 for s in seatings if s[seat] == e) for seat in range(4)] == [4] * 4


def test_two_entrants_four_seats_are_dealt_two_and_two_alternating() -> None:
    seatings = _config(["random", "greedy"]).seatings()
    assert seatings == [(0, 1, 0, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 0)]


def test_three_entrants_four_seats_each_takes_the_extra_seat_once() -> None:
    seatings = _config(["random", "weighted", "greedy"]).seatings()
    assert len(seatings) == 3 * 4
    seats_held = Counter(e for s in seatings for e in s)
    assert seats_held == {0: 16, 1: 16, 2: 16}
    for e in range(3):  # and in every seat equally often
        assert len({sum(1 for s in seatings if s[seat] == e) for seat in range(4)}) == 1


def test_gauntlet_puts_the_first_entrant_at_every_table() -> None:
    seatings = _config(["greedy", "random", "weighted", "random"], fmt="gauntlet").seatings()
    assert len(seatings) == 4  # field of 3 fills the 3 other seats: one table, 4 rotations
    assert all(s.count(0) == 1 for s in seatings)
    assert sorted(s.index(0) for s in seatings) == [0, 1, 2, 3]


def test_games_are_rounded_up_to_whole_rounds() -> None:
    config = _config(["random", "weighted", "greedy"], games=13)
    assert len(config.seatings()) == 24
    assert "rounded up to 24" in (arena.rounded_note(config) or "")


# -- the fit --------------------------------------------------------------------------------


def test_two_player_fit_is_bradley_terry_by_hand() -> None:
    # 30 wins of A over B in 40 games: the maximum-likelihood odds are 3:1, i.e. a gap of
    # 400 log10 3 = 190.85 Elo points, split evenly around the mean of 0.
    games = [Outcome((1, 1), 0)] * 30 + [Outcome((1, 1), 1)] * 10
    a, b = ratings.fit(games, 2, prior=0)
    assert a - b == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert a + b == pytest.approx(0, abs=1e-9)


def test_three_players_always_together_are_rated_by_wins() -> None:
    # At one table of three, P(i wins) = g_i / (g_0 + g_1 + g_2): the MLE is g ~ wins.
    games = [Outcome((1, 1, 1), 0)] * 50 + [Outcome((1, 1, 1), 1)] * 30
    games += [Outcome((1, 1, 1), 2)] * 20
    got = ratings.fit(games, 3, prior=0)
    logs = [400 * math.log10(w) for w in (50, 30, 20)]
    mean = sum(logs) / 3
    assert got == pytest.approx([x - mean for x in logs], abs=1e-6)


def test_seat_counts_weigh_in_the_choice() -> None:
    # Two seats each, equal strength: each side wins half, so equal ratings.
    games = [Outcome((2, 2), 0)] * 20 + [Outcome((2, 2), 1)] * 20
    a, b = ratings.fit(games, 2, prior=0)
    assert a == pytest.approx(b, abs=1e-9)


def test_prior_keeps_a_bot_that_never_wins_finite() -> None:
    games = [Outcome((1, 1), 0)] * 20
    a, b = ratings.fit(games, 2)
    assert math.isfinite(b) and a > b


def test_intervals_cover_the_truth_in_simulated_tournaments() -> None:
    # Four entrants of known strength at every 3-seat table, 300 games a tournament, drawn
    # from the model itself: the 95% intervals must hold the truth about 95% of the time.
    truth = [150.0, 50.0, 0.0, -200.0]
    g = [10 ** (r / 400) for r in truth]
    tables = [
        tuple(int(e in t) for e in range(4)) for t in ((0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3))
    ]
    covered = total = 0
    for rep in range(15):
        gen = random.Random(rep)
        games = []
        for k in range(300):
            comp = tables[k % 4]
            weights = [c * s for c, s in zip(comp, g)]
            games.append(Outcome(comp, gen.choices(range(4), weights)[0]))
        rated = ratings.rate(games, 4, seed=rep, resamples=300)
        mean_truth = sum(truth) / 4  # ratings are reported with mean 0
        for r, t in zip(rated, truth):
            total += 1
            covered += r.low <= t - mean_truth <= r.high
            assert r.low <= r.rating <= r.high
    assert covered / total >= 0.88, covered / total


def test_two_entrant_gap_is_twice_the_upper_rating_with_its_interval() -> None:
    # With two entrants the mean-0 ratings are r and -r in every refit, so the gap is 2r
    # and its interval exactly twice the upper entrant's, taken refit by refit.
    games = [Outcome((1, 1), 0)] * 30 + [Outcome((1, 1), 1)] * 18
    fitted = ratings.bootstrap(games, 2, seed=3, resamples=200)
    (a, b), (gap,) = fitted.ratings(), fitted.gaps()
    assert (gap.upper, gap.lower) == (0, 1)
    assert gap.gap == pytest.approx(a.rating - b.rating) == pytest.approx(2 * a.rating)
    assert (gap.low, gap.high) == (pytest.approx(2 * a.low), pytest.approx(2 * a.high))


def test_gaps_are_between_neighbours_best_first_from_the_same_refits() -> None:
    # Three entrants given in no rating order; by hand: the same seeded draws, refitted,
    # each refit's difference of neighbours, its 2.5% and 97.5% order statistics.
    games = (
        [Outcome((1, 1, 1), 2)] * 20 + [Outcome((1, 1, 1), 0)] * 12 + [Outcome((1, 1, 1), 1)] * 6
    )
    fitted = ratings.bootstrap(games, 3, seed=5, resamples=101)
    assert [(g.upper, g.lower) for g in fitted.gaps()] == [(2, 0), (0, 1)]
    assert fitted.ratings() == ratings.rate(games, 3, seed=5, resamples=101)
    gen = random.Random(5)
    refits = [ratings.fit([games[gen.randrange(38)] for _ in range(38)], 3) for _ in range(101)]
    for g in fitted.gaps():
        diffs = sorted(r[g.upper] - r[g.lower] for r in refits)
        # 101 refits: the 2.5% and 97.5% quantiles fall on order statistics 2.5 and 97.5.
        assert g.low == pytest.approx((diffs[2] + diffs[3]) / 2)
        assert g.high == pytest.approx((diffs[97] + diffs[98]) / 2)
        assert g.low < g.gap < g.high


def test_gap_intervals_cover_the_truth_in_simulated_tournaments() -> None:
    # As for the ratings: 4 entrants 100 points apart, 4-seat tables, 200 games a
    # tournament drawn from the model; each neighbour gap's interval must hold 100 about
    # 95% of the time.
    truth = [300.0, 200.0, 100.0, 0.0]
    g = [10 ** (r / 400) for r in truth]
    covered = total = 0
    for rep in range(15):
        gen = random.Random(100 + rep)
        games = [Outcome((1, 1, 1, 1), gen.choices(range(4), g)[0]) for _ in range(200)]
        for gap in ratings.bootstrap(games, 4, seed=rep, resamples=300).gaps():
            total += 1
            covered += gap.low <= truth[gap.upper] - truth[gap.lower] <= gap.high
    assert covered / total >= 0.85, covered / total


def test_pairwise_counts_ahead_behind_level() -> None:
    # Game 1: entrant 0 wins. Game 2: nobody wins; 1 has more points than 0.
    pairs = ratings.pairwise([(0, 1), (0, 1)], [0, None], [[5, 3], [2, 4]], 2)
    p01 = next(p for p in pairs if (p.a, p.b) == (0, 1))
    assert (p01.games, p01.ahead, p01.behind, p01.level) == (2, 1, 1, 0)
    assert p01.rate == 0.5


# -- playing --------------------------------------------------------------------------------

ARGS = ["arena", "random", "weighted", "--games", "8", "--vp", "4", "--quiet"]


def test_same_seed_same_bytes_for_any_number_of_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "1.json", tmp_path / "2.json"
    assert main([*ARGS, "--out", str(one)]) == 0
    assert main([*ARGS, "--out", str(two), "--workers", "2"]) == 0
    assert one.read_bytes() == two.read_bytes()
    doc = json.loads(one.read_text())
    assert doc["summary"]["games"] == 8 and len(doc["games"]) == 8
    game = doc["games"][0]
    assert {"seed", "seats", "winner", "points", "status"} <= game.keys()
    # Round trip: the games alone give the same document back.
    assert arena.load(one.read_text(), "x") == doc


def test_cli_end_to_end_report_plot_and_from(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, svg = tmp_path / "r.json", tmp_path / "r.svg"
    assert main([*ARGS, "--out", str(out), "--plot", str(svg)]) == 0
    text = capsys.readouterr().out
    assert "Ratings" in text and "weighted" in text and "finished ahead" in text
    doc = json.loads(out.read_text())
    by_label = {e["label"]: e["rating"] for e in doc["entrants"]}
    (gap,) = doc["gaps"]
    assert gap["gap"] == pytest.approx(by_label[gap["upper"]] - by_label[gap["lower"]], abs=0.11)
    assert gap["ci95"][0] <= gap["gap"] <= gap["ci95"][1]
    assert (
        f"{gap['upper']} over {gap['lower']}" in text and "Gaps, each entrant over the next" in text
    )
    assert svg.read_text().startswith("<svg") and "weighted" in svg.read_text()
    assert main(["arena", "--from", str(out)]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == text.splitlines()[2:]
    assert arena_plot.svg(json.loads(out.read_text())) == svg.read_text()


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["arena", "nosuchbot", "random"], "nosuchbot"),
        (["arena", "random"], "BOT"),
        (["arena", "random", "greedy", "--games", "0"], "--games"),
        (["arena", "random", "greedy", "--format", "ladder"], "--format"),
        (["arena", "random", "greedy", "--workers", "0"], "--workers"),
        (["arena", "random", "greedy", "--gaps", "random,nosuchbot"], "--gaps: no entrant"),
        (["arena", "random", "greedy", "--gaps", "random"], "--gaps: give at least two"),
        (["arena", "random", "greedy", "--gaps", "random,greedy,random"], "given twice"),
    ],
)
def test_bad_input_is_refused_naming_the_option(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


def test_gaps_along_a_given_order_from_the_same_refits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Three entrants; --gaps in the reverse of the rating order gives the same gaps negated,
    # with the interval mirrored (the same seeded refits), and a skip-one gap is the sum.
    out = tmp_path / "r.json"
    three = ["arena", "random", "weighted", "greedy", "--games", "12", "--vp", "4", "--quiet"]
    assert main([*three, "--out", str(out)]) == 0
    capsys.readouterr()
    doc = json.loads(out.read_text())
    first, second = doc["gaps"]
    top, mid, bottom = first["upper"], first["lower"], second["lower"]
    assert second["upper"] == mid
    assert main(["arena", "--from", str(out), "--gaps", f"{bottom},{mid},{top}", "--json"]) == 0
    reverse = json.loads(capsys.readouterr().out)["gaps"]
    for fwd, rev in zip(doc["gaps"][::-1], reverse, strict=True):
        assert (rev["upper"], rev["lower"]) == (fwd["lower"], fwd["upper"])
        assert rev["gap"] == -fwd["gap"]
        assert rev["ci95"] == [-fwd["ci95"][1], -fwd["ci95"][0]]
    assert main(["arena", "--from", str(out), "--gaps", f"{top},{bottom}", "--json"]) == 0
    (skip,) = json.loads(capsys.readouterr().out)["gaps"]
    assert skip["gap"] == pytest.approx(first["gap"] + second["gap"], abs=0.11)
    assert main(["arena", "--from", str(out), "--gaps", f"{top},{bottom}"]) == 0
    assert f"{top} over {bottom}" in capsys.readouterr().out


def test_from_refuses_a_file_that_is_not_arena_results(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    assert main(["arena", "--from", str(bad)]) == 1
    assert "not pysettlers arena results" in capsys.readouterr().err


def test_ray_tasks_give_the_same_results_as_one_process(tmp_path: Path) -> None:
    ray = pytest.importorskip(
        "ray", reason="Ray is not installed (the ray extra: pip install 'pysettlers[ray]')"
    )
    from pysettlers.sim import arena_ray

    config = arena.ArenaConfig(
        Rules(players=3, vp_target=4), arena.parse_entrants(["random", "weighted"]), 12, seed=5
    )
    local = arena.dumps(arena.results(config, arena.play(config)))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        done: list[int] = []
        played = arena.play(
            config, workers=2, progress=done.append, executor=arena_ray.executor(None)
        )
    finally:
        ray.shutdown()
    assert sum(done) == 12
    assert arena.dumps(arena.results(config, played)) == local


def test_ray_option_without_ray_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, installed or not
    with pytest.raises(SystemExit):
        main(["arena", "random", "weighted", "--ray", "auto"])
    assert "--ray needs Ray: pip install 'pysettlers[ray]'" in capsys.readouterr().err


def test_an_unwritable_out_fails_before_any_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "no" / "such" / "dir.json"
    assert main(["arena", "random", "weighted", "--games", "100000", "--out", str(bad)]) == 1
    assert f"cannot write {bad}" in capsys.readouterr().err


def test_results_merge_into_one_fit_over_all_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--from A --from B``: the games of both, entrants matched by label, one fit over all
    (the shared entrant rated on every game); the merged document reads back the same."""
    a, b, both = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "ab.json"
    assert main(["arena", "random", "weighted", "--games", "8", "--vp", "4", "--quiet",
                 "--seed", "1", "--out", str(a)]) == 0  # fmt: skip
    assert main(["arena", "weighted", "greedy", "--games", "8", "--vp", "4", "--quiet",
                 "--seed", "2", "--out", str(b)]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["arena", "--from", str(a), "--from", str(b), "--out", str(both)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("merged: 3 entrants, 4 players, 16 games")
    doc = json.loads(both.read_text())
    labels = [e["label"] for e in doc["entrants"]]
    assert labels == ["random", "weighted", "greedy"]
    assert [s["seed"] for s in doc["config"]["sources"]] == [1, 2]
    # One fit over the games of both, by hand: weighted is entrant 1 in both files.
    outcomes = []
    for path, index in ((a, [0, 1]), (b, [1, 2])):
        for g in json.loads(path.read_text())["games"]:
            seats = [index[e] for e in g["seats"]]
            comp = tuple(seats.count(e) for e in range(3))
            outcomes.append(Outcome(comp, None if g["winner"] is None else seats[g["winner"]]))
    fitted = ratings.fit(outcomes, 3)
    assert [e["rating"] for e in doc["entrants"]] == [round(r, 1) for r in fitted]
    assert doc["entrants"][1]["games"] == 16 and doc["entrants"][0]["games"] == 8
    assert arena.load(both.read_text(), "ab") == doc  # reads back as it was written


def test_merging_refuses_other_rules_and_a_label_for_two_bots(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    assert main([*ARGS, "--out", str(a)]) == 0
    assert main([*ARGS[:-2], "5", "--quiet", "--out", str(b)]) == 0  # --vp 5
    capsys.readouterr()
    assert main(["arena", "--from", str(a), "--from", str(b)]) == 1
    err = capsys.readouterr().err
    assert "rules.vp_target 5 differs" in err and str(b) in err
    doc = json.loads(a.read_text())
    doc["config"]["entrants"][1]["options"] = {"noise": 3}  # "weighted", another bot
    b.write_text(json.dumps(doc))
    assert main(["arena", "--from", str(a), "--from", str(b)]) == 1
    assert "entrant 'weighted'" in capsys.readouterr().err
