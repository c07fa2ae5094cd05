"""The server's protocol as data: pydantic models of every HTTP body and WebSocket message.

What this is for: one definition of each message, used to validate what clients send (a
malformed message is refused naming the field) and to document what the server sends;
FastAPI publishes the HTTP half at ``/openapi.json``. ``docs/protocol.md`` describes the
same messages with an example each. ``PROTOCOL`` is the version a client and the server
agree on in ``hello`` / ``welcome``; it changes only when a message changes incompatibly
(new optional fields and new rules options do not change it: ``rules`` is an open object
checked by the engine's ``Rules``).

What this is not: the game (views and legal actions are the engine's JSON, passed through
as they are) and no behaviour.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

PROTOCOL = 1

BotOption = bool | int | float | str
Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
Token = Annotated[str, StringConstraints(min_length=8, max_length=100)]


class Strict(BaseModel):
    # Unknown fields are errors: a misspelt option must not be silently ignored.
    model_config = ConfigDict(extra="forbid")


# -- HTTP: the lobby ----------------------------------------------------------------------------


class SeatIn(Strict):
    """A seat of a new game: a human (who joins by invite) or a bot the server plays."""

    kind: Literal["human", "bot"] = "human"
    bot: str = Field("medium", max_length=64, description="a level or registered bot, for a bot")
    options: dict[str, BotOption] = Field(
        default_factory=dict, max_length=16, description="the bot's options, e.g. {'trade': 0}"
    )
    name: Name | None = Field(None, description="display name (a bot's default: its kind)")


class GameIn(Strict):
    """``POST /api/games``: a new game."""

    name: Name = "pysettlers game"
    rules: dict[str, Any] = Field(
        default_factory=dict,
        max_length=32,
        description="the engine's rules options (Rules.to_json keys): players, vp_target, "
        "discard_limit, map_kind, trade_build, large_game_variant, helpers, alternate (a "
        "list of the 1996 alternate rules), pirate (the 1996 pirate: the robber may stand on "
        "a harbor), ships (Seafarers ships), seed (optional: the server draws a secret one). "
        "Unknown keys and bad "
        "values are refused by name.",
        examples=[{"players": 4, "vp_target": 10, "map_kind": "variable"}],
    )
    seats: list[SeatIn] | None = Field(
        None,
        max_length=8,
        description="one per player, by seat; default: seat 0 human, the others weighted bots",
    )
    join: int | None = Field(
        None, ge=0, le=7, description="the creator takes this human seat at once (a token)"
    )
    player_name: Name = Field("host", description="the creator's name when joining")
    public: bool = Field(
        True, description="listed in the lobby, and its open seats joinable without an invite"
    )
    turn_timer: float | None = Field(
        None, ge=2, le=3600, description="seconds a human has per decision; then a bot decides"
    )
    absent_limit: float = Field(
        60,
        ge=1,
        le=86400,
        description="seconds a human seat may be unconnected before a "
        "bot plays it (until the human reconnects)",
    )
    stand_in: str = Field("medium", max_length=64, description="the level or bot that stands in")
    manual_chance: bool = Field(
        False,
        description="real dice and cards: humans send each chance outcome with their action",
    )
    bot_speed: Literal["instant", "fast", "normal", "slow"] = Field(
        "normal",
        description="how fast bots act while a person plays or watches: instant, fast "
        "(0.35 s an action), normal (0.8 s) or slow (1.6 s); unwatched games never wait",
    )
    offer_time: float = Field(
        30,
        ge=5,
        le=300,
        description="seconds a bot's domestic offer waits for the people it was made to "
        "before the bot withdraws it",
    )


class SeatOut(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    name: str | None
    bot: str | None = None
    taken: bool = Field(description="a bot, or a human seat someone joined")
    connected: bool = False
    stand_in: bool = Field(False, description="a bot is playing this human seat for now")


class GameOut(BaseModel):
    """A game as the lobby shows it (no secret: no seed before the game is over)."""

    id: str
    name: str
    status: Literal["open", "in_progress", "finished"]
    rules: dict[str, Any]
    seats: list[SeatOut]
    version: int
    turn: int
    winner: int | None
    public: bool
    turn_timer: float | None
    manual_chance: bool
    spectators: int
    created_at: str


class InviteOut(BaseModel):
    seat: int
    invite: str = Field(description="the secret code that lets one person take this seat")
    url: str = Field(description="the invite link to send a friend")


class CreatedOut(BaseModel):
    game: GameOut
    invites: list[InviteOut]
    you: JoinedOut | None = None


class JoinIn(Strict):
    """``POST /api/games/{id}/join``: take a seat by invite code, or a public game's open seat."""

    invite: str | None = Field(None, max_length=100)
    seat: int | None = Field(None, ge=0, le=7)
    name: Name = "player"


class JoinedOut(BaseModel):
    game: str
    seat: int
    token: str = Field(description="the secret seat token: keep it; it is the seat's key")
    ws: str = Field(description="the WebSocket path to connect to")


class ErrorOut(BaseModel):
    error: str
    message: str
    field: str | None = None


# -- WebSocket: client to server ------------------------------------------------------------------


class Hello(Strict):
    type: Literal["hello"]
    protocol: int = PROTOCOL
    token: Token | None = Field(None, description="a seat token; none: watch as a spectator")
    since: int | None = Field(
        None, ge=-1, description="the last version this client saw: events since then"
    )


class ActionIn(Strict):
    type: Literal["action"]
    action: str = Field(max_length=200, description="in the engine's notation: 'p0 roll'")
    version: int = Field(ge=0, description="the version of the state this action answers")
    id: str | None = Field(None, max_length=64, description="client's id: makes retries safe")
    outcome: str | None = Field(
        None, max_length=100, description="manual_chance games: the dice/card, e.g. '3+4'"
    )


class ChatIn(Strict):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=500)


class PingIn(Strict):
    type: Literal["ping"]


class PrefsIn(Strict):
    """A seated person's table preferences; the seat's next ``state`` message echoes them."""

    type: Literal["prefs"]
    bot_offers: bool = Field(description="whether bots may offer this seat domestic trades")


ClientMessage = Annotated[Hello | ActionIn | ChatIn | PingIn | PrefsIn, Field(discriminator="type")]


CreatedOut.model_rebuild()
