"""Rule tests for Lactorama, named by rule id, with exact money, hectares, cows, bons, loans."""

from __future__ import annotations

import attrs
import pytest
from la_helpers import farm, play, roll, table

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.lactorama import data as D
from boardgames_fr.lactorama.actions import (
    AcceptCard,
    AcceptOffer,
    BuyCows,
    ChangeFiliere,
    ChooseFiliere,
    ChooseNeighbour,
    DeclineCard,
    DieRoll,
    DrawCard,
    EndPurchase,
    EndYear,
    Give,
    GiveLand,
    KeepBons,
    MakeOffer,
    ProposeAlliance,
    RefuseOffer,
    Repay,
    SellCows,
    Take,
)
from boardgames_fr.lactorama.components import OfferBudget, WaitingRoom
from boardgames_fr.lactorama.farms import farm_value
from boardgames_fr.lactorama.negoce import merge
from boardgames_fr.lactorama.state import Farm


def year_end(s: L.State, queue: tuple[int, ...]) -> L.State:
    """``s`` at the end-of-year decisions of the farms in ``queue``."""
    seat = s.farm_of.index(queue[0])
    return attrs.evolve(
        s,
        stage="year_end",
        phase="year_end",
        queue=queue,
        to_move=seat,
        actor=seat,
        season=3,
        budget=OfferBudget.fresh(len(s.farms), 1),
    )


# --- LA-01, LA-02, LA-03: players, farms, filières ---------------------------------------


def test_LA01_solo_and_team_player_counts() -> None:
    """LA-01: solo and team player counts."""
    for n in (2, 3, 4, 5):
        assert len(L.new_game(n, seed=1).farms) == n
    teams = L.new_game(4, seed=1, options={"teams": True})
    assert len(teams.farms) == 2 and teams.farm_of == (0, 1, 0, 1)
    assert L.new_game(6, seed=1).farm_of == (0, 1, 2, 0, 1, 2)
    assert len(L.new_game(8, seed=1).farms) == 4
    with pytest.raises(ValueError, match="7"):
        L.new_game(7, seed=1)
    with pytest.raises(ValueError, match="3"):
        L.new_game(3, seed=1, options={"teams": True})
    with pytest.raises(ValueError, match="9"):
        L.new_game(9, seed=1)


def test_LA01_team_turns_alternate_and_share_one_farm() -> None:
    """LA-01, LA-23: team turns alternate, each player with a pawn, one shared farm."""
    s = table(4, options={"teams": True})
    assert s.farm_of == (0, 1, 0, 1)
    s = roll(s, 1, 1)  # seat 0 lands on slot 0 (E01, +2,000) for team 0
    assert s.farms[0].money == 13000 and s.farms[1].money == 11000
    assert s.actor == 1  # the other team plays next
    s = roll(s, 6, 6)  # seat 1: -2 + 12 = 10, slot 6 (E01)
    assert s.actor == 2 and s.farm_of[2] == 0
    s = roll(s, 1, 1)  # seat 2 is team 0 again: same farm, same account
    assert s.farms[0].money == 15000


def test_LA02_each_farm_starts_with_44_ha_40_cows_11000_4_bons() -> None:
    """LA-02: each farm starts with 44 ha 40 cows 11000 4 bons."""
    s = L.new_game(5, seed=3)
    for f in s.farms:
        assert (f.ha, f.cows, f.money, f.bons, f.loans, f.green) == (44, 40, 11000, 4, 0, 0)


def test_LA03_filiere_by_two_dice() -> None:
    """LA-03: filiere by two dice."""
    s = L.new_game(3, seed=1, chance="explicit")
    assert s.phase == "filiere"
    s = play(s, DieRoll(1), DieRoll(3))  # 4: Sociétale
    s = play(s, DieRoll(2), DieRoll(6))  # 8: Écolo
    s = play(s, DieRoll(6), DieRoll(3))  # 9: Techno
    assert [f.filiere for f in s.farms] == ["societale", "ecolo", "techno"]


def test_LA03_a_filiere_taken_twice_is_chosen_among_the_others() -> None:
    """LA-03: a filiere taken twice is chosen among the others."""
    s = L.new_game(3, seed=1, chance="explicit")
    s = play(s, DieRoll(6), DieRoll(6), DieRoll(5), DieRoll(6))  # two Techno
    s = play(s, DieRoll(4), DieRoll(6))  # a third Techno: choose
    assert s.phase == "filiere_choice" and s.to_move == 2
    assert L.legal_actions(s) == (ChooseFiliere("societale"), ChooseFiliere("ecolo"))
    s = L.step(s, ChooseFiliere("ecolo"))
    assert [f.filiere for f in s.farms] == ["techno", "techno", "ecolo"]
    assert s.stage == "season" and s.phase == "deal"


# --- LA-04, LA-05, LA-06, LA-22: board, moves, seasons --------------------------------


def test_LA04_square_foire_twice_negoce_opposite() -> None:
    """LA-04: square foire twice negoce opposite."""
    kinds = [k for k, _ in D.route(12)]
    assert len(kinds) == 19 and kinds.count("saison") == 12 and kinds.count("imprevu") == 4
    assert [i for i, k in enumerate(kinds) if k == "foire"] == [4, 14]
    assert kinds.index("negoce") == 9  # halfway between the two crossings of the Foire
    assert [len(d) for d in D.SEASON_DECKS] == [16, 16, 16, 16]  # 12 on the square, 4 spare


def test_LA04_season_decks_are_never_mixed() -> None:
    """LA-04: season decks are never mixed."""
    s = L.new_game(2, seed=5, chance="explicit")
    while s.phase != "roll":  # filières, then the spring square is dealt
        s = L.step(s, bgf.sample_chance(s))
    spring = set(D.SEASON_DECKS[0])
    assert set(s.slots) <= spring and len(s.slots) == 12
    assert sorted(s.slots + s.deck) == sorted(D.SEASON_DECKS[0])
    # Through a whole game: every square dealt holds only its own season's cards, the
    # whole deck gathered again (square + deck = the season's deck).
    seen: set[tuple[int, int]] = set()
    for seed in (5, 6):
        g = L.new_game(2, seed=seed, chance="explicit")
        while not L.is_terminal(g):
            if g.phase == "roll" and all(g.slots):
                assert sorted(g.slots + g.deck) == sorted(D.SEASON_DECKS[g.season])
                seen.add((g.year, g.season))
            if L.current_player(g) == bgf.CHANCE:
                g = L.step(g, bgf.sample_chance(g))
            else:
                g = L.step(g, L.legal_actions(g)[-1])
    assert {season for _, season in seen} == {0, 1, 2, 3}


def test_LA05_start_at_hexagon_space_5_and_do_the_square_at_once() -> None:
    """LA-05: start at hexagon space 5 and do the square at once."""
    s = table(2, slots={0: "P05"})  # Journée portes ouvertes: +2 bons
    assert s.pos == (-2, -2)  # hexagon space 5
    s = roll(s, 1)
    assert s.to_move == bgf.CHANCE and s.pos == (-2, -2)  # second die to come
    s = roll(s, 1)
    assert s.pos[0] == 0 and s.farms[0].bons == 6


def test_LA05_a_short_roll_stays_in_the_hexagon() -> None:
    """LA-05: a short roll stays in the hexagon."""
    s = table(2, options={"dice": 1}, pos=(-6, -2))
    s = roll(s, 3)
    assert s.pos[0] == -3 and s.actor == 1


