"""Words every game shares in what a person reads."""

from __future__ import annotations

__all__ = ["player_name"]


def player_name(seat: int, lang: str = "fr") -> str:
    """How a person reads ``seat``: numbered from 1 (seat 0 is « Joueur 1 »), in the
    pictures, the reasons and the command line's move log alike. The API's seats stay
    0-based. A game whose players have other names (Fromage's colours) has its own
    ``player_name``.

    Example:
        >>> player_name(0), player_name(1, "en")
        ('Joueur 1', 'Player 2')
    """
    return f"{'Joueur' if lang == 'fr' else 'Player'} {seat + 1}"
