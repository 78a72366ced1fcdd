"""Issue #21: `fromage.determinize` samples a whole state from one seat's observation."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from math import comb
from typing import Any

import pytest

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage.state import KINDS, REROLL

OPTIONS: list[dict[str, Any]] = [
    {},
    {"powers": True},
    {"powers": True, "full_set": True, "variant": "festival", "extra_cheeses": 2},
    {"powers": True, "markers": 5, "tour_target": "any", "board": "B"},
]


def _states(n: int, options: dict[str, Any], chance: str, seed: int) -> Iterator[Any]:
    """Every state of a seeded random game, the chance nodes and the end included."""
    s = fromage.new_game(n, seed=seed, options=options, chance=chance)
    rng = Rng(seed)
    while True:
        yield s
        if fromage.is_terminal(s):
            return
        if fromage.current_player(s) == bgf.CHANCE:
            s = fromage.step(s, bgf.sample_chance(s))
        else:
            legal = fromage.legal_actions(s)
            s = fromage.step(s, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("chance", ["auto", "explicit"])
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=["plain", "powers", "full_set", "five"])
def test_determinize_gives_back_the_observation(
    options: dict[str, Any], n: int, chance: str
) -> None:
    """Every seat and the public view, on every state of two games: the sample observes
    as the real state, loads as a save, and changes the RNG."""
    k = 0
    for seed in range(2):
        for s in _states(n, options, chance, seed):
            for seat in (None, *range(n)):
                obs = fromage.observe(s, seat)
                t = fromage.determinize(obs, Rng(k))
                k += 1
                assert fromage.observe(t, seat) == obs
                assert bgf.loads(bgf.dumps(t)) == t
                assert t.rng != s.rng
                assert t.explicit == (fromage.current_player(s) == bgf.CHANCE)
    assert k > 100


@pytest.mark.parametrize("options", OPTIONS[1:], ids=["powers", "full_set", "five"])
def test_sampled_states_play_on_to_the_end(options: dict[str, Any]) -> None:
    for i, s in enumerate(_states(3, options, "explicit", 5)):
        if i % 7 or fromage.is_terminal(s):
            continue
        t = fromage.determinize(fromage.observe(s, i % 3), Rng(i))
        *_, end = _continue(t, i)
        assert fromage.is_terminal(end)


def _continue(s: Any, seed: int) -> Iterator[Any]:
    rng = Rng(seed)
    while not fromage.is_terminal(s):
        if fromage.current_player(s) == bgf.CHANCE:
            s = fromage.step(s, bgf.sample_chance(s))
        else:
            legal = fromage.legal_actions(s)
            s = fromage.step(s, legal[rng.randrange(len(legal))])
        yield s
    yield s


def test_same_observation_and_seed_give_the_same_sample() -> None:
    s = next(x for x in _states(3, {"powers": True}, "auto", 2) if x.markers.discards)
    obs = fromage.observe(s, 1)
    assert fromage.determinize(obs, Rng(9)) == fromage.determinize(obs, Rng(9))
    samples = {fromage.determinize(obs, Rng(k)).markers for k in range(20)}
    assert len(samples) > 1  # the other hands are drawn


def test_states_a_seat_cannot_tell_apart_give_the_same_samples() -> None:
    s = next(x for x in _states(4, {"powers": True}, "auto", 3) if x.markers.discards)
    for v in fromage.GAME.hidden_variants(s, 2, Rng(1)):
        assert fromage.determinize(fromage.observe(v, 2), Rng(4)) == fromage.determinize(
            fromage.observe(s, 2), Rng(4)
        )


def test_FR11_full_set_hands_are_the_kinds_not_played() -> None:
    """With the full set nothing is left to chance: the sample holds the real hands."""
    for s in _states(3, {"powers": True, "full_set": True}, "auto", 1):
        if s.markers.discards and not fromage.is_terminal(s):
            for k in range(3):
                t = fromage.determinize(fromage.observe(s, 0), Rng(k))
                assert t.markers == s.markers
            return
    raise AssertionError("no marker played")


def test_FR11_the_deck_is_sampled_while_dealing() -> None:
    """Explicit mode mid-deal: the deck and the other hands share the 27 markers seat 0
    has not drawn, 5 of each kind in all."""
    s = fromage.new_game(3, seed=1, options={"powers": True}, chance="explicit")
    for _ in range(5):  # seat 0's three markers, two of seat 1's
        s = fromage.step(s, bgf.sample_chance(s))
    t = fromage.determinize(fromage.observe(s, 0), Rng(3))
    assert t.phase == "draw" and t.explicit
    assert t.markers.hands[0] == s.markers.hands[0]
    assert [len(h) for h in t.markers.hands] == [3, 2, 0]
    for i, kind in enumerate(KINDS):
        held = sum(h.count(kind) for h in t.markers.hands)
        assert held + t.markers.deck[i] == 5


# Chi-square critical value at the 0.001 level for 20 degrees of freedom (tables, e.g.
# NIST/SEMATECH e-Handbook 1.3.6.7.4): a correct sampler exceeds it once in a thousand seeds.
CHI2_20DF_999 = 45.315


def test_FR11_samples_follow_the_deal_frequencies() -> None:
    """2 players, 2 markers each: seat 0 holds two Relance, so 3 Relance and 5 of each
    other kind are unseen; seat 1's hand is 2 of those 28, each pair of kinds with the
    hypergeometric frequency (21 hands). Chi-square over 4,200 seeded samples."""
    s = fromage.new_game(2, seed=1, options={"powers": True, "markers": 2}, chance="explicit")
    s = fromage.step(s, fromage.legal_actions(s)[0])  # seat 0 draws two Relance
    s = fromage.step(s, fromage.legal_actions(s)[0])
    s = fromage.step(s, bgf.sample_chance(s))  # seat 1's two
    s = fromage.step(s, bgf.sample_chance(s))
    assert s.markers.hands[0] == (REROLL, REROLL) and s.phase == "place"
    obs = fromage.observe(s, 0)
    unseen = {k: 3 if k == REROLL else 5 for k in KINDS}
    expected: dict[tuple[str, ...], float] = {}
    for i, a in enumerate(KINDS):
        for b in KINDS[i:]:
            ways = comb(unseen[a], 2) if a == b else unseen[a] * unseen[b]
            expected[tuple(sorted((a, b)))] = ways / comb(28, 2)
    assert len(expected) == 21 and abs(sum(expected.values()) - 1) < 1e-12
    trials = 4200
    rng = Rng(2026)
    seen = Counter(fromage.determinize(obs, rng).markers.hands[1] for _ in range(trials))
    assert set(seen) == set(expected)  # every hand the observation allows, and only those
    chi2 = sum((seen[h] - trials * p) ** 2 / (trials * p) for h, p in expected.items())
    assert chi2 < CHI2_20DF_999
