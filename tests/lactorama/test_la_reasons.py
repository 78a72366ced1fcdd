"""Refusal reasons and labels in a player's words (review of the Négoce's texts, the
farm names, the euros, the chance nodes), with their exact text."""

from __future__ import annotations

import re
from typing import Any

import attrs
import pytest
from la_helpers import farm, play, roll, table

import boardgames_fr as bgf
from boardgames_fr import lactorama as L
from boardgames_fr.lactorama import actions as A
from boardgames_fr.lactorama.actions import (
    BuyCows,
    DieRoll,
    DrawCard,
    Give,
    MakeOffer,
    Take,
)
from boardgames_fr.lactorama.components import OfferBudget
from boardgames_fr.lactorama.explain import explain as _explain


def _refused(s: L.State, a: object) -> bgf.IllegalActionError:
    with pytest.raises(bgf.IllegalActionError) as err:
        L.step(s, a)
    return err.value


def _reason(s: L.State, a: object) -> str:
    return str(_refused(s, a))


def _fr(s: L.State, a: object) -> str:
    """The refusal as a French player reads it (`IllegalActionError.reason`)."""
    return _refused(s, a).reason("fr")


def _negoce(*farms: Any, actor: int = 0) -> L.State:
    """Seat ``actor`` at the Négoce (route index 9: 5 + 6 from hexagon space 5)."""
    s = roll(table(len(farms), farms=farms, actor=actor), 5, 6)
    assert s.phase == "negoce" and s.to_move == actor
    return s


# --- LA-11: the Négoce --------------------------------------------------------------------


def test_LA11_a_gift_that_leaves_a_farm_unsound_says_why() -> None:
    """LA-11: the starting farm (44 ha, 40 cows, 11,000) giving 8 ha would keep 40 cows on
    36 ha (LA-09), giving 12,000 would be a debt (LA-07), giving 6 cows from 24 leaves it
    under 20 (LA-19): each says so, not "must say what the farm gives"."""
    s = play(_negoce(farm(), farm(), actor=1), MakeOffer(0))
    assert s.phase == "offer_give"
    assert _reason(s, Give("ha", 8)) == (
        "Player 2: farm B would have 40 cows on 36 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Give("money", 12000)) == (
        "Player 2: farm B has only 11 000 € in cash, not the 12 000 € it would pay: no debt (LA-07)"
    )
    small = play(_negoce(farm(cows=24), farm()), MakeOffer(1))
    assert _reason(small, Give("cows", 6)) == (
        "Player 1: farm A would be left with 18 cows: under 20 a farm is out of the game (LA-19)"
    )
    full = play(_negoce(farm(), farm(ha=44, cows=44)), MakeOffer(1))
    assert _reason(full, Give("cows", 2)) == (
        "Player 1: farm B would have 46 cows on 44 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Give("filiere", 0)) == (
        'Player 2: both farms are in the Eco ("ecolo") filière: nothing to swap'
    )
    # The same refusals in French.
    assert _fr(s, Give("ha", 8)) == (
        "Joueur 2 : l'exploitation B aurait 40 vaches sur 36 ha : jamais plus de vaches que"
        " d'hectares (LA-09)"
    )
    assert _fr(s, Give("money", 12000)) == (
        "Joueur 2 : l'exploitation B n'a que 11 000 € en espèces, pas les 12 000 € qu'elle"
        " paierait : pas de dette (LA-07)"
    )
    assert _fr(small, Give("cows", 6)) == (
        "Joueur 1 : l'exploitation A n'aurait plus que 18 vaches : sous 20 vaches, une"
        " exploitation est éliminée (LA-19)"
    )
    assert _fr(full, Give("cows", 2)) == (
        "Joueur 1 : l'exploitation B aurait 46 vaches sur 44 ha : jamais plus de vaches que"
        " d'hectares (LA-09)"
    )
    assert _fr(s, Give("filiere", 0)) == (
        "Joueur 2 : les deux exploitations sont en filière Écolo (« ecolo ») : rien à échanger"
    )


