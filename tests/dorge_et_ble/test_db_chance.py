"""Refusals at the deal, D'Orge et de Blé's chance nodes (explicit chance mode: a table
typing in the cards it deals), in a player's words, never telling where a hidden card is;
and a sweep of refusals over random games, at decisions and deals, in French and English."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import attrs
import pytest

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble as db
from boardgames_fr.core.rng import Rng
from boardgames_fr.dorge_et_ble import data as D
from boardgames_fr.dorge_et_ble import rules
from boardgames_fr.dorge_et_ble.actions import Barter, Discard, Draw, Harvest, Keep, Sell, Upgrade
from boardgames_fr.dorge_et_ble.explain import explain
from boardgames_fr.dorge_et_ble.game import GAME
from boardgames_fr.dorge_et_ble.render import card_label
from boardgames_fr.dorge_et_ble.state import ROW


def _deal(ok: Callable[[db.State], bool]) -> db.State:
    """The first deal of seed 1's explicit game (random play, seeded) where ``ok`` holds."""
    rnd = Rng(1)
    s = db.new_game(2, seed=1, chance="explicit")
    while not db.is_terminal(s):
        if db.current_player(s) == bgf.CHANCE:
            if ok(s):
                return s
            s = db.step(s, bgf.sample_chance(s))
        else:
            s = db.step(s, (legal := db.legal_actions(s))[rnd.randrange(len(legal))])
    raise AssertionError("no such deal")


def _refusal(s: db.State, action: Any, lang: str = "en") -> str:
    """Why ``step`` refuses ``action``: its message (English), or its reason in ``lang``."""
    with pytest.raises(bgf.IllegalActionError) as info:
        db.step(s, action)
    return str(info.value) if lang == "en" else info.value.reason(lang)


# One move of each kind: none is the card drawn at a deal.
MOVES = (Harvest(2), Sell(2), Upgrade(2), Barter(2, 5), Discard(1), Keep(4))


def test_DB05_a_move_during_the_fruitful_deal_names_the_hand_dealt_to() -> None:
    assert db.GAME.explain_chance
    s = _deal(lambda s: s.year == 1)
    assert s.deal_queue[0] == s.mill == 0
    for a in MOVES:
        assert _refusal(s, a) == (
            "the cards are being dealt: the next card drawn from the deck goes to Player 1's hand"
        )
        assert _refusal(s, a, "fr") == (
            "on distribue les cartes : la prochaine carte tirée de la pioche va dans la main"
            " de Joueur 1"
        )
    s = _deal(lambda s: s.year == 1 and s.deal_queue[0] == 1)
    assert _refusal(s, Harvest(2)) == (
        "the cards are being dealt: the next card drawn from the deck goes to Player 2's hand"
    )
    assert _refusal(s, Harvest(2), "fr") == (
        "on distribue les cartes : la prochaine carte tirée de la pioche va dans la main"
        " de Joueur 2"
    )


def test_DB06_a_move_during_the_drought_deal_names_the_hand_or_the_barter_row() -> None:
    s = _deal(lambda s: s.year == 2)
    assert s.deal_queue[0] == s.mill == 1  # DB-06: the Mill holder fills its hand first
    assert _refusal(s, Barter(2, 5)) == (
        "the cards are being dealt: the next card drawn from the deck goes to Player 2's hand"
    )
    assert _refusal(s, Barter(2, 5), "fr") == (
        "on distribue les cartes : la prochaine carte tirée de la pioche va dans la main"
        " de Joueur 2"
    )
    s = _deal(lambda s: s.year == 2 and s.deal_queue[0] == ROW)
    assert _refusal(s, Upgrade(2)) == (
        "the cards are being dealt: the next card drawn from the deck goes to the barter row"
    )
    assert _refusal(s, Upgrade(2), "fr") == (
        "on distribue les cartes : la prochaine carte tirée de la pioche rejoint le troc"
    )