def test_LA06_waiting_room_then_season_accounts() -> None:
    """LA-06: waiting room then season accounts."""
    s = table(2, pos=(17, -6), arrived=(1,))
    s = roll(s, 1, 1)  # seat 0 reaches the hexagon: everyone is there
    assert D.income(40, 44) == 1700  # LA-06: 40 x 250 + 44 x 50 - 10,500
    assert [f.money for f in s.farms] == [12700, 12700]
    assert s.season == 1 and s.phase == "deal" and s.room.arrived == ()
    while s.phase == "deal":
        s = L.step(s, bgf.sample_chance(s))
    # Seat 0 played last: seat 1 starts the summer; its first roll is pending.
    assert s.phase == "roll" and s.actor == 1 and s.dice == ()
    assert set(s.slots) <= set(D.SEASON_DECKS[1])


def test_LA06_first_to_arrive_waits() -> None:
    """LA-06: first to arrive waits."""
    s = table(3, pos=(17, 0, 0))
    s = roll(s, 1, 1)  # seat 0 arrives
    assert s.room.arrived == (0,)
    s = roll(s, 1, 1)  # seat 1 (to slot 1... square 2)
    s = roll(s, 1, 1)  # seat 2
    assert s.actor == 1  # seat 0 is skipped while it waits


def test_LA06_negative_income_is_paid_to_the_bank() -> None:
    """LA-06: negative income is paid to the bank."""
    poor = farm(ha=20, cows=20, money=5000)
    s = table(2, farms=[poor, farm()], pos=(17, -6), arrived=(1,))
    s = roll(s, 1, 1)
    assert D.income(20, 20) == -4500
    assert s.farms[0].money == 500 and s.farms[0].cows == 20


def test_LA22_hexagon_second_round_and_same_start_next_season() -> None:
    """LA-22: hexagon second round and same start next season."""
    s = table(2, pos=(17, -6), arrived=(1,))
    s = roll(s, 6, 6)  # 17 + 12 = 29: 10 past the square, round the 6 spaces: space 5
    assert s.pos[0] == -2
    while s.to_move == bgf.CHANCE and s.phase == "deal":
        s = L.step(s, bgf.sample_chance(s))
    assert s.pos == (-2, -6)  # the summer starts from the same hexagon spaces


# --- LA-07 to LA-12: money, neighbours, land, Foire, Négoce, cow prices -------------------


def test_LA07_short_of_money_cows_go_to_the_butcher() -> None:
    """LA-07, LA-24: short of money, cows go to the butcher by pairs."""
    s = table(2, farms=[farm(money=500), farm()], slots={0: "P03"})  # -1,500
    s = roll(s, 1, 1)
    # 500 - 1,500 = -1,000: two cows to the butcher at 2,000 each.
    assert (s.farms[0].money, s.farms[0].cows) == (3000, 38)


def test_LA07_loans_only_to_buy_cows() -> None:
    """LA-07: loans only to buy cows."""
    s = table(2, farms=[farm(money=500), farm()], slots={0: "P15"})  # land for 14,000
    s = roll(s, 1, 1)
    # Cannot pay in cash, cannot borrow for land: the card is not offered.
    assert s.actor == 1 and s.farms[0].ha == 44 and s.farms[0].loans == 0


def test_LA08_neighbour_just_ahead() -> None:
    """LA-08: neighbour just ahead."""
    s = table(3, slots={0: "P10"}, pos=(-2, 5, 7))  # +1 bon to me and my neighbour
    s = roll(s, 1, 1)
    assert [f.bons for f in s.farms] == [5, 5, 4]


def test_LA08_nobody_ahead_then_just_behind() -> None:
    """LA-08: nobody ahead then just behind."""
    s = table(3, slots={9: "P10"}, pos=(10, 5, 3))
    s = roll(s, 2, 3)  # route index 15 holds slot 9; both others are behind
    assert s.pos[0] == 15
    assert [f.bons for f in s.farms] == [5, 5, 4]  # seat 1, just behind, is the neighbour


def test_LA08_tie_the_actor_chooses() -> None:
    """LA-08: tie the actor chooses."""
    s = table(3, slots={0: "P10"})  # everyone else still at hexagon space 5, behind
    s = roll(s, 1, 1)
    assert s.phase == "neighbour" and s.to_move == 0
    assert L.legal_actions(s) == (ChooseNeighbour(1), ChooseNeighbour(2))
    s = L.step(s, ChooseNeighbour(2))
    assert [f.bons for f in s.farms] == [5, 4, 5]


def test_LA08_les_voisins_is_everyone() -> None:
    """LA-08: les voisins is everyone."""
    s = table(3, slots={0: "P07"})  # milk price up for all: +1,500
    s = roll(s, 1, 1)
    assert [f.money for f in s.farms] == [12500, 12500, 12500]


def test_LA09_land_decrease_forces_cow_sales() -> None:
    """LA-09: land decrease forces cow sales."""
    s = table(2, farms=[farm(ha=44, cows=44), farm()], slots={0: "P11"})  # -8 ha
    s = roll(s, 1, 1)
    f = s.farms[0]
    assert (f.ha, f.cows, f.money) == (36, 36, 11000 + 8 * 2000)


def test_LA09_land_increase_is_optional() -> None:
    """LA-09: land increase is optional."""
    s = table(2, farms=[farm(money=20000), farm()], slots={0: "P15"})  # 8 ha for 14,000
    s = roll(s, 1, 1)
    assert s.phase == "card" and L.legal_actions(s) == (AcceptCard(), DeclineCard())
    declined = L.step(s, DeclineCard())
    assert declined.farms[0].ha == 44 and declined.farms[0].money == 20000
    took = L.step(s, AcceptCard())
    assert took.farms[0].ha == 52 and took.farms[0].money == 6000


def test_LA10_foire_buys_pairs_at_2500_up_to_the_hectares() -> None:
    """LA-10: foire buys pairs at 2500 up to the hectares."""
    s = table(2, slots={}, pos=(-2, -2))
    s = roll(s, 3, 3)  # route index 4: the Foire
    assert s.phase == "shop"
    assert L.legal_actions(s) == (BuyCows(False), BuyCows(True), EndPurchase())
    s = L.step(s, BuyCows(False))
    assert (s.farms[0].cows, s.farms[0].money) == (42, 6000)
    s = L.step(s, BuyCows(False))
    assert (s.farms[0].cows, s.farms[0].money) == (44, 1000)
    assert s.actor == 1  # 44 cows on 44 ha: no more room, the visit ends


def test_LA10_full_farm_skips_the_foire() -> None:
    """LA-10: full farm skips the foire."""
    s = table(2, farms=[farm(cows=44), farm()])
    s = roll(s, 3, 3)
    assert s.phase == "roll" and s.actor == 1 and s.farms[0].cows == 44


def test_LA11_negoce_offer_accepted() -> None:
    """LA-11: negoce offer accepted."""
    s = table(2, farms=[farm(money=20000), farm(cows=30)])
    s = roll(s, 5, 6)  # route index 9: the Négoce
    assert s.phase == "negoce" and MakeOffer(1) in L.legal_actions(s)
    s = play(s, MakeOffer(1), Give("money", 10000))
    assert Take("ha", 8) in L.legal_actions(s)
    s = L.step(s, Take("ha", 8))
    assert s.phase == "offer_answer" and s.to_move == 1
    s = L.step(s, AcceptOffer())
    a, b = s.farms
    assert (a.ha, a.money, b.ha, b.money) == (52, 10000, 36, 21000)


def test_LA11_offer_refused_and_bounded() -> None:
    """LA-11: offer refused and bounded."""
    s = table(2, farms=[farm(money=20000), farm(filiere="techno")])
    s = roll(s, 5, 6)
    s = play(s, MakeOffer(1), Give("filiere", 0), Take("money", 2000), RefuseOffer())
    assert s.farms[0].filiere == "ecolo" and s.farms[0].money == 20000
    assert s.phase == "negoce"
    s = play(s, MakeOffer(1), Give("bons", 1), Take("money", 1000), RefuseOffer())
    assert s.phase == "roll" and s.actor == 1  # two offers made: the visit is over


