"""Labels, renders, SVG, options and data loading."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import attrs
import pytest
from misere_helpers import (
    AGRICOLES,
    ARTISANS,
    BUY0,
    BUY_DOTTED,
    COMMUNE,
    MANCHE,
    OEUVRE,
    PETITS,
    POINTER,
    STRUGGLE0,
    WORK0,
    WORK_DOTTED,
    acting,
    fill_circles,
    fresh,
    play,
    put,
    setp,
    short_of_food,
)

import boardgames_fr as bgf
from boardgames_fr import misere
from boardgames_fr.agents import RandomAgent
from boardgames_fr.misere import data
from boardgames_fr.misere.actions import (
    Activate,
    AdvanceOeuvre,
    BuyFood,
    FallToMisery,
    GoHome,
    GoToSector,
    LoseWorker,
    NoQualify,
    Place,
    Qualify,
    SellOeuvre,
    SlackOff,
)
from boardgames_fr.misere.state import PHASES, STAGES


def test_describe_in_the_seeds_words() -> None:
    s = play(acting(WORK0), Activate(WORK0))
    assert (
        misere.describe(GoToSector(AGRICOLES), s, "fr") == "Bosser chez les exploitants agricoles"
    )
    assert misere.describe(GoToSector(AGRICOLES), s, "en") == "Work at the agribusiness farms"
    assert misere.describe(SlackOff(), None, "fr").startswith("Glander")
    assert misere.describe(FallToMisery(0), None, "fr") == "Misère : Pointer"
    assert misere.describe(FallToMisery(2), None, "fr") == "Misère : Faire la manche"
    assert misere.describe(FallToMisery(1), None, "en") == "Misery: Work for yourself"
    assert misere.describe(Place(4, False), None, "fr") == "Poser un ouvrier sur « Galérer »"
    every = (
        Place(2, True),
        Activate(9),
        GoToSector(0),
        SlackOff(),
        BuyFood(2),
        Qualify("reserve"),
        Qualify("zone", 3),
        Qualify("sector", 1),
        Qualify("oeuvre"),
        NoQualify(),
        FallToMisery(1),
        GoHome(),
        AdvanceOeuvre(),
        SellOeuvre(),
    )
    for a in every:
        for lang in ("fr", "en"):
            text = misere.describe(a, None, lang)
            assert text and "\n" not in text


def test_render_and_svg() -> None:
    s = fresh()
    assert "Zone de pose" in misere.render(s, "fr")
    assert "Placement zone" in misere.render(s, "en")
    svg = misere.render_svg(play(acting(WORK0), Activate(WORK0), GoToSector(AGRICOLES)))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    # the sectors' names (bold, 11), each wrapped within its box
    assert [t for _, _, size, bold, t in svg_texts(svg) if bold and size == 11] == [
        "Les artisans-",
        "commerçants",
        "Les petits",
        "exploitants",
        "Les exploitants",
        "agricoles",
        "La Commune",
    ]


def svg_texts(svg: str) -> list[tuple[float, float, int, bool, str]]:
    """(x, y, font size, bold, text) of each text element of a picture."""
    return [
        (float(x), float(y), int(size), weight == "bold", unescape(body))
        for x, y, size, weight, body in re.findall(
            r'<text x="([\d.]+)" y="([\d.]+)" font-size="(\d+)" font-weight="(\w+)"[^>]*>'
            r"([^<]*)</text>",
            svg,
        )
    ]


def overlaps(svg: str, width: float) -> list[tuple[str, str]]:
    """Pairs of texts that run into each other, or a text that runs out of the picture.

    A text is taken as wide as 0.6 of its font size a character (0.66 in bold), which the
    sans-serif font does not exceed on the picture's words.
    """
    boxes = []
    for x, y, size, bold, body in svg_texts(svg):
        right = x + len(body) * size * (0.66 if bold else 0.6)
        boxes.append((x, right, y - size, y, body))
    out = [(b[4], "the picture's edge") for b in boxes if b[1] > width]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]:
                out.append((a[4], b[4]))
    return out


def test_svg_misery_circles_each_have_their_own_line() -> None:
    """The three circles' names used to stand side by side, « Bosser pour sa gueule »
    running under « Faire la manche »: now one circle a line."""
    s = fill_circles(fresh())
    for lang, names in (
        ("fr", ["Pointer", "Bosser pour sa gueule", "Faire la manche"]),
        ("en", ["Sign on at the job centre", "Work for yourself", "Beg"]),
    ):
        texts = svg_texts(misere.render_svg(s, lang))
        assert [(x, y, t) for x, y, _, _, t in texts if t in names] == [
            (42, 194, names[0]),
            (42, 224, names[1]),
            (42, 254, names[2]),
        ]


def test_svg_no_text_runs_over_another() -> None:
    mid = play(acting(WORK0), Activate(WORK0))
    ends = []
    for g in (1, 2):
        t = misere.new_game(2, seed=g, options={"plain_squares": 4, "dotted_squares": 3})
        bots = [misere.HeuristicAgent(g), RandomAgent(g)]
        while not misere.is_terminal(t):
            t = misere.step(t, bots[t.to_move].act(misere.observe(t, t.to_move),
                                                    misere.legal_actions(t)))  # fmt: skip
            if t.pending is not None and t.pending.stage == "buy":
                ends.append(t)
        ends.append(t)
    # A tie (MI-18): player 2 begs with no food and starves, player 1's only worker goes
    # onto the Oeuvre: nobody can place any more, 1000 each, no experience. (With 4 + 3
    # squares per action, the circles are places 21-23: 23 is Faire la manche.)
    tie = misere.new_game(2, seed=0, options={"plain_squares": 4, "dotted_squares": 3})
    tie = play(tie, Place(0, False), Place(23, False), Activate(23), Activate(0))
    tie = play(tie, GoToSector(COMMUNE), FallToMisery(1))
    assert misere.is_terminal(tie) and misere.winners(tie) == (0, 1)
    liquidated = attrs.evolve(fresh(), liquidated=True)
    for s in (fresh(), mid, liquidated, *ends[::7], ends[-1], tie):
        for lang in ("fr", "en"):
            assert overlaps(misere.render_svg(s, lang), 760) == [], (lang, s.round)
    # the winner on the last line of a finished game (this one a tie, MI-18)
    assert svg_texts(misere.render_svg(tie, "fr"))[-1][4] == (
        "Fin de partie — Gagnants : Joueur 1, Joueur 2"
    )
    assert svg_texts(misere.render_svg(tie, "en"))[-1][4] == (
        "Game over — Winners: Player 1, Player 2"
    )
    # the picture of a liquidated sector, and the check itself on the old layout
    names = [t for _, _, size, bold, t in svg_texts(misere.render_svg(liquidated, "en"))]
    assert names[names.index("Smallholders (wound") :][:2] == ["Smallholders (wound", "up)"]
    old = (
        '<text x="50" y="195" font-size="11" font-weight="normal">Pointer</text>'
        '<text x="180" y="195" font-size="11" font-weight="normal">Bosser pour sa gueule</text>'
        '<text x="310" y="195" font-size="11" font-weight="normal">Faire la manche</text>'
    )
    assert overlaps(old, 760) == [("Bosser pour sa gueule", "Faire la manche")]


def test_options_are_validated() -> None:
    with pytest.raises(ValueError, match="rounds"):
        misere.Options(rounds=0)
    with pytest.raises(ValueError, match="tie_break"):
        misere.Options(tie_break="coin")
    s = misere.new_game(2, seed=1, options={"rounds": 3})
    assert s.options.rounds == 3


def test_bad_data_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("sectors.json", "zone.json", "oeuvre.json", "setup.json"):
        (tmp_path / name).write_text((data.DATA_DIR / name).read_text(encoding="utf-8"))
    raw = json.loads((tmp_path / "sectors.json").read_text(encoding="utf-8"))
    raw["sectors"][2]["work"]["wage"] = -5
    (tmp_path / "sectors.json").write_text(json.dumps(raw))
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"sectors\.json.*wage"):
        data._load_sectors()


# Internal ids a player must never read (issue 3, item 7), as whole lowercase words: the
# stage and phase ids, the Qualify/LoseWorker targets and the data ids of the sectors,
# actions and circles, except where the id is also the seed's own word in that language
# ("placement", "action", "manche", "commune"...) or plain English ("zone", "reserve").
_DATA_IDS = {s.id for s in data.SECTORS} | {c.id for c in data.CIRCLES} | set(data.ACTION_IDS)
_TARGETS = {"plain", "qualified", "sector", "reserve", "zone", "oeuvre"}
_IDS = set(STAGES) | set(PHASES) | _TARGETS | _DATA_IDS | {"stage", "étape", "pending"}
FORBIDDEN = {
    "fr": _IDS - {"placement", "action", "artisans", "petits", "agricoles", "commune", "pointer",
                  "manche"},
    "en": _IDS - {"placement", "action", "over", "qualified", "sector", "reserve", "zone",
                  "work", "struggle"},
}  # fmt: skip
_SVG_TEXT = re.compile(r"<text[^>]*>([^<]*)</text>")
# A player named from 0 (seat numbers are the API's; people count from 1), or a seat.
_ZERO_BASED = re.compile(r"\b(?:[Jj]oueur|[Pp]layer) 0\b|\b[JP]0\b|\bseat|\bsiège")


def _labels(s: misere.State) -> Iterator[tuple[str, str]]:
    """(language, text) of everything a player reads at this position."""
    for lang in ("fr", "en"):
        yield lang, misere.render(s, lang)
        for body in _SVG_TEXT.findall(misere.render_svg(s, lang)):
            yield lang, body
        for a in misere.legal_actions(s):
            yield lang, misere.describe(a, s, lang)


def _leaks(lang: str, text: str) -> list[str]:
    words = set(re.findall(r"[a-zé_]+", text))  # lowercase words only: "Oeuvre" is a name
    out = sorted(words & FORBIDDEN[lang])
    if re.search(r"[A-Z][a-z]+\([a-z_]+=|=|None|(?<![\w-])-1\b", text):  # repr, field, code
        out.append(text)
    if _ZERO_BASED.search(text):
        out.append(text)
    return out


def test_no_label_of_whole_games_shows_an_internal_id() -> None:
    seen_stages: set[str] = set()
    seen_phases: set[str] = set()
    for g in range(60):
        s = misere.new_game(2, seed=g)
        bots = [misere.HeuristicAgent(g), RandomAgent(g)] if g % 2 else [RandomAgent(g)] * 2
        while True:
            for lang, text in _labels(s):
                assert not _leaks(lang, text), (lang, text)
            seen_phases.add(s.phase)
            if s.pending is not None:
                seen_stages.add(s.pending.stage)
            if misere.is_terminal(s):
                break
            seat = s.to_move
            s = misere.step(s, bots[seat].act(misere.observe(s, seat), misere.legal_actions(s)))
    # every stage and phase was seen on the way, so every label kind was read
    assert seen_stages == set(STAGES) and seen_phases == set(PHASES)


def test_labels_of_the_move_in_progress_use_the_seeds_words() -> None:
    s = play(acting(WORK0), Activate(WORK0))
    assert misere.render(s, "fr").splitlines()[-1] == (
        "En cours : ouvrier J1 (Bosser) : choisir son secteur"
    )
    assert misere.render(s, "en").splitlines()[-1] == (
        "In progress: worker P1 (Work): choosing its sector"
    )
    assert misere.render(s, "fr").splitlines()[0] == "Misère : tour 1/12, 2 - Action, Joueur 1 joue"
    for lang, text in _labels(s):
        assert not _leaks(lang, text)
    assert _leaks("fr", "En cours : ouvrier J1 (Galérer), étape qualify") == ["qualify", "étape"]
    # a player numbered from 0 is caught too
    assert _leaks("fr", "1er joueur : joueur 0") == ["1er joueur : joueur 0"]
    assert _leaks("en", "worker P0 (Work)") == ["worker P0 (Work)"]


def test_players_are_numbered_from_1_in_every_text() -> None:
    """Seat 0 reads « Joueur 1 » (« Player 1 »), like the CLI's move log; never « Joueur 0 »."""
    s = fresh()
    fr, en = misere.render(s, "fr").splitlines(), misere.render(s, "en").splitlines()
    assert fr[0] == "Misère : tour 1/12, 1 - Placement, Joueur 1 joue"
    assert fr[2] == "1er joueur : Joueur 1, meilleur ouvrier : Joueur 2"
    assert fr[3].startswith("Joueur 1 : 1000 balles, 0 nourriture, 0 expérience, ")
    assert fr[4].startswith("Joueur 2 : 1000 balles, ")
    assert en[0] == "Misère: round 1/12, 1 - Placing workers, Player 1 to move"
    assert en[2] == "First player: Player 1, best worker: Player 2"
    assert en[3].startswith("Player 1: 1000 balles, 0 food, 0 experience, ")
    svg_fr = _SVG_TEXT.findall(misere.render_svg(s, "fr"))
    svg_en = _SVG_TEXT.findall(misere.render_svg(s, "en"))
    assert [x for x in svg_fr if "Joueur" in x] == [
        "Joueur 1 : 1000 balles, 0 nourriture, 0 expérience, réserve 1 + 0 qualifié, perdus 0",
        "Joueur 2 : 1000 balles, 0 nourriture, 0 expérience, réserve 1 + 0 qualifié, perdus 0",
        "1 - Placement, Joueur 1 joue",  # whose turn, on the last line
    ]
    assert [x for x in svg_en if "Player" in x] == [
        "Player 1: 1000 balles, 0 food, 0 experience, reserve 1 + 0 qualified, lost 0",
        "Player 2: 1000 balles, 0 food, 0 experience, reserve 1 + 0 qualified, lost 0",
        "1 - Placing workers, Player 1 to move",
    ]
    assert "à jouer, 1er joueur, à défausser en fin de tour : 0 jeton nourriture" in svg_fr
    assert "best worker, due at the end of the round: 0 food tokens" in svg_en
    # a worker's owner on the zone, and the reason of an illegal move
    s = play(s, Place(WORK0, False))
    assert "  Bosser             [J1 ] ( . )" in misere.render(s, "fr").splitlines()
    assert "  Work               [P1 ] ( . )" in misere.render(s, "en").splitlines()
    with pytest.raises(bgf.IllegalActionError) as err:
        misere.step(s, Place(BUY_DOTTED, True))  # seat 1 has no helmet for the dotted square
    assert str(err.value) == "Player 2 has no qualified worker in reserve"
    assert err.value.reason("fr") == "Joueur 2 n'a pas d'ouvrier qualifié en réserve"
    s = play(s, Place(BUY0, False))  # seat 1, then seat 1 acts first (meilleur ouvrier)
    with pytest.raises(bgf.IllegalActionError) as err2:
        misere.step(s, Activate(WORK0))  # the worker there is seat 0's
    assert str(err2.value) == (
        "Player 2 has no worker on 'Work' (« Bosser »): the worker there is Player 1's"
    )
    assert err2.value.reason("fr") == (
        "Joueur 2 n'a pas d'ouvrier sur la case « Bosser » : l'ouvrier posé là est à Joueur 1"
    )
    texts = [text for _, text in _labels(s)] + [
        e.reason(lang) for e in (err.value, err2.value) for lang in ("fr", "en")
    ]
    assert not [x for x in texts if _ZERO_BASED.search(x)]


