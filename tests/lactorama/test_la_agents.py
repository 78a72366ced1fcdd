"""The heuristic farmer against random play, and offers made and answered by bots."""

from __future__ import annotations

import attrs
from la_helpers import farm, play, roll, table

from boardgames_fr import lactorama as L
from boardgames_fr.agents import RandomAgent
from boardgames_fr.core.errors import TERMINAL
from boardgames_fr.lactorama.actions import (
    AcceptCard,
    AcceptOffer,
    BuyCows,
    ChangeFiliere,
    DeclineCard,
    DrawCard,
    EndPurchase,
    EndYear,
    Give,
    MakeOffer,
    Take,
)
from boardgames_fr.lactorama.agents import aim
from boardgames_fr.lactorama.components import OfferBudget


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
    s = play(s, MakeOffer(1), Give("bons", 3), Take("money", 6000))
    assert L.HeuristicAgent(1).act(L.observe(s, 1), L.legal_actions(s)) == RefuseOffer()
    # An Écolo farm half way to the size (68 ha, 60 cows: LA-18) plays for it, and so for
    # the Techno card, whose cards double its land.
    fs = [farm(filiere="ecolo", money=20000, ha=68, cows=60), farm(filiere="techno")]
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
        s = play(s, MakeOffer(1), Give("money", 6000), Take("filiere", 0))
        answers.append(L.HeuristicAgent(1).act(L.observe(s, 1), L.legal_actions(s)))
    assert answers == [AcceptOffer(), RefuseOffer()]


# --- a sensible farmer (second rule audit of session 7) ---------------------------------


def _bot(s: L.State) -> object:
    seat = L.current_player(s)
    return L.HeuristicAgent(1).act(L.observe(s, seat), L.legal_actions(s))


def test_LA18_the_farmer_takes_a_card_that_wins_the_game_at_once() -> None:
    """LA-18: I24 « Zone humide » takes 8 ha but gives 2 green pawns; a farm with 2 of
    them wins at once by accepting: it did decline, counting the land in euros."""
    s = table(2, farms=[farm(ha=52, green=2), farm(filiere="techno")])
    s = L.step(roll(s, 2, 3), DrawCard("I24"))
    assert s.phase == "card" and _bot(s) == AcceptCard()
    won = L.step(s, AcceptCard())
    assert (won.end_reason, L.winners(won)) == ("green", (0,))
    s = table(2, farms=[farm(ha=52, green=0), farm(filiere="techno")])
    assert _bot(L.step(roll(s, 2, 3), DrawCard("I24"))) == DeclineCard()  # no win: 8 ha lost


def test_LA11_the_farmer_takes_a_gift_for_nothing() -> None:
    """LA-11: one bon offered for nothing is accepted (a bon is worth 500 € to a farm
    that does not aim at bons, and the old bar was "more than 500")."""
    s = roll(table(2, farms=[farm(), farm(filiere="techno")]), 5, 6)  # to the Négoce
    s = play(s, MakeOffer(1), Give("bons", 1), Take("nothing", 0))
    assert (s.phase, L.current_player(s), _bot(s)) == ("offer_answer", 1, AcceptOffer())


def test_LA16_no_filiere_change_at_the_last_year_end() -> None:
    """LA-16, LA-20: a filière card helps only in seasons to come: after the last winter
    the farmer keeps its 5,000 €, where a year earlier it changes for the bons."""
    for year, move in ((0, ChangeFiliere("societale")), (2, EndYear())):
        rich = farm(money=20000, bons=14)
        s = table(2, farms=[rich, farm(filiere="techno")], arrived=(0, 1), pos=(-6, -6), year=year)
        s = attrs.evolve(
            s,
            stage="year_end",
            phase="year_end",
            queue=(0, 1),
            to_move=0,
            actor=0,
            season=3,
            budget=OfferBudget.fresh(2, 1),
        )
        assert _bot(s) == move, year


def test_LA10_LA20_in_the_last_season_cheap_cows_are_bought() -> None:
    """LA-10, LA-20: in the last winter a pair at 2,000 € a cow counts 5,000 at the end
    and earns the winter's accounts: the farmer buys it (it stopped buying at once)."""
    s = table(2, farms=[farm(ha=52, money=20000), farm(filiere="techno")], season=3, year=2)
    s = L.step(roll(s, 2, 3), DrawCard("I18"))  # 6 cows at 2,000 € each
    assert s.phase == "shop" and _bot(s) == BuyCows(False)
    at_the_foire = attrs.evolve(s, shop_price=3000)  # dearer than a cow counts at the end
    assert _bot(at_the_foire) == EndPurchase()


def test_LA18_an_ecolo_farm_takes_its_first_green_pawn() -> None:
    """LA-18: at the start (44 ha, 40 cows, 4 bons) the size looked half won (44 / 92 ha,
    40 / 80 cows) and every farm aimed at it, so an Écolo farm declined its first green
    pawn for 1,500 € (A05), a quarter of the green conviction. It now takes it; a Techno
    farm, which plays for the size, still lets it go."""
    for filiere, move in (("ecolo", AcceptCard()), ("techno", DeclineCard())):
        fs = [farm(filiere=filiere), farm(filiere="societale")]
        s = roll(table(2, farms=fs, slots={0: "A05"}, season=2), 1, 1)
        assert (s.phase, s.card, _bot(s)) == ("card", "A05", move), filiere
    assert aim(farm(filiere="ecolo")) == "green"
    assert aim(farm(filiere="societale")) == "bons"
    assert aim(farm(filiere="societale", ha=84, cows=76)) == "size"


def test_LA18_the_farmer_buys_the_pair_that_wins() -> None:
    """LA-18: with 78 cows on 92 ha and 5,500 € (no bon to borrow on), the pair that wins
    the game left less than its cash reserve, and the farmer stopped buying."""
    s = roll(table(2, farms=[farm(ha=92, cows=78, money=5500, bons=0), farm()]), 3, 3)
    assert (s.phase, L.legal_actions(s)) == ("shop", (BuyCows(False), EndPurchase()))
    assert _bot(s) == BuyCows(False)
    assert L.step(s, BuyCows(False)).end_reason == "size"
