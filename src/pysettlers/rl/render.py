"""The environments' pictures: the board as an image array, and the ``"human"`` display.

What this is for: ``render_mode="rgb_array"`` — :func:`board_image` draws a view's board with
Pillow as a ``(height, width, 3)`` ``uint8`` array in the browser client's colours and shapes
(``web/js/board.js``, ``web/css/app.css``: terrain, sea, number tokens with pips, harbors
with their piers, roads, settlements and cities with their seat's label, the robber), with a
strip below naming each seat's colour and public victory points; ``render_mode="human"`` —
:class:`Renderer` shows that image in a Tk window where a display is available, and prints
the terminal text render (``pysettlers.render``) where none is; ``"ansi"`` returns that text.

Every picture is drawn from the spectator's view (``observe(state, None)``): no hand, no
hidden card. Pillow is the ``rl-render`` extra (``pip install 'pysettlers[rl-render]'``);
without it ``"rgb_array"`` is refused with an error naming the extra and ``"human"`` falls
back to the text.

What this is not: the browser client (no targets, no animation), nor a full drawing of every
scenario: Seafarers ships and the Helpers' cards are not drawn (the text render has them).
"""

from __future__ import annotations

import math
import os
import sys
from typing import Any

import numpy as np
import numpy.typing as npt

from pysettlers.engine import GameState, View, observe
from pysettlers.engine.data import pips
from pysettlers.engine.topology import CORNER_OFFSETS, SIDE_NEIGHBOR
from pysettlers.engine.types import NOBODY, Harbor, Terrain

RENDER_MODES = ("ansi", "rgb_array", "human")
"""The render modes both environments take (and list in their ``metadata``)."""

Frame = npt.NDArray[np.uint8]

# -- the browser's colours (web/js/board.js, web/css/app.css) ---------------------------------
TERRAIN_COLOUR = {
    Terrain.HILLS: "#c8693f",
    Terrain.FOREST: "#3f7a3a",
    Terrain.PASTURE: "#9ccc65",
    Terrain.FIELDS: "#eac54f",
    Terrain.MOUNTAINS: "#8d96a3",
    Terrain.DESERT: "#e5d3a1",
}
HARBOR_COLOUR = {
    Harbor.BRICK: "#b5532d",
    Harbor.LUMBER: "#2f6b34",
    Harbor.WOOL: "#7cb342",
    Harbor.GRAIN: "#d9a81e",
    Harbor.ORE: "#6f7886",
    Harbor.GENERIC: "#fffdf5",
}
# Okabe–Ito, as the browser: colour is never the only cue, each piece carries its label.
PLAYER_COLOUR = ("#0072B2", "#D55E00", "#F5F5F5", "#E69F00", "#009E73", "#CC79A7", "#56B4E9",
                 "#1A1A1A")  # fmt: skip
PLAYER_INK = ("#fff", "#fff", "#111", "#111", "#fff", "#111", "#111", "#fff")
BACKGROUND = "#f3f1ec"
SEA, SEA_EDGE, PORT = "#5d9acb", "#4f8fc0", "#79b0dc"
HEX_EDGE = "#f3e9cc"
TOKEN, TOKEN_EDGE, INK, RED = "#f7eed6", "#8a7a55", "#222222", "#c62828"
PIER, HARBOR_EDGE, OUTLINE = "#7b5b3a", "#3d2c1a", "#1a1a1a"
ROBBER, ROBBER_EDGE = "#3a3a3a", "#eeeeee"

# Shapes in board units, where a hex has radius 100 (board.js).
HOUSE = ((-17, 13), (17, 13), (17, -6), (0, -22), (-17, -6))
CITY = ((-26, 15), (26, 15), (26, -5), (4, -5), (4, -15), (-11, -29), (-26, -15))
UX = math.sqrt(3) / 2 * 100  # one lattice step of x (topology.py: a hex centre is X = 2q + r)
UY = 100 / 2  # one of y (Y = 3r)
SUPERSAMPLE = 2  # drawn at twice the size, then scaled down: smooth edges without a library


def _pillow() -> Any:
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError as e:
        raise ImportError(
            "render_mode='rgb_array' draws with Pillow: pip install 'pysettlers[rl-render]'"
        ) from e
    return Image, ImageDraw, ImageFont


