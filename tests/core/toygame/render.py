"""Labels and pictures of the toy game, in French and English: they read the rules'
values, and the rules never import them."""

from __future__ import annotations

from typing import Any

from boardgames_fr.core.game import check_lang
from boardgames_fr.core.labels import player_name
from toygame.actions import Bank, Face, Roll
from toygame.state import State

__all__ = ["describe", "player_name", "render", "render_svg"]

LEAK_RENDER = False  # flipped by a test to prove the no-leak check of pictures can fail

_WORDS = {
    "fr": {"roll": "lancer", "bank": "encaisser", "die": "dé : {}", "card": "carte secrète"},
    "en": {"roll": "roll", "bank": "bank", "die": "die: {}", "card": "secret card"},
}


def describe(a: Any, s: State | None, lang: str) -> str:
    words = _WORDS[lang]
    if isinstance(a, Roll):
        return words["roll"]
    if isinstance(a, Bank):
        return words["bank"]
    if isinstance(a, Face):
        return words["die"].format(a.value)
    return words["card"]  # never the card itself: it is a secret


def render(s: State, lang: str, seat: int | None) -> str:
    mine = "" if seat is None else f" {_WORDS[lang]['card']} {s.secret[seat]}"
    if LEAK_RENDER:
        mine += f" cards {s.secret}"
    return f"scores {s.score} pot {s.pot}{mine}"


def render_svg(state: State, lang: str = "fr") -> str:
    """The scores as a (very) small SVG picture.

    Example:
        >>> import toygame
        >>> render_svg(toygame.new_game(2, seed=1), "en")[:4]
        '<svg'
    """
    check_lang(lang)
    return (
        "<svg xmlns='http://www.w3.org/2000/svg'>"
        f"<text>{_WORDS[lang]['bank']}: {state.score}</text></svg>"
    )