def test_LA11_a_request_that_leaves_a_farm_unsound_says_why_with_the_player() -> None:
    """LA-11: what is asked for, with the same "Player N:" as every other refusal."""
    s = play(_negoce(farm(), farm(bons=2)), MakeOffer(1), Give("money", 1000))
    assert s.phase == "offer_take"
    assert _reason(s, Take("ha", 8)) == (
        "Player 1: farm B would have 40 cows on 36 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Take("cows", 6)) == (
        "Player 1: farm A would have 46 cows on 44 ha: never more cows than hectares (LA-09)"
    )
    assert _reason(s, Take("bons", 3)) == (
        "Player 1: farm B has only 2 free bons, not the 3 it would hand over"
    )
    assert _reason(s, Take("filiere", 0)) == (
        'Player 1: both farms are in the Eco ("ecolo") filière: nothing to swap'
    )
    assert _reason(s, Take("money", 1000)) == (
        "Player 1: the offer already gives money: ask for something else"
    )
    nothing = play(_negoce(farm(), farm(filiere="techno")), MakeOffer(1), Give("nothing", 0))
    assert _reason(nothing, Take("nothing", 0)) == (
        "Player 1: an offer of nothing for nothing is no offer"
    )
    # The same refusals in French.
    assert _fr(s, Take("ha", 8)) == (
        "Joueur 1 : l'exploitation B aurait 40 vaches sur 36 ha : jamais plus de vaches que"
        " d'hectares (LA-09)"
    )
    assert _fr(s, Take("cows", 6)) == (
        "Joueur 1 : l'exploitation A aurait 46 vaches sur 44 ha : jamais plus de vaches que"
        " d'hectares (LA-09)"
    )
    assert _fr(s, Take("bons", 3)) == (
        "Joueur 1 : l'exploitation B n'a que 2 bons libres, et en céderait 3"
    )
    assert _fr(s, Take("filiere", 0)) == (
        "Joueur 1 : les deux exploitations sont en filière Écolo (« ecolo ») : rien à échanger"
    )
    assert _fr(s, Take("money", 1000)) == (
        "Joueur 1 : l'offre donne déjà de l'argent : demandez autre chose"
    )
    assert _fr(nothing, Take("nothing", 0)) == (
        "Joueur 1 : une offre de rien contre rien n'est pas une offre"
    )


def test_LA11_french_bons_money_and_the_nothing_offer() -> None:
    """LA-11 in French: no free bon at all, money and its menu in euros as the French
    labels write them, the items given twice, and a gift of nothing nobody can answer."""
    s = play(_negoce(farm(bons=0), farm()), MakeOffer(1))
    assert _fr(s, Give("bons", 1)) == (
        "Joueur 1 : l'exploitation A n'a aucun bon libre, et en céderait 1"
    )
    assert _reason(s, Give("bons", 1)) == (
        "Player 1: farm A has only 0 free bons, not the 1 it would hand over"
    )
    one = play(_negoce(farm(bons=1), farm()), MakeOffer(1))
    assert _fr(one, Give("bons", 2)) == (
        "Joueur 1 : l'exploitation A n'a qu'un bon libre, et en céderait 2"
    )
    assert _fr(s, Give("money", 1500)) == (
        "Joueur 1 : le Négoce échange l'argent par 1 000 €, 2 000 €, 3 000 €, 4 000 €,"
        " 5 000 €, 6 000 €, 8 000 €, 10 000 €, 12 000 €, 15 000 €, 20 000 €, 25 000 €,"
        " pas 1 500 €"
    )
    assert _reason(s, Give("money", 1500)) == (
        "Player 1: the Négoce trades money by 1000, 2000, 3000, 4000, 5000, 6000,"
        " 8000, 10000, 12000, 15000, 20000, 25000, not 1500"
    )
    t = play(s, Give("cows", 2))
    assert _fr(t, Take("cows", 2)) == (
        "Joueur 1 : l'offre donne déjà des vaches : demandez autre chose"
    )
    u = play(_negoce(farm(), farm(ha=24, cows=20, money=0, bons=0)), MakeOffer(1))
    assert Give("nothing", 0) not in L.legal_actions(u)
    assert _reason(u, Give("nothing", 0)) == (
        "Player 1: farm B has nothing to give for nothing that would leave both farms sound (LA-11)"
    )
    assert _fr(u, Give("nothing", 0)) == (
        "Joueur 1 : l'exploitation B n'a rien à donner contre rien qui laisse les deux"
        " exploitations en règle (LA-11)"
    )


