"""The server's protocol as data: pydantic models of every HTTP body and WebSocket message.

What this is for: one definition of each message, used to validate what clients send (a
malformed message is refused naming the field: strict types, no coercion, and free text
without NUL, lone surrogates or, on one line, control characters) and to document what the
server sends; FastAPI publishes the HTTP half at ``/openapi.json``. ``docs/protocol.md``
describes the same messages with an example each. ``PROTOCOL`` is the version a client and
the server agree on in ``hello`` / ``welcome``; it changes only when a message changes
incompatibly (new optional fields and new rules options do not change it: ``rules`` is an
open object checked by the engine's ``Rules``).

What this is not: the game (views and legal actions are the engine's JSON, passed through
as they are) and no behaviour.
"""

from __future__ import annotations

import re
from enum import IntEnum
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    create_model,
    model_validator,
)

from pysettlers.engine.options import RULES_OPTIONS, Option, Options

from .options import GAME_OPTIONS
from .wordsjson import seat_names

PROTOCOL = 1

# Free text from strangers is checked here, once, so that every database stores the same
# thing: PostgreSQL refuses NUL in text (SQLite keeps it), and a lone surrogate cannot be
# written as UTF-8 at all. One-line text (names, ids, notation) has no control characters;
# chat (and the strings in ``rules``) may hold tabs and line breaks.
_NOT_LINE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_NOT_TEXT = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")


def _problem(value: str, bad: re.Pattern[str]) -> str | None:
    found = bad.search(value)
    if found is None:
        return None
    c = found.group()
    what = (
        "a NUL character"
        if c == "\x00"
        else "a lone surrogate"
        if "\ud800" <= c <= "\udfff"
        else "a control character"
    )
    return f"holds {what} ({c!a} at {found.start()})"


def _line(value: Any) -> Any:
    # (before the type's own checks: their messages cannot name a lone surrogate)
    problem = _problem(value, _NOT_LINE) if isinstance(value, str) else None
    if problem is not None:
        raise ValueError(problem)
    return value


def _text(value: Any) -> Any:
    problem = _problem(value, _NOT_TEXT) if isinstance(value, str) else None
    if problem is not None:
        raise ValueError(problem)
    return value


# Characters that change how the text around them is shown, not what it says: the bidi
# controls (a right-to-left override reverses what follows, so a name or a line can pose as
# another's words) and the zero-width ones (two names that look alike). Names lose all of
# them; chat loses the bidi controls and the zero-width space and word joiner, and keeps the
# joiners (U+200C, U+200D) that some scripts and emoji sequences need.
_INVISIBLE = "\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
_NOT_IN_NAME = re.compile(f"[{_INVISIBLE}]")
_NOT_IN_CHAT = re.compile("[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")


def _name(value: Any) -> Any:
    value = _line(value)
    return _NOT_IN_NAME.sub("", value) if isinstance(value, str) else value


def _chat(value: Any) -> Any:
    value = _text(value)
    return _NOT_IN_CHAT.sub("", value) if isinstance(value, str) else value


def _json_text(value: Any, where: str = "") -> Any:
    """Every string (key or value) in a JSON value, checked as text (``rules``, bot options)."""
    if isinstance(value, str):
        problem = _problem(value, _NOT_TEXT)
        if problem is not None:
            raise ValueError(f"{where or 'value'} {problem}")
    elif isinstance(value, dict):
        for k, v in value.items():
            _json_text(k, f"{where}.{k!a}" if where else "a key")
            _json_text(v, f"{where}.{k}" if where else str(k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            _json_text(v, f"{where}[{i}]")
    return value


Line = Annotated[str, BeforeValidator(_line)]
"""One line of text from a client: no control characters, no lone surrogates."""
BotOption = bool | int | float | Line
Name = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=40),
    BeforeValidator(_name),  # (stripped of bidi controls and zero-width characters first)
]
Token = Annotated[str, StringConstraints(min_length=8, max_length=100), BeforeValidator(_line)]
JsonObject = Annotated[dict[str, Any], AfterValidator(_json_text)]


