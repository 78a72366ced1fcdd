"""Pictures: the public view hides every hand; a seat's view adds its own hand only."""

from __future__ import annotations

import attrs
from lf_helpers import BY_NAME, KEY, play, position

import boardgames_fr.little_factory as lf
from boardgames_fr.little_factory.actions import (
    EndTurn,
    PayGood,
    ProduceBasic,
    StartTrade,
    StopTaking,
    TakeBuilding,
    TakeGood,
    UseBuilding,
)
from boardgames_fr.little_factory.data import GOODS


def _state() -> lf.State:
    s = lf.new_game(2, seed=5)
    hands = ((1, 0, 0, 0, 0) + (0,) * (len(GOODS) - 5), (0, 0, 0, 0, 2) + (0,) * (len(GOODS) - 5))
    return attrs.evolve(s, hands=hands)


def test_public_render_shows_hand_sizes_only() -> None:
    text = lf.render(_state(), "fr")
    assert "main :" not in text
    assert "Joueur 1 : 0 PV (0 jeton), 3 pièces, 1 carte en main ; bâtiments : —" in text
    assert "Joueur 2 : 0 PV (0 jeton), 4 pièces, 2 cartes en main ; bâtiments : —" in text


def test_seat_render_shows_own_hand_only() -> None:
    s = _state()
    wood, fourth = GOODS[0].name_fr, GOODS[4].name_fr
    text = lf.render(s, "fr", 1)
    assert f"2 cartes en main ; main : {fourth} ×2 ;" in text
    assert f"main : {wood}" not in text
    en = lf.render(s, "en", 0)
    assert f"1 card in hand; hand: {GOODS[0].name_en}; buildings" in en


def test_render_typography() -> None:
    text = lf.render(_state(), "fr")
    assert "  Bâtiments (≤ 8) : " in text
    assert "  Niveau 3 : " in text
    assert "Pioche : niveau 2 : " in text and " cartes, niveau 3 : " in text


def test_render_svg_languages_and_no_hand() -> None:
    s = _state()
    fr, en = lf.render_svg(s), lf.render_svg(s, "en")
    assert "Joueur 2 : 0 PV, 4 pièces, 2 cartes" in fr
    assert "Player 2: 0 VP, 4 coins, 2 cards" in en
    assert "Niveau 2" in fr and "Tier 2" in en


def test_menu_labels_give_quantities() -> None:
    from lf_helpers import KEY

    from boardgames_fr.little_factory.actions import Discard, PayGood, Produce, TakeGood

    clay = KEY["clay"]
    assert lf.describe(Produce(KEY["brick"], 0), None, "fr") == (
        "Produire 1 brique en dépensant 1 argile"
    )
    assert lf.describe(Produce(KEY["timber"], 0), None, "en") == "Produce 1 timber spending 2 wood"
    assert lf.describe(TakeGood(clay), None, "fr") == "Prendre 1 argile (valeur 1)"
    assert lf.describe(PayGood(clay), None, "fr") == "Payer avec 1 argile (valeur 1)"
    assert lf.describe(Discard(clay), None, "fr") == "Défausser 1 argile (limite de main)"


