"""Errors, saves, labels and pictures: what a frontend relies on."""

from __future__ import annotations

import html
import json
import re

import attrs
import pytest
from fr_helpers import play, position, roll

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.fromage.actions import (
    ChooseSpace,
    DieFace,
    Done,
    DrawMarker,
    MoveMouse,
    Pass,
    PickDie,
    PlaceMouse,
    PlayMarker,
    TransferTo,
)
from boardgames_fr.fromage.data import BOARDS
from boardgames_fr.fromage.render import space_name
from boardgames_fr.fromage.state import Options

G, Y, R = "green", "yellow", "red"


NOT_NOW_FR = "pas maintenant : le joueur bleu choisit un emplacement"


@pytest.mark.parametrize(
    ("state", "action", "reason", "reason_fr"),
    [
        (
            position({"seau": (1, 1)}),
            ChooseSpace("grenier"),
            "there is no space 'grenier' on board A",
            "il n'y a pas d'emplacement « grenier » sur la face A du plateau",
        ),
        (
            position({"seau": (1, 1)}),
            MoveMouse(G, 0, "chaise"),
            "not now: the blue player chooses a space",
            NOT_NOW_FR,
        ),
        (position({"seau": (1, 1)}), PlaceMouse("gros bidon"), "not now", NOT_NOW_FR),
        (
            position({"seau": (1, 1)}),
            DieFace(G),
            "drawn by chance",
            "les dés se lancent et les marqueurs se piochent au hasard :"
            " aucun joueur ne les choisit",
        ),
        (
            roll(position({"seau": (1, 1)}), "seau", [G, Y]),
            MoveMouse(R, 0, "caisse gauche"),
            "no red result is left",
            "il ne reste aucun résultat rouge à appliquer",
        ),
        (
            roll(position({"seau": (1, 1)}), "seau", [G, Y]),
            MoveMouse(G, 0, "table"),
            "moves a mouse from the bucket up to the chair, the left step, not the table",
            "un résultat vert fait monter une souris depuis le seau vers la chaise ou la marche"
            " gauche, pas vers la table",
        ),
        (
            roll(position({"seau": (1, 1)}), "seau", [G, Y]),
            MoveMouse(G, 3, "chaise"),
            "owner must be a seat from 0 to 1",
            "owner doit être un numéro de joueur de 0 à 1",
        ),
        (
            roll(position({"seau": (1, 1)}), "seau", [G, Y]),
            Pass(),
            "not now",
            "pas maintenant : le joueur bleu applique les résultats",
        ),
        (position({"seau": (1, 1)}), PlayMarker("reroll"), "not now", NOT_NOW_FR),
    ],
)
def test_illegal_actions_give_a_reason_and_leave_the_state_unchanged(
    state: fromage.State, action: object, reason: str, reason_fr: str
) -> None:
    before = bgf.dumps(state)
    with pytest.raises(bgf.IllegalActionError) as err:
        fromage.step(state, action)
    assert reason in str(err.value)
    assert err.value.reason("fr") == reason_fr
    assert bgf.dumps(state) == before


def test_illegal_marker_and_dice_choices_give_reasons() -> None:
    s = position({"gros bidon": (1, 1)}, options={"powers": True}, hands=(("improvement",), ()))
    s = roll(s, "gros bidon", [G, R])
    with pytest.raises(
        bgf.IllegalActionError, match="the Reroll marker cannot be played by the blue player"
    ) as info:
        fromage.step(s, PlayMarker("reroll"))
    assert info.value.reason("fr") == (
        "le joueur bleu ne peut pas jouer le marqueur « Relance » maintenant"
    )
    s = fromage.step(s, PlayMarker("improvement"))
    with pytest.raises(bgf.IllegalActionError, match="die #1 cannot be picked") as info:
        fromage.step(s, PickDie(0))  # a green cannot be improved
    assert info.value.reason("fr") == "le dé n°1 ne peut pas être choisi pour ce marqueur"
    with pytest.raises(bgf.IllegalActionError, match="pick at least one die first") as info:
        fromage.step(s, Done())
    assert info.value.reason("fr") == "choisissez d'abord au moins un dé"


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("board", "C"),
        ("mice", 0),
        ("mice", 7),
        ("powers", "yes"),
        ("markers", 6),
        ("full_set", 1),
        ("variant", "banquet"),
        ("cheeses", 0),
        ("cheese_points", "4-3-2"),
        ("extra_cheeses", 4),
    ],
)
def test_bad_options_raise_value_error_naming_the_field(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field):
        Options(**{field: value})
    with pytest.raises(ValueError, match=field):
        bgf.new_game("fromage", num_players=2, seed=1, options={field: value})