def test_LA11_filiere_swap() -> None:
    """LA-11: filiere swap."""
    other = farm(filiere="techno")
    s = table(2, farms=[farm(), other])
    s = roll(s, 5, 6)
    s = play(s, MakeOffer(1), Give("money", 3000), Take("filiere", 0), AcceptOffer())
    assert [f.filiere for f in s.farms] == ["techno", "ecolo"]
    assert [f.money for f in s.farms] == [8000, 14000]


def test_LA11_no_offer_leaves_more_cows_than_hectares() -> None:
    """LA-11: no offer leaves more cows than hectares."""
    s = table(2, farms=[farm(), farm()])
    s = roll(s, 5, 6)
    s = play(s, MakeOffer(1), Give("money", 10000))
    assert Take("ha", 8) not in L.legal_actions(s)  # the partner has 40 cows on 44 ha


def test_LA12_three_cow_prices() -> None:
    """LA-12: three cow prices."""
    # Butcher (forced): LA-07 above. Bank: 2,500 each (H16). Between players: negotiated.
    s = table(2, slots={0: "H16"})
    s = roll(s, 1, 1)
    assert (s.farms[0].cows, s.farms[0].money) == (38, 16000)
    s = table(2, farms=[farm(), farm(ha=52)])
    s = roll(s, 5, 6)
    assert Take("money", 12000) not in L.legal_actions(play(s, MakeOffer(1), Give("cows", 4)))
    s = play(s, MakeOffer(1), Give("cows", 4), Take("money", 10000), AcceptOffer())
    assert [(f.cows, f.money) for f in s.farms] == [(36, 21000), (44, 1000)]


def test_LA12_bank_sales_at_the_year_end_with_the_option() -> None:
    """LA-12 « Lorsqu'il a un besoin d'argent », 2,500 a cow at the bank: with the option
    bank_sales, a farm sells pairs at its year end, never below 20 cows (LA-19)."""
    plain = year_end(table(2, farms=[farm(cows=24, money=1000), farm()]), (0, 1))
    assert SellCows() not in L.legal_actions(plain)  # the seed's default: no such move
    assert "only with the option bank_sales" in _reason(plain, SellCows())
    assert _fr(plain, SellCows()) == (
        "les vaches ne se vendent à la banque qu'avec l'option bank_sales"
    )
    s = attrs.evolve(plain, options=L.Options(bank_sales=True))
    assert L.legal_actions(s)[0] == SellCows()
    assert L.describe(SellCows(), s, "fr") == "vendre 2 vaches à la banque (5 000 €)"
    s = L.step(s, SellCows())
    assert (s.farms[0].cows, s.farms[0].money) == (22, 6000)
    assert (s.phase, s.to_move) == ("year_end", 0)  # the farm goes on with its year end
    s = L.step(s, SellCows())
    assert (s.farms[0].cows, s.farms[0].money) == (20, 11000)
    assert SellCows() not in L.legal_actions(s)
    assert "keeps 20 cows at least" in _reason(s, SellCows())
    assert _fr(s, SellCows()) == (
        "Joueur 1 garde au moins 20 vaches : une exploitation de moins de 20 vaches est éliminée"
    )
    t = table(2, options={"bank_sales": True})  # a season turn: not the moment
    assert _reason(t, SellCows()).startswith("the dice or the cards decide now, not a player; ")
    assert _fr(t, SellCows()).startswith(
        "ce sont les dés ou les cartes qui décident maintenant, pas un joueur ; possibles : "
    )


# --- LA-13, LA-14, LA-15: Imprévus, bons, loans --------------------------------------


def test_LA13_imprevu_matching_filiere_is_doubled_and_goes_under() -> None:
    """LA-13: imprevu matching filiere is doubled and goes under."""
    s = table(2)
    s = roll(s, 2, 3)  # route index 3: Imprévu
    assert s.phase == "draw_imprevu" and DrawCard("I01") in L.legal_actions(s)
    s = L.step(s, DrawCard("I01"))  # wind turbine: 5,000, Écolo x2
    assert s.farms[0].money == 21000
    assert "I01" not in s.imprevu and s.imprevu_under == ("I01",)
    t = table(2, farms=[farm(filiere="techno"), farm()])
    t = L.step(roll(t, 2, 3), DrawCard("I01"))
    assert t.farms[0].money == 16000


def test_LA13_factor_zero_cancels() -> None:
    """LA-13: factor zero cancels."""
    s = table(2, slots={0: "E02"})  # drought -2,500, Écolo x0
    assert roll(s, 1, 1).farms[0].money == 11000
    t = table(2, farms=[farm(filiere="techno"), farm()], slots={0: "E02"})
    assert roll(t, 1, 1).farms[0].money == 8500


def test_LA13_reversed_for_the_matching_filiere() -> None:
    """LA-13: « l'effet est positif ou négatif »: the milk crisis (I15, -2,000 for all)
    is reversed for a Sociétale farm (x -1): it gains 2,000 while the others pay."""
    assert D.CARDS["I15"].effects[0].x == -1 and D.CARDS["I15"].filiere == "societale"
    fs = [farm(filiere="societale"), farm(), farm(filiere="societale")]
    s = L.step(roll(table(3, farms=fs), 2, 3), DrawCard("I15"))  # route index 3: Imprévu
    assert [f.money for f in s.farms] == [13000, 9000, 13000]
    assert s.imprevu_under == ("I15",)
    assert D.card_text(D.CARDS["I15"], "fr").endswith("(Sociétale : inversé)")
    assert D.effect_text(D.CARDS["I15"].effects[0], "societale", "en").endswith(
        "(Societal: reversed)"
    )


def test_LA13_kept_card_cancels_the_next_loss() -> None:
    """LA-13: kept card cancels the next loss."""
    s = table(2, slots={0: "E03"})  # heatwave: 2 cows lost
    s = L.step(roll(s, 2, 3), DrawCard("I05"))  # herd insurance, kept
    assert s.farms[0].kept == ("I05",) and s.imprevu_under == ()
    s = attrs.evolve(s, to_move=bgf.CHANCE, phase="roll", actor=0, pos=(-2, -2))
    s = roll(s, 1, 1)
    assert s.farms[0].cows == 40 and s.farms[0].kept == () and s.imprevu_under == ("I05",)


def test_LA13_kept_card_cancels_a_payment_to_the_neighbour() -> None:
    """LA-13: « Caisse de solidarité » (I06) cancels the holder's next forced expense,
    a payment to the neighbour (E07) included; the card goes under the pile."""
    s = table(2, farms=[farm(), farm(kept=("I06",))], slots={0: "E07"})
    s = roll(s, 1, 1)  # E07: the neighbour (farm B) buys straw for 1,500
    assert [f.money for f in s.farms] == [11000, 11000]
    assert s.farms[1].kept == () and s.imprevu_under == ("I06",)
    s = table(2, slots={0: "E07"})  # without the card the neighbour pays
    s = roll(s, 1, 1)
    assert [f.money for f in s.farms] == [12500, 9500]


def test_LA14_missing_bons_cost_500_each() -> None:
    """LA-14: missing bons cost 500 each."""
    s = table(2, farms=[farm(bons=0), farm()], slots={0: "A12"})  # -1 bon
    s = roll(s, 1, 1)
    assert (s.farms[0].bons, s.farms[0].money) == (0, 10500)


