"""Scenes of the Pesten screens, for snapshot tests and ``make screenshots``.

``arranged_table`` deals a real game and then lays out chosen hands and a chosen pile, with
every other card in the stock, so a scene (or a test) can show one exact situation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from textual.pilot import Pilot

from tableau.cards import AnyCard
from tableau.cards import parse_any_card
from tableau.engines import pesten as engine
from tableau.sessions.pesten import HUMAN
from tableau.sessions.pesten import PestenSession
from tableau.sessions.pesten import Seat
from tableau.storage.passwords import PasswordScheme
from tableau.ui.app import TableauApp
from tableau.ui.scenes import Scene
from tableau.ui.scenes import keys
from tableau.ui.scenes import still_app

NAMES = ("Anna", "Bram", "Cor")
KINDS = (HUMAN, HUMAN, "careful")
PASSWORDS = ("anna-pw", "bram-pw", "")
"""The passwords of the scene tables (Cor is a CPU; its entry is unused)."""


def quick_scheme() -> PasswordScheme:
    """Argon2id with the cheapest parameters and no waiting: fast, for scenes and tests."""
    return PasswordScheme(cheap=True, retry_delays=(0.0,))


def _cards(text: str) -> tuple[AnyCard, ...]:
    return tuple(parse_any_card(part) for part in text.split())


def arranged_table(
    hands: Sequence[str],
    pile: str,
    *,
    names: Sequence[str] = NAMES,
    kinds: Sequence[str] = KINDS,
    passwords: Sequence[str] = PASSWORDS,
    scheme: PasswordScheme | None = None,
    current: int = 0,
    packs: int = 1,
    jokers: int = 2,
    seed: int = 7,
    draw_next: str = "",
    rules: Mapping[str, Any] | None = None,
    **changes: Any,
) -> PestenSession:
    """A table whose hands and discard pile (bottom first) are the given cards ("7H 7S JK").

    The remaining cards form the stock. ``changes`` set other State fields (``suit``,
    ``stack``, ``series``, ``direction``...). ``draw_next`` names the cards on top of the
    stock, the next one drawn first. Human seats are locked with ``passwords``. ``rules`` are
further Config fields (house rules, the match).
    """
    scheme = scheme if scheme is not None else quick_scheme()
    chosen_pile = _cards(pile)
    # The pile's later cards were played by the seats before the current one, so the
    # dealer sits before the first of them.
    later = chosen_pile[1:]
    config = engine.Config(
        players=len(names), packs=packs, jokers=jokers, seed=seed, names=tuple(names),
        dealer=(current - 1 - len(later)) % len(names), **(rules or {}),
    )
    starter = (config.dealer + 1) % len(names)
    dealt = engine.new_game(config)
    chosen_hands = tuple(_cards(hand) for hand in hands)
    rest = list(dealt.stock) + [card for hand in dealt.hands for card in hand] + list(dealt.pile)
    on_top = _cards(draw_next)
    for card in [*chosen_pile, *(card for hand in chosen_hands for card in hand), *on_top]:
        rest.remove(card)
    rest.extend(reversed(on_top))
    names = tuple(names)
    first = engine.Event("deal", config.dealer, chosen_pile[:1], other=starter, round=1,
                         names=names)
    plays = tuple(
        engine.Event("play", seat, (card,), names=names)
        for turn, card in enumerate(later)
        for seat in [(starter + turn) % len(names)]
    )
    state = dataclasses.replace(
        dealt, hands=chosen_hands, pile=chosen_pile, stock=tuple(rest), current=current,
        history=(first, *plays), **changes,
    )
    seats = [
        Seat(name, kind, scheme.lock(name, password) if kind == HUMAN else None)
        for name, kind, password in zip(names, kinds, passwords, strict=True)
    ]
    return PestenSession(seats, state, cpu_seed=seed)


def table_app(table: PestenSession) -> TableauApp:
    return still_app("pesten", table=table, passwords=quick_scheme())


# ------------------------------------------------------------------ the scenes' tables

ANNA = "3H 7H 7C 7S JD 9S QH"
BRAM = "2C 5D 8D KS 4H 6C TC"
COR = "AS 3C 4C 9D TD QD KH"


def _setup_app() -> TableauApp:
    return still_app("pesten", passwords=quick_scheme(), seed=11)


def _table_app() -> TableauApp:
    return table_app(arranged_table([ANNA, BRAM, COR], "7D"))


def _two_stack_app() -> TableauApp:
    return table_app(arranged_table(
        ["3H 2H 2S 3D 9S QH KC", BRAM, COR], "5C 2D", stack=2,
    ))


BIG_HAND = (
    "AH 2H 3H 5H 6H 7H 8H 9H TH JH QH AD 2D 3D 4D 6D 7D JD KD "
    "2S 4S 5S 6S 7S 8S 9S TS JK JK 7C"
)
"""30 cards: the most a hand must show whole at both sizes."""


def _big_hand_app() -> TableauApp:
    return table_app(arranged_table([BIG_HAND, BRAM, COR], "5C 3S"))


def _taken_app() -> TableauApp:
    return table_app(arranged_table(
        ["9S QH 4S", BRAM, COR], "5C 2D", stack=2, draw_next="KC 3S",
    ))


async def _take(pilot: Pilot[Any]) -> None:
    """Anna takes the 2-stack: the two new cards are lit until Done."""
    await unlock(pilot, PASSWORDS[0])
    await pilot.press("t")
    await pilot.pause()


def _last_card_app() -> TableauApp:
    return table_app(arranged_table(["7D", BRAM, COR], "7C"))


async def unlock(pilot: Pilot[Any], password: str) -> None:
    """Type a password into the lock and press Enter."""
    await pilot.pause()
    field = pilot.app.screen.query_one("#unlock")
    if not field.has_focus:
        await pilot.click("#unlock")
    await pilot.press(*keys(password), "enter")
    await pilot.app.workers.wait_for_complete()  # the password is checked in a thread
    await pilot.pause()


async def _revealed(pilot: Pilot[Any]) -> None:
    await unlock(pilot, PASSWORDS[0])


async def _set_selected(pilot: Pilot[Any]) -> None:
    """7♦ on top: Anna selects 7♠, 7♣, 7♥ in that order (a set of three)."""
    await unlock(pilot, PASSWORDS[0])
    await select(pilot, "7S", "7C", "7H")


async def _suit_chooser(pilot: Pilot[Any]) -> None:
    await unlock(pilot, PASSWORDS[0])
    await select(pilot, "JD")
    await pilot.press("enter")
    await pilot.pause()


async def _round_end(pilot: Pilot[Any]) -> None:
    await unlock(pilot, PASSWORDS[0])
    await select(pilot, "7D")
    await pilot.press("enter")
    await pilot.pause()


async def _house_rules(pilot: Pilot[Any]) -> None:
    """The set-up's "House rules & scoring" section opened."""
    await pilot.pause()
    await pilot.click("#house CollapsibleTitle")
    await pilot.pause()