def test_extra_cheeses_need_the_festival() -> None:
    with pytest.raises(ValueError, match="extra_cheeses needs variant 'festival'"):
        Options(extra_cheeses=1)
    assert Options(variant="festival", extra_cheeses=3).extra_cheeses == 3


def test_corrupt_saves_name_the_bad_field() -> None:
    s = roll(position({"seau": (1, 1)}, options={"powers": True}, hands=((), ())), "seau", [G, Y])
    assert bgf.loads(bgf.dumps(s)) == s
    doc = json.loads(bgf.dumps(s))
    cases = [
        (("mice",), [1, 2], "state.mice: expected 32 counts"),
        (("dice",), ["bleu", "green"], "state.dice: unknown die face"),
        (("phase",), "dessert", "state.phase: unknown phase 'dessert'"),
        (("markers",), None, "state.markers: does not fit options"),
        (("turn",), 5, "state.turn: 5 is not a seat"),
    ]
    for path, value, message in cases:
        bad = json.loads(json.dumps(doc))
        target = bad["state"]
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        with pytest.raises(bgf.InvalidStateError, match=message.replace("(", r"\(")):
            bgf.loads(json.dumps(bad))


def test_describe_in_french_and_english() -> None:
    s = roll(position({"gros bidon": (1, 0), "seau": (0, 1)}), "gros bidon", [R])
    stay = MoveMouse(R, 0, "gros bidon")
    assert fromage.describe(stay, s) == "dé rouge : la souris bleue reste sur le gros bidon"
    assert fromage.describe(stay, s, "en") == "red die: the blue mouse stays on the big milk can"
    up = MoveMouse(G, 1, "table")
    assert fromage.describe(up) == "dé vert : la souris blanche monte sur la table : fromage !"
    assert (
        fromage.describe(ChooseSpace("étagère"), None, "fr")
        == "choisir l'étagère et lancer les dés"
    )
    assert (
        fromage.describe(PlayMarker("extra_turn"), None, "fr")
        == "jouer le marqueur « Tour supplémentaire »"
    )
    assert fromage.describe(PlayMarker("cancel"), None, "en") == "play the Cancel marker"
    assert fromage.describe(Pass(), None, "en") == "pass"


def test_describe_picked_dice_with_the_markers_effect() -> None:
    s = position({"gros bidon": (1, 1)}, options={"powers": True}, hands=(("improvement",), ()))
    s = fromage.step(roll(s, "gros bidon", [R, Y]), PlayMarker("improvement"))
    assert fromage.describe(PickDie(0), s) == "améliorer le dé n°1 (rouge → jaune)"
    assert fromage.describe(PickDie(1), s, "en") == "improve die #2 (yellow → green)"


def test_render_text_and_svg() -> None:
    s = roll(position({"gros bidon": (2, 1), "seau": (0, 1)}), "gros bidon", [G, Y, R])
    text = fromage.render(s, "fr")
    assert text.splitlines()[0] == "Fromage, Face A (plus facile) : tour du joueur bleu"
    assert "> gros bidon" in text and "bleue×2  blanche×1" in text
    assert "Dés sur le gros bidon : vert jaune rouge ; à appliquer : vert rouge" in text
    assert "Dice on the big milk can: green yellow red; to apply: green red" in fromage.render(
        s, "en"
    )
    svg = fromage.render_svg(s)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count('r="4"') == 4  # one dot per mouse on the board
    # the panel: what happens, each colour's player (to move in bold), the dice by letter
    assert panel(svg) == [
        "Le joueur bleu applique",
        "les résultats",
        "Joueurs",
        "Le joueur bleu",
        "Le joueur blanc",
        "Dés sur le gros bidon",
        "V",
        "J",
        "R",
        "À appliquer : vert, rouge",
    ]
    assert '<text x="650" y="108" font-size="12" font-weight="bold">Le joueur bleu</text>' in svg
    assert svg.count('r="6" fill="#3566c8"') == 1  # the legend's blue dot
    assert svg.count('r="6" fill="#fbfbf4"') == 1  # and its white one


def panel(svg: str) -> list[str]:
    """The texts of the picture's right-hand panel, in order."""
    return [
        body
        for x, body in re.findall(r'<text x="([\d.]+)"[^>]*>([^<]*)</text>', svg)
        if float(x) >= 620
    ]