class Strict(BaseModel):
    # Unknown fields are errors: a misspelt option must not be silently ignored. Strict
    # types: "27", 27.0 and true are not the integer 27, nor 1 the boolean true.
    model_config = ConfigDict(extra="forbid", strict=True)


class Out(BaseModel):
    """What the server sends. The server builds its messages as plain dicts (orjson, fast);
    these models are their contract: ``tests/server/test_protocol_spec.py`` validates every message
    of a played game and every example of ``docs/protocol.md`` against them, where a field
    the model lacks is an error (``extra="forbid"``), so the code, the models and the
    document cannot drift apart."""

    model_config = ConfigDict(extra="forbid")


# -- HTTP: the lobby ----------------------------------------------------------------------------


class SeatIn(Strict):
    """A seat of a new game: a human (who joins by invite) or a bot the server plays."""

    kind: Literal["human", "bot"] = "human"
    bot: Line = Field("medium", max_length=64, description="a level or registered bot, for a bot")
    options: dict[Line, BotOption] = Field(
        default_factory=dict, max_length=16, description="the bot's options, e.g. {'trade': 0}"
    )
    name: Name | None = Field(None, description="display name (a bot's default: its kind)")


def _field_type(o: Option) -> Any:
    """The pydantic type of option ``o`` (a registry's names: a short line, checked by the
    server against what is registered)."""
    kind: Any
    if o.kind == "int":
        kind = int
    elif o.kind == "number":
        kind = float
    elif o.kind == "bool":
        kind = bool
    elif o.kind == "choice" and o.registry is None:
        kind = Literal.__getitem__(o.choices)
    elif o.kind == "choices":
        kind = list[Literal.__getitem__(o.choices)] if o.registry is None else list[Line]  # type: ignore[misc]
    else:
        kind = Line
    return kind | None if o.optional else kind


def option_field(o: Option) -> Any:
    """The pydantic field of option ``o``: its default, bounds and description."""
    bounds: dict[str, Any] = {}
    if o.kind in ("int", "number"):
        bounds = {"ge": o.low, "le": o.high}
    elif o.high is not None:
        bounds = {"max_length": int(o.high)}
    if o.kind == "choices":
        return Field(default_factory=lambda: list(o.default), description=o.help)
    return Field(o.default, description=o.help, **bounds)


def game_field(name: str) -> Any:
    """The field of the server's game option ``name`` (``server/options.py``)."""
    return option_field(GAME_OPTIONS[name])


def request_model(options: Options, name: str = "GameOptionsIn") -> type[BaseModel]:
    """A strict request model with one field per option of ``options`` (a test's
    declaration set; ``GameIn``'s own fields are made from ``GAME_OPTIONS`` the same way)."""
    fields: dict[str, Any] = {o.name: (_field_type(o), option_field(o)) for o in options}
    model: type[BaseModel] = create_model(name, __base__=Strict, **fields)
    return model


class GameIn(Strict):
    """``POST /api/games``: a new game."""

    name: Name = "pysettlers game"
    rules: JsonObject = Field(
        default_factory=dict,
        max_length=32,
        description="the engine's rules options by name (Rules.to_json keys; "
        "GET /api/rules/schema gives each one's type, default and range or choices): "
        + ", ".join(o.name for o in RULES_OPTIONS.where("server"))
        + ". The seed is optional: the server draws a secret one. Unknown keys and bad values "
        "are refused by name (422 bad_rules).",
        examples=[{"players": 4, "vp_target": 10, "map_kind": "variable"}],
    )
    seats: list[SeatIn] | None = Field(
        None,
        max_length=8,
        description="one per player, by seat; default: seat 0 human, the others medium bots",
    )
    join: int | None = Field(
        None, ge=0, le=7, description="the creator takes this human seat at once (a token)"
    )
    player_name: Name = Field("host", description="the creator's name when joining")
    # The server's options of the game: each field made from its declaration
    # (``server/options.py``: default, bounds, description), typed here for the code.
    public: bool = game_field("public")
    turn_timer: float | None = game_field("turn_timer")
    absent_limit: float = game_field("absent_limit")
    stand_in: Line = game_field("stand_in")
    manual_chance: bool = game_field("manual_chance")
    bot_speed: Literal["instant", "fast", "normal", "slow"] = game_field("bot_speed")
    offer_time: float = game_field("offer_time")
    turn_limit: int = game_field("turn_limit")


