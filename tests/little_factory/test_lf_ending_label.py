"""Little Factory's ending labels (Game.ending_label): every end reason in both languages,
as the status line says it, and in the summary of a simulation."""

from __future__ import annotations

import boardgames_fr as bgf
from boardgames_fr import little_factory as lf
from boardgames_fr.little_factory.state import ENDS


def test_every_end_reason_has_a_label_in_both_languages() -> None:
    for code in ENDS:
        fr = lf.GAME.ending_label(code, "fr")
        en = lf.GAME.ending_label(code, "en")
        assert fr and en and fr != code and en != code and fr != en
    points = "un joueur a atteint les points de victoire visés"
    assert lf.GAME.ending_label("points", "fr") == points
    assert lf.GAME.ending_label("rounds", "en") == "the last round was played"
    assert lf.GAME.ending_label("", "en") == ""
    assert lf.GAME.ending_label("unknown", "fr") == "unknown"


def test_the_label_of_a_finished_game_is_in_its_picture() -> None:
    s = lf.new_game(2, seed=3)
    while not lf.is_terminal(s):
        s = lf.step(s, lf.legal_actions(s)[0])
    code = lf.GAME.ending(s)
    assert code in ENDS
    for lang in ("fr", "en"):
        assert lf.GAME.ending_label(code, lang) in lf.render(s, lang)


def test_a_simulation_summary_says_the_endings_in_words() -> None:
    r = bgf.simulate(
        "little_factory", ["heuristic", "random"], games=6, seed=2, jobs=1, progress=False
    )
    codes = sorted(set(r.endings))
    assert codes and all(c in ENDS for c in codes)
    text = r.summary(lang="fr")
    for code in codes:
        assert lf.GAME.ending_label(code, "fr") in text
        assert f"fins : {code}" not in text