def _reason(s: misere.State, action: object, lang: str = "en") -> str:
    """Why ``step`` refuses ``action``: ``str(e)`` in English, ``e.reason("fr")`` in French."""
    with pytest.raises(bgf.IllegalActionError) as err:
        misere.step(s, action)
    return str(err.value) if lang == "en" else err.value.reason(lang)


def test_reasons_name_the_square_or_circle_never_its_number() -> None:
    """An illegal move's reason names the place as the zone shows it (English label, then
    the tile's French words; in French the tile's words only, « la case », « le rond »),
    the sector likewise; no internal place or sector number."""
    s = play(fresh(), Place(WORK0, False))  # seat 0 on Bosser; seat 1 to place
    assert _reason(s, Place(WORK0, False)) == (
        "'Work' (« Bosser ») is taken (Player 1's worker is there)"
    )
    assert _reason(s, Place(WORK0, False), "fr") == (
        "l'ouvrier de Joueur 1 occupe déjà la case « Bosser »"
    )
    assert _reason(s, Place(99, False)) == "there is no such square or circle on the zone"
    assert _reason(s, Place(99, False), "fr") == "la Zone de pose n'a ni cette case ni ce rond"
    s = play(s, Place(POINTER, False))  # seat 1, holding meilleur ouvrier, acts first
    assert _reason(s, Activate(WORK0)) == (
        "Player 2 has no worker on 'Work' (« Bosser »): the worker there is Player 1's"
    )
    assert _reason(s, Activate(WORK0), "fr") == (
        "Joueur 2 n'a pas d'ouvrier sur la case « Bosser » : l'ouvrier posé là est à Joueur 1"
    )
    assert _reason(s, Activate(STRUGGLE0)) == "there is no worker on 'Struggle' (« Galérer »)"
    assert _reason(s, Activate(STRUGGLE0), "fr") == (
        "il n'y a pas d'ouvrier sur la case « Galérer »"
    )
    assert _reason(s, Activate(MANCHE)) == (
        "there is no worker on the circle 'Beg' (le rond « Faire la manche »)"
    )
    assert _reason(s, Activate(MANCHE), "fr") == (
        "il n'y a pas d'ouvrier sur le rond « Faire la manche »"
    )
    assert _reason(s, Activate(BUY_DOTTED)) == (
        "there is no worker on the dotted square of 'Buy food' "
        "(« Acheter à bouffer », case en pointillés)"
    )
    assert _reason(s, Activate(BUY_DOTTED), "fr") == (
        "il n'y a pas d'ouvrier sur la case en pointillés « Acheter à bouffer »"
    )
    assert _reason(s, Activate(40)) == "there is no such square or circle on the zone"
    assert _reason(s, Activate(40), "fr") == "la Zone de pose n'a ni cette case ni ce rond"
    # seat 0's worker off Bosser, the Agricoles taken by seat 1's worker
    s = attrs.evolve(acting(WORK0), sectors=(-1, -1, 2, -1))
    s = play(setp(s, 1, owned_plain=2), Activate(WORK0))
    assert _reason(s, GoToSector(AGRICOLES)) == (
        "'Agribusiness farmers' (« Les exploitants agricoles ») is taken: one worker per sector"
    )
    assert _reason(s, GoToSector(AGRICOLES), "fr") == (
        "il y a déjà un ouvrier chez les exploitants agricoles : un seul ouvrier par secteur"
    )
    assert _reason(s, GoToSector(9)) == "there is no such sector"
    assert _reason(s, GoToSector(9), "fr") == "ce secteur n'existe pas"
    assert _reason(s, FallToMisery(0)) == (
        "the worker goes to misery only when no free sector can take it"
    )
    assert _reason(s, FallToMisery(0), "fr") == (
        "l'ouvrier ne va sur une action de misère que si aucun secteur libre ne peut le prendre"
    )
    assert _reason(s, FallToMisery(5)) == "there is no such misery circle"
    assert _reason(s, FallToMisery(5), "fr") == "ce rond de misère n'existe pas"
    s = play(fill_circles(acting(STRUGGLE0, money=200)), Activate(STRUGGLE0))
    assert _reason(s, FallToMisery(1)) == (
        "the circle 'Work for yourself' (le rond « Bosser pour sa gueule ») is taken"
    )
    assert _reason(s, FallToMisery(1), "fr") == (
        "le rond « Bosser pour sa gueule » est déjà occupé"
    )
    # no reason of these holds a place number or a seat, in either language
    every = [
        _reason(s, a, lang)
        for a in (FallToMisery(0), FallToMisery(2), GoToSector(0), BuyFood(3))
        for lang in ("fr", "en")
    ]
    assert not [x for x in every if re.search(r"\d|seat|siège", x)]