class SeatOut(Out):
    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    bot: str | None = None
    taken: bool = Field(description="a bot, or a human seat someone joined")
    connected: bool = False
    stand_in: bool = Field(False, description="a bot is playing this human seat for now")
    display_name: str | None = Field(
        None,
        description="the seat's name as every screen shows it and the words say it (a "
        "person's name or 'Player 2'; a bot's name or 'Weighted bot 3'): the server's, so "
        "that no client re-derives it; filled in when not given",
    )

    @model_validator(mode="after")
    def _named(self) -> SeatOut:
        if self.display_name is None:
            self.display_name = seat_names([self.model_dump()])[0]
        return self


class GameOut(Out):
    """A game as the lobby shows it (no secret: no seed before the game is over)."""

    id: str
    name: str
    status: Literal["open", "in_progress", "finished", "parked"] = Field(
        description="parked: nobody was here for long; a seat's connection wakes it"
    )
    ended: str | None = Field(
        None,
        description="why a finished game has no winner: turn_limit (its bound passed) or "
        "admin (an operator ended it); null for a game won",
    )
    rules: dict[str, Any]
    rules_words: list[str] = Field(
        description="the rules in a few words each, for a list of games: the players, the "
        "map, the scenarios, the alternate rules, options off their defaults, the points to win"
    )
    seats: list[SeatOut]
    version: int
    turn: int
    winner: int | None
    public: bool
    turn_timer: float | None
    manual_chance: bool
    spectators: int
    created_at: str


class InviteOut(Out):
    seat: int
    invite: str = Field(description="the secret code that lets one person take this seat")
    url: str = Field(description="the invite link to send a friend")


class CreatedOut(Out):
    game: GameOut
    invites: list[InviteOut]
    you: JoinedOut | None = None


class InvitedOut(Out):
    """``GET /api/games/{id}/invite?code=CODE``: what an invite link asks its holder to
    join — the game as the lobby shows it and the seat the code holds (the invite page)."""

    game: GameOut
    seat: int = Field(description="the seat the invite code holds")
    taken: bool = Field(description="the seat is taken already (its invite was used)")


class JoinIn(Strict):
    """``POST /api/games/{id}/join``: take a seat by invite code, or a public game's open seat."""

    invite: Line | None = Field(None, max_length=100)
    seat: int | None = Field(None, ge=0, le=7)
    name: Name = "player"


class JoinedOut(Out):
    game: str
    seat: int
    token: str = Field(description="the secret seat token: keep it; it is the seat's key")
    ws: str = Field(description="the WebSocket path to connect to")


class ErrorOut(Out):
    error: str
    message: str
    field: str | None = None


class HealthOut(Out):
    """``GET /api/health``."""

    ok: bool
    protocol: int = Field(description="the protocol version this server speaks")
    games: int = Field(description="games held in memory by this process")


class PreviewOut(Out):
    """``POST /api/preview``: the view's board fields for a new game of these rules."""

    board: dict[str, Any] = Field(description="as the view's `board`")
    robber: str
    buildings: dict[str, Any]
    roads: dict[str, Any]
    seed: int = Field(
        description="the seed laid out: the one given, or a random one drawn for this "
        "preview; a game created with it is played on this board"
    )