def test_a_card_that_is_not_in_the_deck_cannot_be_drawn() -> None:
    # The right kind of outcome: the game's words, without saying where the card is (a
    # hand) and without a list of the deck, whose cards tell what the hands hold.
    s = _deal(lambda s: s.year == 1 and s.deal_queue[0] == 1)
    assert _refusal(s, Draw(s.hands[0][0])) == (
        "Blonde ale 4 (#2) cannot be drawn now: it is not in the deck"
    )
    assert _refusal(s, Draw(s.hands[0][0]), "fr") == (
        "on ne peut pas piocher Blonde 4 (n°2) maintenant : cette carte n'est pas dans la pioche"
    )
    assert _refusal(s, Draw(60)) == "there is no card 60 (cards go from 0 to 59)"
    assert _refusal(s, Draw(60), "fr") == (
        "il n'y a pas de carte n°60 (les cartes vont du n°0 au n°59)"
    )
    for lang in ("fr", "en"):  # it can be drawn: nothing to explain
        assert explain(s, Draw(s.deck[0]), lang) == ""


def test_a_deck_of_twelve_cards_or_fewer_is_not_listed_either() -> None:
    s = _deal(lambda s: len(s.deck) <= 12)
    assert 0 < len(s.deck) <= 12
    assert _refusal(s, Draw(60)) == "there is no card 60 (cards go from 0 to 59)"
    assert _refusal(s, Draw(60), "fr") == (
        "il n'y a pas de carte n°60 (les cartes vont du n°0 au n°59)"
    )


def test_refusals_at_decision_nodes_are_unchanged() -> None:
    s = db.new_game(2, seed=3, chance="explicit")
    while db.current_player(s) == bgf.CHANCE:
        s = db.step(s, bgf.sample_chance(s))
    assert _refusal(s, Draw(0)) == "no card is being dealt now"
    assert _refusal(s, Draw(0), "fr") == "aucune carte n'est distribuée maintenant"
    assert _refusal(s, Barter(2, 5)) == "barter is only possible in a drought year"
    assert _refusal(s, Barter(2, 5), "fr") == "le troc n'est possible qu'en année de sécheresse"
    assert _refusal(s, Harvest(0)) == "Blonde ale 4 (#0) is not in Player 1's hand"
    assert _refusal(s, Harvest(0), "fr") == "Blonde 4 (n°0) n'est pas dans la main de Joueur 1"


# A word of two letters or more: an English reason that is not only numbers and reprs.
_WORD = re.compile(r"[A-Za-z]{2,}")


def _tries(s: db.State, seen: list[Any], rnd: random.Random) -> list[Any]:
    """Actions of the game that look legal: some legal earlier in the game, the others
    built on the cards in play (either hand, the row, the pending card) and on any card."""
    cards = [*s.hands[0], *s.hands[1], *s.barter, s.pending, rnd.randrange(D.NUM_CARDS)]
    cards = [c for c in cards if c >= 0]

    def c() -> int:
        return rnd.choice(cards)

    res = rnd.randrange(D.NUM_RES)
    built = [Harvest(c()), Sell(c()), Upgrade(c()), Barter(c(), c()), Discard(res), Keep(res)]
    built.append(Draw(c()))
    return rnd.sample(seen, min(3, len(seen))) + rnd.sample(built, 3)


def _both(s: db.State, action: Any) -> tuple[str, str] | None:
    """(English, French) reasons of a refusal, or None when ``action`` is legal in ``s``."""
    try:
        db.step(s, action)
    except bgf.IllegalActionError as e:
        return str(e), e.reason("fr")
    return None


def _hidden_cards(s: db.State, seat: int | None) -> set[int]:
    """The cards ``seat`` may not see where they are (at a deal, the table: every hand)."""
    hidden = set(s.deck)
    for h in (0, 1) if seat is None else (1 - seat,):
        hidden |= set(s.hands[h]) - set(s.known[1 - h])
    return hidden