def test_LF10_players_are_numbered_from_1_in_pictures_and_reasons() -> None:
    # The API's seat 0 plays first (LF-10) and is « Joueur 1 » to a person, as in the
    # CLI's move log: pictures, the winners' line and illegal-move reasons agree.
    import re

    import pytest
    from lf_helpers import BY_NAME, position

    import boardgames_fr as bgf
    from boardgames_fr.little_factory.actions import Build, EndTurn

    s = _state()
    fr, en = lf.render(s, "fr"), lf.render(s, "en", 0)
    assert fr.splitlines()[1] == "Au tour du joueur 1 : échange de pièces (premier tour)"
    assert en.splitlines()[1] == "Turn of Player 1: coin exchange (first round)"
    assert en.splitlines()[-2] == (
        "Player 1: 0 VP (0 tokens), 3 coins, 1 card in hand; hand: clay; buildings: —"
    )
    svg_fr = re.findall(r"<text[^>]*>([^<]*)</text>", lf.render_svg(s))
    assert "▶ Joueur 1 : 0 PV, 3 pièces, 1 carte ; —" in svg_fr
    assert "Joueur 2 : 0 PV, 4 pièces, 2 cartes ; —" in svg_fr
    assert "▶ Player 1: 0 VP, 3 coins, 1 card; —" in lf.render_svg(s, "en")

    main = position(hands={0: {"brick": 1}}, shown=["water_mill"], built={0: ["dairy"]})
    with pytest.raises(bgf.IllegalActionError) as err:
        lf.step(main, EndTurn())
    assert str(err.value) == "Player 1 must produce or trade first"
    assert err.value.reason("fr") == "Joueur 1 doit d'abord produire ou échanger"

    won = lf.step(attrs.evolve(main, tokens=(8, 0)), Build(BY_NAME["water_mill"]))
    assert lf.render(won, "fr").splitlines()[1] == (
        "Partie finie (un joueur a atteint les points de victoire visés) ; gagnant : Joueur 1"
    )
    assert lf.render(won, "en").splitlines()[1] == (
        "Game over (a player reached the target points); winner: Player 1"
    )
    for text in (fr, en, lf.render_svg(s), lf.render_svg(s, "en"), lf.render(won, "fr")):
        assert "Joueur 0" not in text and "Player 0" not in text and "Seat" not in text


def test_LF05_trade_line_lists_goods_and_buildings_taken() -> None:
    # A trade taking only a building reads « prend tannerie », not « prend — ; tannerie ».
    s = position(hands={0: {"timber": 2}}, shown=["tannery"])
    s = play(s, StartTrade(), TakeBuilding(BY_NAME["tannery"]))
    assert lf.render(s).splitlines()[-1] == (
        "Échange en cours : prend tannerie (prix 6) ; payé — + 0 pièce = 0"
    )
    s = play(s, TakeGood(KEY["wood"]))
    assert lf.render(s, "en").splitlines()[-1] == (
        "Trade in progress: takes wood, tannery (price 7); paid — + 0 coins = 0"
    )


def test_LF13_a_shared_win_reads_in_the_plural() -> None:
    """« gagnant(s) » once stood for one winner and for several."""
    from boardgames_fr.core.rng import Rng

    for seed in range(200):
        r = Rng(seed)
        s = lf.new_game(2, seed=seed, options={"max_rounds": 3})
        while not lf.is_terminal(s):
            legal = lf.legal_actions(s)
            s = lf.step(s, legal[r.randrange(len(legal))])
        if len(lf.winners(s)) > 1:
            break
    assert (s.end, lf.winners(s)) == ("rounds", (0, 1))
    assert "Partie finie (dernière manche jouée) ; gagnants : Joueur 1, Joueur 2" in lf.render(s)
    assert "Game over (the last round was played); winners: Player 1, Player 2" in lf.render(
        s, "en"
    )