class ReplayOut(Out):
    """``GET /api/games/{id}/replay`` and ``POST /api/replay``: one step of a replay."""

    steps: int = Field(description="the number of actions of the game")
    step: int = Field(description="the actions applied to reach this position")
    seat: int | Literal["all"] | None = Field(description="whose view; null: a spectator's")
    view: dict[str, Any] = Field(description="as a `state` message's `view`")
    event_words: list[str | None] = Field(description="`view.events` in words")
    names: list[str] = Field(description="each seat's name, as the words name it")
    action: list[Any] | None = Field(
        description="the record's entry of the step that led here (notation, and its "
        "chance outcome if any); null at step 0"
    )
    hands: list[dict[str, Any]] | None = Field(
        None, description="seat=all only: every seat's hand and development cards"
    )
    drawing: dict[str, dict[str, Any]] = Field(
        description="the drawing hints of each scenario package in play, as in `welcome`"
    )
    awards: dict[str, str] = Field(description="the awards' names, as in `state`")


class StatsOut(Out):
    """``GET /api/games/{id}/stats`` and ``POST /api/stats``: a game's statistics."""

    players: int
    winner: int | None
    steps: int
    rolls: int
    dice: dict[str, int] = Field(description="rolls per total, '2' to '12'")
    gained: list[dict[str, int]]
    spent: list[dict[str, int]]
    stolen: list[dict[str, int]]
    robbed: list[dict[str, int]]
    discarded: list[dict[str, int]]
    traded_away: list[dict[str, int]]
    traded_for: list[dict[str, int]]
    points: list[dict[str, Any]] = Field(description="each seat's points at the end, by source")
    points_by_turn: dict[str, Any] = Field(description="{turns: [...], points: [[...], ...]}")
    awards: dict[str, str] = Field(description="the awards' names, as in `state`")


class AdminGameOut(Out):
    id: str
    name: str
    status: Literal["open", "in_progress", "finished", "parked"]
    version: int
    winner: int | None
    ended: str | None
    created_at: str
    finished_at: str | None


class AdminGamesOut(Out):
    """``GET /api/admin/games``."""

    games: list[AdminGameOut]
    counts: dict[str, int] = Field(description="games by status")


class AdminEndedOut(Out):
    """``POST /api/admin/games/{id}/end``."""

    game: str
    status: Literal["finished"]
    ended: Literal["admin"]


class PurgedOut(Out):
    """``POST /api/admin/purge``."""

    purged: int = Field(description="the games deleted")


HTTP_ERRORS: dict[str, tuple[int, str]] = {
    # code: (status, when) -- one status per code on every route. 422: the request's own
    # fields are refused (FastAPI's validation, and what the lobby checks beyond it); 400: a
    # record or seat that the engine cannot replay or show.
    "bad_rules": (422, "the engine refuses a rules option, or cannot lay the map out"),
    "bad_seats": (422, "the seats do not match the players"),
    "bad_join": (422, "`join` is not a human seat"),
    "bad_bot": (422, "an unknown bot, or a bad option of one"),
    "no_seat": (422, "a join with neither invite nor seat"),
    "bad_record": (400, "the record does not replay (the engine's message)"),
    "bad_seat": (400, "`seat` is not a seat of the game, `all` or `spectator`"),
    "bad_invite": (403, "an unknown invite code"),
    "private": (403, "a seat number in a private game"),
    "reserved": (403, "a seat number in a rematch, whose seats are kept for their players"),
    "bad_token": (403, "no token, or one of no seat of this game (the admin token, on admin)"),
    "no_game": (404, "there is no such game"),
    "no_admin": (404, "the server has no admin token: no admin routes"),
    "taken": (409, "the seat has a player"),
    "not_open": (409, "a bot seat"),
    "not_over": (409, "a rematch of a game not over"),
    "not_finished": (409, "a replay or statistics of a game not over"),
    "finished": (409, "ending a game that is over"),
    "too_large": (413, "a body over 64 KiB"),
    "too_many_bot_games": (429, "the server already plays its most bots-only games"),
    "too_many_games": (429, "this address created its games of the minute (`Retry-After`)"),
    "broken_game": (500, "a stored game that cannot be rebuilt (the server's fault)"),
    "too_slow": (503, "the work took more than 10 s; nothing was done"),
}
"""Every ``error`` code of an HTTP refusal (``ErrorOut``), with its status. The routes
declare theirs from here (:func:`refusals`); ``docs/protocol.md``'s table lists the same."""