def board_image(view: View, *, hex_radius: int = 40) -> Frame:
    """``view``'s board as an RGB image, ``(height, width, 3)`` ``uint8``; a hex is
    ``hex_radius`` pixels from its centre to a corner (the base game: about 600 × 640)."""
    image_mod, draw_mod, font_mod = _pillow()
    board = view.board
    t = board.topology
    k = hex_radius * SUPERSAMPLE / 100  # pixels per board unit

    land = set(t.hexes)
    sea: dict[tuple[int, int], bool] = {c: False for c in board.sea}  # coord -> is a port
    sea.update({c: True for c, _, _ in board.ports})
    for q, r in t.hexes:
        for dq, dr in SIDE_NEIGHBOR:
            c = (q + dq, r + dr)
            if c not in land and c not in sea:
                sea[c] = False

    def centre(q: int, r: int) -> tuple[float, float]:
        return (2 * q + r) * UX, 3 * r * UY

    def corners(q: int, r: int, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = centre(q, r)
        return [(cx + dx * UX * scale, cy + dy * UY * scale) for dx, dy in CORNER_OFFSETS]

    # The frame: the land and the inner half of the sea ring (room for the harbors), as the
    # browser's view box.
    pts = [p for q, r in [*t.hexes, *board.sea] for p in corners(q, r, 1.8)]
    x0, y0 = min(x for x, _ in pts), min(y for _, y in pts)
    x1, y1 = max(x for x, _ in pts), max(y for _, y in pts)
    strip = 34 * SUPERSAMPLE  # the seats' strip below the board
    width, height = round((x1 - x0) * k), round((y1 - y0) * k)
    img = image_mod.new("RGB", (width, height + strip), BACKGROUND)
    d = draw_mod.Draw(img)

    def px(x: float, y: float) -> tuple[float, float]:
        return (x - x0) * k, (y - y0) * k

    def poly(points: list[tuple[float, float]], fill: str, outline: str | None, w: float) -> None:
        d.polygon([px(x, y) for x, y in points], fill=fill)
        if outline is not None:
            ring = [px(x, y) for x, y in points]
            d.line([*ring, ring[0]], fill=outline, width=max(1, round(w * k)), joint="curve")

    def disc(x: float, y: float, radius: float, fill: str, outline: str | None, w: float) -> None:
        cx, cy = px(x, y)
        rr = radius * k
        d.ellipse(
            (cx - rr, cy - rr, cx + rr, cy + rr),
            fill=fill,
            outline=outline,
            width=max(1, round(w * k)) if outline else 0,
        )

    fonts: dict[int, Any] = {}

    def text(x: float, y: float, s: str, size: float, fill: str, anchor: str = "mm") -> None:
        n = max(6, round(size * k))
        font = fonts.get(n)
        if font is None:
            font = fonts[n] = font_mod.load_default(size=n)
        d.text(px(x, y), s, fill=fill, font=font, anchor=anchor)

    for (q, r), port in sea.items():
        poly(corners(q, r, 1.02), SEA, SEA_EDGE, 3)
        if port:
            poly(corners(q, r, 0.9), PORT, None, 0)
    for h, (q, r) in enumerate(t.hexes):
        poly(corners(q, r), TERRAIN_COLOUR[board.terrain[h]], HEX_EDGE, 5)

    # Harbors: a disc in the sea off the middle of the coastal path, with two piers.
    spots: dict[int, tuple[float, float]] = {}
    ends = [(x * UX, y * UY) for x, y in t.intersection_xy]
    for kind, p in board.harbors:
        a, b = (ends[v] for v in t.path_ends[p])
        hexes = t.path_hexes[p]
        cx, cy = centre(*t.hexes[hexes[0]]) if hexes else ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        norm = math.hypot(mx - cx, my - cy) or 1.0
        sx, sy = mx + (mx - cx) / norm * 40, my + (my - cy) / norm * 40
        spots[p] = (sx, sy)
        for ex, ey in (a, b):
            d.line([px(sx, sy), px(ex, ey)], fill=PIER, width=round(5 * k))
        disc(sx, sy, 24, HARBOR_COLOUR[kind], HARBOR_EDGE, 2.5)
        generic = kind == Harbor.GENERIC
        text(sx, sy, "3:1" if generic else "2:1", 16, INK if generic else "#ffffff")

    # Number tokens with their pips (red 6 and 8), dimmed where the robber stands.
    for h, (q, r) in enumerate(t.hexes):
        n = board.numbers[h]
        if not n:
            continue
        cx, cy = centre(q, r)
        colour = RED if n in (6, 8) else INK
        disc(cx, cy, 27, TOKEN, TOKEN_EDGE, 2)
        text(cx, cy - 3, str(n), 25, colour)
        dots = pips(n)
        for i in range(dots):
            disc(cx + (i - (dots - 1) / 2) * 7, cy + 15, 2.6, colour, None, 0)

    # Roads (bridges too): a dark edge and the seat's colour, clear of the corners.
    for p, (va, vb) in enumerate(t.path_ends):
        seat = view.road_owner[p]
        if seat == NOBODY:
            continue
        (ax, ay), (bx, by) = ends[va], ends[vb]
        a2 = px(ax + (bx - ax) * 0.16, ay + (by - ay) * 0.16)
        b2 = px(bx - (bx - ax) * 0.16, by - (by - ay) * 0.16)
        d.line([a2, b2], fill=OUTLINE, width=round(17 * k))
        d.line([a2, b2], fill=PLAYER_COLOUR[seat % 8], width=round(11 * k))

    for v, seat in enumerate(view.building_owner):
        if seat == NOBODY:
            continue
        x, y = ends[v]
        city = view.building_level[v] == 2
        shape = CITY if city else HOUSE
        poly([(x + dx, y + dy) for dx, dy in shape], PLAYER_COLOUR[seat % 8], OUTLINE, 2.5)
        at = (x - 8, y + 3) if city else (x, y + 1)  # (board.js: the city's label off-centre)
        text(*at, str(seat + 1), 17, PLAYER_INK[seat % 8])

    # The robber: beside the token of its hex; with the pirate, beside a harbor's disc.
    if 0 <= view.robber < t.n_hexes:
        cx, cy = centre(*t.hexes[view.robber])
        if board.numbers[view.robber]:
            cx, cy = cx - 44, cy - 8
    else:
        cx, cy = spots.get(view.robber - t.n_hexes, (x0, y0))
        cx, cy = cx + 22, cy - 18
    d.polygon(
        [px(cx + dx, cy + dy) for dx, dy in ((-11, 14), (-8, -4), (8, -4), (11, 14))],
        fill=ROBBER,
        outline=ROBBER_EDGE,
    )
    disc(cx, cy - 14, 8, ROBBER, ROBBER_EDGE, 2)

    # The seats' strip: colour, label and public victory points (the current one marked).
    slot = width / max(1, view.n)
    for seat in range(view.n):
        sx = seat * slot + 8 * SUPERSAMPLE
        top, bottom = height + 6 * SUPERSAMPLE, height + strip - 6 * SUPERSAMPLE
        box = (sx, top, sx + (bottom - top), bottom)
        d.rectangle(box, fill=PLAYER_COLOUR[seat % 8], outline=OUTLINE, width=SUPERSAMPLE)
        font = fonts.setdefault(-1, font_mod.load_default(size=15 * SUPERSAMPLE))
        mid = ((box[0] + box[2]) / 2, (top + bottom) / 2)
        d.text(mid, str(seat + 1), fill=PLAYER_INK[seat % 8], font=font, anchor="mm")
        mark = " *" if seat == view.current else ""
        label = f"{view.public_vp[seat]} VP{mark}"
        d.text((box[2] + 5 * SUPERSAMPLE, mid[1]), label, fill=INK, font=font, anchor="lm")

    out = img.resize((width // SUPERSAMPLE, (height + strip) // SUPERSAMPLE), image_mod.LANCZOS)
    return np.asarray(out, dtype=np.uint8).copy()


def state_image(s: GameState, *, hex_radius: int = 40) -> Frame:
    """The spectator's picture of a state (no hidden card): :func:`board_image`."""
    return board_image(observe(s, None), hex_radius=hex_radius)


def check_render_mode(mode: str | None) -> None:
    """``ValueError`` naming the modes for a render mode the environments do not have."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {list(RENDER_MODES)} (got {mode!r})")
    if mode == "rgb_array":
        _pillow()  # refused now, with the extra's name, rather than at the first render


def display_available() -> bool:
    """Whether a window can be opened here: Tk and Pillow installed and, on X11 or Wayland
    systems, a display named (``DISPLAY``/``WAYLAND_DISPLAY``)."""
    try:
        import tkinter  # noqa: F401

        from PIL import ImageTk  # noqa: F401
    except ImportError:
        return False
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


class _Window:
    """A Tk window showing the latest frame (updated without a main loop, between steps)."""

    def __init__(self, title: str) -> None:
        import tkinter as tk

        self.root = tk.Tk()
        self.root.title(title)
        self.label = tk.Label(self.root)
        self.label.pack()
        self.photo: Any = None

    def show(self, frame: Frame) -> None:
        from PIL import Image, ImageTk

        self.photo = ImageTk.PhotoImage(Image.fromarray(frame))  # kept, or Tk drops it
        self.label.configure(image=self.photo)
        self.root.update()

    def close(self) -> None:
        self.root.destroy()


class Renderer:
    """An environment's ``render()`` for ``mode``: the text (``"ansi"``), the image array
    (``"rgb_array"``), or shown (``"human"``: a window where :func:`display_available`, else
    the text printed to standard output; returns ``None``)."""

    def __init__(self, mode: str | None, title: str = "pysettlers") -> None:
        check_render_mode(mode)
        self.mode = mode
        self.title = title
        self._window: _Window | None = None
        self._text_only = mode == "human" and not display_available()

    def render(self, s: GameState) -> str | Frame | None:
        if self.mode is None:
            return None
        view = observe(s, None)
        if self.mode == "rgb_array":
            return board_image(view)
        if self.mode == "ansi" or self._text_only:
            from pysettlers.render import render_view

            text = render_view(view)
            if self.mode == "ansi":
                return text
            print(text, flush=True)
            return None
        if self._window is None:
            import tkinter

            try:
                self._window = _Window(self.title)
            except tkinter.TclError:  # a display named but not reachable: the text from now on
                self._text_only = True
                return self.render(s)
        self._window.show(board_image(view))
        return None

    def close(self) -> None:
        if self._window is not None:
            self._window.close()
            self._window = None