def test_the_other_reasons_in_french_and_english() -> None:
    """The refusals the test above does not reach, in the seed's words and French
    typography (a space before « : », « ; », « ? »)."""
    s = fresh()
    assert _reason(s, Activate(WORK0)) == "it is the placement phase: put a worker on the zone"
    assert _reason(s, Activate(WORK0), "fr") == (
        "c'est la phase de placement : poser un ouvrier sur la Zone de pose"
    )
    assert _reason(s, LoseWorker("plain")) == (
        "a worker is only lost at the feeding, for want of food"
    )
    assert _reason(s, LoseWorker("plain"), "fr") == (
        "un ouvrier n'est perdu qu'en fin de tour, faute de nourriture"
    )
    assert _reason(s, Place(WORK_DOTTED, False)) == (
        "dotted squares are for qualified workers only"
    )
    assert _reason(s, Place(WORK_DOTTED, False), "fr") == (
        "les cases en pointillés sont réservées aux ouvriers qualifiés"
    )
    # MI-03, MI-19: 1000 balles or more and food in hand: the circles are closed
    s1 = attrs.evolve(setp(s, 0, money=3000, food=2), pile=11)
    assert _reason(s1, Place(POINTER, False)) == (
        "Player 1 has 3000 balles (1000 or more), 2 food and can still place on a square: "
        "the misery circles are closed"
    )
    assert _reason(s1, Place(POINTER, False), "fr") == (
        "Joueur 1 a 3000 balles (1000 ou plus), 2 jetons nourriture et peut encore poser son "
        "ouvrier sur une case : les ronds de misère sont fermés"
    )
    s1 = attrs.evolve(setp(s, 0, food=1), pile=12)
    assert _reason(s1, Place(MANCHE, False), "fr").startswith(
        "Joueur 1 a 1000 balles (1000 ou plus), 1 jeton nourriture et"
    )
    two = fresh(plain_squares=2)  # Bosser: squares 3 and 4, the dotted one 5
    assert _reason(two, Place(4, False)) == "take the first free square of that action"
    assert _reason(two, Place(4, False), "fr") == "prendre la première case libre de cette action"
    s = play(fresh(), Place(WORK0, False), Place(BUY0, False))  # seat 1 acts first
    assert _reason(s, GoToSector(ARTISANS)) == "choose a worker of yours on the zone first"
    assert _reason(s, GoToSector(ARTISANS), "fr") == (
        "sortir d'abord un de ses ouvriers de la Zone de pose"
    )
    # buying food at the agribusiness farms: seat 1 has 1000 balles, 500 a token
    s = play(s, Activate(BUY0), GoToSector(AGRICOLES))
    assert _reason(s, BuyFood(3)) == "not that much food can be bought here now"
    assert _reason(s, BuyFood(3), "fr") == (
        "on ne peut pas acheter autant de nourriture ici maintenant"
    )
    assert _reason(s, GoToSector(ARTISANS)) == "the worker has already chosen where to go"
    assert _reason(s, GoToSector(ARTISANS), "fr") == "l'ouvrier a déjà choisi son secteur"
    assert _reason(s, NoQualify()) == (
        "not possible now; in progress: buying food at the agribusiness farms: how many tokens?"
    )
    assert _reason(s, NoQualify(), "fr") == (
        "impossible maintenant ; en cours : acheter à bouffer chez les exploitants agricoles : "
        "combien de jetons ?"
    )
    assert _reason(s, FallToMisery(0)) == "no misery action for this worker now"
    assert _reason(s, FallToMisery(0), "fr") == (
        "pas d'action de misère pour cet ouvrier maintenant"
    )
    # seat 0 goes to work with no experience: the artisans sell food for experience only
    s = play(acting(BUY0), Activate(BUY0))
    assert _reason(s, GoToSector(ARTISANS)) == (
        "the worker cannot do its action at 'Craftsmen and shopkeepers' "
        "(« Les artisans-commerçants »)"
    )
    assert _reason(s, GoToSector(ARTISANS), "fr") == (
        "l'ouvrier ne peut pas acheter à bouffer chez les artisans-commerçants"
    )