class ValidationOut(Out):
    """FastAPI's answer to a body that fails validation (422): ``loc`` names the field."""

    detail: list[dict[str, Any]]


def refusals(*codes: str, answer: type[Out] | None = None) -> dict[int | str, dict[str, Any]]:
    """A route's ``responses`` for OpenAPI: its refusals by status, each naming its codes
    (in backticks, and only they: ``tests/server/test_protocol_spec.py`` reads them back), and its
    ``answer``'s model where the route returns a plain dict (built fast, not validated)."""
    out: dict[int | str, dict[str, Any]] = {} if answer is None else {200: {"model": answer}}
    for code in codes:
        status, when = HTTP_ERRORS[code]
        entry = out.setdefault(status, {"model": ErrorOut, "description": ""})
        if status == 422:  # (FastAPI's own 422, which this entry replaces, is one too)
            entry["model"] = ErrorOut | ValidationOut
            entry["description"] = entry["description"] or "a body that fails validation"
        entry["description"] += f"; `{code}`: {when.replace('`', '')}"
        entry["description"] = entry["description"].removeprefix("; ")
    return out


# -- WebSocket: server to client ------------------------------------------------------------------


class ChatLine(Out):
    seat: int
    name: str
    text: str
    at: str = Field(description="when it was said (ISO 8601, UTC)")


class WelcomeOut(Out):
    type: Literal["welcome"]
    protocol: int
    game: str
    seat: int | None = Field(description="the connection's seat; null: a spectator")
    seats: list[SeatOut] = Field(description="as before this connection")
    chat: list[ChatLine] = Field(description="the game's last 50 chat lines, oldest first")
    drawing: dict[str, dict[str, Any]] = Field(
        description="the browser's drawing hints of each scenario package in play (server/"
        "drawing.py): the same for every seat and for the whole game, so sent once here"
    )


class CounterOut(Out):
    give: str = Field(description="what the counter's author gives, a bundle: '1brick'")
    get: str = Field(description="what the counter's author asks for")


class OfferOut(Out):
    """``view.offer``: the domestic offer open now (``null``: none)."""

    model_config = ConfigDict(populate_by_name=True)

    id: int = Field(description="the offer's number in its game, from 1; answers name it #id")
    from_: int = Field(alias="from", description="the seat that made it (the current player)")
    give: str = Field(description="what its maker gives, a bundle: '1ore+1wool'")
    get: str = Field(description="what its maker asks for")
    answers: dict[str, Literal["pending", "accepted", "rejected", "countered"]] = Field(
        description="each seat it was made to ('p1') and its answer so far"
    )
    counters: dict[str, CounterOut] = Field(description="the counter-offers, by their author")


class YouOut(Out):
    seat: int
    hand: dict[str, int]
    development_cards: dict[str, int]
    bought_this_turn: dict[str, int]
    total_vp: int = Field(description="with this seat's hidden victory point cards")


class PlayerOut(Out):
    seat: int
    hand_size: int
    development_cards: int
    knights: int
    played: dict[str, int]
    public_vp: int
    revealed_vp_cards: int
    road_length: int
    discard_owed: int
    pieces_left: dict[str, int]
    development_cards_bought_this_turn: int
    sites: dict[str, list[str]] = Field(description="where this player could build now")
    trade_ratios: dict[str, int]
    hand: dict[str, int] | None = Field(None, description="only with hands face up (rule 2)")


