"""The words of a refusal for an action out of its phase: "you cannot roll the dice during
the trade and build phase", never the ids ``'roll'`` and ``main``.

What this is for: :func:`out_of_phase`, the message of the ``Turn Overview`` refusal that
``game.check`` (and the domestic-trade rules) raise when a kind of action has no place in
the phase now. The message reaches a player as it is — the terminal, the MCP tools, the
server's refusals — so it names the action and the phase in words, each from a table
here, one entry per :class:`~.types.ActionKind` and :class:`~.types.Phase` (a scenario's
included: the enums are the one registry of ids).

What this is not: the rule (``phase_kinds`` in the rule set decides what is allowed) nor the
words of events (``pysettlers.words``, outside the engine). A kind or phase without an
entry is said by its id, so a new one is never refused without a message.
"""

from __future__ import annotations

from typing import Final

from .types import ActionKind, Phase

_DOING: Final[dict[ActionKind, str]] = {
    ActionKind.ROLL: "roll the dice",
    ActionKind.END_TURN: "end your turn",
    ActionKind.BUILD_ROAD: "build a road",
    ActionKind.BUILD_SETTLEMENT: "build a settlement",
    ActionKind.BUILD_CITY: "build a city",
    ActionKind.BUY_DEVELOPMENT: "buy a development card",
    ActionKind.PLAY_KNIGHT: "play a knight",
    ActionKind.PLAY_ROAD_BUILDING: "play Road Building",
    ActionKind.PLAY_YEAR_OF_PLENTY: "play Year of Plenty",
    ActionKind.PLAY_MONOPOLY: "play Monopoly",
    ActionKind.MOVE_ROBBER: "move the robber",
    ActionKind.DISCARD: "discard",
    ActionKind.MARITIME_TRADE: "trade with the bank",
    ActionKind.OFFER_TRADE: "offer a trade",
    ActionKind.ACCEPT_TRADE: "accept a trade",
    ActionKind.REJECT_TRADE: "reject a trade",
    ActionKind.COUNTER_TRADE: "make a counter-offer",
    ActionKind.CONFIRM_TRADE: "confirm a trade",
    ActionKind.CANCEL_TRADE: "withdraw a trade offer",
    ActionKind.HELPER_CANDAMIR: "use Candamir",
    ActionKind.HELPER_HILDE: "use Hilde",
    ActionKind.HELPER_JEAN: "use Jean",
    ActionKind.HELPER_LIN: "use Lin",
    ActionKind.HELPER_LOUIS: "use Louis",
    ActionKind.HELPER_MARIANNE: "use Marianne",
    ActionKind.HELPER_NASSIR: "use Nassir",
    ActionKind.HELPER_SEAN: "use Sean",
    ActionKind.HELPER_VINCENT: "use Vincent",
    ActionKind.HELPER_WILLIAM: "use William",
    ActionKind.HELPER_DECLINE: "let a helper's chance pass",
    ActionKind.HELPER_FLIP: "flip a helper",
    ActionKind.HELPER_EXCHANGE: "exchange a helper",
    ActionKind.HELPER_TAKE: "take a card with Hilde",
    ActionKind.HELPER_KEEP: "keep a development card with Candamir",
    ActionKind.HELPER_REPAY: "give a card back with Nassir",
    ActionKind.USE_SEVEN: "use the 7",
    ActionKind.IGNORE_SEVEN: "ignore the 7",
    ActionKind.PLAY_VICTORY_POINT: "play a victory point card",
    ActionKind.INTERRUPT_KNIGHT: "interrupt with a knight",
    ActionKind.LET_ROBBER_BE: "let the robber be",
    ActionKind.BUILD_BRIDGE: "build a bridge",
    ActionKind.MOVE_PIRATE: "move the pirate",
    ActionKind.BUILD_SHIP: "build a ship",
    ActionKind.MOVE_SHIP: "move a ship",
}
"""Each kind of action as the verb phrase after "you cannot"."""

_DURING: Final[dict[Phase, str]] = {
    Phase.SETUP_SETTLEMENT: "during the set-up, while a settlement is placed",
    Phase.SETUP_ROAD: "during the set-up, while a road is placed",
    Phase.PRE_ROLL: "before the dice are rolled",
    Phase.DISCARD: "while players discard after a 7",
    Phase.MOVE_ROBBER: "before the robber is moved",
    Phase.MAIN: "during the trade and build phase",
    Phase.BUILD: "during the build phase",
    Phase.ROAD_BUILDING: "while the free roads of Road Building are placed",
    Phase.TRADE_RESPONSE: "while a trade offer waits for its answers",
    Phase.TRADE_CONFIRM: "while a trade offer waits for its partner to be chosen",
    Phase.GAME_OVER: "after the game is over",
    Phase.SPECIAL_BUILD: "during the special building phase",
    Phase.HELPER_AFTER: "while a helper is flipped or exchanged",
    Phase.HELPER_REACT: "while a helper may answer the roll",
    Phase.HILDE_TAKE: "while Hilde takes a card",
    Phase.CANDAMIR_KEEP: "while Candamir keeps a development card",
    Phase.NASSIR_REPAY: "while Nassir gives cards back",
    Phase.SEVEN_CHOICE: "while the 7 is used or ignored",
    Phase.KNIGHT_WINDOW: "while a knight may take the robber over",
    Phase.KNIGHT_MOVE: "while the interrupting knight moves the robber",
}
"""Each phase as the time phrase after the action ("… during the build phase")."""

_AFTER_THE_ROLL: Final = frozenset(
    {
        Phase.MAIN,
        Phase.BUILD,
        Phase.TRADE_RESPONSE,
        Phase.TRADE_CONFIRM,
        Phase.SPECIAL_BUILD,
        Phase.ROAD_BUILDING,
    }
)


def out_of_phase(kind: ActionKind, phase: Phase, separate: bool = False) -> str:
    """Why ``kind`` has no place in ``phase``, in a player's words; ``separate``: the rules
    split trade and build (``Rules.trade_build``), so ``MAIN`` is the trade phase."""
    if kind == ActionKind.ROLL and phase in _AFTER_THE_ROLL:
        # The refusal a player meets most: a second roll.
        return "you cannot roll now: the dice are rolled once, at the start of your turn"
    doing = _DOING.get(kind, kind.name.lower())
    if phase == Phase.MAIN and separate:
        during = "during the trade phase"
    else:
        during = _DURING.get(phase, f"during {phase.name.lower()}")
    return f"you cannot {doing} {during}"


__all__ = ["out_of_phase"]