def test_LA14_some_cards_need_bons() -> None:
    """LA-14: some cards need bons."""
    s = table(2, farms=[farm(bons=2), farm()], slots={0: "H10"})  # needs 3 bons
    s = roll(s, 1, 1)
    assert s.actor == 1 and s.farms[0].green == 0
    t = table(2, farms=[farm(bons=3), farm()], slots={0: "H10"})
    t = L.step(roll(t, 1, 1), AcceptCard())
    # One green pawn even for this Écolo farm: H10 is no longer doubled for Écolo (session 9
    # rebalance, the Choices row "Who rolls for a filière first").
    assert (t.farms[0].green, t.farms[0].bons, t.farms[0].money) == (1, 4, 7000)


def test_LA15_loan_at_the_foire_interest_and_repayment() -> None:
    """LA-15: loan at the foire interest and repayment."""
    s = table(2)
    s = L.step(roll(s, 3, 3), BuyCows(True))
    f = s.farms[0]
    # 5,000 for two cows: 4,000 borrowed (2 tickets), 1,000 cash; 1 bon pledged.
    assert (f.cows, f.money, f.loans, f.bons) == (42, 10000, 2, 3)
    # After winter: 5 % interest on 4,000, then repayment.
    s = attrs.evolve(s, pos=(17, -6), room=WaitingRoom((1,)), season=3, phase="roll")
    s = attrs.evolve(s, to_move=bgf.CHANCE, actor=0, dice=())
    s = roll(s, 1, 1)
    income = D.income(42, 44)
    assert s.phase == "year_end" and s.farms[0].money == 10000 + income - 200
    assert s.queue == (1, 0) and s.to_move == 1  # in order of arrival in the hexagon
    s = L.step(s, EndYear())
    assert s.to_move == 0 and Repay() in L.legal_actions(s)
    before = s.farms[0].money
    s = L.step(s, Repay())
    assert (s.farms[0].loans, s.farms[0].money, s.farms[0].bons) == (1, before - 2000, 3)
    s = L.step(s, Repay())
    assert (s.farms[0].loans, s.farms[0].bons) == (0, 4)  # the pledged bon comes back


def test_LA15_every_loan_pledges_a_bon_and_none_without_a_bon() -> None:
    """LA-14, LA-15: « Les bons sont indispensables pour emprunter »: each pair bought
    with a loan pledges a bon; a farm with no free bon cannot borrow."""
    s = table(2, farms=[farm(ha=60, money=20000, bons=2), farm()])
    s = play(roll(s, 3, 3), BuyCows(True))
    f = s.farms[0]
    assert (f.loans, f.bons, f.pledged) == (2, 1, 1)
    s = L.step(s, BuyCows(True))  # the second loan pledges a bon too
    f = s.farms[0]
    assert (f.loans, f.bons, f.pledged) == (4, 0, 2)
    assert BuyCows(True) not in L.legal_actions(s)  # no free bon left
    assert BuyCows(False) in L.legal_actions(s)
    broke = table(2, farms=[farm(bons=0), farm()])
    broke = roll(broke, 3, 3)
    assert broke.phase == "shop" and BuyCows(True) not in L.legal_actions(broke)


def test_LA15_loans_count_against_the_farm_at_the_end() -> None:
    """LA-15: loans count against the farm at the end."""
    f = farm(loans=3)
    assert farm_value(f) == 44 * 3000 + 40 * 2500 + 11000 - 6000


# --- LA-16, LA-17: end of year, alliances ---------------------------------------------


def test_LA16_filiere_change_for_5000_first_come_first_served() -> None:
    """LA-16: filiere change for 5000 first come first served."""
    fs = [farm(filiere="techno"), farm(filiere="ecolo"), farm(filiere="ecolo")]
    s = year_end(table(3, farms=fs), (0, 1, 2))
    legal = L.legal_actions(s)
    assert ChangeFiliere("societale") in legal and ChangeFiliere("ecolo") not in legal
    s = L.step(s, ChangeFiliere("societale"))
    assert (s.farms[0].filiere, s.farms[0].money) == ("societale", 6000)
    s = L.step(s, EndYear())
    assert s.to_move == 1 and ChangeFiliere("techno") in L.legal_actions(s)
    # First come, first served: the earlier farm takes the last Sociétale card (two of a
    # kind at most), and the later one can no longer have it.
    fs = [farm(filiere="techno"), farm(filiere="societale"), farm(filiere="ecolo")]
    s = year_end(table(3, farms=fs), (0, 2, 1))
    s = play(s, ChangeFiliere("societale"), EndYear())
    assert s.to_move == 2 and ChangeFiliere("societale") not in L.legal_actions(s)
    assert ChangeFiliere("techno") in L.legal_actions(s)


def test_LA17_alliance_example_of_the_seed() -> None:
    """LA-17: alliance example of the seed."""
    a, b, c = farm(ha=40, cows=32), farm(ha=60, cows=56), farm(ha=36, cows=36)
    s = year_end(table(3, farms=[a, b, c]), (0, 1, 2))
    assert ProposeAlliance(2) in L.legal_actions(s)
    s = L.step(s, ProposeAlliance(2))
    assert s.phase == "alliance_answer" and s.to_move == 2
    s = L.step(s, AcceptOffer())
    ac, b2, c2 = s.farms
    assert (ac.ha, ac.cows) == (58, 50)  # 40 + 36/2, 32 + 36/2
    assert (b2.ha, b2.cows) == (68, 64)  # the farm left alone gets 8 ha and 8 cows
    assert ac.money == 22000 and ac.allied and c2.status == "absorbed"
    assert s.farm_of == (0, 1, 0)
    # Same filière, same bons: nothing to choose; the allied farm goes on with its year.
    assert (s.phase, s.to_move, s.queue) == ("year_end", 0, (0, 1))


def test_LA17_the_allied_farm_chooses_its_filiere_then_its_bon_pile() -> None:
    """LA-17: « choisir une seule carte filière », « Seul un paquet de bon est conservé »:
    decisions of the allied farm (played by the proposer's seat), one after the other."""
    a = farm(ha=40, cows=32, bons=3, filiere="ecolo")
    b = farm(ha=60, cows=56, bons=2, filiere="societale")
    c = farm(ha=36, cows=36, bons=6, filiere="techno")
    s = play(year_end(table(3, farms=[a, b, c]), (0, 1, 2)), ProposeAlliance(2), AcceptOffer())
    assert (s.phase, s.to_move) == ("alliance_filiere", 0)
    assert L.legal_actions(s) == (ChooseFiliere("ecolo"), ChooseFiliere("techno"))
    assert L.describe(ChooseFiliere("techno"), s, "en") == "keep the Techno filière"
    assert _reason(s, ChooseFiliere("societale")) == (
        'Player 1: the alliance keeps one of its own filière cards, Eco ("ecolo") or Techno'
        ' ("techno")'
    )
    assert _fr(s, ChooseFiliere("societale")) == (
        "Joueur 1 : l'alliance garde l'une de ses propres cartes filière, Écolo (« ecolo »)"
        " ou Techno (« techno »)"
    )
    s = L.step(s, ChooseFiliere("techno"))
    assert s.farms[0].filiere == "techno" and s.farms[0].bons == 3  # A's bons until chosen
    assert (s.phase, s.to_move) == ("alliance_bons", 0)
    assert L.legal_actions(s) == (KeepBons(0), KeepBons(2))
    assert L.describe(KeepBons(2), s, "fr") == "garder les bons de l'exploitation C (6)"
    assert "the bons of farm A or farm C" in _reason(s, KeepBons(1))
    assert _fr(s, KeepBons(1)) == (
        "Joueur 1 : l'alliance garde les bons de l'exploitation A ou de l'exploitation C"
    )
    s = L.step(s, KeepBons(2))
    f = s.farms[0]
    assert (f.filiere, f.bons, f.ha, f.cows, f.allied) == ("techno", 6, 58, 50, True)
    assert (s.phase, s.to_move, s.offer) == ("year_end", 0, None)


