"""Refusals at Fromage's chance nodes (explicit chance mode: a table typing in its dice and
markers), in a player's words, never telling a hidden marker."""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest
from fr_helpers import play, position

import boardgames_fr as bgf
from boardgames_fr import fromage
from boardgames_fr.core.rng import Rng
from boardgames_fr.fromage import actions as A
from boardgames_fr.fromage.explain import explain
from boardgames_fr.fromage.state import DRAW, ROLL

G, Y, R = "green", "yellow", "red"  # the die faces
POWERS = {"powers": True}
DICE = '; possible: "die: green", "die: yellow", "die: red"'
DICE_FR = " ; possibles : « dé : vert », « dé : jaune », « dé : rouge »"
KINDS = (
    "one of 'reroll' (Reroll), 'extra_turn' (Extra turn), 'transfer' (Transfer),"
    " 'improvement' (Improvement), 'worsening' (Worsening), 'cancel' (Cancel)"
)
KINDS_FR = (
    "« reroll » (Relance), « extra_turn » (Tour supplémentaire), « transfer » (Transfert),"
    " « improvement » (Amélioration), « worsening » (Détérioration)"
    " ou « cancel » (Annulation)"
)


def _refusal(s: fromage.State, action: Any) -> str:
    with pytest.raises(bgf.IllegalActionError) as info:
        fromage.step(s, action)
    return str(info.value)


def _refusal_fr(s: fromage.State, action: Any) -> str:
    with pytest.raises(bgf.IllegalActionError) as info:
        fromage.step(s, action)
    return info.value.reason("fr")


def test_FR05_a_move_during_a_roll_names_the_die_being_rolled() -> None:
    assert fromage.GAME.explain_chance
    s = play(position({"caisse gauche": (2, 1)}), A.ChooseSpace("caisse gauche"), A.DieFace(G))
    assert (s.phase, s.dice) == (ROLL, (G, "unrolled", "unrolled"))
    now = "die #2 of 3 is being rolled on the left crate"
    now_fr = "on lance les dés sur la caisse gauche (dé n°2 sur 3)"
    for a in (
        A.PlaceMouse("seau"),
        A.ChooseSpace("seau"),
        A.MoveMouse(G, 0, "seau"),
        A.Pass(),
        A.Done(),
    ):
        assert _refusal(s, a) == f"not now: {now}" + DICE
        assert _refusal_fr(s, a) == f"pas maintenant : {now_fr}" + DICE_FR
    assert _refusal(s, A.DrawMarker("extra_turn")) == f"no marker is drawn now: {now}" + DICE
    assert _refusal_fr(s, A.DrawMarker("extra_turn")) == (
        f"aucun marqueur ne se pioche maintenant : {now_fr}" + DICE_FR
    )
    # The right kind of outcome, but no face of a die: the dice are public, so listed.
    assert _refusal(s, A.DieFace("violet")) == (
        "a die shows one of 'green' (green), 'yellow' (yellow), 'red' (red), not 'violet'" + DICE
    )
    assert _refusal_fr(s, A.DieFace("violet")) == (
        "un dé montre « green » (vert), « yellow » (jaune) ou « red » (rouge), pas « violet »"
        + DICE_FR
    )


def test_FR12_a_move_during_a_reroll_names_the_die_rerolled() -> None:
    s = position({"gros bidon": (3, 0), "seau": (0, 1)}, options=POWERS, hands=(("reroll",), ()))
    s = play(s, A.ChooseSpace("gros bidon"), A.DieFace(R), A.DieFace(Y), A.DieFace(G))
    s = play(s, A.PlayMarker("reroll"), A.PickDie(1), A.Done())
    assert (s.phase, s.dice) == (ROLL, (R, "unrolled", G))
    assert _refusal(s, A.PlayMarker("reroll")) == (
        "not now: die #2 of 3 is being rolled on the big milk can" + DICE
    )
    assert _refusal_fr(s, A.PlayMarker("reroll")) == (
        "pas maintenant : on lance les dés sur le gros bidon (dé n°2 sur 3)" + DICE_FR
    )