def test_FR18_svg_shows_each_players_cheese_and_marker_count_never_kinds() -> None:
    """The festival's cheese eaten by each player; markers only as a count (FR-11)."""
    s = position(
        {"gros bidon": (1, 1, 1)},
        n=3,
        turn=1,
        options={"powers": True, "variant": "festival"},
        hands=(("improvement",), ("reroll", "extra_turn"), ()),
    )
    s = attrs.evolve(s, cheese=attrs.evolve(s.cheese, points=(0, 2, 1)))
    en = panel(fromage.render_svg(s, "en"))
    assert en[:12] == [
        "The white player chooses a",
        "space",
        "Players",
        "The blue player",
        "1 marker held",
        "cheese eaten: 0",
        "The white player",
        "2 markers held",
        "cheese eaten: 2",
        "The grey player",
        "0 markers held",
        "cheese eaten: 1",
    ]
    fr = panel(fromage.render_svg(s))
    assert fr[3:6] == ["Le joueur bleu", "1 marqueur en main", "fromage mangé : 0"]
    assert fr[9:12] == ["Le joueur gris", "0 marqueur en main", "fromage mangé : 1"]
    # Below come the markers played before the position (`fr_helpers.position`), face up.
    assert fr[12].startswith("Marqueurs joués : ") and en[12].startswith("Markers played: ")
    for kind in ("Relance", "Tour", "Amélioration", "Reroll", "Extra", "Improvement"):
        assert not any(kind in line for line in fr[:12] + en[:12])


def test_svg_many_mice_on_a_space_are_counted_by_colour() -> None:
    s = position({"gros bidon": (3, 3, 3, 2)}, n=4)
    svg = fromage.render_svg(s)
    assert svg.count('r="4"') == 4  # one dot a colour, not 11 dots cut off at 8
    assert re.findall(r'font-size="8">([^<]*)<', svg) == ["×3", "×3", "×3", "×2"]


def test_svg_english_space_names_fit_their_box() -> None:
    svg = fromage.render_svg(fromage.new_game(2, seed=1), "en")
    # "the left corner of the tablecloth": no article, two lines in a smaller font
    assert '<text x="226" y="159" font-size="9" text-anchor="middle">left corner of</text>' in svg
    assert '<text x="226" y="168" font-size="9" text-anchor="middle">the tablecloth</text>' in svg
    assert '<text x="310" y="367" font-size="10" text-anchor="middle">stool</text>' in svg


def test_render_at_the_end_names_the_winner() -> None:
    s = roll(position({"nappe gauche": (1, 1)}), "nappe gauche", [G, Y])
    s = fromage.step(s, MoveMouse(G, 0, "table"))
    assert "Partie terminée : le joueur bleu gagne" in fromage.render(s, "fr")
    assert "Game over: the blue player won" in fromage.render(s, "en")
    # The titles no longer say whose turn it is.
    assert fromage.render(s, "fr").splitlines()[0] == "Fromage, Face A (plus facile)"
    assert fromage.render(s, "en").splitlines()[0] == "Fromage, Side A (easier)"
    svg = fromage.render_svg(s)
    assert '<text x="10" y="18" font-size="14">Fromage, Face A (plus facile)</text>' in svg
    assert panel(svg)[:2] == ["Partie terminée : le", "joueur bleu gagne"]


def test_hidden_variants_look_the_same_to_the_seat() -> None:
    s = fromage.new_game(3, seed=2, options={"powers": True})
    rng = bgf.core.rng.Rng(4)
    for seat in (None, 0, 1, 2):
        variants = fromage.GAME.hidden_variants(s, seat, rng)
        assert variants and all(
            fromage.observe(v, seat) == fromage.observe(s, seat) for v in variants
        )
        # They really differ in what the seat cannot see.
        assert any(attrs.evolve(v, rng=s.rng) != s for v in variants)


