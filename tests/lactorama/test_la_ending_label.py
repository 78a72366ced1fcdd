"""Lactorama's ending labels (Game.ending_label): every end reason in both languages, as
the pictures say them."""

from __future__ import annotations

from boardgames_fr import lactorama
from boardgames_fr.lactorama.state import END_REASONS


def test_every_end_reason_has_a_label_in_both_languages() -> None:
    for code in END_REASONS:
        fr = lactorama.GAME.ending_label(code, "fr")
        en = lactorama.GAME.ending_label(code, "en")
        assert fr and en and fr != code and en != code and fr != en
    assert lactorama.GAME.ending_label("years", "fr") == "fin des années"
    assert lactorama.GAME.ending_label("last_farm", "en") == "one farm left"
    assert lactorama.GAME.ending_label("", "en") == ""


def test_the_label_of_a_finished_game_is_in_its_picture() -> None:
    s = lactorama.new_game(2, seed=3)
    while not lactorama.is_terminal(s):
        s = lactorama.step(s, lactorama.legal_actions(s)[0])
    code = lactorama.GAME.ending(s)
    assert code in END_REASONS
    for lang in ("fr", "en"):
        assert lactorama.GAME.ending_label(code, lang) in lactorama.render(s, lang)