def test_LA11_items_and_quantities_in_player_words_with_the_key_to_pass() -> None:
    """LA-11: English reasons name the items in English and the key in quotes, never a
    bare French key or Python value."""
    s = play(_negoce(farm(), farm()), MakeOffer(1))
    assert _reason(s, Give("vache", 2)) == (
        "Player 1: 'vache' is not an item of the Négoce: hectares (\"ha\"), cows,"
        ' money, bons, a filière swap ("filiere"), nothing'
    )
    # Fields of the wrong type are named by the core, before any rule reads them.
    assert _reason(s, Give(None, 0)) == "Give: kind must be text, not None"  # type: ignore[arg-type]
    assert _reason(s, Give("cows", True)) == "Give: qty must be a whole number, not True"
    assert _reason(s, Give("cows", 3)) == ("Player 1: the Négoce trades cows by 2, 4, 6, not 3")
    assert _reason(s, Give("nothing", 1)) == ("Player 1: nothing comes with the quantity 0, not 1")
    assert _reason(s, Give("filiere", 1)) == (
        'Player 1: a filière swap ("filiere") comes with the quantity 0, not 1'
    )
    t = L.step(s, Give("money", 1000))
    assert _reason(t, Take("bons", 9)) == "Player 1: the Négoce trades bons by 1, 2, 3, not 9"
    # In French: the items as the game names them, the key in « » where it differs.
    assert _fr(s, Give("vache", 2)) == (
        "Joueur 1 : « vache » ne s'échange pas au Négoce : hectares (« ha »), vaches, argent,"
        " bons, échange de filière (« filiere »), rien"
    )
    assert _fr(s, Give(None, 0)) == "Give : kind doit être du texte, pas None"  # type: ignore[arg-type]
    assert _fr(s, Give("cows", 3)) == "Joueur 1 : le Négoce échange les vaches par 2, 4, 6, pas 3"
    assert _fr(s, Give("nothing", 1)) == "Joueur 1 : « rien » s'indique avec la quantité 0, pas 1"
    assert _fr(s, Give("filiere", 1)) == (
        "Joueur 1 : l'échange de filière (« filiere ») s'indique avec la quantité 0, pas 1"
    )
    assert _fr(s, Give("ha", 9)) == (
        "Joueur 1 : le Négoce échange les hectares (« ha ») par 8, 16, pas 9"
    )
    assert _fr(t, Take("bons", 9)) == "Joueur 1 : le Négoce échange les bons par 1, 2, 3, pas 9"


# --- LA-08, LA-10, LA-15, LA-16, LA-17: the Foire, the neighbour, the year end ------------


def _year_end(s: L.State) -> L.State:
    """``s`` at farm A's end-of-year decisions, every farm still to decide."""
    return attrs.evolve(
        s,
        stage="year_end",
        phase="year_end",
        queue=tuple(range(len(s.farms))),
        to_move=0,
        actor=0,
        season=3,
        budget=OfferBudget.fresh(len(s.farms), 1),
    )


def test_LA10_LA15_the_foire_says_why_in_both_languages() -> None:
    """LA-10: never more cows than hectares, a pair paid in cash at the Foire's price;
    LA-15: a loan needs the rest in cash and a free bon."""
    shop = roll(table(2, farms=[farm(ha=60, money=20000, bons=2), farm()]), 3, 3)
    assert (shop.phase, shop.shop_price) == ("shop", 2500)
    full = attrs.evolve(shop, farms=(farm(ha=40, cows=40), shop.farms[1]))
    e = _refused(full, BuyCows(False))
    assert str(e) == "Player 1 has 40 cows on 40 ha: never more cows than hectares"
    assert e.reason("fr") == (
        "Joueur 1 a 40 vaches sur 40 ha : jamais plus de vaches que d'hectares"
    )
    poor = attrs.evolve(shop, farms=(farm(ha=60, money=1000, bons=0), shop.farms[1]))
    e = _refused(poor, BuyCows(False))
    assert str(e) == "Player 1 has only 1 000 € in cash for 2 cows at 2 500 € each"
    assert e.reason("fr") == (
        "Joueur 1 n'a que 1 000 € en espèces pour 2 vaches à 2 500 € la vache"
    )
    e = _refused(poor, BuyCows(True))
    assert str(e) == (
        "Player 1 cannot borrow: not enough cash for the rest, or bons for the guarantee"
    )
    assert e.reason("fr") == (
        "Joueur 1 ne peut pas emprunter : pas assez d'argent comptant pour le reste, ou de"
        " bons pour la garantie"
    )
    # Not the moment: what the player must do, in the words of the phase.
    e = _refused(shop, A.Repay())
    assert str(e) == "Player 1 must buy cows or stop at the Foire now"
    assert e.reason("fr") == (
        "Joueur 1 doit maintenant acheter des vaches à la Foire ou arrêter ses achats"
    )


