"""The Islands of Catan bridges on the terminal's board: nothing of their own."""

NOTHING = (
    "a bridge is a road piece on a path over water, and the water and port hexes are the "
    "board's: the board draws both, and its legend names the bridge"
)