def test_LA17_nobody_left_alone_keeps_one_filiere_and_pools_the_bons() -> None:
    """LA-17: with nobody left alone, the bons are pooled (no choice) but one filière card
    is still chosen (« Il faut toutefois choisir une seule carte filière »)."""
    fs = [
        farm(ha=40, cows=32, bons=3, filiere="ecolo"),
        farm(ha=36, cows=36, bons=5, filiere="societale"),
        farm(allied=True),
    ]
    s = play(year_end(table(3, farms=fs), (0, 1)), ProposeAlliance(1), AcceptOffer())
    assert s.phase == "alliance_filiere"
    assert L.legal_actions(s) == (ChooseFiliere("societale"), ChooseFiliere("ecolo"))
    s = L.step(s, ChooseFiliere("societale"))
    f = s.farms[0]
    assert (f.filiere, f.bons, f.ha, f.cows) == ("societale", 8, 76, 68)
    assert s.phase != "alliance_bons" and s.offer is None


def test_LA17_a_save_choosing_for_an_alliance_names_the_absorbed_ally() -> None:
    """LA-17: a save at the alliance's choice must name the absorbed ally."""
    a, b, c = farm(filiere="ecolo"), farm(), farm(filiere="techno")
    s = play(year_end(table(3, farms=[a, b, c]), (0, 1, 2)), ProposeAlliance(2), AcceptOffer())
    # The helper's square is not a real deal: a winter square dealt, and every pawn in the
    # hexagon, as a real year end has them (LA-04, LA-06).
    winter = D.SEASON_DECKS[3]
    s = attrs.evolve(s, slots=winter[:12], deck=winter[12:], room=WaitingRoom((0, 1, 2)))
    assert s.phase == "alliance_filiere"
    L.GAME.validate(s)
    with pytest.raises(bgf.InvalidStateError, match="absorbed ally"):
        L.GAME.validate(attrs.evolve(s, offer=attrs.evolve(s.offer, partner=1)))


def test_LA17_nobody_left_alone_pools_everything() -> None:
    """LA-17: nobody left alone pools everything."""
    fs = [farm(ha=40, cows=32, bons=3), farm(ha=36, cows=36, bons=5), farm(allied=True)]
    s = merge(table(3, farms=fs), 0, 1)
    f = s.farms[0]
    assert (f.ha, f.cows, f.bons, f.money) == (76, 68, 8, 22000)


def test_LA17_half_a_herd_is_whole_pairs_and_pledged_bons_are_pooled() -> None:
    """LA-17, LA-24: half of 38 cows is 18 (whole pairs); pledged bons add up."""
    a = attrs.evolve(farm(ha=40, cows=32, loans=2), pledged=1)
    c = attrs.evolve(farm(ha=38, cows=38, loans=2), pledged=1)
    s = merge(table(3, farms=[a, farm(), c]), 0, 2)
    f = s.farms[0]
    assert (f.ha, f.cows, f.loans, f.pledged) == (59, 50, 4, 2)
    assert f.cows % 2 == 0


def test_LA24_a_gift_of_cows_on_odd_hectares_stops_at_whole_pairs() -> None:
    """LA-09, LA-24: a gift of cows stops at the hectares, by whole pairs. An alliance can
    leave odd hectares (59 ha above); 58 cows there gained one cow from P01 (+2 cows),
    an odd herd no rule makes, which a save then refused."""
    s = table(2, farms=[farm(ha=59, cows=58, filiere="ecolo"), farm()], slots={0: "P01"})
    s = roll(s, 1, 1)  # slot 0: P01, +2 cows
    assert (s.farms[0].ha, s.farms[0].cows) == (59, 58)
    s = table(2, farms=[farm(ha=59, cows=56, filiere="ecolo"), farm()], slots={0: "P01"})
    assert roll(s, 1, 1).farms[0].cows == 58


def test_LA17_no_conviction_win_after_an_alliance() -> None:
    """LA-17: no conviction win after an alliance."""
    s = table(2, farms=[farm(bons=20, allied=True), farm()], slots={0: "E05"})  # +2 bons
    s = roll(s, 1, 1)
    assert s.farms[0].bons == 22 and not L.is_terminal(s)


def test_LA17_alliance_needs_three_farms() -> None:
    """LA-17: alliance needs three farms."""
    s = year_end(table(2), (0, 1))
    assert not any(isinstance(a, ProposeAlliance) for a in L.legal_actions(s))


def test_LA17_left_alone_is_judged_when_each_alliance_is_made() -> None:
    """LA-17: with four farms, A and B ally while C and D are left alone (+8 ha, +8 cows
    each); when C and D then ally, nobody is left alone: they pool everything."""
    s = play(year_end(table(4), (0, 1, 2, 3)), ProposeAlliance(1), AcceptOffer())
    assert [(f.ha, f.cows, f.status) for f in s.farms] == [
        (66, 60, "active"),
        (44, 40, "absorbed"),
        (52, 48, "active"),
        (52, 48, "active"),
    ]
    s = play(s, EndYear(), ProposeAlliance(3), AcceptOffer())
    cd = s.farms[2]
    assert (cd.ha, cd.cows, cd.bons, cd.money, cd.allied) == (104, 96, 8, 22000, True)
    assert s.farms[0].ha == 66 and s.farms[3].status == "absorbed"


def test_LA17_an_alliance_never_owes_more_than_40_loan_tickets() -> None:
    """LA-15, LA-17: « Les emprunts cumulés sont conservés », and the bank holds 40 tickets
    at most from one farm: two farms owing 41 together cannot ally; 40 can, and then pay
    get their pledged bons back as they repay (one bon per two tickets owed)."""

    def owing(loans: int) -> Farm:
        return attrs.evolve(
            farm(ha=60, cows=56, money=30000, bons=0, loans=loans), pledged=loans // 2
        )

    s = year_end(table(3, farms=[owing(20), farm(), owing(21)]), (0, 1, 2))
    assert ProposeAlliance(1) in L.legal_actions(s)
    assert ProposeAlliance(2) not in L.legal_actions(s)
    assert "would owe 41 loan tickets" in _reason(s, ProposeAlliance(2))
    assert _fr(s, ProposeAlliance(2)) == (
        "Joueur 1 : ensemble, les deux exploitations devraient 41 tickets emprunt : la banque"
        " n'en prête pas plus de 40 à une même exploitation (LA-15)"
    )
    s = year_end(table(3, farms=[owing(20), farm(), owing(20)]), (0, 1, 2))
    s = play(s, ProposeAlliance(2), AcceptOffer())
    f = s.farms[0]
    assert (f.loans, f.pledged, f.money) == (40, 20, 60000)
    s = play(s, Repay(), Repay())
    f = s.farms[0]
    assert (f.loans, f.pledged, f.bons, f.money) == (38, 19, 1, 56000)


# --- LA-18, LA-19, LA-20: wins and the end ---------------------------------------------


def test_LA18_conviction_four_green_pawns() -> None:
    """LA-18: conviction four green pawns."""
    s = table(2, farms=[farm(green=3, filiere="techno"), farm()], slots={0: "E10"})
    s = L.step(roll(s, 1, 1), AcceptCard())  # restored pond: -2,000, +1 green pawn
    assert L.is_terminal(s) and s.end_reason == "green" and L.winners(s) == (0,)


def test_LA18_conviction_22_bons() -> None:
    """LA-18: conviction 22 bons."""
    s = table(2, farms=[farm(bons=20), farm()], slots={0: "E05"})  # +2 bons
    s = roll(s, 1, 1)
    assert L.is_terminal(s) and s.end_reason == "bons" and L.winners(s) == (0,)


