"""Poker: evaluate all 2,598,960 hands with tableau, treys and phevaluator in one run, time
the CPU's discard decision, and play the CPU against its baseline (bench/poker_duel.py).
`make bench-full` evaluates every hand and plays 20,000 duel hands; `make bench` evaluates
every fifth chunk of 50,000 hands (in order, so every kind of hand comes up) and plays 2,000
duel hands. Every ratio shows its 95% interval over the chunks.

`python -m bench.bench_poker [evaluators] [decisions] [duel]` runs some parts only.

What is compared: each library's ordinary public call on its own card form, one call per
hand —
  tableau (integer form)  evaluate_codes(a, b, c, d, e) on card_code() ints
  tableau (Card values)   evaluate(hand) on a tuple of tableau Cards
  treys 0.1.8             Evaluator().evaluate(board, hand) on treys Card ints (3 + 2 cards)
  phevaluator 0.6.0       evaluate_cards(a, b, c, d, e) on phevaluator card ids
The hands are built in chunks of 50,000 before timing, for all alike; only the loop of
calls is timed. Chunks alternate between libraries so machine noise falls on all of them.
The targets (2x treys, 1.5x phevaluator) are judged on tableau's integer form; the Card
form, which checks its input, is shown for information.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from collections.abc import Sequence
from itertools import combinations
from itertools import count
from itertools import islice
from typing import Any

from bench.poker_duel import duel
from bench.sizing import mean_interval
from bench.sizing import median_text
from bench.sizing import sized
from tableau.ai.poker import best_discard
from tableau.cards import FULL_DECK
from tableau.cards import Card
from tableau.engines.poker import card_code
from tableau.engines.poker import evaluate
from tableau.engines.poker import evaluate_codes

CHUNK = 50_000
TREYS_TARGET = 2.0
PHEVAL_TARGET = 1.5
DECISION_TARGET = 1.0
DECISION_HANDS = 200
DUEL_HANDS = 20_000
QUICK_DUEL_HANDS = 2_000
QUICK_CHUNK_STRIDE = 5
"""`make bench` times one chunk of hands in this many."""
DUEL_WORKERS = 2
"""The duel's deals are split over two processes (the deals do not depend on each other)."""


def _treys_text(card: Card) -> str:
    return card.rank.letter + card.suit.letter.lower()


def _row(what: str, figure: str, target: str = "", verdict: str = "") -> None:
    print(f"{what:<44} {figure:>16}   {target:<14} {verdict}", flush=True)


def _time_loop(call: Callable[..., Any], chunk: Sequence[tuple[Any, ...]]) -> float:
    started = time.perf_counter()
    for args in chunk:
        call(*args)
    return time.perf_counter() - started


def _time_tableau_cards(chunk: Sequence[tuple[Card, ...]]) -> float:
    started = time.perf_counter()
    for hand in chunk:
        evaluate(hand)
    return time.perf_counter() - started


def bench_evaluators() -> None:
    try:
        from phevaluator import evaluate_cards
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        _row("evaluators", "skipped", "", "install the bench extra: treys, phevaluator")
        return
    treys_evaluate = Evaluator().evaluate
    deck = list(FULL_DECK)
    codes = {card: card_code(card) for card in deck}
    treys_ints = {card: TreysCard.new(_treys_text(card)) for card in deck}
    # phevaluator ids: rank * 4 + suit, ranks 2..A = 0..12, suits c, d, h, s = 0..3.
    pheval_ids = {card: ((card.rank - 2) % 13) * 4 + "CDHS".index(card.suit.letter)
                  for card in deck}
    seconds = {"codes": 0.0, "cards": 0.0, "treys": 0.0, "pheval": 0.0}
    ratios: dict[str, list[float]] = {name: [] for name in seconds}
    hands = 0
    mismatches = 0
    every = combinations(deck, 5)
    stride = sized(QUICK_CHUNK_STRIDE, 1)
    for number in count():
        block = list(islice(every, CHUNK))
        if not block:
            break
        if number % stride:
            continue
        hands += len(block)
        before = dict(seconds)
        code_args = [tuple(codes[card] for card in hand) for hand in block]
        treys_args = [([treys_ints[hand[0]], treys_ints[hand[1]], treys_ints[hand[2]]],
                       [treys_ints[hand[3]], treys_ints[hand[4]]]) for hand in block]
        pheval_args = [tuple(pheval_ids[card] for card in hand) for hand in block]
        seconds["codes"] += _time_loop(evaluate_codes, code_args)
        seconds["cards"] += _time_tableau_cards(block)
        seconds["treys"] += _time_loop(treys_evaluate, treys_args)
        seconds["pheval"] += _time_loop(evaluate_cards, pheval_args)
        spent = {name: seconds[name] - before[name] for name in seconds}
        for name in ratios:  # each chunk's speed against tableau's integer form
            ratios[name].append(spent[name] / spent["codes"])
        for index in range(0, len(block), 97):  # all three must agree (1 = royal flush there)
            ours = 7463 - evaluate_codes(*code_args[index])
            if ours != treys_evaluate(*treys_args[index]) or \
                    ours != evaluate_cards(*pheval_args[index]):
                mismatches += 1
    rates = {name: hands / spent for name, spent in seconds.items()}
    _row("hands evaluated (every 5-card hand)" if stride == 1
         else f"hands evaluated (one chunk in {stride})", f"{hands:,}")
    _row("tableau evaluate_codes (integer form)", f"{rates['codes']:,.0f}/s")
    _row("tableau evaluate (tableau Card values)", f"{rates['cards']:,.0f}/s")
    _row("treys Evaluator().evaluate", f"{rates['treys']:,.0f}/s")
    _row("phevaluator evaluate_cards", f"{rates['pheval']:,.0f}/s")
    versus_treys = rates["codes"] / rates["treys"]
    versus_pheval = rates["codes"] / rates["pheval"]
    _row("ratio tableau (integer form) / treys", f"{versus_treys:.2f}x",
         f">= {TREYS_TARGET:.1f}x", "ok" if versus_treys >= TREYS_TARGET else "MISSED")
    _chunk_interval(ratios["treys"])
    _row("ratio tableau (integer form) / phevaluator", f"{versus_pheval:.2f}x",
         f">= {PHEVAL_TARGET:.1f}x", "ok" if versus_pheval >= PHEVAL_TARGET else "MISSED")
    _chunk_interval(ratios["pheval"])
    _row("ratio tableau (Card values) / treys", f"{rates['cards'] / rates['treys']:.2f}x",
         "(information)")
    _chunk_interval([treys / cards for treys, cards in zip(ratios["treys"], ratios["cards"],
                                                            strict=True)])
    _row("ratio tableau (Card values) / phevaluator", f"{rates['cards'] / rates['pheval']:.2f}x",
         "(information)")
    _chunk_interval([pheval / cards for pheval, cards in zip(ratios["pheval"], ratios["cards"],
                                                              strict=True)])
    _row("rank disagreements with treys/phevaluator", f"{mismatches}", "0 (sampled 1/97)",
         "ok" if mismatches == 0 else "MISSED")