def test_text_board_names_each_space_as_the_menus_do() -> None:
    """A space has one name: a row of the text board, the dice line and the markers in
    play use the words of the menus (`describe`), never the data ids ("nappe gauche")."""
    mice = {"barreau": (1, 0), "nappe gauche": (0, 2), "étagère": (1, 1)}
    s = position(mice, options={"board": "B"})
    fr, en = fromage.render(s, "fr").splitlines(), fromage.render(s, "en").splitlines()
    assert fr[3] == "  coin gauche de la nappe  blanche×2"
    assert fr[9] == "  étagère                  bleue×1  blanche×1"
    assert fr[14] == "  barreau du tabouret      bleue×1"
    assert en[3] == "  left corner of the tablecloth   white×2"
    assert en[14] == "  stool rung                      blue×1"
    board = BOARDS["B"]
    for lang, lines in (("fr", fr), ("en", en)):
        rows = [line[2:].split("  ")[0].rstrip() for line in lines[2:]]
        menus = [fromage.describe(ChooseSpace(name), s, lang) for name in board.names]
        assert len(rows) == board.size
        assert sorted(rows) == sorted(space_name(board, i, lang) for i in range(board.size))
        for i in range(board.size):
            assert space_name(board, i, lang) in menus[i]
    assert fromage.describe(ChooseSpace("barreau"), s) == (
        "choisir le barreau du tabouret et lancer les dés"
    )
    s = roll(s, "barreau", [G])
    assert (
        fromage.render(s, "fr").splitlines()[-1]
        == "Dés sur le barreau du tabouret : vert ; à appliquer : vert"
    )
    assert (
        fromage.render(s, "en").splitlines()[-1] == "Dice on the stool rung: green; to apply: green"
    )


def test_effects_line_names_the_designated_space_with_its_article() -> None:
    mice = {"gros bidon": (1, 1), "nappe gauche": (2, 1)}
    s = position(mice, options={"powers": True}, hands=(("transfer",), ("cancel",)))
    s = play(roll(s, "gros bidon", [G, R]), PlayMarker("transfer"), TransferTo("nappe gauche"))
    assert (s.phase, s.to_move) == ("answer", 1)
    assert fromage.render(s, "fr").splitlines()[-2] == (
        "En jeu : Transfert (le joueur bleu, le coin gauche de la nappe)"
    )
    assert fromage.render(s, "en").splitlines()[-2] == (
        "In play: Transfer (the blue player, the left corner of the tablecloth)"
    )


def test_svg_french_space_names_are_the_menus_words() -> None:
    svg = fromage.render_svg(fromage.new_game(2, seed=1), "fr")
    # « le coin gauche de la nappe » in the menus: no article, two lines in a smaller font
    assert (
        '<text x="226" y="159" font-size="9" text-anchor="middle">coin gauche de la</text>' in svg
    )
    assert '<text x="226" y="168" font-size="9" text-anchor="middle">nappe</text>' in svg
    assert ">nappe gauche<" not in svg


def _svg_texts(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]


def test_FR03_FR11_setup_title_names_the_player_who_moves() -> None:
    """FR-03: while the mice are placed, the title names the player placing one, as the
    status line does (it named seat 0 all through the setup); likewise in the SVG. FR-11:
    while the markers are dealt, the player drawing them."""
    s = fromage.new_game(3, seed=1)
    assert fromage.render(s).splitlines()[:2] == [
        "Fromage, Face A (plus facile) : tour du joueur bleu",
        "Le joueur bleu pose une souris",
    ]
    s = fromage.step(s, PlaceMouse("caisse gauche"))
    assert fromage.render(s).splitlines()[:2] == [
        "Fromage, Face A (plus facile) : tour du joueur blanc",
        "Le joueur blanc pose une souris",
    ]
    assert fromage.render(s, "en").splitlines()[0] == (
        "Fromage, Side A (easier): turn of the white player"
    )
    assert _svg_texts(fromage.render_svg(s))[0] == (
        "Fromage, Face A (plus facile) : tour du joueur blanc"
    )
    assert _svg_texts(fromage.render_svg(s, "en"))[0] == (
        "Fromage, Side A (easier): turn of the white player"
    )
    s = play(s, PlaceMouse("gros bidon"))
    assert (
        fromage.render(s).splitlines()[0] == "Fromage, Face A (plus facile) : tour du joueur gris"
    )
    d = fromage.new_game(2, seed=1, options={"powers": True}, chance="explicit")
    d = play(d, DrawMarker("reroll"), DrawMarker("extra_turn"))
    assert (
        fromage.render(d).splitlines()[0] == "Fromage, Face A (plus facile) : tour du joueur bleu"
    )
    d = play(d, DrawMarker("cancel"))
    assert fromage.render(d, "en").splitlines()[:2] == [
        "Fromage, Side A (easier): turn of the white player",
        "The markers are being dealt",
    ]