def test_LA18_conviction_reached_at_the_negoce_ends_the_game_at_once() -> None:
    """LA-18: bons bought at the Négoce reach 22: the game ends on the accepted trade."""
    s = table(2, farms=[farm(money=20000, bons=20), farm()])
    s = roll(s, 5, 6)  # the Négoce
    s = play(s, MakeOffer(1), Give("money", 3000), Take("bons", 2), AcceptOffer())
    assert L.is_terminal(s) and s.end_reason == "bons" and L.winners(s) == (0,)
    assert s.farms[0].bons == 22


def test_LA18_conviction_92_ha_and_80_cows() -> None:
    """LA-18: conviction 92 ha and 80 cows."""
    s = table(2, farms=[farm(ha=84, cows=80), farm()], slots={0: "E08"})  # +8 ha, 8,000
    s = L.step(roll(s, 1, 1), AcceptCard())
    assert s.farms[0].ha == 92 and s.farms[0].money == 3000
    assert L.is_terminal(s) and s.end_reason == "size" and L.winners(s) == (0,)


def test_LA18_the_size_reached_at_the_foire_wins_at_the_purchase() -> None:
    """LA-18: the pair that brings 78 cows to 80 on 92 ha wins at once (« accumuler »: as
    soon as it is reached, as in a Négoce trade); the farm was asked to buy more or stop,
    and won only when it stopped. An allied farm (LA-17) goes on buying."""
    big = farm(ha=92, cows=78, money=20000)
    s = roll(table(2, farms=[big, farm(filiere="techno")]), 3, 3)  # square 5: the Foire
    assert s.phase == "shop"
    won = L.step(s, BuyCows(False))
    assert (won.end_reason, L.winners(won), won.farms[0].cows) == ("size", (0,), 80)
    assert won.farms[0].money == 15000
    on_loan = L.step(s, BuyCows(True))
    assert (on_loan.end_reason, on_loan.farms[0].loans) == ("size", 2)
    allied = [attrs.evolve(big, allied=True), farm(), farm()]
    s = roll(table(3, farms=allied), 3, 3)
    s = L.step(s, BuyCows(False))
    assert (s.phase, s.farms[0].cows, L.is_terminal(s)) == ("shop", 80, False)


def test_LA19_elimination_under_20_cows_hands_out_land() -> None:
    """LA-19: elimination under 20 cows hands out land."""
    s = table(3, farms=[farm(ha=24, cows=20), farm(), farm()], slots={0: "E03"})
    s = roll(s, 1, 1)  # heatwave: 18 cows
    assert s.farms[0].status == "eliminated" and s.phase == "handout" and s.to_move == 0
    assert L.legal_actions(s) == (GiveLand(1), GiveLand(2))
    s = play(s, GiveLand(1))
    assert (s.farms[0].ha, s.farms[1].ha) == (16, 52)
    s = play(s, GiveLand(2), GiveLand(1))
    assert [f.ha for f in s.farms] == [0, 60, 52]
    assert s.phase == "roll" and s.actor == 1  # the game goes on without farm A
    assert not L.is_terminal(s)


def test_LA01_LA19_in_a_team_the_partner_on_his_turn_hands_out_the_land() -> None:
    """LA-01, LA-19: « le joueur ayant lancé le dé à son tour aura le dernier mot »: farm A
    (seats 0 and 3) loses its cows on seat 3's turn, so seat 3 gives its land away."""
    s = table(6, actor=3, farms=[farm(cows=20), farm(), farm()], slots={0: "P08"})
    s = roll(s, 1, 1)
    assert (s.phase, s.to_move, s.farms[0].status) == ("handout", 3, "eliminated")
    s = L.step(s, GiveLand(1))
    assert (s.phase, s.to_move, s.farms[0].ha, s.farms[1].ha) == ("handout", 3, 36, 52)


def test_LA19_last_farm_standing_wins() -> None:
    """LA-19, LA-20: the last farm standing wins at once; the farm out hands out no land,
    since no farm is left to play on with it."""
    s = table(2, farms=[farm(ha=24, cows=20), farm()], slots={0: "E03"})
    s = roll(s, 1, 1)
    assert L.is_terminal(s) and s.end_reason == "last_farm" and L.winners(s) == (1,)
    assert (s.farms[0].status, s.farms[0].ha, s.farms[1].ha, s.handout) == (
        "eliminated",
        24,
        44,
        (),
    )


def test_LA20_end_after_the_years_largest_farm_wins() -> None:
    """LA-20: end after the years largest farm wins."""
    rich, poor = farm(money=30000), farm(money=20000)
    s = year_end(attrs.evolve(table(2, farms=[rich, poor]), year=2), (0, 1))
    s = play(s, EndYear(), EndYear())
    assert L.is_terminal(s) and s.end_reason == "years" and L.winners(s) == (0,)
    assert L.scores(s) == (44 * 3000 + 40 * 2500 + 30000, 44 * 3000 + 40 * 2500 + 20000)


def test_LA20_ties_go_to_the_most_bons() -> None:
    """LA-20: ties go to the most bons."""
    s = year_end(attrs.evolve(table(2, farms=[farm(bons=3), farm(bons=5)]), year=2), (0, 1))
    s = play(s, EndYear(), EndYear())
    assert L.winners(s) == (1,)
    t = year_end(attrs.evolve(table(2), year=2), (0, 1))
    t = play(t, EndYear(), EndYear())
    assert L.winners(t) == (0, 1) and L.returns(t) == (0.5, 0.5)


def test_LA20_option_years() -> None:
    """LA-20: option years."""
    s = year_end(attrs.evolve(table(2, options={"years": 5}), year=2), (0, 1))
    s = play(s, EndYear(), EndYear())
    assert not L.is_terminal(s) and s.year == 3 and s.season == 0


# --- LA-21: variants -------------------------------------------------------------------


def test_LA21_face_down_cards_turn_over_and_stay_visible() -> None:
    """LA-21: face down cards turn over and stay visible."""
    s = L.new_game(2, seed=4, options={"face_down": True}, chance="explicit")
    while s.phase != "roll":
        s = L.step(s, bgf.sample_chance(s))
    assert s.slots == ("",) * 12
    s = roll(s, 1, 1)
    assert s.phase == "draw_slot" and len(L.legal_actions(s)) == 16
    s = L.step(s, DrawCard("P05"))
    assert s.slots[0] == "P05" and s.slots[1:] == ("",) * 11
    assert "P05" not in s.deck and s.farms[s.farm_of[0]].bons == 6


def test_LA21_one_die() -> None:
    """LA-21: one die."""
    s = table(2, options={"dice": 1}, slots={0: "P05"})
    s = roll(s, 2)
    assert s.pos[0] == 0 and s.farms[0].bons == 6


def test_LA21_more_or_fewer_squares() -> None:
    """LA-21: more or fewer squares."""
    assert len(D.route(8)) == 15 and len(D.route(16)) == 23
    s = L.new_game(2, seed=1, options={"squares": 8})
    assert len(s.slots) == 8


def test_LA21_land_cards_always_on_the_square() -> None:
    """LA-21: land cards always on the square."""
    land = sorted(c for c in set(D.SEASON_DECKS[0]) if D.CARDS[c].land)
    for seed in range(5):
        s = L.new_game(2, seed=seed, options={"land_always": True, "squares": 8})
        assert set(land) <= set(s.slots)
    s = L.new_game(2, seed=1, options={"land_always": True, "squares": 4}, chance="explicit")
    while s.phase != "deal":
        s = L.step(s, bgf.sample_chance(s))
    assert {o.card for o, _ in L.chance_outcomes(s)} == set(land)