def _chunk_interval(ratios: Sequence[float]) -> None:
    """The 95% interval of a ratio's mean over the timed chunks."""
    mean, half = mean_interval(ratios)
    _row(f"  95% interval over {len(ratios)} chunks", f"{mean - half:.2f}x .. {mean + half:.2f}x")


def bench_decisions() -> None:
    """Each hand with a new seed and 1 to 5 opponents, so nothing comes from a cache: the
    time includes sampling the opponents."""
    generator = random.Random(2026)
    times: list[float] = []
    for seed in range(DECISION_HANDS):
        hand = tuple(generator.sample(FULL_DECK, 5))
        started = time.perf_counter()
        best_discard(hand, opponents=1 + seed % 5, seed=seed)
        times.append(time.perf_counter() - started)
    median, worst = statistics.median(times), max(times)
    _row(f"CPU discard decision, median of {DECISION_HANDS} hands", f"{median * 1000:.1f} ms",
         f"<= {DECISION_TARGET:.0f} s", "ok" if median <= DECISION_TARGET else "MISSED")
    _row("  95% interval of the median", median_text(times, 1000, " ms"))
    _row(f"CPU discard decision, worst of {DECISION_HANDS} hands", f"{worst * 1000:.1f} ms",
         f"<= {DECISION_TARGET:.0f} s", "ok" if worst <= DECISION_TARGET else "MISSED")
    aces = [card for card in FULL_DECK if card.rank.letter == "A"]
    four_aces = (*aces, FULL_DECK[1])
    started = time.perf_counter()
    best_discard(four_aces, opponents=5, seed=DECISION_HANDS)
    spent = time.perf_counter() - started
    _row("CPU discard decision, four aces (30 options)", f"{spent * 1000:.1f} ms",
         f"<= {DECISION_TARGET:.0f} s", "ok" if spent <= DECISION_TARGET else "MISSED")


def bench_duel(hands: int | None = None) -> None:
    hands = hands or sized(QUICK_DUEL_HANDS, DUEL_HANDS)
    started = time.perf_counter()
    result = duel(hands // 2, workers=DUEL_WORKERS)
    low, high = result.per_hand - result.interval, result.per_hand + result.interval
    _row(f"duel: CPU vs baseline, {result.hands:,} hands", f"{result.per_hand:+.3f} chips/hand",
         "> 0", "ok" if low > 0 else "MISSED")
    _row("duel: 95% interval of the margin", f"{low:+.3f} .. {high:+.3f}", "above 0",
         "ok" if low > 0 else "MISSED")
    _row("duel: CPU's net chips over all hands", f"{result.total:+,.0f}")
    _row("duel: time", f"{time.perf_counter() - started:.0f} s")


PARTS = {"evaluators": bench_evaluators, "decisions": bench_decisions, "duel": bench_duel}


def main(parts: Sequence[str] = ()) -> None:
    _row("what", "figure", "target", "")
    for name, part in PARTS.items():
        if not parts or name in parts:
            part()


if __name__ == "__main__":
    main(sys.argv[1:])