def test_zone_squares_line_up_with_or_without_a_worker() -> None:
    # A worker's mark (J1, J2*) and an empty square are as wide: the columns line up.
    # Two plain squares and one dotted square per action: Acheter à bouffer 0, 1, (2);
    # Bosser 3, 4, (5); Galérer 6, 7, (8).
    zone = (0, -1, -1, -1, 3, 1, -1, -1, -1, -1, -1, -1)
    s = attrs.evolve(fresh(plain_squares=2), zone=zone)
    for lang, head, rows in (
        ("fr", "Zone de pose :", ("[J1 ] [ . ] ( . )", "[ . ] [J2*] (J1*)", "[ . ] [ . ] ( . )")),
        ("en", "Placement zone:", ("[P1 ] [ . ] ( . )", "[ . ] [P2*] (P1*)", "[ . ] [ . ] ( . )")),
    ):
        lines = misere.render(s, lang).splitlines()
        at = lines.index(head)
        assert [line[21:] for line in lines[at + 1 : at + 4]] == list(rows)
        assert {len(line) for line in lines[at + 1 : at + 4]} == {21 + 17}


# MI-07: a sector inside a sentence takes its article in lowercase, after « chez » for
# the people of a sector and « à » for the Commune, a proper place (the seed's « sur la
# Commune »); its tile name (« Les petits exploitants ») stays the heading of the lists.
SECTOR_MENUS = {
    "fr": (
        "chez les artisans-commerçants",
        "chez les petits exploitants",
        "chez les exploitants agricoles",
        "à la Commune",
    ),
    "en": (
        "at the workshops and shops",
        "at the smallholders' farms",
        "at the agribusiness farms",
        "at the Commune",
    ),
}


