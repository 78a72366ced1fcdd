"""`determinize` (issue #21): a whole state drawn from one seat's observation, that the
seat cannot tell from the real one (the deck and the unknown part of the other hand are
hidden), valid, playable to the end, reproducible, and drawn at the frequencies a shuffle
gives."""

from __future__ import annotations

import itertools
from collections import Counter

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.rng import Rng
from boardgames_fr.dorge_et_ble.determinize import unseen_cards
from boardgames_fr.dorge_et_ble.state import PLAY, State


def _random_game(seed: int, chance: str = "auto") -> list[State]:
    """Every state of a random game, chance nodes and the end included."""
    r = Rng(seed)
    s = db.new_game(seed=seed, chance=chance)
    states = [s]
    while s.to_move != TERMINAL:
        if s.to_move == CHANCE:
            s = db.step(s, bgf.sample_chance(s))
        else:
            legal = db.legal_actions(s)
            s = db.step(s, legal[r.randrange(len(legal))])
        states.append(s)
    return states


def _play_out(s: State, seed: int) -> State:
    r = Rng(seed)
    while s.to_move != TERMINAL:
        if s.to_move == CHANCE:
            s = db.step(s, bgf.sample_chance(s))
        else:
            legal = db.legal_actions(s)
            s = db.step(s, legal[r.randrange(len(legal))])
    return s


@pytest.mark.parametrize("chance", ["auto", "explicit"])
def test_determinize_gives_the_same_observation(chance: str) -> None:
    rng = Rng(7)
    seen_chance = seen_end = 0
    for game in range(4):
        states = _random_game(300 + game, chance)
        for i, s in enumerate(states):
            seen_chance += s.to_move == CHANCE
            seen_end += s.to_move == TERMINAL
            for seat in (None, 0, 1):
                obs = db.observe(s, seat)
                t = db.determinize(obs, rng)
                assert db.observe(t, seat) == obs
                assert t.explicit == (s.to_move == CHANCE)
                if seat is not None:
                    assert t.hands[seat] == s.hands[seat]
                    assert t.known == s.known
                if i % 20 == 0 or s.to_move == TERMINAL:
                    db.GAME.validate(t)
                    assert bgf.loads(bgf.dumps(t)) == t
                    assert _play_out(t, i).to_move == TERMINAL
    assert seen_end == 4 and (seen_chance > 0) == (chance == "explicit")


def test_determinize_hides_the_real_rng_hand_and_deck() -> None:
    s = _random_game(5)[12]  # year 2 (drought): seat 0 knows 3 of the 5 cards of seat 1
    assert s.phase == PLAY and (len(s.hands[1]), len(s.known[0])) == (5, 3)
    obs = db.observe(s, 0)
    samples = [db.determinize(obs, Rng(i)) for i in range(20)]
    assert all(t.rng != s.rng for t in samples)
    assert len({t.rng for t in samples}) == 20
    # The other hand and the deck are dealt again: not always the real ones.
    assert len({(t.hands[1], t.deck) for t in samples}) > 1
    assert all(t.hands[0] == s.hands[0] and set(s.known[0]) <= set(t.hands[1]) for t in samples)
    assert all(sorted(t.hands[1] + t.deck) == sorted(s.hands[1] + s.deck) for t in samples)


def test_determinize_is_reproducible_and_reads_only_the_observation() -> None:
    for s in _random_game(9, "explicit")[::9]:
        for seat in (0, 1):
            obs = db.observe(s, seat)
            world = db.determinize(obs, Rng(4))
            assert db.determinize(obs, Rng(4)) == world
            # States the seat cannot tell apart give the very same samples.
            for v in db.GAME.hidden_variants(s, seat, Rng(1)):
                assert db.determinize(db.observe(v, seat), Rng(4)) == world


def test_determinize_public_view_deals_both_hands() -> None:
    s = _random_game(3)[40]
    assert s.hands[0] and s.hands[1]
    obs = db.observe(s, None)
    samples = [db.determinize(obs, Rng(i)) for i in range(30)]
    assert len({t.hands for t in samples}) > 1
    assert all(tuple(map(len, t.hands)) == obs.hand_sizes for t in samples)
    assert all(t.known == ((), ()) for t in samples)


def test_observation_says_what_the_other_seat_knows_of_the_hand() -> None:
    # DB-05: after the first swap of a fruitful year each seat knows the whole hand it
    # passed; the seat now holding it knows that too (``known_by_other``).
    s = db.new_game(seed=3)
    s = db.step(s, db.legal_actions(s)[0])
    s = db.step(s, db.legal_actions(s)[0])
    assert s.known[1] == s.hands[0] and len(s.hands[0]) == 4
    assert db.observe(s, 0).known_by_other == s.hands[0]
    assert db.observe(s, 1).known_by_other == s.known[0] == s.hands[1]
    assert db.observe(s, None).known_by_other == ()
    assert db.observe(db.new_game(seed=3), 0).known_by_other == ()


def test_determinize_refuses_an_observation_no_deal_explains() -> None:
    obs = db.observe(_random_game(5)[30], 0)
    with pytest.raises(ValueError, match="do not add up"):
        db.determinize(attrs.evolve(obs, deck_size=obs.deck_size + 1), Rng(1))
    with pytest.raises(ValueError, match="two places"):
        db.determinize(attrs.evolve(obs, discard=(*obs.discard, obs.hand[0])), Rng(1))


# Chi-square critical value for 9 degrees of freedom at p = 0.001 (statistical tables;
# scipy.stats.chi2.ppf(0.999, 9) = 27.877): a right sampler fails 1 run in 1000, and the
# seed is fixed, so the test is deterministic.
CHI2_CRIT_DF9 = 27.877


def test_determinize_covers_every_split_at_the_right_frequencies() -> None:
    # Seed 11, move 100 of a random game (year 6): seat 0 does not see 5 cards, 2 in the
    # other hand and 3 in the deck; each of the C(5, 2) = 10 hands is as likely.
    s = _random_game(11)[100]
    obs = db.observe(s, 0)
    unseen = unseen_cards(obs)
    assert (len(unseen), obs.hand_sizes[1] - len(obs.known), obs.deck_size) == (5, 2, 3)
    rng = Rng(2026)
    samples = 5000
    counts = Counter(
        tuple(c for c in db.determinize(obs, rng).hands[1] if c in unseen) for _ in range(samples)
    )
    splits = list(itertools.combinations(unseen, 2))
    assert set(counts) == set(splits)
    expected = samples / len(splits)
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in splits)
    assert chi2 < CHI2_CRIT_DF9
