"""Words every game shares in what a person reads."""

from __future__ import annotations

__all__ = ["count", "de", "elides", "player_name"]


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


def count(n: int, one: str, many: str, lang: str = "fr") -> str:
    """``n`` things in words: French takes the singular below 2 (« 0 carte », « 1 carte »,
    « 2 cartes »), English only at 1 ("0 cards", "1 card").

    Example:
        >>> count(0, "carte", "cartes"), count(2, "carte", "cartes")
        ('0 carte', '2 cartes')
        >>> count(0, "card", "cards", "en")
        '0 cards'
    """
    return f"{n} {one if (n < 2 if lang == 'fr' else n == 1) else many}"


_VOWELS = "aàâeéèêëiîïoôuùûy"


def elides(name: str) -> bool:
    """Whether a French article or « de » is elided before ``name`` (« l'argile »,
    « d'eau »): it starts with a vowel. An h is not: the games' h words are aspirated.

    Example:
        >>> elides("argile"), elides("Écolo"), elides("houblon")
        (True, True, False)
    """
    return name[:1].lower() in _VOWELS


def de(name: str) -> str:
    """French « de » before ``name``, elided before a vowel: « de blé », « d'eau »,
    « d'Ambrée 6 », « de houblon » (`elides`).

    Example:
        >>> de("blé"), de("eau"), de("Ambrée 6"), de("houblon")
        ('de blé', "d'eau", "d'Ambrée 6", 'de houblon')
    """
    return f"d'{name}" if elides(name) else f"de {name}"