def test_MI07_sector_menus_name_the_sector_as_a_sentence_does() -> None:
    s = play(acting(STRUGGLE0), Activate(STRUGGLE0))
    assert [misere.describe(a, s, "fr") for a in misere.legal_actions(s)] == [
        "Galérer chez les artisans-commerçants",
        "Galérer chez les petits exploitants",
        "Galérer chez les exploitants agricoles",
        "Galérer à la Commune",
    ]
    assert [misere.describe(a, s, "en") for a in misere.legal_actions(s)] == [
        "Struggle at the workshops and shops",
        "Struggle at the smallholders' farms",
        "Struggle at the agribusiness farms",
        "Struggle at the Commune",
    ]
    buying = play(acting(BUY0), Activate(BUY0))
    assert misere.describe(GoToSector(COMMUNE), buying, "fr") == "Acheter à bouffer à la Commune"
    assert (
        misere.describe(GoToSector(PETITS), buying, "en") == "Buy food at the smallholders' farms"
    )
    # Without a move in progress: where the worker goes.
    assert [misere.describe(GoToSector(i), None, "fr") for i in range(4)] == [
        f"Aller {at}" for at in SECTOR_MENUS["fr"]
    ]
    assert [misere.describe(GoToSector(i), None, "en") for i in range(4)] == [
        "Go to the workshops and shops",
        "Go to the smallholders' farms",
        "Go to the agribusiness farms",
        "Go to the Commune",
    ]
    for lang in ("fr", "en"):
        assert [misere.describe(Qualify("sector", i), None, lang) for i in range(4)] == [
            ("Poser un casque sur l'ouvrier " if lang == "fr" else "Give a helmet to the worker ")
            + at
            for at in SECTOR_MENUS[lang]
        ]


def test_MI07_the_move_in_progress_names_the_sector_as_a_sentence_does() -> None:
    s = play(acting(STRUGGLE0, xp=3), Activate(STRUGGLE0), GoToSector(COMMUNE))
    assert misere.render(s, "fr").splitlines()[-1] == (
        "En cours : ouvrier J1 (Galérer) : galérer à la Commune : poser un casque ?"
    )
    assert misere.render(s, "en").splitlines()[-1] == (
        "In progress: worker P1 (Struggle): struggling at the Commune: give a helmet?"
    )
    assert misere.describe(Qualify("sector", COMMUNE), s, "fr") == (
        "Poser un casque sur l'ouvrier à la Commune"
    )
    s = play(acting(BUY0, xp=4), Activate(BUY0), GoToSector(ARTISANS))
    assert misere.render(s, "fr").splitlines()[-1] == (
        "En cours : ouvrier J1 (Acheter à bouffer) : acheter à bouffer chez les"
        " artisans-commerçants : combien de jetons ?"
    )
    assert misere.render(s, "en").splitlines()[-1] == (
        "In progress: worker P1 (Buy food): buying food at the workshops and shops:"
        " how many tokens?"
    )
    # MI-10: the flipped tile keeps its state in the sentence.
    flipped = attrs.evolve(play(acting(STRUGGLE0), Activate(STRUGGLE0)), liquidated=True)
    assert misere.describe(GoToSector(PETITS), flipped, "fr") == (
        "Galérer chez les petits exploitants (liquidés)"
    )
    assert misere.describe(GoToSector(PETITS), flipped, "en") == (
        "Struggle at the smallholders' farms (wound up)"
    )


def test_MI07_the_sector_list_heads_each_tile_with_its_name() -> None:
    fr = misere.render(fresh(), "fr").splitlines()
    en = misere.render(fresh(), "en").splitlines()
    heads = [line.split("  ")[1] for line in fr if line.startswith("  L")]
    assert heads == [
        "Les artisans-commerçants",
        "Les petits exploitants",
        "Les exploitants agricoles",
        "La Commune",
    ]
    assert "  The Commune                        ." in en
    assert not any("town hall" in line for line in en)