class ViewOut(Out):
    """``state.view``: the engine's ``observe(state, seat).to_json()`` (docs/engine.md, "The
    calls"), its top-level keys. A scenario adds its own part under its name (``ships``, the
    helpers' ``helpers``): those extra keys are allowed; the base game's are all here."""

    model_config = ConfigDict(extra="allow")

    viewer: int | None
    phase: str = Field(description="the engine's Phase, lower case: pre_roll, main, ...")
    current: int
    turn: int
    deciders: list[int] = Field(description="the seats that may act now")
    vp_target: int
    rules: dict[str, Any] = Field(description="the rules options (no seed before the end), costs")
    board: dict[str, Any]
    robber: str
    buildings: dict[str, dict[str, Any]]
    roads: dict[str, int]
    bank: dict[str, int]
    deck_size: int
    players: list[PlayerOut]
    you: YouOut | None = Field(description="this seat's own cards; null for a spectator")
    longest_road: int | None
    largest_army: int | None
    development_card_played: bool
    free_roads: int
    special_builder: int | None
    offer: OfferOut | None
    last_roll: int | None
    winner: int | None
    version: int
    events: list[dict[str, Any]] = Field(description="redacted events since events_since")
    events_since: int | None
    open_sites: list[str]
    first_player: int
    setup_step: int
    setup_intersection: str | None
    resume: str


class StateOut(Out):
    type: Literal["state"]
    game: str
    status: Literal["open", "in_progress", "finished", "parked"]
    version: int
    seat: int | None
    legal: list[str] = Field(description="this seat's legal actions now, in notation")
    stand_in: bool
    deadline: float | None = Field(description="seconds left under the turn timer")
    offer_deadline: float | None = Field(description="seconds left for a bot's open offer")
    bot_offers: bool | None = Field(description="the seat's prefs; null for a spectator")
    ended: Literal["turn_limit", "admin"] | None
    event_words: list[str | None] | None = Field(description="view.events in words")
    words: dict[str, str] = Field(description="legal action -> its label")
    places: dict[str, str] = Field(description="a place a legal action names -> its words")
    to_do: str | None = Field(
        description="who must do what now, in words for this seat (null: the game waits "
        "for its players)"
    )
    captions: list[str | None] = Field(
        description="view.events: the few words shown over the board with each, or null"
    )
    awards: dict[str, str] = Field(
        description="the awards' names by the view member of their holder: longest_road "
        "(the Longest Trade Route with ships), largest_army"
    )
    view: ViewOut


class AcceptedOut(Out):
    type: Literal["accepted"]
    id: str | None = Field(description="the action's id, as sent")
    version: int = Field(description="the version the action made")
    duplicate: bool = Field(description="a re-send of an action accepted before")


WS_ERRORS: dict[str, str] = {
    # refusals of hello (the socket is then closed: see CLOSE_CODES)
    "no_game": "there is no such game (before hello)",
    "broken_game": "the game cannot be rebuilt (before hello)",
    "bad_token": "the hello's token holds no seat of this game",
    "protocol": "the hello's protocol is not this server's",
    "full": "the game has all the spectators it can take",
    "server_full": "the server has all the connections it can take (before hello)",
    "too_many_connections": "this address has all the connections it may (before hello)",
    # refusals of a message (the connection stays)
    "malformed": "not a protocol message: `field` names what is wrong",
    "too_large": "a message over 4096 bytes",
    "not_your_seat": "the action names another seat than the token's",
    "spectator": "a spectator sent an action, chat or prefs",
    "stale": "the game moved on and this seat's legal actions changed",
    "illegal": "the engine refused the action; `rule` names the rule",
    "id_reused": "this seat's id already names another action",
    "not_started": "the game is still open",
    "game_over": "the game is finished",
    "rate_limited": "too many messages (or chat lines) too fast",
    "conflict": "the action could not be saved (another process): try again",
    "server": "the action could not be saved: try again",
}
"""Every ``error.code`` of the WebSocket, and when it is sent."""