def test_LA08_a_neighbour_not_just_ahead_in_both_languages() -> None:
    """LA-08: two pawns tie just ahead; the third is not a neighbour."""
    s = roll(table(4, slots={0: "P10"}, pos=(-2, 5, 5, 7)), 1, 1)
    assert L.legal_actions(s) == (A.ChooseNeighbour(1), A.ChooseNeighbour(2))
    e = _refused(s, A.ChooseNeighbour(3))
    assert str(e) == "Player 1: farm D is not the pawn just ahead (or just behind)"
    assert e.reason("fr") == (
        "Joueur 1 : l'exploitation D n'est pas celle du pion juste devant (ou juste derrière)"
    )
    e = _refused(s, A.EndYear())
    assert (str(e), e.reason("fr")) == (
        "Player 1 must choose the neighbour now",
        "Joueur 1 doit maintenant choisir le voisin",
    )


def test_LA16_LA17_year_end_refusals_in_both_languages() -> None:
    """LA-16: a repayment needs a loan and 2,000 € in cash, a filière change 5,000 €;
    LA-17: no alliance with a farm out of the game or already allied."""
    y = _year_end(table(3, farms=[farm(money=1000), farm(), farm()]))
    e = _refused(y, A.Repay())
    assert str(e) == "Player 1 has no loan to repay or less than 2 000 € in cash"
    assert e.reason("fr") == (
        "Joueur 1 n'a pas d'emprunt à rembourser, ou moins de 2 000 € en espèces"
    )
    e = _refused(y, A.ChangeFiliere("techno"))
    assert str(e) == "Player 1 cannot take that filière: cost 5 000 €, two of a kind at most"
    assert e.reason("fr") == (
        "Joueur 1 ne peut pas prendre cette filière : coût 5 000 €, deux exploitations au"
        " plus par filière"
    )
    out = attrs.evolve(y, farms=(*y.farms[:2], attrs.evolve(farm(), status="eliminated")))
    e = _refused(out, A.ProposeAlliance(2))
    assert str(e) == "Player 1: farm C is out of the game"
    assert e.reason("fr") == "Joueur 1 : l'exploitation C n'est plus en jeu"
    allied = attrs.evolve(y, farms=(*y.farms[:2], farm(allied=True)))
    e = _refused(allied, A.ProposeAlliance(2))
    assert str(e) == "Player 1: farm C is already in an alliance"
    assert e.reason("fr") == "Joueur 1 : l'exploitation C fait déjà partie d'une alliance"
    e = _refused(y, A.AcceptCard())
    assert (str(e), e.reason("fr")) == (
        "Player 1 must settle the end of the year now",
        "Joueur 1 doit maintenant régler la fin d'année",
    )


# --- LA-03, LA-04, LA-05, LA-13, LA-21: chance nodes (the explain hook, rules level) -----


def _at(phase: str, **kw: Any) -> L.State:
    return attrs.evolve(table(2), phase=phase, **kw)


def test_LA05_explain_a_die_outside_1_to_6() -> None:
    """LA-05 (and LA-03's filière dice): a die shows 1 to 6."""
    for phase in ("roll", "filiere"):
        s = _at(phase)
        assert _explain(s, DieRoll(7), "en") == "a die shows 1 to 6, not 7"
        assert _explain(s, DieRoll(0), "en") == "a die shows 1 to 6, not 0"
        assert _explain(s, DieRoll(10**30), "en") == f"a die shows 1 to 6, not {10**30}"
        assert _explain(s, DieRoll("6"), "en") == "a die shows 1 to 6, not '6'"  # type: ignore[arg-type]
        assert _explain(s, DrawCard("P01"), "en") == "the dice are rolled now, not a card drawn"
        assert _explain(s, BuyCows(True), "en") == (
            "the dice or the cards decide now, not a player"
        )
        assert _explain(s, DieRoll(7), "fr") == "un dé fait de 1 à 6, pas 7"
        assert _explain(s, DieRoll(0), "fr") == "un dé fait de 1 à 6, pas 0"
        assert _explain(s, DieRoll(10**30), "fr") == f"un dé fait de 1 à 6, pas {10**30}"
        assert _explain(s, DieRoll("6"), "fr") == "un dé fait de 1 à 6, pas « 6 »"  # type: ignore[arg-type]
        assert _explain(s, DrawCard("P01"), "fr") == (
            "on lance maintenant les dés, on ne tire pas de carte"
        )
        assert _explain(s, BuyCows(True), "fr") == (
            "ce sont les dés ou les cartes qui décident maintenant, pas un joueur"
        )