def test_sector_places_in_sentences_are_checked_at_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("sectors.json", "zone.json", "oeuvre.json", "setup.json"):
        (tmp_path / name).write_text((data.DATA_DIR / name).read_text(encoding="utf-8"))
    raw = json.loads((tmp_path / "sectors.json").read_text(encoding="utf-8"))
    raw["sectors"][3]["en_at"] = "the Commune"
    (tmp_path / "sectors.json").write_text(json.dumps(raw))
    monkeypatch.setattr(data, "DATA_DIR", tmp_path)
    with pytest.raises(ValueError, match=r"sectors\.json.*en_at: expected a place starting"):
        data._load_sectors()
    raw["sectors"][3]["en_at"] = "at the Commune"
    raw["petits_liquidated"]["fr_at"] = ""
    (tmp_path / "sectors.json").write_text(json.dumps(raw))
    with pytest.raises(ValueError, match=r"petits_liquidated\.fr_at: expected a non-empty"):
        data._load_sectors()


def test_MI07_food_at_the_artisans_is_paid_in_experience_tokens() -> None:
    # « un jeton nourriture pour chaque paire de jetons expérience qu'il défausse »
    s = play(acting(BUY0, xp=4), Activate(BUY0), GoToSector(ARTISANS))
    assert misere.legal_actions(s) == (BuyFood(1), BuyFood(2))
    assert [misere.describe(a, s, "fr") for a in misere.legal_actions(s)] == [
        "Acheter 1 jeton nourriture (2 jetons expérience)",
        "Acheter 2 jetons nourriture (4 jetons expérience)",
    ]
    assert [misere.describe(a, s, "en") for a in misere.legal_actions(s)] == [
        "Buy 1 food token (2 experience tokens)",
        "Buy 2 food tokens (4 experience tokens)",
    ]
    # in balles elsewhere: 250 a token at the petits exploitants
    s = play(acting(BUY0, money=500), Activate(BUY0), GoToSector(PETITS))
    assert misere.describe(BuyFood(2), s, "fr") == "Acheter 2 jetons nourriture (500 balles)"
    assert misere.describe(BuyFood(2), s, "en") == "Buy 2 food tokens (500 balles)"


def test_MI07_english_places_read_well_before_a_colon() -> None:
    # "buying food at the smallholders': how many tokens?" read oddly: the English places
    # of the people's tiles now end with a noun.
    en = {}
    for sector in (ARTISANS, PETITS, AGRICOLES):
        s = play(acting(BUY0, xp=2), Activate(BUY0), GoToSector(sector))
        en[sector] = misere.render(s, "en").splitlines()[-1]
    assert en == {
        ARTISANS: "In progress: worker P1 (Buy food): buying food at the workshops and shops:"
        " how many tokens?",
        PETITS: "In progress: worker P1 (Buy food): buying food at the smallholders' farms:"
        " how many tokens?",
        AGRICOLES: "In progress: worker P1 (Buy food): buying food at the agribusiness farms:"
        " how many tokens?",
    }
    s = play(acting(STRUGGLE0, xp=2), Activate(STRUGGLE0), GoToSector(ARTISANS))
    assert misere.render(s, "en").splitlines()[-1] == (
        "In progress: worker P1 (Struggle): struggling at the workshops and shops: give a helmet?"
    )
    for sector in (*data.SECTORS, data.LIQUIDATED):
        assert not sector.en_at.endswith("'"), sector.en_at


def test_MI13_oeuvre_stage_and_sale_say_what_step_does() -> None:
    s = setp(acting(OEUVRE, money=500), 0, owned_plain=2, oeuvre=3)  # space 3: +1 food
    s = play(s, Activate(OEUVRE))
    assert misere.render(s, "en").splitlines()[-1] == (
        "In progress: worker P1 (misery): working for yourself: move on or sell the Oeuvre"
    )
    assert misere.describe(SellOeuvre(), s, "fr") == "Vendre son Oeuvre (750 balles + 1 nourriture)"
    assert misere.step(s, SellOeuvre()).players[0].food == 1
    # The central pile is empty (all 13 tokens in player 2's hand): the sale pays no food,
    # and the label no longer promises one.
    empty = attrs.evolve(setp(s, 1, food=13), pile=0, liquidated=True)
    assert misere.describe(SellOeuvre(), empty, "fr") == "Vendre son Oeuvre (750 balles)"
    assert misere.describe(SellOeuvre(), empty, "en") == "Sell the Oeuvre (750 balles)"
    sold = misere.step(bgf.loads(bgf.dumps(empty)), SellOeuvre())
    assert (sold.players[0].money, sold.players[0].food) == (1250, 0)


def test_MI18_the_end_is_said_once_with_the_right_plural() -> None:
    tie = misere.new_game(2, seed=0, options={"plain_squares": 4, "dotted_squares": 3})
    tie = play(tie, Place(0, False), Place(23, False), Activate(23), Activate(0))
    tie = play(tie, GoToSector(COMMUNE), FallToMisery(1))
    assert misere.winners(tie) == (0, 1)
    fr, en = misere.render(tie, "fr").splitlines(), misere.render(tie, "en").splitlines()
    assert (fr[0], fr[-1]) == (
        "Misère : tour 12/12, fin de partie",
        "Gagnants : Joueur 1, Joueur 2",
    )
    assert (en[0], en[-1]) == ("Misère: round 12/12, game over", "Winners: Player 1, Player 2")
    assert misere.render(fresh(), "en").splitlines()[0] == (
        "Misère: round 1/12, 1 - Placing workers, Player 1 to move"
    )


