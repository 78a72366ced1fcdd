"""Every game's states and observations draw themselves in a notebook (issue #24 item 6):
``_repr_svg_`` is the game's public SVG picture, the same for a state and for any
observation of it, so a notebook never shows a seat's hidden cards."""

from __future__ import annotations

import pytest

import boardgames_fr as bgf


def _mid_game(game_id: str, steps: int) -> object:
    module = bgf.get_game(game_id)
    s = bgf.new_game(game_id, seed=5)
    for i in range(steps):
        if module.is_terminal(s):
            break
        options = module.legal_actions(s)
        s = module.step(s, options[i % len(options)])
    return s


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
@pytest.mark.parametrize("steps", [0, 25])
def test_a_state_and_its_observations_show_the_public_picture(game_id: str, steps: int) -> None:
    module = bgf.get_game(game_id)
    s = _mid_game(game_id, steps)
    public = module.render_svg(s)
    assert public.startswith("<svg") and public.rstrip().endswith("</svg>")
    assert s._repr_svg_() == public  # type: ignore[attr-defined]
    for seat in range(s.num_players):  # type: ignore[attr-defined]
        o = module.observe(s, seat)
        assert o._repr_svg_() == public
