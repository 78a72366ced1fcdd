"""`determinize` (issue #21): a whole state drawn from what one seat sees.

Misère hides nothing but the state's generator and chance mode (`test_mi_hidden`), so the
one state an observation allows is the real one with a fresh generator, in auto mode.
"""

from __future__ import annotations

import attrs
from misere_positions import games

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.agents import RandomAgent
from boardgames_fr.core.fast import replace
from boardgames_fr.core.rng import Rng
from boardgames_fr.misere import determinize

SEATS = (0, 1, None)


def test_exported() -> None:
    assert "determinize" in misere.__all__
    assert misere.determinize is determinize
    from boardgames_fr.misere.determinize import determinize as direct

    assert direct is determinize


def test_the_sample_is_the_real_position_with_a_fresh_generator() -> None:
    """On every state of whole games (varied options, both chance modes, the end
    included) and for every seat and the public view: the sample looks the same to that
    seat, and is the real state with the generator ``rng.u64()`` and auto mode."""
    positions = 0
    for g, states in enumerate(games(16)):
        for k, s in enumerate(states):
            for seat in SEATS:
                obs = misere.observe(s, seat)
                t = determinize(obs, Rng(1000 * g + k))
                assert misere.observe(t, seat) == obs
                assert t == replace(s, rng=Rng(1000 * g + k).u64(), explicit=False)
                assert t.rng != s.rng
            positions += 1
    assert positions > 600


def test_samples_save_load_and_play_to_the_end() -> None:
    """A sample passes `validate` (through a save and a load) and plays on to the end
    with random legal moves, from every tenth state of whole games."""
    checked = 0
    for g, states in enumerate(games(8)):
        for k, s in enumerate(states[::10] + [states[-1]]):
            t = determinize(misere.observe(s, k % 2), Rng(g * 100 + k))
            assert bgf.loads(bgf.dumps(t)) == t
            misere.GAME.validate(t)
            bot = RandomAgent(k)
            moves = 0
            while not misere.is_terminal(t):
                t = misere.step(t, bot.act(misere.observe(t, t.to_move), misere.legal_actions(t)))
                moves += 1
                assert moves < 2000
            checked += 1
    assert checked > 40


def test_same_observation_same_seed_same_sample() -> None:
    s = list(games(5))[4][40]  # round 4 of a long game
    obs = misere.observe(s, 0)
    assert determinize(obs, Rng(7)) == determinize(obs, Rng(7))
    assert determinize(obs, Rng(7)).rng != determinize(obs, Rng(8)).rng
    # The sample reads the observation only: the public view gives the same state.
    assert determinize(misere.observe(s, None), Rng(7)) == determinize(obs, Rng(7))


def test_states_a_seat_cannot_tell_apart_give_the_same_samples() -> None:
    for states in games(4):
        for s in states[::7]:
            for seat in SEATS:
                twins = misere.GAME.hidden_variants(s, seat, Rng(3))
                twins += (attrs.evolve(s, explicit=not s.explicit),)
                for twin in twins:
                    assert twin != s
                    assert determinize(misere.observe(twin, seat), Rng(5)) == determinize(
                        misere.observe(s, seat), Rng(5)
                    )


def test_one_draw_from_rng() -> None:
    """The generator is the only thing drawn: `rng` advances by exactly one draw."""
    rng, ref = Rng(11), Rng(11)
    t = determinize(misere.observe(misere.new_game(2, seed=1), 1), rng)
    assert t.rng == ref.u64()
    assert rng.u64() == ref.u64()


# Chi-square critical value for 7 degrees of freedom at significance 0.001 (tables of the
# chi-square distribution: P(X > 24.322) = 0.001 for X ~ chi2(7)).
CHI2_7_0001 = 24.322


def test_samples_cover_every_arrangement_at_the_right_frequencies() -> None:
    """The observation allows one arrangement of the table (nothing is hidden) and any
    generator: over 4,000 samples the table is always the real one, and the generator's
    top three bits fall in their 8 bins uniformly (chi-square, fixed seed)."""
    s = list(games(5))[4][25]
    obs = misere.observe(s, 1)
    rng = Rng(2026)
    n, bins = 4000, [0] * 8
    tables = set()
    for _ in range(n):
        t = determinize(obs, rng)
        tables.add(replace(t, rng=0))
        bins[t.rng >> 61] += 1
    assert tables == {replace(s, rng=0, explicit=False)}
    expected = n / 8
    chi2 = sum((b - expected) ** 2 / expected for b in bins)
    assert chi2 < CHI2_7_0001, (chi2, bins)


def test_an_observation_holds_its_fields_only() -> None:
    """`observe` builds the observation from a copy of the state's dict: it holds the
    observation's fields and nothing else (not the generator, not the chance mode)."""
    names = {f.name for f in attrs.fields(misere.Observation)}
    for s in list(games(3))[2][::5]:
        for seat in SEATS:
            obs = misere.observe(s, seat)
            assert set(vars(obs)) == names
            assert obs.seat == seat