def test_MI16_each_player_sees_the_food_due_at_the_end_of_the_round() -> None:
    """« autant de jetons "nourriture" que d'ouvriers ayant fait une action ce tour »: the
    food each player will discard (`Player.acted`) is on their line of both pictures while
    the round is played, 0 included; at the feeding it is gone (already discarded)."""
    lines = {
        "fr": (
            "Joueur 1 : 1000 balles, 0 nourriture, 0 expérience, réserve 1+0*, ouvriers 1+0*, "
            "perdus 0, Oeuvre -, score 2000, à défausser en fin de tour : 0 jeton nourriture",
            "Joueur 2 : 1000 balles, 0 nourriture, 0 expérience, réserve 1+0*, ouvriers 1+0*, "
            "perdus 0, Oeuvre -, score 2000, à défausser en fin de tour : 0 jeton nourriture",
        ),
        "en": (
            "Player 1: 1000 balles, 0 food, 0 experience, reserve 1+0*, workers 1+0*, lost 0, "
            "Oeuvre -, score 2000, due at the end of the round: 0 food tokens",
            "Player 2: 1000 balles, 0 food, 0 experience, reserve 1+0*, workers 1+0*, lost 0, "
            "Oeuvre -, score 2000, due at the end of the round: 0 food tokens",
        ),
    }
    svg = {
        "fr": (
            "à jouer, 1er joueur, à défausser en fin de tour : 0 jeton nourriture",
            "meilleur ouvrier, à défausser en fin de tour : 0 jeton nourriture",
        ),
        "en": (
            "to move, first player, due at the end of the round: 0 food tokens",
            "best worker, due at the end of the round: 0 food tokens",
        ),
    }
    s = fresh()  # nothing placed yet: none due
    for lang in ("fr", "en"):
        assert tuple(misere.render(s, lang).splitlines()[3:5]) == lines[lang]
        texts = [t for *_, t in svg_texts(misere.render_svg(s, lang))]
        assert (texts[-4], texts[-2]) == svg[lang]
    # Seat 0 has placed 3 workers this round (1 food: 2 short), seat 1 one worker.
    s = short_of_food()
    assert misere.render(s, "fr").splitlines()[3:5] == [
        "Joueur 1 : 1000 balles, 1 nourriture, 0 expérience, réserve 1+1*, ouvriers 2+1*, "
        "perdus 0, Oeuvre -, score 5000, à défausser en fin de tour : 3 jetons nourriture",
        "Joueur 2 : 1000 balles, 1 nourriture, 0 expérience, réserve 1+0*, ouvriers 1+0*, "
        "perdus 0, Oeuvre -, score 2000, à défausser en fin de tour : 1 jeton nourriture",
    ]
    assert misere.render(s, "en").splitlines()[3:5] == [
        "Player 1: 1000 balles, 1 food, 0 experience, reserve 1+1*, workers 2+1*, lost 0, "
        "Oeuvre -, score 5000, due at the end of the round: 3 food tokens",
        "Player 2: 1000 balles, 1 food, 0 experience, reserve 1+0*, workers 1+0*, lost 0, "
        "Oeuvre -, score 2000, due at the end of the round: 1 food token",
    ]
    fr = [t for *_, t in svg_texts(misere.render_svg(s, "fr"))]
    en = [t for *_, t in svg_texts(misere.render_svg(s, "en"))]
    assert (fr[-4], fr[-2]) == (
        "à jouer, 1er joueur, à défausser en fin de tour : 3 jetons nourriture",
        "meilleur ouvrier, à défausser en fin de tour : 1 jeton nourriture",
    )
    assert (en[-4], en[-2]) == (
        "to move, first player, due at the end of the round: 3 food tokens",
        "best worker, due at the end of the round: 1 food token",
    )
    for lang in ("fr", "en"):
        assert overlaps(misere.render_svg(s, lang), 760) == []
    # The last worker acts: the round ends, 1 food of 3 paid, 2 workers to lose.
    s = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert s.phase == "feed" and [pl.acted for pl in s.players] == [0, 0]
    assert misere.render(s, "fr").splitlines()[3:5] == [
        "Joueur 1 : 3000 balles, 0 nourriture, 1 expérience, réserve 2+1*, ouvriers 2+1*, "
        "perdus 0, Oeuvre -, score 7000, faute de nourriture doit perdre 2 ouvriers",
        "Joueur 2 : 1000 balles, 0 nourriture, 0 expérience, réserve 1+0*, ouvriers 1+0*, "
        "perdus 0, Oeuvre -, score 2000",
    ]
    en = [t for *_, t in svg_texts(misere.render_svg(s, "en"))]
    assert (en[-4], en[-2]) == ("to move, first player, must lose 2 workers", "best worker")


def test_MI16_svg_plurals() -> None:
    s = setp(fresh(), 0, plain=0, qualified=2, owned_plain=0, owned_qualified=2, hungry=2)
    s = attrs.evolve(s, phase="feed")
    fr = [t for *_, t in svg_texts(misere.render_svg(s, "fr"))]
    en = [t for *_, t in svg_texts(misere.render_svg(s, "en"))]
    assert (
        "Joueur 1 : 1000 balles, 0 nourriture, 0 expérience, réserve 0 + 2 qualifiés, perdus 0"
        in fr
    )
    assert "à jouer, 1er joueur, doit perdre 2 ouvriers" in fr
    assert "to move, first player, must lose 2 workers" in en


def test_every_refusal_of_random_games_has_its_french_reason() -> None:
    """A sweep over seeded random games (explicit chance mode: Misère has no chance node,
    so every refusal is at a decision): at each position, a few actions the game offered
    elsewhere, and some out of range, that are not legal here. Every refusal has a French
    reason, other than the English (each holds words), in the seed's words and with a
    space before « : », « ; », « ? », « ! »."""
    rng = random.Random(2026)
    odd: list[object] = [Place(99, False), Activate(40), GoToSector(9), FallToMisery(5)]
    pool: list[object] = [*odd, LoseWorker("plain"), LoseWorker("qualified")]
    known = set(pool)
    tries = 0
    for g in range(12):
        s = misere.new_game(2, seed=g, chance="explicit")
        while not misere.is_terminal(s):
            assert misere.current_player(s) != bgf.CHANCE
            legal = misere.legal_actions(s)
            for a in legal:
                if a not in known:
                    known.add(a)
                    pool.append(a)
            for a in rng.sample(pool, 4):
                if a in legal:
                    continue
                with pytest.raises(bgf.IllegalActionError) as info:
                    misere.step(s, a)
                fr, en = info.value.reason("fr"), info.value.reason("en")
                assert fr.strip() and en == str(info.value), a
                if re.search(r"[A-Za-z]{2}", en):
                    assert fr != en, (a, en)
                assert not re.search(r"\w[:;?!]", fr), fr  # French typography
                assert not _leaks("fr", fr), fr  # no id (the English quotes French names)
                tries += 1
            s = misere.step(s, rng.choice(legal))
    assert tries >= 400