def test_FR14_svg_names_the_space_first_chosen_after_a_transfert() -> None:
    """FR-14: the SVG panel's dice title names the space the roll was first made on,
    as the text picture does."""
    mice = {"gros bidon": (1, 1), "tabouret": (2, 1)}
    s = position(mice, options={"powers": True}, hands=(("transfer",), ("transfer",)))
    s = play(roll(s, "gros bidon", [G, R]), PlayMarker("transfer"), TransferTo("tabouret"))
    s = play(s, Pass())
    fr = _svg_texts(fromage.render_svg(s))
    i = fr.index("Dés sur le tabouret (jet")
    assert fr[i : i + 5] == [
        "Dés sur le tabouret (jet",
        "transféré depuis le gros",
        "bidon)",
        "V",
        "R",
    ]
    en = _svg_texts(fromage.render_svg(s, "en"))
    i = en.index("Dice on the stool (roll")
    assert en[i : i + 3] == ["Dice on the stool (roll", "moved from the big milk", "can)"]
    # Back on the space chosen (no Transfert), the title is the space alone.
    t = play(roll(position(mice), "gros bidon", [G, R]))
    assert "Dés sur le gros bidon" in _svg_texts(fromage.render_svg(t))


def test_FR11_full_set_hidden_variants_deal_hands_a_full_set_can_leave() -> None:
    """FR-11 with ``full_set``: each player got one marker of each kind, so no hand ever
    holds two of a kind, nor a kind its player played. Third audit: `_hidden_variants`
    redealt the unseen markers at random, giving an opponent e.g. three Amélioration.
    Fourth audit: a marker is played face up, so everyone saw who played it, but the
    state did not record it; 78 of the variants of 300 random 3-player games gave an
    opponent back a kind it had played. `Markers.played_by` records it: with a full set
    the hands are then known to all, and every variant keeps them."""
    hands = (
        ("reroll", "extra_turn", "transfer", "improvement", "worsening", "cancel"),
        ("extra_turn", "transfer", "improvement", "worsening", "cancel"),
        ("reroll", "transfer", "improvement", "worsening", "cancel"),
    )
    s = position(
        {"gros bidon": (1, 1, 1)}, n=3, options={"powers": True, "full_set": True}, hands=hands
    )
    assert (s.markers.discards, s.markers.played_by) == (("reroll", "extra_turn"), (1, 2))
    assert fromage.observe(s, None).played_by == (1, 2)
    rng = bgf.core.rng.Rng(1)
    for _ in range(20):
        for v in fromage.GAME.hidden_variants(s, 0, rng):
            assert v.markers == s.markers and v.rng != s.rng
            assert fromage.observe(v, 0) == fromage.observe(s, 0)
    # A save from before the record loads, its markers played by nobody known (-1):
    # seat 0 then cannot tell who played the Relance and who the Tour, and the variants
    # deal both ways, each a full set's hands.
    doc = json.loads(bgf.dumps(s))
    del doc["state"]["markers"]["played_by"]
    old = bgf.loads(json.dumps(doc))
    assert old.markers.played_by == (-1, -1)
    dealt = set()
    for _ in range(20):
        for v in fromage.GAME.hidden_variants(old, 0, rng):
            assert all(len(set(h)) == len(h) == 5 for h in v.markers.hands[1:])
            assert v.markers.hands[0] == old.markers.hands[0]
            assert fromage.observe(v, 0) == fromage.observe(old, 0)
            assert bgf.loads(bgf.dumps(v)) == v
            dealt.add(v.markers.hands[1:])
    assert dealt == {old.markers.hands[1:], old.markers.hands[:0:-1]}


def test_FR03_one_space_with_a_single_mouse_reads_well() -> None:
    """FR-03 option ``one_space``: « poser ses 1 souris » / "place all 1 mice" (third
    audit) now read as one mouse; the status line says all the mice go at once."""
    s = fromage.new_game(2, seed=1, options={"placement": "one_space", "mice": 1})
    a = PlaceMouse("gros bidon")
    assert fromage.describe(a, s) == "poser sa souris sur le gros bidon"
    assert fromage.describe(a, s, "en") == "place your mouse on the big milk can"
    assert fromage.render(s).splitlines()[1] == "Le joueur bleu pose sa souris"
    assert fromage.render(s, "en").splitlines()[1] == "The blue player places their mouse"
    s = fromage.new_game(2, seed=1, options={"placement": "one_space"})
    assert fromage.describe(a, s) == "poser ses 6 souris sur le gros bidon"
    assert fromage.render(s).splitlines()[1] == "Le joueur bleu pose toutes ses souris"
    assert fromage.render(s, "en").splitlines()[1] == "The blue player places all their mice"