def _svg_texts(s: lf.State, lang: str = "fr") -> list[str]:
    import re
    from html import unescape

    return [unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", lf.render_svg(s, lang))]


def test_svg_says_whose_turn_it_is_and_when_the_game_is_over() -> None:
    # The SVG once showed a finished game as one in play, with no word of the end or of
    # the winner: it now opens on the text picture's status line.
    from boardgames_fr.little_factory.actions import Build

    main = position(hands={0: {"brick": 1}}, shown=["water_mill"], tokens=(9, 0))
    assert _svg_texts(main)[0] == "Au tour du joueur 1 : produire ou échanger"
    assert _svg_texts(main, "en")[0] == "Turn of Player 1: produce or trade"
    won = lf.step(main, Build(BY_NAME["water_mill"]))
    assert _svg_texts(won)[0] == (
        "Partie finie (un joueur a atteint les points de victoire visés) ; gagnant : Joueur 1"
    )
    assert _svg_texts(won, "en")[0] == (
        "Game over (a player reached the target points); winner: Player 1"
    )
    assert not any(t.startswith("▶") for t in _svg_texts(won))


def test_svg_shows_the_trade_the_decks_and_the_discard() -> None:
    # What the text picture says of a trade in progress, the decks and the discard pile
    # (LF-05, LF-12) is in the SVG too.
    s = position(hands={0: {"timber": 2}}, shown=["tannery"], discard={"bread": 1, "brick": 2})
    s = play(s, StartTrade(), TakeBuilding(BY_NAME["tannery"]))
    texts = _svg_texts(s)
    assert "Échange en cours : prend tannerie (prix 6) ; payé — + 0 pièce = 0" in texts
    deck = lf.render(s).splitlines()[8]
    assert deck.startswith("Pioche : niveau 2 : ") and deck.endswith("défausse : brique ×2, pain")
    assert deck in texts
    assert lf.render(s, "en").splitlines()[8] in _svg_texts(s, "en")
    assert "Manche 2/60, jetons PV : 12" in texts


def test_LF03_discard_line_gives_the_hand_limit() -> None:
    # The limit is an option: « la limite de main » alone did not say how far to discard.
    s = position(
        hands={0: {"clay": 2, "wood": 3, "stone": 1}},
        phase="discard",
        options=lf.Options(hand_limit=5),
    )
    assert lf.render(s).splitlines()[1] == (
        "Au tour du joueur 1 : défausser jusqu'à 5 cartes (limite de main)"
    )
    assert lf.render(s, "en").splitlines()[1] == (
        "Turn of Player 1: discard down to 5 cards (hand limit)"
    )
    one = attrs.evolve(s, options=lf.Options(hand_limit=1))
    assert lf.render(one).splitlines()[1].endswith("défausser jusqu'à 1 carte (limite de main)")
    assert lf.render(one, "en").splitlines()[1].endswith("discard down to 1 card (hand limit)")


def _status(s: lf.State, lang: str, seat: int | None = None) -> str:
    """The status line of the text picture (its second line)."""
    return lf.render(s, lang, seat).splitlines()[1]


def test_LF03_status_line_says_what_the_seat_may_still_do() -> None:
    # Issue #24: once the seat had produced, the status line still said « produire ou
    # échanger », as if it could again; it says what is left: its building action (LF-08),
    # then only the end of the turn.
    rows = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1}
    s = position(hands={0: {"clay": 1}}, rows=rows, built={0: ["brick_factory"]})
    assert _status(s, "fr") == "Au tour du joueur 1 : produire ou échanger"
    s = lf.step(s, ProduceBasic(KEY["wood"]))
    assert lf.legal_actions(s) == (UseBuilding(BY_NAME["brick_factory"], 0), EndTurn())
    assert _status(s, "fr") == "Au tour du joueur 1 : utiliser un bâtiment ou finir le tour"
    assert _status(s, "en") == "Turn of Player 1: use a building or end the turn"
    assert "utiliser un bâtiment ou finir le tour" in lf.render_svg(s)
    s = lf.step(s, UseBuilding(BY_NAME["brick_factory"], 0))
    assert lf.legal_actions(s) == (EndTurn(),)
    assert _status(s, "fr") == "Au tour du joueur 1 : finir le tour"
    assert _status(s, "en") == "Turn of Player 1: end the turn"


def test_LF03_status_line_after_a_trade_without_buildings() -> None:
    # No building: after the turn's trade, only the end of the turn is left (LF-03).
    s = position(hands={0: {"clay": 1}}, rows={"brick": 1, "charcoal": 1})
    s = play(s, StartTrade(), TakeGood(KEY["wood"]), StopTaking(), PayGood(KEY["clay"]))
    assert s.acted and lf.legal_actions(s) == (EndTurn(),)
    assert _status(s, "fr") == "Au tour du joueur 1 : finir le tour"
    assert _status(s, "en", 0) == "Turn of Player 1: end the turn"


def test_LF03_status_line_is_public_whatever_the_hand() -> None:
    # The status line is in the public picture: whether a building can run depends on the
    # hand, so it says what the rules leave (the building action not used yet), not more.
    rows = {"brick": 1, "charcoal": 1, "cut_stone": 1, "flour": 1, "thread": 1}
    s = position(hands={0: {"wood": 1}}, rows=rows, built={0: ["brick_factory"]})
    s = lf.step(s, ProduceBasic(KEY["wood"]))
    assert lf.legal_actions(s) == (EndTurn(),)  # no clay for the brick factory
    assert _status(s, "fr") == "Au tour du joueur 1 : utiliser un bâtiment ou finir le tour"