def test_menus_of_random_games_have_distinct_lines_in_both_languages() -> None:
    """A frontend shows the labels of `legal_actions` as a menu: two equal lines would be
    two moves the player cannot tell apart. Seeded games over random options (several
    squares per action, both chance modes), at every decision."""
    menus = 0
    for g in range(80):
        r = random.Random(g)
        options = {"plain_squares": r.randint(1, 4), "dotted_squares": r.randint(0, 3)}
        options["rounds"] = r.choice((2, 6, 12))
        chance = ("auto", "explicit")[g % 2]
        s = misere.new_game(2, seed=g, options=options, chance=chance)
        bots = [misere.HeuristicAgent(g), RandomAgent(g)]
        while not misere.is_terminal(s):
            legal = misere.legal_actions(s)
            for lang in ("fr", "en"):
                labels = [misere.describe(a, s, lang) for a in legal]
                assert len(set(labels)) == len(labels), (lang, labels)
                assert all(label.strip() for label in labels)
            menus += 1
            seat = s.to_move
            s = misere.step(s, bots[seat].act(misere.observe(s, seat), legal))
    assert menus > 2000


def _two_squares_each() -> misere.State:
    """``plain_squares=2``: Acheter à bouffer 0, 1, (2); Bosser 3, 4, (5); Galérer 6, 7,
    (8); circles 9, 10, 11. Player 1 has two workers on the Acheter à bouffer squares, one
    on the first Galérer square and a qualified one on the second Bosser square; player 2
    one on the first Bosser square."""
    s = fresh(plain_squares=2)
    s = setp(s, 0, plain=3, qualified=1, owned_plain=3, owned_qualified=1, money=3000, xp=3)
    s = put(put(put(put(s, 0, 0), 0, 1), 0, 6), 0, 4, qualified=True)
    s = put(s, 1, 3)
    return bgf.loads(bgf.dumps(attrs.evolve(s, phase="action", to_move=0)))


def test_MI02_menus_number_the_squares_of_an_action_that_has_several() -> None:
    # Two workers of one player on the two Acheter à bouffer squares used to read the
    # same, and so did a qualified worker (galérer costs it 1000, MI-09) and a plain one.
    s = _two_squares_each()
    assert misere.legal_actions(s) == (Activate(0), Activate(1), Activate(4), Activate(6))
    assert [misere.describe(a, s, "fr") for a in misere.legal_actions(s)] == [
        "Sortir l'ouvrier posé sur « Acheter à bouffer » (case 1)",
        "Sortir l'ouvrier posé sur « Acheter à bouffer » (case 2)",
        "Sortir l'ouvrier qualifié posé sur « Bosser » (case 2)",
        "Sortir l'ouvrier posé sur « Galérer » (case 1)",
    ]
    assert [misere.describe(a, s, "en") for a in misere.legal_actions(s)] == [
        "Take the worker off 'Buy food' (square 1)",
        "Take the worker off 'Buy food' (square 2)",
        "Take the qualified worker off 'Work' (square 2)",
        "Take the worker off 'Struggle' (square 1)",
    ]
    # MI-09: galérer at the Commune offers a helmet to each plain worker still waiting.
    s = play(s, Activate(6), GoToSector(COMMUNE))
    assert misere.legal_actions(s) == (
        Qualify("sector", COMMUNE),
        Qualify("zone", 0),
        Qualify("zone", 1),
        NoQualify(),
    )
    assert [misere.describe(a, s, "fr") for a in misere.legal_actions(s)][1:3] == [
        "Poser un casque sur l'ouvrier posé sur « Acheter à bouffer » (case 1)",
        "Poser un casque sur l'ouvrier posé sur « Acheter à bouffer » (case 2)",
    ]
    # The default zone has one square of each kind: no number.
    assert misere.describe(Activate(2), None, "fr") == "Sortir l'ouvrier posé sur « Bosser »"
    assert misere.describe(Place(5, True), None, "en") == (
        "Place a qualified worker on 'Struggle' (dotted square)"
    )


def test_MI02_reasons_rank_the_square_of_an_action_that_has_several() -> None:
    s = _two_squares_each()
    with pytest.raises(bgf.IllegalActionError) as info:
        misere.step(s, Activate(3))
    assert info.value.reason("fr") == (
        "Joueur 1 n'a pas d'ouvrier sur la 1re case « Bosser » : l'ouvrier posé là est à Joueur 2"
    )
    assert str(info.value) == (
        "Player 1 has no worker on square 1 of 'Work' (« Bosser », 1re case): "
        "the worker there is Player 2's"
    )
    s = fresh(plain_squares=2, dotted_squares=2)
    with pytest.raises(bgf.IllegalActionError) as info:
        misere.step(s, Place(3, False))
    assert (
        info.value.reason("fr") == "les cases en pointillés sont réservées aux ouvriers qualifiés"
    )
    assert misere.describe(Place(3, True), s, "fr") == (
        "Poser un ouvrier qualifié sur « Acheter à bouffer » (case en pointillés 2)"
    )


def test_svg_names_the_worker_whose_move_is_in_progress() -> None:
    # Off its square and not yet on a sector, the worker is drawn nowhere: the status line
    # says which it is and what it left, as the text picture does.
    s = play(_two_squares_each(), Activate(4))
    fr = [t for *_, t in svg_texts(misere.render_svg(s, "fr"))]
    en = [t for *_, t in svg_texts(misere.render_svg(s, "en"))]
    assert fr[-1] == "2 - Action, Joueur 1 joue ; ouvrier J1* (Bosser) : choisir son secteur"
    assert en[-1] == "2 - Actions, Player 1 to move; worker P1* (Work): choosing its sector"
    assert misere.render(s, "fr").splitlines()[-1] == (
        "En cours : ouvrier J1* (Bosser) : choisir son secteur"
    )