def test_every_refusal_has_a_french_reason_that_names_nothing_hidden() -> None:
    """Over random explicit games (seeded), a few hundred illegal tries at decisions and
    deals: every refusal has a French reason, French wherever the English has a word (not
    the English left as it was); neither names a hidden card other than the one the action
    names, and both read the same in every state the seat cannot tell apart (the cards it
    does not know redealt between the other hand and the deck): a deal never tells a card
    in a hand from one elsewhere out of the deck."""
    counts = {"decision": 0, "chance": 0, "compared": 0}
    for g in range(4):
        rnd = random.Random(g)
        s = db.new_game(seed=g, chance="explicit")
        seen: list[Any] = []
        while not db.is_terminal(s):
            chance = db.current_player(s) == bgf.CHANCE
            legal = db.legal_actions(s)
            if rnd.random() < 0.3:
                seat = None if chance else s.to_move
                variants = db.GAME.hidden_variants(s, seat, Rng(rnd.getrandbits(32)))
                hidden = _hidden_cards(s, seat)
                for a in _tries(s, seen, rnd):
                    if a in legal:
                        continue
                    reasons = _both(s, a)
                    assert reasons is not None, a
                    en, fr = reasons
                    counts["chance" if chance else "decision"] += 1
                    assert fr.strip() and en.strip(), a
                    if _WORD.search(en):
                        assert fr != en, (a, en)
                    named = {v for v in attrs.astuple(a) if isinstance(v, int)}
                    for c in hidden - named:
                        assert card_label(c, "en") not in en, (a, en)
                        assert card_label(c, "fr") not in fr, (a, fr)
                    for v in variants:
                        if a not in db.legal_actions(v):
                            counts["compared"] += 1
                            assert _both(v, a) == reasons, (a, s.phase)
            if not chance:
                seen += legal[:4]
            s = db.step(s, legal[rnd.randrange(len(legal))])
    assert counts["decision"] > 200 and counts["chance"] > 100, counts
    assert counts["compared"] > 500, counts


@pytest.mark.parametrize(
    "options",
    [{}, {"hand_size": 6, "barter_cards": 5}, {"hand_size": 1, "barter_cards": 0}],
)
def test_DB05_DB06_auto_deal_in_one_go_is_the_deal_card_by_card(options: dict[str, Any]) -> None:
    """Auto mode deals a whole queue at once (`rules.resolve`): at every deal of random
    games it gives exactly the state of the core's one card at a time (`resolve_each`),
    also when the deck runs out mid-deal and the discard becomes the deck (6-card hands
    and 5 barter cards empty it)."""
    game = GAME
    refills = 0
    for seed in range(12):
        rnd = random.Random(seed)
        s = db.new_game(seed=seed, options=options, chance="explicit")
        while not db.is_terminal(s):
            if db.current_player(s) == bgf.CHANCE:
                fast, slow = rules.resolve(s), game.resolve_each(s)
                assert fast == slow
                assert fast.rng == slow.rng and fast.to_move != bgf.CHANCE
                refills += len(fast.deck) > len(s.deck)
                s = db.step(s, bgf.sample_chance(s))
            else:
                s = db.step(s, rnd.choice(db.legal_actions(s)))
    if options.get("hand_size") == 6:
        assert refills > 0  # the discard did become the deck in these games


def test_DB05_DB06_observation_and_pictures_say_who_gets_the_next_card() -> None:
    """Fourth audit: at a deal (a table typing in the cards it deals) neither the
    observation nor the pictures said where the next card goes, only « tirage »; a
    frontend had to replay the queue of `_start_year`. Now `Observation.deal_queue` is the
    state's queue (public: the hand sizes and the row show it anyway) and the pictures
    name the hand or the row."""
    s = _deal(lambda s: s.year == 1)
    assert s.deal_queue == (0,) * 5 + (1,) * 5
    for seat in (None, 0, 1):
        assert db.observe(s, seat).deal_queue == s.deal_queue
    assert db.render(s, "fr").splitlines()[0].endswith("à jouer : tirage pour la main de Joueur 1")
    assert db.render(s, "en").splitlines()[0].endswith("to move: draw for Player 1's hand")
    svg = db.render_svg(s)
    assert ">Tirage pour la main de Joueur 1</text>" in svg
    s = _deal(lambda s: s.year == 2 and s.deal_queue[0] == ROW)
    assert db.observe(s, 0).deal_queue == s.deal_queue == (ROW,) * len(s.deal_queue)
    assert db.render(s, "fr").splitlines()[0].endswith("à jouer : tirage pour le troc")
    assert ">Draw for the barter row</text>" in db.render_svg(s, "en")
    play = db.step(s, bgf.sample_chance(s))
    while db.current_player(play) == bgf.CHANCE:
        play = db.step(play, bgf.sample_chance(play))
    assert db.observe(play, 0).deal_queue == ()