def _points_match_app() -> TableauApp:
    """A match to 100 points: Bram has 10 already; Anna's 7♦ ends it (Bram's cards pass 100)."""
    return table_app(arranged_table(
        ["7D", BRAM, COR], "7C", rules={"match": "points", "target": 100}, points=(0, 10, 0),
    ))


async def _done_step(pilot: Pilot[Any]) -> None:
    """7♦ on top: Anna plays 7♥ (a seven: again), then 3♥, which ends her turn; her hand
    stays, with Done and Undo, until she hands over."""
    await unlock(pilot, PASSWORDS[0])
    await select(pilot, "7H")
    await pilot.press("enter")
    await pilot.pause()
    await select(pilot, "3H")
    await pilot.press("enter")
    await pilot.pause()


async def select(pilot: Pilot[Any], *codes: str) -> None:
    """Select cards of the revealed hand by keyboard (arrows and space), in this order."""
    from tableau.ui.widgets.pesten_hand import PestenHand

    hand = pilot.app.screen.query_one("#cards", PestenHand)
    for code in codes:
        card = parse_any_card(code)
        target = next(
            index for index, shown in enumerate(hand.cards)
            if shown.card == card
        )
        while hand.cursor != target:
            await pilot.press("right" if hand.cursor < target else "left")
        await pilot.press("space")
    await pilot.pause()


SCENES = (
    Scene("pesten", "setup", _setup_app),
    Scene("pesten", "lock", _table_app),
    Scene("pesten", "hand", _table_app, _revealed),
    Scene("pesten", "set-selected", _table_app, _set_selected),
    Scene("pesten", "suit-chooser", _table_app, _suit_chooser),
    Scene("pesten", "two-stack", _two_stack_app, _revealed),
    Scene("pesten", "round-end", _last_card_app, _round_end),
    Scene("pesten", "big-hand", _big_hand_app, _revealed),
    Scene("pesten", "new-cards", _taken_app, _take),
    Scene("pesten", "setup-house-rules", _setup_app, _house_rules),
    Scene("pesten", "points-seats", _points_match_app),
    Scene("pesten", "match-end", _points_match_app, _round_end),
    Scene("pesten", "done-undo", _table_app, _done_step),
)