class ErrorMessageOut(Out):
    type: Literal["error"]
    code: str = Field(description="one of WS_ERRORS")
    message: str = Field(description="for people")
    rule: str | None = Field(description="the rulebook section the engine names")
    id: str | int | None = Field(description="the refused message's id, as it was sent")
    version: int | None = Field(description="the game's version now; null: no game")
    field: str | None = Field(None, description="malformed only: the field at fault")


class SeatsOut(Out):
    type: Literal["seats"]
    seats: list[SeatOut]


class ChatOut(ChatLine):
    type: Literal["chat"]


class PongOut(Out):
    type: Literal["pong"]
    version: int


class RematchOut(Out):
    type: Literal["rematch"]
    game: str = Field(description="the rematch's game id")
    by: int = Field(description="the seat (of this game) that started it")


ServerMessage = Annotated[
    WelcomeOut
    | StateOut
    | AcceptedOut
    | ErrorMessageOut
    | SeatsOut
    | ChatOut
    | PongOut
    | RematchOut,
    Field(discriminator="type"),
]
"""Every message the server sends over the WebSocket."""


class Close(IntEnum):
    """The WebSocket close codes the server uses; ``CLOSE_CODES`` says what each means and
    whether a client should connect again."""

    NORMAL = 1000
    GOING_AWAY = 1001
    TOO_BIG = 1009
    UNAVAILABLE = 1011  # (the ASGI server's: a keepalive ping timeout, an internal error)
    SERVICE_RESTART = 1012  # (the ASGI server's, at shutdown)
    SERVER_FULL = 1013
    REPLACED = 4000
    TOO_FAR_BEHIND = 4001
    TOO_MANY_REFUSED = 4002
    BAD_HELLO = 4400
    BAD_TOKEN = 4401
    NO_GAME = 4404
    NO_HELLO = 4408
    FULL = 4429
    BROKEN_GAME = 4500


CLOSE_CODES: dict[int, tuple[str, bool]] = {
    # code: (when, reconnect?)
    Close.NORMAL: ("the client closed, or the server ended the conversation", False),
    Close.GOING_AWAY: ("the server is shutting down (a restart): connect again", True),
    Close.TOO_BIG: ("a frame over 16 KiB (uvicorn's ws_max_size)", False),
    # 1011 and 1012 are uvicorn's, not the server's own: a client that stopped reading
    # (its socket's buffers full, so that not even the 4001 close reaches it) is closed
    # 1011 "keepalive ping timeout"; a shutdown closes every socket 1012 before the
    # server's own 1001. Both are worth another try.
    Close.UNAVAILABLE: ("the ASGI server's keepalive timed out (a client stopped reading)", True),
    Close.SERVICE_RESTART: ("the ASGI server is shutting down (a restart): connect again", True),
    Close.BROKEN_GAME: ("the game cannot be rebuilt (`broken_game`)", False),
    Close.SERVER_FULL: ("the server has all the connections it can take (`server_full`)", True),
    Close.REPLACED: ("a newer connection with the same token took the seat", False),
    Close.TOO_FAR_BEHIND: ("256 messages queued for this client: connect again with since", True),
    Close.TOO_MANY_REFUSED: ("50 refused messages at once: fix the client", False),
    Close.BAD_HELLO: ("the first message is no valid hello (`malformed`, `protocol`)", False),
    Close.BAD_TOKEN: ("the token holds no seat of this game (`bad_token`)", False),
    Close.NO_GAME: ("there is no such game (`no_game`)", False),
    Close.NO_HELLO: ("no hello within 10 s", True),
    Close.FULL: ("the game has all the spectators it can take (`full`)", True),
}
"""Each close code's meaning, and whether a client should connect again (after a pause)."""