def test_LA05_a_wrong_die_through_step_in_french_lists_the_faces() -> None:
    """Through `step`: the game's sentence, then the core's list of the faces, each as
    `describe` writes it in French (« le dé fait 1 »)."""
    s = L.new_game(2, seed=1, chance="explicit")
    faces = ", ".join(f"« le dé fait {v} »" for v in range(1, 7))
    assert _fr(s, DieRoll(7)) == f"un dé fait de 1 à 6, pas 7 ; possibles : {faces}"
    assert _fr(s, A.EndYear()) == (
        "ce sont les dés ou les cartes qui décident maintenant, pas un joueur ;"
        f" possibles : {faces}"
    )


def test_LA04_LA13_explain_a_card_not_in_the_pile() -> None:
    """LA-13: the Imprévu pile; LA-04: the season deck (a card of another season, a card
    already on the square, no card at all)."""
    s = _at("draw_imprevu")
    assert _explain(s, DrawCard("zz"), "en") == "card zz is not in the Imprévu pile"
    assert _explain(s, DrawCard("P01"), "en") == "card P01 is not in the Imprévu pile"
    assert _explain(s, DrawCard(None), "en") == "card None is not in the Imprévu pile"  # type: ignore[arg-type]
    assert _explain(s, DieRoll(3), "en") == (
        "a card is drawn from the Imprévu pile now, not a die rolled"
    )
    d = _at("deal", deck=("P01", "P02"), deal_slot=0)
    assert _explain(d, DrawCard("I01"), "en") == "card I01 is not in the season deck"
    assert _explain(d, DrawCard("E01"), "en") == "card E01 is not in the season deck"
    assert _explain(_at("draw_slot"), DieRoll(3), "en") == (
        "a card is drawn from the season deck now, not a die rolled"
    )
    # In French, a card of the game is named as on the card (`name_fr`), with its id.
    assert (
        _explain(s, DrawCard("zz"), "fr") == "la carte « zz » n'est pas dans la pioche des Imprévus"
    )
    assert _explain(s, DrawCard("P01"), "fr") == (
        "la carte « Vêlages de printemps » (P01) n'est pas dans la pioche des Imprévus"
    )
    assert _explain(s, DrawCard(None), "fr") == (  # type: ignore[arg-type]
        "la carte None n'est pas dans la pioche des Imprévus"
    )
    assert _explain(s, DieRoll(3), "fr") == (
        "on tire maintenant une carte de la pioche des Imprévus, on ne lance pas de dé"
    )
    assert _explain(d, DrawCard("I01"), "fr") == (
        "la carte « Éolienne » (I01) n'est pas dans la pioche de la saison"
    )
    assert _explain(d, DrawCard("E01"), "fr") == (
        "la carte « Foins abondants » (E01) n'est pas dans la pioche de la saison"
    )
    assert _explain(_at("draw_slot"), DieRoll(3), "fr") == (
        "on tire maintenant une carte de la pioche de la saison, on ne lance pas de dé"
    )


def test_LA21_explain_a_card_land_always_leaves_out() -> None:
    """LA-21 (land_always): on 4 squares the first deal is a land-change card."""
    s = L.new_game(2, seed=0, options={"land_always": True, "squares": 4}, chance="explicit")
    while s.phase != "deal":
        s = L.step(s, bgf.sample_chance(s))
    assert "P01" in s.deck and DrawCard("P01") not in L.legal_actions(s)
    assert _explain(s, DrawCard("P01"), "en") == (
        "card P01 is not a land-change card: with the option land_always every land-change"
        " card left is dealt to the slots left"
    )
    assert _explain(s, DrawCard("P01"), "fr") == (
        "la carte « Vêlages de printemps » (P01) ne change pas la surface : avec l'option"
        " land_always, toutes les cartes restantes qui changent la surface sont posées sur"
        " les cases restantes"
    )