def test_FR12_the_marker_in_play_names_one_die_in_the_singular() -> None:
    """Third audit: « dés n°1 » / "dice #1" for a single die picked."""
    s = position(
        {"gros bidon": (2, 0), "seau": (0, 1)}, options={"powers": True}, hands=(("reroll",), ())
    )
    s = play(roll(s, "gros bidon", ["red", "yellow"]), PlayMarker("reroll"), PickDie(0))
    assert fromage.render(s).splitlines()[-2] == "En jeu : Relance (le joueur bleu, dé n°1)"
    assert fromage.render(s, "en").splitlines()[-2] == "In play: Reroll (the blue player, die #1)"
    s = play(s, PickDie(1))
    assert fromage.render(s).splitlines()[-2] == "En jeu : Relance (le joueur bleu, dés n°1, 2)"
    assert fromage.render(s, "en").splitlines()[-2] == (
        "In play: Reroll (the blue player, dice #1, 2)"
    )


def test_FR18_decreasing_cheese_points_are_not_called_cheese_eaten() -> None:
    """FR-18, ``cheese_points="decreasing"``: the first cheese is worth 4; third audit:
    the pictures said « Fromage mangé : bleu 4 » after one cheese."""
    options = {"variant": "festival", "cheese_points": "decreasing"}
    s = position({"nappe gauche": (1, 0), "seau": (0, 1)}, options=options)
    s = roll(s, "nappe gauche", ["green"])
    s = fromage.step(s, MoveMouse("green", 0, "table"))
    assert fromage.scores(s) == (4, 0) and s.cheese.table == 2
    assert fromage.render(s).splitlines()[-1] == "Points de fromage : bleu 4, blanc 0"
    assert fromage.render(s, "en").splitlines()[-1] == "Cheese points: blue 4, white 0"
    assert "points de fromage : 4" in panel(fromage.render_svg(s))
    assert "cheese points: 4" in panel(fromage.render_svg(s, "en"))


def test_FR03_pictures_show_the_mice_left_to_place_during_the_setup() -> None:
    """Each player's mice not on the board yet, counted in words (« 1 souris à poser »,
    "1 mouse to place"), in the text picture and in the SVG's player panel."""
    s = fromage.new_game(2, seed=1, options={"mice": 2})
    s = fromage.step(s, PlaceMouse("gros bidon"))
    assert fromage.render(s, "fr").splitlines()[-3:] == [
        "  caisse droite",
        "Le joueur bleu : 1 souris à poser",
        "Le joueur blanc : 2 souris à poser",
    ]
    assert fromage.render(s, "en").splitlines()[-3:] == [
        "  right crate",
        "The blue player: 1 mouse to place",
        "The white player: 2 mice to place",
    ]
    assert panel(fromage.render_svg(s)) == [
        "Le joueur blanc pose une",
        "souris",
        "Joueurs",
        "Le joueur bleu",
        "1 souris à poser",
        "Le joueur blanc",
        "2 souris à poser",
    ]
    assert panel(fromage.render_svg(s, "en"))[3:] == [
        "The blue player",
        "1 mouse to place",
        "The white player",
        "2 mice to place",
    ]
    # Once every mouse is on the board, the count is gone from both pictures.
    for space in ("caisse droite", "gros bidon", "caisse gauche"):
        s = fromage.step(s, PlaceMouse(space))
    assert s.phase == "choose"
    assert fromage.render(s, "en").splitlines()[-3:] == [
        "  left crate                      white×1",
        "  big milk can                    blue×2",
        "  right crate                     white×1",
    ]
    assert panel(fromage.render_svg(s)) == [
        "Le joueur bleu choisit un",
        "emplacement",
        "Joueurs",
        "Le joueur bleu",
        "Le joueur blanc",
    ]


def test_FR03_a_player_done_placing_shows_no_count() -> None:
    """With ``placement="by_player"`` the blue player places all theirs first: then only
    the white player still has some to place."""
    s = fromage.new_game(2, seed=1, options={"mice": 1, "placement": "by_player"})
    s = fromage.step(s, PlaceMouse("gros bidon"))
    assert s.to_place == (0, 1)
    assert fromage.render(s, "fr").splitlines()[-1] == "Le joueur blanc : 1 souris à poser"
    assert panel(fromage.render_svg(s))[3:] == [
        "Le joueur bleu",
        "Le joueur blanc",
        "1 souris à poser",
    ]
