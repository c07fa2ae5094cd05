"""Replays and end-of-game statistics over HTTP, for the browser client's replay viewer.

What this is for: the browser implements no rule, so it cannot replay a record itself;
the server replays it with the engine and answers one step's view at a time.

* ``GET /api/games/{id}/replay?step=N&seat=S`` — a finished game's position after ``N``
  actions (default: the end), as seat ``S`` saw it (``observe``; ``S`` omitted: a
  spectator; ``all``: the spectator view plus every hand revealed), with that step's
  events and, in ``event_words``, those events in words (``pysettlers.words``, the seats
  by their ``names``, which the step carries too: the viewer names no seat itself);
  ``steps`` is the number of actions. Only finished games: before the end a game's
  record holds secrets (409 ``not_finished``).
* ``POST /api/replay`` ``{"record": ..., "step": N, "seat": S}`` — the same for a record
  file the client uploads (a complete ``pysettlers-record/1``).
* ``POST /api/preview`` ``{"rules": {...}}`` — the board those rules lay out (with a
  ``seed``, the board a game created with that seed gets): the lobby's map preview.
* ``GET /api/games/{id}/stats`` and ``POST /api/stats`` ``{"record": ...}`` — the game's
  statistics: rolls per total, resource cards per player by where they came from or went
  to, the points breakdown at the end, and each player's points after every turn.

  Every resource card a player took or gave counts in exactly one column, so a player's
  hand at the end is ``gained + stolen + traded_for − spent − robbed − discarded −
  traded_away``: *gained* from the bank for nothing (production, the start, Year of
  Plenty, the helpers Lin, Marianne and Sean), *spent* on building and development cards
  (roads, settlements, cities, ships, bridges; the helpers Candamir, Vincent and William
  too: every action whose rule ``spends``), *traded_away* / *traded_for* in trades
  with the bank (maritime) and with players (domestic, and Nassir's), *stolen* / *robbed*
  by the robber, Monopoly and Hilde, *discarded* on a 7.

What this is not: the live game (``session.py``). Nothing here changes a game.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Query
from pydantic import Field

from pysettlers.engine import Game, Rules, apply, new_game, observe, replay
from pysettlers.engine import events as ev
from pysettlers.engine.actions import resource_name
from pysettlers.engine.scenarios.helpers import events as hev
from pysettlers.engine.types import Phase
from pysettlers.words import Words, award_names

from .drawing import hints
from .hub import Hub, LobbyError
from .protocol import JsonObject, Line, PreviewOut, ReplayOut, StatsOut, Strict, refusals
from .wordsjson import seat_names
from .work import Work

RES = tuple(resource_name(r) for r in range(5))


# Strict as every request model (``protocol.Strict``): no coercion, no unknown fields, no
# NUL or lone surrogate in any string of the record or the rules.
class ReplayIn(Strict):
    record: JsonObject
    step: int | None = Field(None, ge=0)
    seat: int | Line | None = None


class StatsIn(Strict):
    record: JsonObject


class PreviewIn(Strict):
    rules: JsonObject = Field(default_factory=dict, max_length=32)


def preview(rules: dict[str, Any]) -> dict[str, Any]:
    """The board and robber of a new game under ``rules`` (a spectator's view of it), and
    the seed laid out: without one in ``rules`` a random one is drawn, as for a new game, so
    that a preview shows a map a game could get (not always seed 0's)."""
    options = dict(rules)
    options.setdefault("seed", secrets.randbits(63))
    try:
        r = Rules.from_json(options)
    except (ValueError, TypeError) as e:
        raise LobbyError(422, "bad_rules", str(e)[:300], "rules") from None
    try:
        game = new_game(r)
    except ValueError as e:  # a map description that cannot be laid out, by name
        raise LobbyError(422, "bad_rules", str(e)[:300], "rules") from None
    view = observe(game, None).to_json()
    return {
        "board": view["board"],
        "robber": view["robber"],
        "buildings": view["buildings"],
        "roads": view["roads"],
        "seed": r.seed,
    }


def _replayed(record: dict[str, Any], upto: int | None = None) -> Game:
    try:
        return replay(record, upto=upto)
    except ValueError as e:
        raise LobbyError(400, "bad_record", str(e)[:300]) from None


def replay_view(
    record: dict[str, Any],
    step: int | None,
    seat: int | str | None,
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The position after ``step`` actions as ``seat`` saw it (see the module docstring),
    with its events in words (``event_words``, naming the seats by ``names``: by default
    the record's ``players`` where it has them, else ``Player 1``...)."""
    steps = len(_replayed(record).steps)  # the whole record is checked once
    n = steps if step is None else min(step, steps)
    game = _replayed(record, upto=n)
    s = game.state
    everyone = seat == "all"
    viewer: int | None
    if seat is None or everyone:
        viewer = None
    elif isinstance(seat, int) and 0 <= seat < s.n:
        viewer = seat
    else:
        raise LobbyError(400, "bad_seat", f"seat must be 0 to {s.n - 1}, 'all' or none")
    seen = observe(s, viewer, since_version=n - 1 if n else None)
    view = seen.to_json()
    out: dict[str, Any] = {"steps": steps, "step": n, "seat": seat, "view": view}
    # Every seat by its name, the viewed one too: a replay is read by whoever opens it.
    names = list(names or _record_names(record, s.n))
    words = Words(s.board, names, None, s.rules.ships)
    out["event_words"] = [words.event(e) for e in seen.events]
    out["names"] = names  # (the viewer names the seats as the words do)
    out["drawing"] = hints(s.rules)
    out["awards"] = award_names(s.rules.ships)
    if everyone:
        out["hands"] = [
            {
                "seat": p,
                "hand": dict(zip(RES, s.hand(p))),
                "development_cards": dict(
                    zip(
                        ("knight", "road-building", "year-of-plenty", "monopoly", "victory-point"),
                        s.dev_cards(p),
                    )
                ),
            }
            for p in range(s.n)
        ]
    out["action"] = record["actions"][n - 1] if n else None
    return out


def _record_names(record: dict[str, Any], n: int) -> list[str]:
    """The seats' names a record file carries (``players``), else ``Player 1``..."""
    given = record.get("players")
    out = []
    for q in range(n):
        name = given[q] if isinstance(given, list) and q < len(given) else None
        out.append(name[:40] if isinstance(name, str) and name else f"Player {q + 1}")
    return out


def stats(record: dict[str, Any]) -> dict[str, Any]:
    """The statistics of a complete record (see the module docstring)."""
    done = _replayed(record)
    rules = done.state.rules
    n = done.state.n
    game = Game.new(rules, first_player=done.first_player, board=done.board)
    s = game.state
    zero = [[0] * 5 for _ in range(n)]
    gained, spent, stolen, robbed, discarded, traded_away, traded_for = (
        [row[:] for row in zero] for _ in range(7)
    )
    dice = [0] * 13
    points: list[list[int]] = [[0] * n]
    turns = [0]

    def add(table: list[list[int]], p: int, bundle: tuple[int, ...] | list[int]) -> None:
        for r in range(5):
            table[p][r] += bundle[r]

    for e in s.events:  # the start (the beginner map's starting resources)
        if isinstance(e, ev.StartingResources):
            add(gained, e.player, e.resources)
    for step in done.steps:
        a = step.action
        before = s.hand(a.player)
        apply(s, a, step.outcome)
        # What an action spends, its rule says (``Rule.spends``: roads, ships, bridges,
        # cities, development cards, the helpers' builds), not a list here going stale.
        rule = s.ruleset.by_kind[a.kind]
        if rule is not None and rule.spends:
            after = s.hand(a.player)
            add(spent, a.player, [max(0, b - c) for b, c in zip(before, after)])
        for e in s.events:
            if isinstance(e, ev.Rolled):
                dice[e.dice[0] + e.dice[1]] += 1
            elif isinstance(e, ev.Produced):
                for p in range(n):
                    add(gained, p, e.received[5 * p : 5 * p + 5])
            elif isinstance(e, ev.StartingResources):
                add(gained, e.player, e.resources)
            elif isinstance(e, ev.Discarded):
                add(discarded, e.player, e.cards)
            elif isinstance(e, ev.RobberMoved) and isinstance(e.stolen, int) and e.victim >= 0:
                stolen[e.player][e.stolen] += 1
                robbed[e.victim][e.stolen] += 1
            elif isinstance(e, ev.YearOfPlentyPlayed):
                gained[e.player][e.resource] += 1
                if e.second >= 0:
                    gained[e.player][e.second] += 1
            elif isinstance(e, ev.MonopolyPlayed):
                for q in range(n):
                    stolen[e.player][e.resource] += e.taken[q]
                    robbed[q][e.resource] += e.taken[q]
            elif isinstance(e, ev.MaritimeTraded):
                add(traded_away, e.player, e.give)
                add(traded_for, e.player, e.get)
            elif isinstance(e, ev.Traded):  # ``player`` gave ``give`` to ``partner`` for ``get``
                add(traded_away, e.player, e.give)
                add(traded_for, e.player, e.get)
                add(traded_away, e.partner, e.get)
                add(traded_for, e.partner, e.give)
            else:
                _helper_flows(e, gained, stolen, robbed, traded_away, traded_for)
        if s.turn != turns[-1] or s.phase == Phase.GAME_OVER:
            turns.append(s.turn)
            # Points as the table saw them; at the end every card is turned up: the totals.
            over = s.phase == Phase.GAME_OVER
            points.append([s.total_vp(p) if over else s.public_vp[p] for p in range(n)])
    end = observe(s, None).to_json()
    breakdown = []
    for p in range(n):
        settlements = sum(
            1 for b in end["buildings"].values() if b["player"] == p and b["kind"] == "settlement"
        )
        cities = sum(
            1 for b in end["buildings"].values() if b["player"] == p and b["kind"] == "city"
        )
        # Counts of pieces and cards, and the points each source gives (a settlement 1, a
        # city 2, each award 2, a victory point card 1: R5 "Victory Points"); ``other``:
        # what a scenario adds. Victory point cards played under alternate rule 1 count too.
        vp_cards = s.dev_cards(p)[4] + s.played[5 * p + 4]
        total = s.total_vp(p)
        pts = {
            "settlements": settlements,
            "cities": 2 * cities,
            "longest_road": 2 if end["longest_road"] == p else 0,
            "largest_army": 2 if end["largest_army"] == p else 0,
            "victory_point_cards": s.hidden_vp(p) + s.played[5 * p + 4],
        }
        pts["other"] = total - sum(pts.values())
        breakdown.append(
            {
                "seat": p,
                "settlements": settlements,
                "cities": cities,
                "victory_point_cards": vp_cards,
                "points": pts,
                "total": total,
            }
        )

    def named(table: list[list[int]]) -> list[dict[str, int]]:
        return [dict(zip(RES, row)) for row in table]

    return {
        "players": n,
        "winner": None if s.winner < 0 else s.winner,
        "steps": len(done.steps),
        "dice": {str(t): dice[t] for t in range(2, 13)},
        "rolls": sum(dice),
        "gained": named(gained),
        "spent": named(spent),
        "stolen": named(stolen),
        "robbed": named(robbed),
        "discarded": named(discarded),
        "traded_away": named(traded_away),
        "traded_for": named(traded_for),
        "points": breakdown,
        "points_by_turn": {"turns": turns, "points": points},
        "awards": award_names(rules.ships),
    }


def _helper_flows(
    e: ev.Event,
    gained: list[list[int]],
    stolen: list[list[int]],
    robbed: list[list[int]],
    traded_away: list[list[int]],
    traded_for: list[list[int]],
) -> None:
    """The cards the Helpers of CATAN move between hands and the bank (their events)."""
    if isinstance(e, hev.LinMoved | hev.MarianneTook | hev.SeanHelped):
        got = e.received if isinstance(e, hev.LinMoved) else e.resource
        if isinstance(got, int) and got >= 0:  # (Sean: -1 is a discard spared)
            gained[e.player][got] += 1
    elif isinstance(e, hev.HildeTook) and isinstance(e.resource, int):
        stolen[e.player][e.resource] += 1
        robbed[e.victim][e.resource] += 1
    elif isinstance(e, hev.NassirTraded):  # a forced trade: each giver's card now...
        for q in e.givers:
            traded_away[q][e.resource] += 1
            traded_for[e.player][e.resource] += 1
    elif isinstance(e, hev.NassirRepaid):  # ...and the card given back for it
        traded_away[e.player][e.resource] += 1
        traded_for[e.partner][e.resource] += 1


def add_routes(app: FastAPI, hub: Any) -> None:
    """The replay and statistics routes (``hub()``: the running Hub). What may take long —
    the record, a replay, the statistics, a board's layout — runs in the hub's work pool,
    off the event loop (``work.py``)."""

    def work() -> Work:
        h: Hub = hub()
        return h.work

    async def finished_record(game_id: str) -> dict[str, Any]:
        h: Hub = hub()
        session = await h.get(game_id)
        if session is None:
            raise LobbyError(404, "no_game", f"there is no game {game_id[:40]!r}")
        if h.summary(session).status != "finished":
            raise LobbyError(
                409, "not_finished", "replays and statistics come when the game is over"
            )
        # (finished: it no longer changes. The session's record, not the engine's
        # ``record_for``: a game ended at its turn limit is over for the server only.)
        return await work().run("building the record", session.record, None)

    @app.get(
        "/api/games/{game_id}/replay",
        responses=refusals(
            "no_game", "not_finished", "bad_seat", "too_slow", "broken_game", answer=ReplayOut
        ),
    )
    async def game_replay(
        game_id: str, step: int | None = Query(None, ge=0), seat: str | None = None
    ) -> dict[str, Any]:
        """A finished game's position after ``step`` actions, from ``seat``'s view."""
        record = await finished_record(game_id)
        session = await hub().get(game_id)  # (there: finished_record found it)
        names = seat_names(session.seats_json())
        return await work().run("replaying the game", replay_view, record, step, _seat(seat), names)

    @app.get(
        "/api/games/{game_id}/stats",
        responses=refusals("no_game", "not_finished", "too_slow", "broken_game", answer=StatsOut),
    )
    async def game_stats(game_id: str) -> dict[str, Any]:
        """A finished game's statistics."""
        record = await finished_record(game_id)
        return await work().run("counting the statistics", stats, record)

    @app.post(
        "/api/replay",
        responses=refusals("bad_record", "bad_seat", "too_large", "too_slow", answer=ReplayOut),
    )
    async def record_replay(req: ReplayIn) -> dict[str, Any]:
        """An uploaded record's position after ``step`` actions."""
        seat = req.seat if not isinstance(req.seat, str) else _seat(req.seat)
        return await work().run("replaying the record", replay_view, req.record, req.step, seat)

    @app.post(
        "/api/preview",
        responses=refusals("bad_rules", "too_large", "too_slow", answer=PreviewOut),
    )
    async def board_preview(req: PreviewIn) -> dict[str, Any]:
        """The board a game with these rules (and seed) would be played on."""
        return await work().run("laying out the board", preview, req.rules)

    @app.post(
        "/api/stats", responses=refusals("bad_record", "too_large", "too_slow", answer=StatsOut)
    )
    async def record_stats(req: StatsIn) -> dict[str, Any]:
        """An uploaded record's statistics."""
        return await work().run("counting the statistics", stats, req.record)


def _seat(text: str | None) -> int | str | None:
    if text is None or text == "" or text == "spectator":
        return None
    if text == "all":
        return "all"
    if text.isdigit():
        return int(text)
    raise LobbyError(400, "bad_seat", "seat is a number, 'all' or 'spectator'")