def test_explain_never_raises_at_a_chance_node() -> None:
    """Whatever the fields hold, every kind of action gets a sentence at every chance
    phase, in both languages (the core asks for it when a table types in a wrong
    outcome)."""
    odd = [10**30, -(10**30), -1, 0, 7, None, "zz", "", ["x"], 2.5, True]
    phases = {
        "roll": _at("roll"),
        "filiere": _at("filiere"),
        "deal": _at("deal", deal_slot=0),
        "draw_slot": _at("draw_slot", deal_slot=0),
        "draw_imprevu": _at("draw_imprevu"),
    }
    for s in phases.values():
        for cls in A.ACTION_TYPES:
            fields = attrs.fields(cls)
            for v in odd:
                a = cls(*(v for _ in fields))
                texts = {lang: _explain(s, a, lang) for lang in ("en", "fr")}
                for text in texts.values():
                    assert isinstance(text, str) and text, (s.phase, a)
                assert texts["fr"] != texts["en"], (s.phase, a)


# --- labels: farm names, euros, plurals ---------------------------------------------------


def test_farm_numbered_actions_describe_any_int() -> None:
    """Farms 0..25 are letters, any other int its number: no OverflowError, no '@'."""
    en = lambda a: L.describe(a, None, "en")  # noqa: E731
    fr = lambda a: L.describe(a, None, "fr")  # noqa: E731
    assert en(MakeOffer(10**30)) == f"make an offer to farm {10**30}"
    assert en(MakeOffer(-1)) == "make an offer to farm -1"
    assert en(MakeOffer(25)) == "make an offer to farm Z"
    assert fr(A.GiveLand(30)) == "donner une parcelle à l'exploitation 30"
    assert en(A.GiveLand(26)) == "give a parcel to farm 26"
    assert fr(A.KeepBons(-5)) == "garder les bons de l'exploitation -5"
    assert en(A.ChooseNeighbour(10**30)) == f"the neighbour is farm {10**30}"
    assert fr(A.ProposeAlliance(99)) == "proposer une alliance à l'exploitation 99"
    s = table(3)
    assert en(A.KeepBons(1)) == "keep farm B's bons"
    assert L.describe(A.KeepBons(40), s, "en") == "keep farm 40's bons"


def test_euros_and_bons_are_written_one_way_per_language() -> None:
    """Money as everywhere in the game's pictures and card texts (« 2 000 € », in French
    and English alike); « 1 bon », « 3 bons »."""
    en = lambda a: L.describe(a, None, "en")  # noqa: E731
    fr = lambda a: L.describe(a, None, "fr")  # noqa: E731
    assert en(A.Repay()) == "repay one loan (2 000 €)"
    assert fr(A.Repay()) == "rembourser un emprunt (2 000 €)"
    assert en(A.SellCows()) == "sell 2 cows to the bank (5 000 €)"
    assert en(A.ChangeFiliere("techno")) == "change to the Techno filière (5 000 €)"
    assert fr(A.ChangeFiliere("techno")) == "passer en filière Techno (5 000 €)"
    assert en(Give("money", 5000)) == "I give: 5 000 €"
    assert fr(Give("bons", 1)) == "je donne : 1 bon"
    assert en(Give("bons", 1)) == "I give: 1 bon"
    assert fr(Take("bons", 3)) == "je demande : 3 bons"
    assert en(Take("bons", 2)) == "I ask for: 2 bons"
    assert fr(Take("cows", 2)) == "je demande : 2 vaches"


def test_render_svg_checks_the_language_like_render() -> None:
    s = L.new_game(2, seed=1)
    for draw in (L.render, L.render_svg):
        with pytest.raises(ValueError, match="lang must be 'fr' or 'en', not 'de'"):
            draw(s, "de")


# --- every refusal of random games, in both languages ----------------------------------

