"""The heuristic farmer against random play, and offers made and answered by bots."""

from __future__ import annotations

from boardgames_fr import lactorama as L
from boardgames_fr.agents import RandomAgent
from boardgames_fr.core.errors import TERMINAL


def _match(seed: int, heuristic_seat: int) -> float:
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    agents[heuristic_seat] = L.HeuristicAgent(seed)  # type: ignore[call-overload]
    s = L.new_game(2, seed=seed)
    while s.to_move != TERMINAL:
        seat = s.to_move
        s = L.step(s, agents[seat].act(L.observe(s, seat), L.legal_actions(s)))
    won = L.winners(s)
    return (heuristic_seat in won) / len(won)


def test_heuristic_wins_most_2_farm_games_against_random() -> None:
    games = 120
    score = sum(_match(seed, seed % 2) for seed in range(games))
    assert score / games >= 0.6


def test_LA11_bots_make_and_answer_offers() -> None:
    """LA-11: heuristic farmers make offers at the Négoce, answer them, accept some."""
    made = accepted = refused = 0
    for seed in range(40):
        agents = [L.HeuristicAgent(seed), L.HeuristicAgent(seed + 7), L.HeuristicAgent(3)]
        s = L.new_game(3, seed=seed)
        while s.to_move != TERMINAL:
            seat = s.to_move
            a = agents[seat].act(L.observe(s, seat), L.legal_actions(s))
            made += type(a).__name__ == "Take"
            before = s.farms
            if s.phase == "offer_answer":
                accepted += type(a).__name__ == "AcceptOffer"
                refused += type(a).__name__ == "RefuseOffer"
            s = L.step(s, a)
            if type(a).__name__ == "AcceptOffer" and s.phase != "year_end":
                assert s.farms != before  # an accepted trade moves goods between farms
    # Bots really choose: some offers are accepted, some refused.
    assert made > 0 and accepted > 0 and refused > 0


def test_LA20_in_the_last_winter_the_farmer_buys_no_bons_nor_filiere_card() -> None:
    """LA-20: bons and filière cards count for nothing in the final balance, so in the last
    season the heuristic farmer neither pays for them nor sells them below their price."""
    from la_helpers import farm, play, roll, table

    from boardgames_fr.lactorama.actions import EndNegoce, Give, MakeOffer, RefuseOffer, Take

    last = {"pos": [2, -2], "year": 2, "season": 3}  # seat 0 rolls 7: the Négoce
    fs = [farm(filiere="techno", bons=6), farm(filiere="societale", bons=9, money=20000)]
    s = roll(table(2, farms=fs, **last), 3, 4)  # type: ignore[arg-type]
    s = play(s, MakeOffer(1), Give("bons", 3), Take("argent", 6000))
    assert L.HeuristicAgent(1).act(L.observe(s, 1), L.legal_actions(s)) == RefuseOffer()
    fs = [farm(filiere="ecolo", money=20000), farm(filiere="techno")]
    s = roll(table(2, farms=fs, **last), 3, 4)  # type: ignore[arg-type]
    assert s.phase == "negoce"
    assert L.HeuristicAgent(1).act(L.observe(s, 0), L.legal_actions(s)) == EndNegoce()
    # The same farm a year earlier does make its offer for the Techno card.
    s = roll(table(2, farms=fs, pos=[2, -2], year=1, season=3), 3, 4)
    assert isinstance(L.HeuristicAgent(1).act(L.observe(s, 0), L.legal_actions(s)), MakeOffer)


def test_LA13_LA18_the_farmer_keeps_its_filiere_from_a_farm_one_green_pawn_short() -> None:
    """LA-13, LA-18: green pawns come with Écolo cards, some doubled for an Écolo farm; a
    farm at 3 green pawns does not get the Écolo card for money, a farm with none does."""
    from la_helpers import farm, play, roll, table

    from boardgames_fr.lactorama.actions import AcceptOffer, Give, MakeOffer, RefuseOffer, Take

    answers = []
    for green in (0, 3):
        fs = [farm(filiere="techno", green=green, money=20000), farm(filiere="ecolo", ha=52)]
        s = roll(table(2, farms=fs, pos=[2, -2]), 3, 4)  # seat 0 rolls 7: the Négoce
        s = play(s, MakeOffer(1), Give("argent", 6000), Take("filiere", 0))
        answers.append(L.HeuristicAgent(1).act(L.observe(s, 1), L.legal_actions(s)))
    assert answers == [AcceptOffer(), RefuseOffer()]