def test_FR11_a_move_during_the_marker_draw_names_who_draws() -> None:
    # The markers left are never listed: their kinds would tell what the hands hold.
    s = fromage.new_game(3, seed=1, options=POWERS, chance="explicit")
    assert s.phase == DRAW
    now = "the power markers are being dealt, the blue player draws"
    now_fr = "les marqueurs de pouvoir sont distribués, le joueur bleu pioche"
    assert _refusal(s, A.PlaceMouse("seau")) == f"not now: {now}"
    assert _refusal(s, A.PlayMarker("extra_turn")) == f"not now: {now}"
    assert _refusal(s, A.DieFace(G)) == f"no die is rolled now: {now}"
    assert _refusal_fr(s, A.PlaceMouse("seau")) == f"pas maintenant : {now_fr}"
    assert _refusal_fr(s, A.PlayMarker("extra_turn")) == f"pas maintenant : {now_fr}"
    assert _refusal_fr(s, A.DieFace(G)) == f"aucun dé ne se lance maintenant : {now_fr}"
    s = play(s, A.DrawMarker("extra_turn"), A.DrawMarker("extra_turn"), A.DrawMarker("reroll"))
    assert _refusal(s, A.Pass()) == (
        "not now: the power markers are being dealt, the white player draws"
    )
    assert _refusal(s, A.DrawMarker("chance")) == f"kind must be a power marker: {KINDS}"
    assert _refusal_fr(s, A.Pass()) == (
        "pas maintenant : les marqueurs de pouvoir sont distribués, le joueur blanc pioche"
    )
    assert _refusal_fr(s, A.DrawMarker("chance")) == (
        f"kind doit être un marqueur de pouvoir : {KINDS_FR}"
    )


def test_FR11_a_kind_run_out_is_only_said_not_to_be_drawable() -> None:
    s = fromage.new_game(2, seed=1, options=POWERS, chance="explicit")
    assert s.markers is not None
    out = attrs.evolve(s, markers=attrs.evolve(s.markers, deck=(0, 5, 5, 5, 5, 5)))
    assert _refusal(out, A.DrawMarker("reroll")) == "a Reroll marker cannot be drawn now"
    assert _refusal_fr(out, A.DrawMarker("reroll")) == (
        "un marqueur « Relance » ne peut pas être pioché maintenant"
    )
    assert (
        explain(out, A.DrawMarker("extra_turn"), "fr")
        == explain(out, A.DrawMarker("extra_turn"), "en")
        == ""
    )  # it can be drawn: nothing to explain
    s = play(position({"caisse gauche": (2, 1)}), A.ChooseSpace("caisse gauche"))
    assert explain(s, A.DieFace(Y), "fr") == explain(s, A.DieFace(Y), "en") == ""


def test_refusals_at_decision_nodes_are_unchanged() -> None:
    s = position({"caisse gauche": (2, 1)})
    assert _refusal(s, A.DieFace(G)) == (
        "dice and markers are drawn by chance, not chosen by a player"
    )
    assert _refusal(s, A.DrawMarker("extra_turn")) == (
        "dice and markers are drawn by chance, not chosen by a player"
    )
    assert _refusal(s, A.Pass()) == "not now: the blue player chooses a space"
    chance_fr = (
        "les dés se lancent et les marqueurs se piochent au hasard : aucun joueur ne les choisit"
    )
    assert _refusal_fr(s, A.DieFace(G)) == chance_fr
    assert _refusal_fr(s, A.DrawMarker("extra_turn")) == chance_fr
    assert _refusal_fr(s, A.Pass()) == "pas maintenant : le joueur bleu choisit un emplacement"


# --- a sweep over random games: every refusal in both languages, none telling a secret --

