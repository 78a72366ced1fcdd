"""Names of Lactorama's things in French and English, from the data: the filières, the
farms. Pure labels that the pictures (render.py), the refusals (explain.py) and the save
checks (validate.py) share; nothing here reads the rules.
"""

from __future__ import annotations

from boardgames_fr.lactorama import data as D

__all__ = ["FIL_EN", "FIL_FR", "farm_name", "filiere_words"]

FIL_FR = {f["id"]: f["name_fr"] for f in D.BOARD["filieres"]}
FIL_EN = {f["id"]: f["name_en"] for f in D.BOARD["filieres"]}


def farm_name(i: int, lang: str) -> str:
    """« exploitation B » / "farm B": a letter for farms 0..25, the number beyond (a menu
    or a refusal may name any farm index).

    Example:
        >>> farm_name(1, "fr"), farm_name(30, "en")
        ('exploitation B', 'farm 30')
    """
    name = chr(65 + i) if 0 <= i < 26 else str(i)
    return f"exploitation {name}" if lang == "fr" else f"farm {name}"


def filiere_words(fil: str, lang: str) -> str:
    """A filière in words with its key: 'Eco ("ecolo")', « Écolo (« ecolo ») ».

    Example:
        >>> filiere_words("techno", "en")
        'Techno ("techno")'
    """
    names = FIL_FR if lang == "fr" else FIL_EN
    if fil not in names:
        return repr(fil)
    return f"{names[fil]} (« {fil} »)" if lang == "fr" else f'{names[fil]} ("{fil}")'