# -- HTTP play: a seat without a WebSocket (``http_play.py``) ----------------------------------


class PollOut(Out):
    """``GET /api/games/{id}/state``: the seat's (or a spectator's) current ``state``
    message, as the socket sends it, with the chat lines asked for."""

    woke: Literal["state", "chat", "timeout"] | None = Field(
        description="with `since`: what ended the wait — the state moved past `since` (or "
        "changed: the game started or ended), a chat line after `chat_since`, or the wait "
        "ran out; null without `since`"
    )
    state: StateOut
    chat: list[ChatLine] = Field(
        description="the chat lines after `chat_since`, oldest first (at most 50); "
        "empty without `chat_since`"
    )
    chat_id: int = Field(
        description="the id of the newest chat line this answer accounts for (0: none yet): "
        "the next call's `chat_since`"
    )


class StreamClosedOut(Out):
    """The last event of ``GET /api/games/{id}/events`` when the server ends the stream: the
    socket's close code and reason (``CLOSE_CODES`` says whether to connect again)."""

    type: Literal["close"]
    code: int
    reason: str


HTTP_PLAY_STATUS: dict[str, int] = {
    # The socket's ``error`` codes (``WS_ERRORS``) an HTTP play route answers, each with its
    # HTTP status; the body is the socket's ``error`` message (``ErrorMessageOut``).
    "malformed": 422,
    "illegal": 422,
    "too_large": 413,
    "bad_token": 403,
    "not_your_seat": 403,
    "spectator": 403,
    "no_game": 404,
    "stale": 409,
    "id_reused": 409,
    "not_started": 409,
    "game_over": 409,
    "conflict": 409,
    "rate_limited": 429,
    "too_many_connections": 429,
    "full": 429,
    "broken_game": 500,
    "server": 503,
    "server_full": 503,
}
"""The status of each refusal of the HTTP play routes (docs/protocol.md, "HTTP play")."""


# -- WebSocket: client to server ------------------------------------------------------------------


class Hello(Strict):
    type: Literal["hello"]
    protocol: int = PROTOCOL
    token: Token | None = Field(None, description="a seat token; none: watch as a spectator")
    since: int | None = Field(
        None,
        ge=-1,
        description="the last version this client saw: events since then (at most the "
        "last 200 versions' events; -1: from the start, within the same bound)",
    )


class ActionBody(Strict):
    """``POST /api/games/{id}/actions`` (HTTP play): an action, the socket's ``action``
    message without its ``type``; the same fields, checked the same way."""

    action: Line = Field(max_length=200, description="in the engine's notation: 'p0 roll'")
    version: int = Field(ge=0, description="the version of the state this action answers")
    id: Line | None = Field(
        None, max_length=64, description="the client's id, unique per seat: makes retries safe"
    )
    outcome: Line | None = Field(
        None, max_length=100, description="manual_chance games: the dice/card, e.g. '3+4'"
    )


class ActionIn(ActionBody):
    type: Literal["action"]


class ChatBody(Strict):
    """``POST /api/games/{id}/chat`` (HTTP play): a chat line, the socket's ``chat`` message
    without its ``type``."""

    text: Annotated[str, BeforeValidator(_chat)] = Field(min_length=1, max_length=500)


class ChatIn(ChatBody):
    type: Literal["chat"]


class PingIn(Strict):
    type: Literal["ping"]


class PrefsIn(Strict):
    """A seated person's table preferences; the seat's next ``state`` message echoes them."""

    type: Literal["prefs"]
    bot_offers: bool = Field(description="whether bots may offer this seat domestic trades")


ClientMessage = Annotated[Hello | ActionIn | ChatIn | PingIn | PrefsIn, Field(discriminator="type")]


CreatedOut.model_rebuild()
