"""The 1996 alternate rules in the browser: nothing of their own to draw."""

NOTHING = (
    "they add decisions, drawn as buttons from the legal actions and their words, and "
    "hands face up, drawn from the players' public hands in the view"
)