# Well-formed actions of odd values, tried besides the actions the games offered.
_ODD = (
    A.ChooseSpace("grenier"),
    A.PlayMarker("joker"),
    A.DrawMarker("joker"),
    A.DieFace("violet"),
    A.PickDie(99),
    A.ForcePlayer(9),
    A.MoveMouse("violet", 0, "seau"),
    A.MoveMouse(G, 7, "seau"),
    A.TransferTo("table"),
    A.ForceSpace("seau"),
)
_SWEEP_OPTIONS = (
    {},
    POWERS,
    {"powers": True, "full_set": True, "tour_target": "any"},
    {"board": "B", "powers": True},
    {"board": "B"},
)
# Ids as typed ('seau', 'x') are the same in both languages: what is left is words.
_IDS = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»")
_WORD = re.compile(r"[^\W\d_]{2,}")
# English words no French reason has (the field names kind, die, seat, owner, face stay).
_ENGLISH = re.compile(
    r"\b(the|not|now|must|cannot|is|are|no|of|player|mouse|mice|dice|marker|roll|space)\b"
)


def _both(s: fromage.State, action: Any) -> tuple[str, str] | None:
    """The English and French reasons ``action`` is refused in ``s`` (None: it is legal)."""
    try:
        fromage.step(s, action)
    except bgf.IllegalActionError as e:
        assert str(e) == e.reason("en")
        return e.reason("en"), e.reason("fr")
    return None


def test_every_refusal_of_random_games_has_its_french_and_tells_no_secret() -> None:
    pool: set[Any] = set(_ODD)
    tries = chance_tries = power_tries = 0
    for seed in range(10):
        options = _SWEEP_OPTIONS[seed % len(_SWEEP_OPTIONS)]
        s = fromage.new_game(2 + seed % 3, seed=seed, options=options, chance="explicit")
        r = random.Random(seed)
        for _ in range(120):
            if fromage.is_terminal(s):
                break
            legal = fromage.legal_actions(s)
            pool.update(legal)
            others = sorted(pool - set(legal), key=repr)
            # Half the tries of a kind offered now: a wrong space, face, die or marker.
            kinds = {type(a) for a in legal}
            near = [a for a in others if type(a) in kinds]
            action = r.choice(near if near and r.random() < 0.5 else others)
            texts = _both(s, action)
            assert texts is not None, action
            en, fr = texts
            tries += 1
            chance_tries += s.to_move == bgf.CHANCE
            power_tries += s.markers is not None
            context = (seed, s.phase, action, en, fr)
            assert fr.strip(), context
            if _WORD.search(_IDS.sub("", en)):
                assert fr != en, context
                assert not _ENGLISH.search(_IDS.sub("", fr)), context
            # French typography: a space before « : », « ; », « ? », « ! ».
            assert not re.search(r"\S[:;?!]", _IDS.sub("", fr)), context
            if s.phase == DRAW:  # the markers left would tell the hands: never listed
                assert "possible" not in en and "possibles" not in fr, context
            # FR-11: states the player cannot tell from this one (the other hands and the
            # deck dealt otherwise) get the same words, in either language.
            seat = s.to_move if s.to_move >= 0 else None
            for v in fromage.GAME.hidden_variants(s, seat, Rng(seed)):
                if action not in fromage.legal_actions(v):
                    assert _both(v, action) == texts, context
            s = fromage.step(s, r.choice(legal))
    assert tries >= 300 and chance_tries >= 50 and power_tries >= 100, (
        tries,
        chance_tries,
        power_tries,
    )


def test_FR05_a_move_during_a_one_die_roll_reads_in_the_singular() -> None:
    s = play(position({"caisse gauche": (1, 0)}), A.ChooseSpace("caisse gauche"))
    assert (s.phase, s.dice) == (ROLL, ("unrolled",))
    assert (
        _refusal_fr(s, A.Pass()) == "pas maintenant : on lance le dé sur la caisse gauche" + DICE_FR
    )
    assert _refusal(s, A.Pass()) == "not now: the die is being rolled on the left crate" + DICE


def test_FR03_one_space_placement_refusals_say_all_the_mice_go_at_once() -> None:
    for mice, fr, en in (
        (3, "pose toutes ses souris", "places all their mice"),
        (1, "pose sa souris", "places their mouse"),
    ):
        s = fromage.new_game(2, seed=1, options={"placement": "one_space", "mice": mice})
        assert _refusal_fr(s, A.ChooseSpace("seau")) == f"pas maintenant : le joueur bleu {fr}"
        assert _refusal(s, A.ChooseSpace("seau")) == f"not now: the blue player {en}"