def test_LA21_options_are_checked() -> None:
    """LA-21: options are checked."""
    with pytest.raises(ValueError, match="squares"):
        L.Options(squares=10)
    with pytest.raises(ValueError, match="years"):
        L.Options(years=0)
    with pytest.raises(ValueError, match="dice"):
        L.Options(dice=3)


def _reason(s: L.State, a: object) -> str:
    with pytest.raises(bgf.IllegalActionError) as err:
        L.step(s, a)
    return str(err.value)


def _fr(s: L.State, a: object) -> str:
    """The same refusal as a French player reads it."""
    with pytest.raises(bgf.IllegalActionError) as err:
        L.step(s, a)
    return err.value.reason("fr")


def test_LA11_LA16_LA17_LA19_precise_illegal_reasons() -> None:
    """LA-11, LA-16, LA-17, LA-19: one precise reason per wrong farm, item or filière."""
    s = s0 = roll(table(2, farms=[farm(money=20000), farm()]), 5, 6)  # the Négoce
    assert "offer to itself" in _reason(s, MakeOffer(0))
    assert "no farm H" in _reason(s, MakeOffer(7))
    s = L.step(s, MakeOffer(1))
    assert (
        _reason(s, Give("ha", 9)) == 'Player 1: the Négoce trades hectares ("ha") by 8, 16, not 9'
    )
    assert _fr(s, Give("ha", 9)) == (
        "Joueur 1 : le Négoce échange les hectares (« ha ») par 8, 16, pas 9"
    )
    s = L.step(s, Give("money", 1000))
    assert _reason(s, Take("money", 1000)) == (
        "Player 1: the offer already gives money: ask for something else"
    )
    assert _fr(s, Take("money", 1000)) == (
        "Joueur 1 : l'offre donne déjà de l'argent : demandez autre chose"
    )
    y = year_end(table(3, farms=[farm(money=20000), farm(), farm()]), (0, 1, 2))
    assert _reason(y, ChangeFiliere("ecolo")) == (
        'Player 1: farm A is already in the Eco ("ecolo") filière'
    )
    assert _reason(y, ChangeFiliere("bio")) == (
        'Player 1: there is no filière \'bio\': Societal ("societale"), Eco ("ecolo"),'
        ' Techno ("techno")'
    )
    assert "ally with itself" in _reason(y, ProposeAlliance(0))
    n = roll(table(3, slots={0: "P10"}), 1, 1)
    assert n.phase == "neighbour" and "own neighbour" in _reason(n, ChooseNeighbour(0))
    out = attrs.evolve(n.farms[2], cows=10, status="eliminated")
    h = attrs.evolve(
        n, farms=(*n.farms[:2], out), handout=(2,), phase="handout", to_move=2, card=""
    )
    assert "to another farm" in _reason(h, GiveLand(2))
    # The same refusals in French.
    assert _fr(s0, MakeOffer(0)) == (
        "Joueur 1 : une exploitation ne peut pas se faire une offre à elle-même"
    )
    assert (
        _fr(s0, MakeOffer(7)) == "Joueur 1 : il n'y a pas d'exploitation H (2 exploitations en jeu)"
    )
    assert _fr(y, ChangeFiliere("ecolo")) == (
        "Joueur 1 : l'exploitation A est déjà en filière Écolo (« ecolo »)"
    )
    assert _fr(y, ChangeFiliere("bio")) == (
        "Joueur 1 : il n'y a pas de filière « bio » : Sociétale (« societale »),"
        " Écolo (« ecolo »), Techno (« techno »)"
    )
    assert _fr(y, ProposeAlliance(0)) == (
        "Joueur 1 : une exploitation ne peut pas s'allier avec elle-même"
    )
    assert _fr(n, ChooseNeighbour(0)) == "Joueur 1 : une exploitation n'est pas sa propre voisine"
    assert _fr(h, GiveLand(2)) == (
        "Joueur 3 : une exploitation éliminée donne ses terres à une autre exploitation"
    )


# --- rule review: edges the tests above did not pin down -------------------------------


def test_LA06_the_player_after_the_last_to_play_starts_the_next_season() -> None:
    """LA-06: « C'est à l'exploitant qui suit le dernier joueur à avoir joué qui débutera
    la nouvelle saison »: seat 1 plays last, so seat 2 starts, not seat 0 (first in)."""
    s = table(3, pos=(-6, 17, -5), arrived=(0, 2), actor=1)
    s = roll(s, 1, 1)  # seat 1 reaches the hexagon last
    assert (s.season, s.last_player, s.phase) == (1, 1, "deal")
    while s.phase == "deal":
        s = L.step(s, bgf.sample_chance(s))
    assert (s.phase, s.actor) == ("roll", 2)


def test_LA01_in_a_team_the_seat_on_its_turn_decides_for_the_farm() -> None:
    """LA-01: « le joueur ayant lancé le dé à son tour aura le dernier mot »: seat 2
    (team of farm A) stops at the Foire and buys for farm A."""
    s = roll(table(4, options={"teams": True}, actor=2), 3, 3)
    assert (s.phase, s.to_move) == ("shop", 2)
    s = L.step(s, BuyCows(False))
    assert [(f.cows, f.money) for f in s.farms] == [(42, 6000), (40, 11000)]


def test_LA14_bons_partly_owed_the_missing_ones_cost_500() -> None:
    """LA-14: an Écolo farm with 1 bon owes 4 (A09, -2 bons x2): it gives its bon and
    pays 3 x 500, then the card's 1,000."""
    s = roll(table(2, farms=[farm(bons=1), farm()], slots={0: "A09"}), 1, 1)
    assert (s.farms[0].bons, s.farms[0].money) == (0, 11000 - 1500 - 1000)


def test_LA15_no_interest_after_spring_and_at_most_40_tickets() -> None:
    """LA-15: interest is paid after winter only (spring accounts: income alone); a loan
    that would pass 40 tickets is not offered (design cap, `economie.json`)."""
    s = table(2, farms=[farm(loans=2, bons=10), farm()], pos=(17, -6), arrived=(1,))
    s = roll(s, 1, 1)
    assert s.season == 1 and [f.money for f in s.farms] == [12700, 12700]
    ok = roll(table(2, farms=[farm(loans=38, bons=30), farm()]), 3, 3)  # the Foire
    assert BuyCows(True) in L.legal_actions(ok)
    full = roll(table(2, farms=[farm(loans=39, bons=30), farm()]), 3, 3)
    assert L.legal_actions(full) == (BuyCows(False), EndPurchase())


def test_LA18_thresholds_are_exact_and_20_cows_stay_in() -> None:
    """LA-18: 3 green pawns, 21 bons, 92 ha with 78 cows, 84 ha with 80 cows win
    nothing; LA-19: a farm down to exactly 20 cows stays in the game."""
    fs = [farm(ha=92, cows=78, bons=21, green=3), farm(ha=84, cows=80), farm(cows=22)]
    s = roll(table(3, farms=fs), 1, 1)  # E01: +2,000
    assert not L.is_terminal(s) and s.farms[0].money == 13000
    s = roll(attrs.evolve(s, slots=("E03",) * 12, actor=2), 1, 1)  # heatwave: 22 -> 20
    assert s.farms[2].cows == 20 and s.farms[2].status == "active"
    assert not L.is_terminal(s) and s.phase == "roll"


