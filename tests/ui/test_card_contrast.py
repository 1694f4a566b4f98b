"""Every card face keeps a WCAG contrast of 4.5:1 or more between what is written on it and
its background: for every face style (unicode, ascii, four-colour), every kind of card (each
suit, the joker, a back, an empty place), every state (selected or picked, dimmed, under the
cursor, legal and illegal drop targets, marked) and every built-in Textual theme, drawn by
each widget that draws cards (a CardView, a FanColumn, a StackPile; compact and boxed).

The colours are read from what the widgets render through the real stylesheet (Textual's own
filters included, dim text turned into the colour a terminal shows), not from the .tcss text.
The frame of a boxed card is a border, not text: it has to keep 3:1 (WCAG's contrast for
the parts of a control). ``make test`` checks each face in the default theme; the whole
check (every theme, about 15,000 drawings) runs in ``make test-all``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from rich.color import Color as RichColor
from rich.color_triplet import ColorTriplet
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.containers import VerticalScroll
from textual.filter import dim_color
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget

from tableau.cards import AnyCard
from tableau.cards import parse_any_card
from tableau.ui.app import TableauApp
from tableau.ui.faces import BOX
from tableau.ui.faces import FACES
from tableau.ui.faces import Face
from tableau.ui.faces import ascii_text
from tableau.ui.scenes import still_app
from tableau.ui.widgets.card import CardView
from tableau.ui.widgets.pile import FanColumn
from tableau.ui.widgets.pile import Shown
from tableau.ui.widgets.pile import StackPile

TEXT_CONTRAST = 4.5
FRAME_CONTRAST = 3.0
FRAME = set(BOX + ascii_text(BOX))

KINDS: dict[str, tuple[str | None, bool]] = {
    "hearts": ("5H", True), "diamonds": ("10D", True), "clubs": ("QC", True),
    "spades": ("AS", True), "joker": ("JK", True), "back": (None, False), "empty": (None, True),
}
"""A card of each kind: (code, face up); no code is a back (face down) or an empty place."""
CARD_STATES = ("", "selected", "dimmed", "highlight", "legal", "illegal", "marked")
PILE_STATES = ("", "picked", "cursor", "legal", "illegal")


@dataclass(frozen=True)
class Sample:
    kind: str
    state: str
    widget: str

    def card(self) -> tuple[AnyCard | None, bool]:
        code, face_up = KINDS[self.kind]
        return (parse_any_card(code) if code else None), face_up


class Samples(Screen[None]):
    """Every kind of card in every state, compact and large, in each card-drawing widget."""

    CSS = """
    Samples Horizontal { height: auto; }
    Samples FanColumn, Samples StackPile { width: 11; height: 1; }
    Samples .-large FanColumn, Samples .-large StackPile { height: 7; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.samples: dict[Widget, Sample] = {}

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            for large in (False, True):
                size = "large" if large else "compact"
                with Horizontal(classes="-large" if large else ""):
                    for kind in KINDS:
                        for state in CARD_STATES:
                            sample = Sample(kind, state, f"CardView {size}")
                            card, face_up = sample.card()
                            view = CardView(card, face_up=face_up, empty_label="A",
                                            classes=f"-{state}" if state else "")
                            view.badge = "1" if state == "marked" else ""
                            self.samples[view] = sample
                            yield view
                with Horizontal(classes="-large" if large else ""):
                    for kind in KINDS:
                        for state in PILE_STATES:
                            fan = FanColumn("C1", empty_label="K")
                            fan.large = large
                            stack = StackPile("F1", empty_label="A")
                            self.samples[fan] = Sample(kind, state, f"FanColumn {size}")
                            self.samples[stack] = Sample(kind, state, f"StackPile {size}")
                            yield fan
                            yield stack

    def on_mount(self) -> None:
        for widget, sample in self.samples.items():
            card, face_up = sample.card()
            target: Any = sample.state if sample.state in ("legal", "illegal") else None
            if isinstance(widget, FanColumn):
                shown = [] if sample.kind == "empty" else [Shown(card, face_up)]
                cursor = (0 if shown else -1) if sample.state == "cursor" else None
                widget.update(shown, picked_from=0 if sample.state == "picked" else None,
                              cursor=cursor, target=target)
            elif isinstance(widget, StackPile):
                widget.update(card, count=0 if sample.kind == "empty" else 1, face_up=face_up,
                              target=target, picked=sample.state == "picked",
                              cursor=sample.state == "cursor")


@cache
def contrast(foreground: ColorTriplet, background: ColorTriplet) -> float:
    """The WCAG contrast ratio of two colours."""

    def luminance(color: ColorTriplet) -> float:
        def channel(value: int) -> float:
            c = value / 255
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        return sum(weight * channel(value)
                   for weight, value in zip((0.2126, 0.7152, 0.0722), color, strict=True))

    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def low_contrast(app: TableauApp, widget: Widget) -> list[tuple[str, float, float]]:
    """(text, its contrast, the least it needs) for each written part of the widget under
    the contrast it needs, as the widget is drawn now. The ansi themes leave colours to the
    terminal: its default colours and 16 colours are taken as Textual's own ansi theme's.
    Dim text is the colour Textual's DimFilter would give it."""
    theme = app.ansi_theme_dark if app.current_theme.dark else app.ansi_theme_light

    def shown(color: RichColor | None, default: ColorTriplet) -> RichColor:
        if color is None or color.is_default:
            return RichColor.from_triplet(default)
        return RichColor.from_triplet(color.get_truecolor(theme))

    found: list[tuple[str, float, float]] = []
    strips = widget.render_lines(Region(0, 0, widget.size.width, widget.size.height))
    assert strips and widget.size.width > 0
    for strip in strips:
        for segment in strip:
            text, style = segment.text.strip(), segment.style
            if not text or style is None:
                continue
            background = shown(style.bgcolor, theme.background_color)
            foreground = shown(style.color, theme.foreground_color)
            if style.dim:
                foreground = dim_color(background, foreground)
            needed = FRAME_CONTRAST if set(text) <= FRAME else TEXT_CONTRAST
            ratio = contrast(foreground.get_truecolor(), background.get_truecolor())
            if ratio < needed:
                found.append((text, ratio, needed))
    return found


QUICK_THEMES = ("textual-dark",)
"""``make test``'s theme, the default; ``make test-all`` checks all 21."""


async def low_samples(app: TableauApp, pilot: Pilot[Any], screen: Samples, face: Face,
                      themes: tuple[str, ...] | None) -> None:
    """Every sample of ``face`` keeps its contrast in ``themes`` (None: every built-in one),
    drawn on ``screen`` in the running ``app``."""
    if app.card_face != face:
        app.card_face = face  # as the palette's choice: every widget restyled and redrawn
        await pilot.pause()
    assert app.card_face == face
    every = sorted(app.available_themes)
    assert len(every) >= 20 and "ansi-dark" in every
    assert themes is None or set(themes) <= set(every)
    low: list[str] = []
    checked = 0
    for theme in every if themes is None else themes:
        if app.theme != theme:
            app.theme = theme
            await pilot.pause()
        for widget, sample in screen.samples.items():
            checked += 1
            for text, ratio, needed in low_contrast(app, widget):
                low.append(f"{face} {theme} {sample}: {text!r} {ratio:.2f} < {needed}")
    assert low == []
    # 7 kinds x (7 card states x 2 sizes + 5 pile states x 2 piles x 2 sizes) a theme
    assert checked == len(themes or every) * len(screen.samples) == len(themes or every) * 238


async def check_contrast(face: Face, themes: tuple[str, ...] | None) -> None:
    """``low_samples`` in an app started with ``face``."""
    app = still_app(cards=face)
    screen = Samples()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        await low_samples(app, pilot, screen, face, themes)


def ink(screen: Samples, kind: str, state: str = "") -> set[str]:
    """The colours the compact FanColumn of ``kind`` writes in."""
    return {
        str(segment.style.color)
        for widget, sample in screen.samples.items()
        if sample == Sample(kind, state, "FanColumn compact")
        for strip in widget.render_lines(Region(0, 0, widget.size.width, 1))
        for segment in strip if segment.text.strip() and segment.style
    }


QUICK_FACES: tuple[Face, ...] = ("four-colour", "unicode")
"""``make test``'s faces, each with its own colours; the ascii faces draw in the unicode
faces' colours (only the glyphs differ), and ``make test-all`` checks them too."""


async def test_every_card_keeps_its_contrast_in_every_kind_and_state() -> None:
    """In the default theme, the four-colour and then the unicode faces on one set of
    samples (the app starts with the four-colour faces and is switched as the palette
    switches them; ``make test-all`` starts an app for each face, ascii too, and checks every
    theme). On the way, the four-colour faces give each suit its own colour, and switching
    back to unicode makes the diamonds red and the clubs black again."""
    app = still_app(cards="four-colour")
    screen = Samples()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(screen)
        await pilot.pause()
        colours = [ink(screen, suit) for suit in ("clubs", "diamonds", "hearts", "spades")]
        assert all(len(colour) == 1 for colour in colours)
        assert len(set.union(*colours)) == 4
        for face in QUICK_FACES:
            await low_samples(app, pilot, screen, face, QUICK_THEMES)
            if face == "unicode":  # back to red and black: the diamonds are red again
                assert ink(screen, "diamonds") == ink(screen, "hearts")
                assert ink(screen, "clubs") == ink(screen, "spades")
        assert set(FACES) == {"unicode", "ascii", "four-colour"}


@pytest.mark.exhaustive
@pytest.mark.parametrize("face", FACES)
async def test_every_card_keeps_its_contrast_in_every_kind_state_and_theme(face: Face) -> None:
    await check_contrast(face, None)
