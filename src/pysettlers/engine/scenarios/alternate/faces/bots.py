"""The 1996 alternate rules' bots face (``pysettlers.bots.scenarios``)."""

NOTHING = (
    "their decisions come in their own phases, which both heuristic bots answer with the "
    "shared rules of thumb in pysettlers.bots.features (seven_choice, knight_window, "
    "play_victory_point), never by a one-ply score"
)