def test_LA17_option_alliance_ends_convictions_for_the_farm_left_alone() -> None:
    """LA-17: « Il n'est plus possible de gagner par convictions en cas d'alliance »: by
    default only the allied farm loses the conviction win; with the option
    ``alliance_ends_convictions`` the farm left alone loses it too."""
    fs = [farm(allied=True), farm(bons=20), farm()]
    s = roll(table(3, farms=fs, slots={0: "E05"}, actor=1), 1, 1)  # +2 bons: 22
    assert L.is_terminal(s) and s.end_reason == "bons" and L.winners(s) == (1,)
    opt = {"alliance_ends_convictions": True}
    t = roll(table(3, farms=fs, slots={0: "E05"}, actor=1, options=opt), 1, 1)
    assert t.farms[1].bons == 22 and not L.is_terminal(t)
    assert (t.phase, t.actor) == ("roll", 2)
    # Nobody allied yet: the option changes nothing.
    u = table(3, farms=[farm(), farm(bons=20), farm()], slots={0: "E05"}, actor=1, options=opt)
    assert L.is_terminal(roll(u, 1, 1))


# --- the rule audit of session 7 ---------------------------------------------------------


def _p04(money: int, filiere: str) -> L.State:
    """Farm A on P04 « Reprise en fermage » (optional, +8 ha for 8,000 €, Techno ×2)."""
    return roll(
        table(2, farms=[farm(money=money, filiere=filiere), farm()], slots={0: "P04"}), 1, 1
    )


def test_LA09_LA13_a_techno_farm_takes_a_doubled_land_offer_or_the_card_as_printed() -> None:
    """LA-09 « les augmentations sont facultatives », LA-13: the factor doubles the land
    and its price (16 ha for 16,000 €); a farm of the card's filière may take the card as
    printed (8 ha for 8,000 €), and is offered the doubled card only when it can pay it.
    Before, a Techno farm with 12,000 € was never offered P04, which an Écolo farm took."""
    plain, full = AcceptCard(plain=True), AcceptCard()
    rich = _p04(16000, "techno")
    assert L.legal_actions(rich) == (full, plain, DeclineCard())
    s = L.step(rich, full)
    assert (s.farms[0].ha, s.farms[0].cows, s.farms[0].money) == (60, 40, 0)
    s = L.step(rich, plain)
    assert (s.farms[0].ha, s.farms[0].cows, s.farms[0].money) == (52, 40, 8000)
    short = _p04(12000, "techno")
    assert L.legal_actions(short) == (plain, DeclineCard())
    s = L.step(short, plain)
    assert (s.farms[0].ha, s.farms[0].money) == (52, 4000)
    with pytest.raises(bgf.IllegalActionError) as e:
        L.step(short, full)
    assert str(e.value) == (
        "Player 1 has only 12 000 € in cash: the card with its filière factor costs"
        " 16 000 €; it can be taken as printed"
    )
    assert e.value.reason("fr") == (
        "Joueur 1 n'a que 12 000 € en espèces : la carte avec son facteur de filière coûte"
        " 16 000 € ; elle peut être acceptée sans le facteur de filière"
    )
    ecolo = _p04(12000, "ecolo")  # no factor for Écolo: the card as it is
    assert L.legal_actions(ecolo) == (full, DeclineCard())
    with pytest.raises(bgf.IllegalActionError) as e:
        L.step(ecolo, plain)
    assert "the card has no filière factor that makes it dearer for farm A" in str(e.value)
    assert e.value.reason("fr") == (
        "Joueur 1 : la carte n'a pas de facteur de filière qui la rende plus chère pour"
        " l'exploitation A, elle s'accepte donc telle quelle"
    )
    assert L.describe(plain, short, "fr") == (
        "accepter la carte sans le facteur de filière (8 000 €)"
    )
    assert _p04(7000, "techno").phase == "roll"  # 8,000 € out of reach: not offered


def test_LA07_a_menu_gives_what_accepting_the_card_costs_the_farm() -> None:
    """LA-07: a player chooses from the menu alone: « accepter la carte » once left the
    price to the card's text (the factor doubles P04 for Techno, not for Écolo)."""
    plain, full = AcceptCard(plain=True), AcceptCard()
    techno, ecolo = _p04(16000, "techno"), _p04(16000, "ecolo")
    assert [L.describe(a, techno, "fr") for a in L.legal_actions(techno)] == [
        "accepter la carte (16 000 €)",
        "accepter la carte sans le facteur de filière (8 000 €)",
        "refuser la carte",
    ]
    assert L.describe(full, ecolo, "en") == "accept the card (8 000 €)"
    assert L.describe(plain, techno, "en") == (
        "accept the card without the filière factor (8 000 €)"
    )
    # Without a state, or with no card on offer, there is no price to give.
    assert L.describe(full, None, "fr") == "accepter la carte"
    assert L.describe(full, attrs.evolve(techno, card=""), "fr") == "accepter la carte"


def test_LA09_the_heuristic_farmer_takes_the_land_it_can_pay() -> None:
    """The heuristic farmer, short of the doubled price, takes P04 as printed."""
    s = _p04(12000, "techno")
    bot = L.HeuristicAgent(1)
    assert bot.act(L.observe(s, 0), L.legal_actions(s)) == AcceptCard(plain=True)


def test_LA19_LA20_the_last_farms_eliminated_together_end_the_game() -> None:
    """LA-19: when a card takes every farm in play under 20 cows at once, nobody is left;
    the game ends ("no_farm_left") and the largest of those farms wins (LA-20's valuation), and
    the balance shows them (it showed nobody, and "one farm left")."""
    farms = [farm(cows=20, money=5000), farm(cows=20, money=3000, filiere="techno")]
    s = roll(table(2, farms=farms, slots={0: "A03"}, season=2), 1, 1)
    assert L.is_terminal(s) and s.end_reason == "no_farm_left" and L.winners(s) == (0,)
    assert [(f.cows, f.money, f.status) for f in s.farms] == [
        (18, 9000, "eliminated"),
        (18, 7000, "eliminated"),
    ]
    assert s.handout == ()
    assert L.render(s, "fr").splitlines()[-2:] == [
        "Fin (toutes les exploitations éliminées) : gagnante : exploitation A",
        "Bilan : exploitation A 186 000 € (4 bons), exploitation B 184 000 € (4 bons)",
    ]
    assert L.render(s, "en").splitlines()[-2] == "Game over (every farm eliminated): winner: farm A"


def _year_end_of_three(smaller_first: bool) -> L.State:
    """The winter of a 3-farm game: A (40 ha) and C (36 ha) at 50,000 €, B (60 ha)."""
    farms = [farm(40, 32, 50000), farm(60, 56, 50000, filiere="techno"), farm(36, 36, 50000)]
    arrived = (1, 2) if smaller_first else (2, 1)
    return roll(table(3, farms=farms, season=3, pos=(18, -6, -5), arrived=arrived), 1, 1)


def test_LA16_LA17_the_allied_farm_keeps_the_larger_farms_place_in_the_year_end() -> None:
    """LA-16, LA-17: after an alliance the allied farm keeps the larger farm's place in
    the year-end order (the Choices row "Alliances"): A proposing to B, which has already
    ended its year, ends A's year end too; B proposing to A, which has not, keeps B's
    turn."""
    s = _year_end_of_three(True)  # order: B, C, A
    assert s.queue == (1, 2, 0)
    s = play(s, EndYear(), EndYear(), ProposeAlliance(1), AcceptOffer())
    while s.phase in ("alliance_filiere", "alliance_bons"):
        s = L.step(s, L.legal_actions(s)[0])
    assert (s.stage, s.farms[1].ha, s.farms[1].cows, s.farms[0].status) == (
        "season",
        80,
        72,
        "absorbed",
    )
    s = _year_end_of_three(False)  # order: C, B, A
    s = play(s, EndYear(), ProposeAlliance(0), AcceptOffer())
    while s.phase in ("alliance_filiere", "alliance_bons"):
        s = L.step(s, L.legal_actions(s)[0])
    assert (s.stage, s.phase, s.queue, L.current_player(s)) == ("year_end", "year_end", (1,), 1)
