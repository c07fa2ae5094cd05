"""The 1996 alternate rules on the terminal's board: nothing of their own."""

NOTHING = (
    "they add decisions (phases, actions, events) and no pieces: the status line's words "
    "come from their words face, hands face up from the view's public hands"
)
