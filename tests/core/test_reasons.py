"""Refusals in the player's language: `IllegalActionError.reason("fr")` / ``("en")``."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest
import toygame

import boardgames_fr as bgf
from boardgames_fr import fromage, misere
from boardgames_fr.misere.actions import GoToSector


def _refused(game: Any, s: Any, a: Any) -> bgf.IllegalActionError:
    with pytest.raises(bgf.IllegalActionError) as info:
        game.step(s, a)
    return info.value


def _toy_at_roll() -> Any:
    toy = toygame.GAME
    s = toy.new_game(2, seed=4, chance="explicit")
    while toy.current_player(s) == bgf.CHANCE:  # the secret cards
        s = toy.step(s, toy.legal_actions(s)[0])
    return toy.step(s, toygame.Roll())


def test_the_cores_chance_sentences_in_french_and_english() -> None:
    # The toy game has no explain hook: every word is the core's.
    toy, s = toygame.GAME, _toy_at_roll()
    e = _refused(toy, s, toygame.Face(7))
    faces_fr = ", ".join(f"« dé : {v} »" for v in range(1, 7))
    assert e.reason("fr") == (
        f"« dé : 7 » n'est pas un résultat possible maintenant ; possibles : {faces_fr}"
    )
    assert e.reason("en") == str(e)
    assert str(e).startswith('"die: 7" is not a possible outcome of this chance event; possible')
    e = _refused(toy, s, toygame.Roll())
    assert e.reason("fr") == (
        "« lancer » n'est pas un résultat possible maintenant : ce sont les dés ou une"
        f" pioche qui décident maintenant, pas un joueur ; possibles : {faces_fr}"
    )


def test_the_cores_decision_sentence_in_french_and_english() -> None:
    toy, s = toygame.GAME, _toy_at_roll()
    s = toy.step(s, toygame.Face(3))  # back to the roller, 3 in the pot
    assert toy.current_player(s) >= 0
    e = _refused(toy, s, toygame.Face(2))
    assert (e.reason("fr"), str(e)) == (
        "« dé : 2 » n'est pas permis maintenant",
        "die: 2 is not allowed now",
    )


# « du jeu » before every title: « une action de D'Orge et de Blé » stumbled on the
# title's own « de », and « une action de Fromage » read as one made of cheese.
_TITLES = {
    "dorge_et_ble": ("D'Orge et de Blé", "Of Barley and Wheat"),
    "fromage": ("Fromage", "Fromage (cheese race)"),
    "lactorama": ("Lactorama", "Lactorama"),
    "little_factory": ("Little Factory", "Little Factory"),
    "misere": ("Misère", "Misère"),
}


@pytest.mark.parametrize("gid", sorted(_TITLES))
def test_another_games_action_names_both_games_in_french_and_english(gid: str) -> None:
    module = bgf.get_game(gid)
    s = module.new_game(seed=1)
    mine_fr, mine_en = _TITLES[gid]
    for other, (fr, en) in _TITLES.items():
        if other == gid:
            continue
        theirs = bgf.get_game(other)
        foreign = theirs.legal_actions(theirs.new_game(seed=1))[0]
        e = _refused(module.GAME, s, foreign)
        name = type(foreign).__name__
        assert e.reason("fr") == f"{name} est une action du jeu {fr}, pas du jeu {mine_fr}"
        assert str(e) == f"{name} is an action of the game {en}, not of {mine_en}"
    e = _refused(module.GAME, s, None)
    assert e.reason("fr") == f"None n'est pas une action du jeu {mine_fr}"
    assert str(e) == f"None is not an action of the game {mine_en}"


def test_actions_of_the_wrong_type_in_french() -> None:
    s = fromage.new_game(2, seed=1)
    place = fromage.legal_actions(s)[0]  # PlaceMouse(space: str)
    e = _refused(fromage.GAME, s, attrs.evolve(place, space=1.5))
    assert e.reason("fr") == "PlaceMouse : space doit être du texte, pas 1.5"
    assert str(e) == "PlaceMouse: space must be text, not 1.5"
    e = _refused(misere.GAME, misere.new_game(seed=1), GoToSector(sector="2"))
    assert e.reason("fr") == "GoToSector : sector doit être un nombre entier, pas '2'"


def test_the_game_over_refusal_in_french() -> None:
    s = misere.new_game(seed=2)
    while not misere.is_terminal(s):
        s = misere.step(s, misere.legal_actions(s)[0])
    e = _refused(misere.GAME, s, misere.legal_actions(misere.new_game(seed=2))[0])
    assert (e.reason("fr"), e.reason("en")) == (
        "la partie est finie : plus aucun coup",
        "the game is over: no more moves",
    )


def test_the_explain_hook_answers_in_each_language(monkeypatch: pytest.MonkeyPatch) -> None:
    # The core asks the game's hook once per language: the message and reason("fr").
    toy, s = toygame.GAME, _toy_at_roll()
    s = toy.step(s, toygame.Face(3))
    monkeypatch.setattr(toy, "_explain", lambda state, action, lang: f"in {lang}")
    e = _refused(toy, s, toygame.Face(2))
    assert (str(e), e.reason("fr"), e.reason("en")) == ("in en", "in fr", "in en")


def test_both_texts_cross_a_process_boundary() -> None:
    e = bgf.IllegalActionError("not now", "pas maintenant")
    back = pickle.loads(pickle.dumps(e))
    assert (type(back), str(back), back.reason("fr"), back.reason()) == (
        bgf.IllegalActionError,
        "not now",
        "pas maintenant",
        "pas maintenant",
    )
    assert bgf.IllegalActionError("only one").reason("fr") == "only one"