# (players, options): the variants that change what is on the table (LA-01, LA-21).
_SWEEP: list[tuple[int, dict[str, Any]]] = [
    (2, {"face_down": True}),
    (3, {"land_always": True, "squares": 4, "dice": 1}),
    (4, {"teams": True, "bank_sales": True}),
    (5, {"face_down": True, "years": 1}),
]
# English words a French reason never keeps (the key of an item stays, in « »).
_ENGLISH = re.compile(r"\b(Player|farm|farms|the|not|cows|money|must|is|of)\b")


def _odd_actions(s: L.State) -> list[Any]:
    """Legal-looking moves the menus never hold: a farm one past the table, unknown
    filières and items, quantities off the menu, dice and cards out of range."""
    n = len(s.farms)
    return [
        MakeOffer(n),
        A.ChooseNeighbour(-1),
        A.ProposeAlliance(n + 3),
        A.GiveLand(n),
        A.KeepBons(n),
        A.ChangeFiliere("bio"),
        A.ChooseFiliere("bio"),
        Give("vache", 2),
        Give("money", 1500),
        Take("ha", 9),
        Take("nothing", 1),
        DieRoll(7),
        DrawCard("zz"),
    ]


@pytest.mark.parametrize(("n", "options"), _SWEEP)
def test_every_refusal_of_random_games_reads_in_french(n: int, options: dict[str, Any]) -> None:
    """A few hundred refused moves per setting, at decisions and at chance nodes (explicit
    chance mode): moves legal at other moments of the game and legal-looking ones. Each
    refusal has a French reason that is not the English one, in French typography, and
    neither text depends on what is hidden: Lactorama hides only the RNG (the piles are
    sorted multisets, a face-down card is drawn when a pawn lands on its slot, so it is
    nowhere in the state before, `test_la_hidden`), so a state with another RNG is refused
    in the very same words, and the RNG itself is never named."""
    from boardgames_fr.core.rng import Rng

    r = Rng(100 + n)
    s = L.new_game(n, seed=n, options=options, chance="explicit")
    seen: dict[Any, None] = {}  # every move legal at some point, in order (a repeatable pick)
    tried = chance = 0
    step = 0
    while not L.is_terminal(s) and step < 1500:
        legal = L.legal_actions(s)
        seen.update(dict.fromkeys(legal))
        if step % 2 == 0:
            pool = [a for a in (*seen, *_odd_actions(s)) if a not in legal]
            other = attrs.evolve(s, rng=(s.rng * 6364136223846793005 + 1) % 2**64)
            for _ in range(min(4, len(pool))):
                a = pool[r.randrange(len(pool))]
                e = _refused(s, a)
                en, fr = str(e), e.reason("fr")
                assert en and fr, (s.phase, a)
                assert e.reason("en") == en
                bare = en.replace(repr(a), "")
                if re.search(r"[A-Za-z]{2,}", bare):
                    assert fr != en, (s.phase, a, en)
                assert not _ENGLISH.search(fr), (s.phase, a, fr)
                assert not re.search(r"\S[:;]", fr), (s.phase, a, fr)  # « : », « ; »
                assert '"' not in fr, (s.phase, a, fr)  # French quotes are « »
                again = _refused(other, a)
                assert (str(again), again.reason("fr")) == (en, fr), (s.phase, a)
                assert str(s.rng) not in en + fr
                tried += 1
                chance += L.current_player(s) == bgf.CHANCE
        s = L.step(s, legal[r.randrange(len(legal))])
        step += 1
    assert tried >= 300 and chance >= 50, (tried, chance)


def test_LA21_a_card_typed_at_a_one_die_roll_is_refused_in_the_singular() -> None:
    s = L.new_game(2, seed=3, chance="explicit", options={"dice": 1})
    while not (s.phase == "roll" and L.current_player(s) == bgf.CHANCE):
        chance = L.current_player(s) == bgf.CHANCE
        s = L.step(s, bgf.sample_chance(s) if chance else L.legal_actions(s)[0])
    with pytest.raises(bgf.IllegalActionError) as info:
        L.step(s, DrawCard("P01"))
    faces = [f"le dé fait {v}" for v in range(1, 7)]
    assert info.value.reason("fr") == (
        "on lance maintenant le dé, on ne tire pas de carte ; possibles : "
        + ", ".join(f"« {f} »" for f in faces)
    )
    assert str(info.value).startswith("the die is rolled now, not a card drawn; possible: ")
