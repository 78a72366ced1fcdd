"""Scenario tests named by rule id: hand-set positions, exact counts."""

from __future__ import annotations

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
from boardgames_fr.misere.game import GAME
from boardgames_fr.misere.state import ACTION, FEED, PLACEMENT


def check(s: misere.State) -> None:
    GAME.validate(s)  # workers and the 18 food tokens all accounted for


# --- MI-01 setup --------------------------------------------------------------------------


def test_MI01_setup() -> None:
    # The seed's numbers, written out here (not read from the data files): 1000 balles and
    # one worker each, 18 food with 5 on the Commune, counter on 1. Setup has no chance:
    # every seed gives the same table.
    for seed in (0, 1, 99):
        s = misere.new_game(2, seed=seed)
        for pl in s.players:
            assert (pl.money, pl.food, pl.xp) == (1000, 0, 0)
            assert (pl.plain, pl.qualified, pl.owned_plain, pl.owned_qualified) == (1, 0, 1, 0)
            assert (pl.lost, pl.oeuvre, pl.acted) == (0, -1, 0)
        assert (s.pile, s.commune_food, s.pile + s.commune_food) == (13, 5, 18)
        assert (s.round, s.phase, s.liquidated) == (1, PLACEMENT, False)
        # seat 0 (the youngest) holds "1er joueur" and places first; seat 1 holds
        # "meilleur ouvrier"
        assert (s.first_player, s.best_worker, s.to_move) == (0, 1, 0)
        assert s.zone == (-1,) * 9 and s.sectors == (-1, -1, -1, -1)
        check(s)
    for n in (1, 3, 4):
        with pytest.raises(ValueError, match=f"Misère is for 2 players, not {n}"):
            misere.new_game(n, seed=0)


def test_MI01_four_workers_per_colour() -> None:
    # One worker on the table, three in the box: galérer at the Agricoles gives a worker
    # three times; the fourth time there is none left in the box (only the experience).
    s = fresh()
    for owned in (1, 2, 3):
        s = setp(s, 0, plain=owned, owned_plain=owned, acted=0)  # all at home
        s = put(s, 0, STRUGGLE0)
        s = put(s, 1, WORK0)
        s = attrs.evolve(s, phase=ACTION, to_move=0, sectors=(-1, -1, -1, -1))
        s = play(s, Activate(STRUGGLE0))
        assert GoToSector(AGRICOLES) in misere.legal_actions(s)
        s = play(s, GoToSector(AGRICOLES))
        assert s.players[0].owned_plain == owned + 1
        s = setp(s, 1, plain=1, acted=0)
        s = attrs.evolve(s, zone=(-1,) * 9)
    s = setp(s, 0, plain=4, owned_plain=4, acted=0, xp=0)
    s = put(s, 0, STRUGGLE0)
    s = put(s, 1, WORK0)
    s = attrs.evolve(s, phase=ACTION, to_move=0, sectors=(-1, -1, -1, -1))
    s = play(s, Activate(STRUGGLE0), GoToSector(AGRICOLES))
    pl = s.players[0]
    assert (pl.owned_plain, pl.plain, pl.lost, pl.xp, pl.money) == (4, 3, 0, 1, 1000 - 4 * 250)
    check(s)


def test_MI02_placement_alternates_from_first_player() -> None:
    # seat 0 holds the first-player token and 2 workers, seat 1 has 1; both have food, so
    # the misery circles are closed (MI-03, MI-19)
    s = setp(fresh(), 0, plain=2, owned_plain=2, food=1)
    s = attrs.evolve(setp(s, 1, food=1), pile=11)
    legal = misere.legal_actions(s)
    # only the first free square of each action, no circle with 1000 balles (MI-03)
    assert legal == (Place(BUY0, False), Place(WORK0, False), Place(STRUGGLE0, False))
    s = play(s, Place(BUY0, False))
    assert s.to_move == 1
    # one plain square per action (the seed's « un des trois carrés »): taken is taken
    assert misere.Options().plain_squares == 1
    assert misere.legal_actions(s) == (Place(WORK0, False), Place(STRUGGLE0, False))
    s = play(s, Place(WORK0, False))
    assert s.to_move == 0  # back to seat 0, who still has a worker
    assert misere.legal_actions(s) == (Place(STRUGGLE0, False),)
    s = play(s, Place(STRUGGLE0, False))
    # nobody has a worker left: the action phase starts
    assert s.phase == ACTION
    assert s.zone[:6] == (0, -1, 2, -1, 0, -1)
    check(s)


def test_MI02_placement_starts_with_the_first_player_token() -> None:
    # Seat 1 (under 1000) takes Pointer and with it the first-player token (MI-12): the
    # next round's placement starts with seat 1, then alternates.
    s = setp(fresh(), 1, money=750, food=1)
    s = setp(s, 0, plain=2, owned_plain=2, food=2)
    s = attrs.evolve(s, pile=10)
    s = play(s, Place(WORK0, False), Place(POINTER, False), Place(BUY0, False))
    assert s.phase == ACTION and s.to_move == 1  # seat 1 holds meilleur ouvrier
    s = play(s, Activate(POINTER), Activate(WORK0), GoToSector(AGRICOLES))
    s = play(s, Activate(BUY0), SlackOff())
    assert (s.round, s.phase, s.first_player) == (2, PLACEMENT, 1)
    order = []
    while s.phase == PLACEMENT:
        order.append(s.to_move)
        s = play(s, misere.legal_actions(s)[0])
    assert order == [1, 0, 0]  # seat 1, seat 0, and seat 0 again: seat 1 has no more
    check(s)


def test_MI02_MI15_dotted_squares_for_qualified_only() -> None:
    s = fresh()
    with pytest.raises(
        bgf.IllegalActionError, match=r"^Player 1 has no qualified worker in reserve$"
    ) as info:
        misere.step(s, Place(BUY_DOTTED, True))
    assert info.value.reason("fr") == "Joueur 1 n'a pas d'ouvrier qualifié en réserve"
    # the plain Bosser square taken: the unqualified worker cannot use the dotted one
    s = setp(s, 0, plain=1, qualified=1, owned_qualified=1)
    s = put(s, 1, WORK0)
    legal = misere.legal_actions(s)
    assert Place(WORK_DOTTED, True) in legal and Place(WORK_DOTTED, False) not in legal
    assert Place(BUY0, False) in legal and Place(BUY0, True) in legal


def test_MI03_misery_circles_need_less_than_1000() -> None:
    s = attrs.evolve(setp(fresh(), 0, food=1), pile=12)  # food in hand: see MI-19
    assert not any(a.place >= POINTER for a in misere.legal_actions(s))
    s = setp(s, 0, money=750)
    circles = [a for a in misere.legal_actions(s) if a.place >= POINTER]
    assert circles == [Place(POINTER, False), Place(OEUVRE, False), Place(MANCHE, False)]


def test_MI03_misery_circles_when_no_square_is_free() -> None:
    s = fresh(plain_squares=1, dotted_squares=0)
    s = setp(s, 1, plain=3, owned_plain=4)
    for place in (0, 1, 2):  # the three squares, taken by seat 1
        s = put(s, 1, place)
    assert misere.legal_actions(s) == (Place(3, False), Place(4, False), Place(5, False))


def test_MI19_rupture_de_bouffe_opens_the_circles() -> None:
    circles = (Place(POINTER, False), Place(OEUVRE, False), Place(MANCHE, False))
    squares = (Place(BUY0, False), Place(WORK0, False), Place(STRUGGLE0, False))
    # 1000 balles and no food token: rupture de bouffe, the circles are open
    s = fresh()
    assert s.players[0].food == 0 and s.players[0].money == 1000
    assert misere.legal_actions(s) == squares + circles
    # one food token in hand: closed again, whatever the central pile holds
    fed = attrs.evolve(setp(s, 0, food=1), pile=12)
    assert misere.legal_actions(fed) == squares
    empty_pile = attrs.evolve(setp(s, 0, food=13), pile=0, liquidated=True)
    assert misere.legal_actions(empty_pile) == squares
    # the option off: money and a full zone only
    off = attrs.evolve(s, options=misere.Options(rupture_opens_misery=False))
    assert misere.legal_actions(off) == squares
    # the hungry player takes Pointer: the token and a food token (MI-12)
    s = attrs.evolve(s, first_player=1, to_move=1, best_worker=0, pile=12)
    s = play(setp(s, 1, food=1), Place(WORK0, False), Place(POINTER, False))
    s = play(s, Activate(POINTER))
    assert (s.first_player, s.players[0].food, s.players[0].money, s.pile) == (0, 1, 1000, 11)
    assert (s.players[0].plain, s.to_move) == (1, 1)  # back home; seat 1 acts next
    check(s)


# --- MI-04 action order ---------------------------------------------------------------------


def _two_each(best_worker: int) -> misere.State:
    """Both seats with two unqualified workers placed (seat 0 on Acheter à bouffer and
    Galérer, seat 1 on Bosser and Pointer), food for everyone, at the action phase."""
    s = setp(fresh(), 0, plain=2, owned_plain=2, food=2)
    s = setp(s, 1, plain=2, owned_plain=2, food=2, money=750)
    s = attrs.evolve(s, best_worker=best_worker, pile=9)
    s = play(s, Place(BUY0, False), Place(WORK0, False))
    s = play(s, Place(STRUGGLE0, False), Place(POINTER, False))
    assert s.phase == ACTION
    return s


def test_MI04_best_worker_acts_first_then_alternate() -> None:
    for best in (0, 1):
        s = _two_each(best)
        order = []
        while s.phase == ACTION:
            if s.pending is None:
                order.append(s.to_move)
            s = play(s, misere.legal_actions(s)[-1])  # glander, home, ...: any move
        # the holder of the token first (whoever placed last), then turn about
        assert order == [best, 1 - best, best, 1 - best]


def test_MI04_a_player_with_no_worker_left_is_skipped() -> None:
    s = setp(fresh(), 0, plain=2, owned_plain=2, food=2)
    s = attrs.evolve(s, best_worker=0)
    s = play(s, Place(BUY0, False), Place(WORK0, False), Place(STRUGGLE0, False))
    assert s.to_move == 0
    assert misere.legal_actions(s) == (Activate(BUY0), Activate(STRUGGLE0))
    s = play(s, Activate(BUY0), SlackOff())
    assert misere.legal_actions(s) == (Activate(WORK0),)  # seat 1's turn
    s = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert (s.to_move, misere.legal_actions(s)) == (0, (Activate(STRUGGLE0),))
    s = play(s, Activate(STRUGGLE0), GoToSector(PETITS))
    assert (s.round, s.phase, s.to_move) == (2, PLACEMENT, 0)


# --- MI-05, MI-06 sectors and misery --------------------------------------------------------


def test_MI05_sector_must_be_free_and_able() -> None:
    s = acting(WORK0)
    s = attrs.evolve(s, sectors=(-1, -1, 2, -1))  # seat 1 already on the Agricoles
    s = setp(s, 1, owned_plain=2)
    s = play(s, Activate(WORK0))
    assert misere.legal_actions(s) == (
        GoToSector(ARTISANS),
        GoToSector(PETITS),
        GoToSector(COMMUNE),
    )


def test_MI05_no_sector_possible_falls_to_misery() -> None:
    # galérer with 200 balles: no sector can take the payment
    s = acting(STRUGGLE0, money=200)
    s = play(s, Activate(STRUGGLE0))
    assert misere.legal_actions(s) == (FallToMisery(0), FallToMisery(1), FallToMisery(2))
    s = play(s, FallToMisery(0))  # pointer, at once
    assert s.players[0].food == 1 and s.players[0].plain == 1
    check(s)


def test_MI05_no_sector_no_circle_goes_home() -> None:
    s = acting(STRUGGLE0, money=200)
    s = fill_circles(s)
    s = play(s, Activate(STRUGGLE0))
    assert misere.legal_actions(s) == (GoHome(),)
    s = play(s, GoHome())
    assert s.players[0].money == 200 and s.players[0].plain == 1


def test_MI05_no_free_sector_falls_to_misery() -> None:
    # « s'il ne reste aucun secteur libre »: the four sectors are taken (two workers of
    # each seat), so a worker off Bosser goes to a misery circle; Faire la manche then
    # counts the four workers on the sectors (MI-14).
    s = acting(WORK0)
    s = attrs.evolve(s, sectors=(2, 3, 0, 1))
    s = setp(s, 0, owned_plain=2, owned_qualified=1, acted=3)
    s = setp(s, 1, owned_plain=2, owned_qualified=1, acted=3)
    check(s)
    s = play(s, Activate(WORK0))
    assert misere.legal_actions(s) == (FallToMisery(0), FallToMisery(1), FallToMisery(2))
    s = play(s, FallToMisery(2))
    assert (s.players[0].money, s.players[0].plain, s.sectors) == (2000, 1, (2, 3, 0, 1))
    check(s)
    # a buying worker likewise falls, or glanders (MI-10)
    s = attrs.evolve(acting(BUY0, xp=4), sectors=(2, 3, 0, 1))
    s = setp(setp(s, 0, owned_plain=2, owned_qualified=1), 1, owned_plain=2, owned_qualified=1)
    s = play(s, Activate(BUY0))
    assert misere.legal_actions(s) == (
        FallToMisery(0),
        FallToMisery(1),
        FallToMisery(2),
        SlackOff(),
    )


def test_MI06_oeuvre_circle_puts_worker_on_space_0() -> None:
    s = acting(OEUVRE, money=750)
    s = play(s, Activate(OEUVRE))
    pl = s.players[0]
    assert (pl.oeuvre, pl.plain, pl.owned_plain) == (0, 0, 1)
    check(s)


# --- MI-07 the sector table: one test per cell ---------------------------------------------


def test_MI07_artisans_buy_food_for_pairs_of_experience() -> None:
    s = play(acting(BUY0, xp=5), Activate(BUY0), GoToSector(ARTISANS))
    assert misere.legal_actions(s) == (BuyFood(1), BuyFood(2))
    s = play(s, BuyFood(2))
    pl = s.players[0]
    assert (pl.xp, pl.food, pl.money, s.pile) == (1, 2, 1000, 11)
    check(s)


def test_MI07_artisans_work() -> None:
    s = play(acting(WORK0), Activate(WORK0), GoToSector(ARTISANS))
    pl = s.players[0]
    assert (pl.money, pl.food, pl.xp, s.pile) == (1500, 1, 1, 12)
    check(s)


def test_MI07_artisans_struggle_qualifies_for_2_experience() -> None:
    s = play(acting(STRUGGLE0, xp=2), Activate(STRUGGLE0), GoToSector(ARTISANS))
    assert misere.legal_actions(s) == (Qualify("sector", ARTISANS), NoQualify())
    s = play(s, Qualify("sector", ARTISANS))
    pl = s.players[0]
    assert (pl.money, pl.xp, pl.owned_plain, pl.owned_qualified) == (750, 1, 0, 1)
    assert s.sectors[ARTISANS] == 1  # seat 0, helmet on
    check(s)


def test_MI07_petits_buy_food_at_250() -> None:
    s = play(acting(BUY0), Activate(BUY0), GoToSector(PETITS))
    assert misere.legal_actions(s) == tuple(BuyFood(n) for n in (1, 2, 3, 4))
    s = play(s, BuyFood(3))
    pl = s.players[0]
    assert (pl.money, pl.food, s.pile) == (250, 3, 10)
    check(s)


def test_MI07_petits_work() -> None:
    s = play(acting(WORK0), Activate(WORK0), GoToSector(PETITS))
    pl = s.players[0]
    assert (pl.money, pl.food, pl.xp) == (2000, 0, 2)


def test_MI07_petits_struggle() -> None:
    s = play(acting(STRUGGLE0), Activate(STRUGGLE0), GoToSector(PETITS))
    pl = s.players[0]
    assert (pl.money, pl.food, pl.xp, pl.owned_plain, pl.plain, s.pile) == (750, 1, 2, 2, 1, 12)
    check(s)


def test_MI07_agricoles_buy_food_at_500() -> None:
    s = play(acting(BUY0), Activate(BUY0), GoToSector(AGRICOLES))
    assert misere.legal_actions(s) == (BuyFood(1), BuyFood(2))
    s = play(s, BuyFood(2))
    pl = s.players[0]
    assert (pl.money, pl.food, s.pile) == (0, 2, 11)


def test_MI07_agricoles_work() -> None:
    s = play(acting(WORK0), Activate(WORK0), GoToSector(AGRICOLES))
    pl = s.players[0]
    assert (pl.money, pl.food, pl.xp) == (3000, 0, 1)


def test_MI07_agricoles_struggle() -> None:
    s = play(acting(STRUGGLE0), Activate(STRUGGLE0), GoToSector(AGRICOLES))
    pl = s.players[0]
    assert (pl.money, pl.food, pl.xp, pl.owned_plain, pl.plain) == (750, 0, 1, 2, 1)
    check(s)


def test_MI07_MI20_commune_buy_sends_to_misery() -> None:
    s = attrs.evolve(acting(BUY0), first_player=1)
    s = play(s, Activate(BUY0), GoToSector(COMMUNE))
    assert s.players[0].food == 1 and s.commune_food == 4  # MI-11: the free meal
    assert s.sectors[COMMUNE] == -1  # the worker does not stay
    assert misere.legal_actions(s) == (FallToMisery(0), FallToMisery(1), FallToMisery(2))
    s = play(s, FallToMisery(0))  # pointer
    pl = s.players[0]
    assert (pl.food, pl.money, pl.plain, s.first_player, s.pile) == (2, 1000, 1, 0, 12)
    check(s)


def test_MI07_commune_work() -> None:
    s = play(acting(WORK0), Activate(WORK0), GoToSector(COMMUNE))
    pl = s.players[0]
    assert (pl.money, pl.food, pl.xp, s.commune_food, s.pile) == (2500, 1, 0, 4, 13)
    check(s)


def test_MI07_commune_struggle_qualifies_for_3_experience() -> None:
    s = play(acting(STRUGGLE0, xp=3), Activate(STRUGGLE0), GoToSector(COMMUNE))
    s = play(s, Qualify("sector", COMMUNE))
    pl = s.players[0]
    assert (pl.money, pl.xp, pl.food, pl.owned_qualified, s.commune_food) == (750, 0, 1, 1, 4)
    check(s)


def test_MI20_commune_buy_closed_when_circles_full() -> None:
    s = acting(BUY0)
    s = play(fill_circles(s), Activate(BUY0))
    assert GoToSector(COMMUNE) not in misere.legal_actions(s)


def test_MI20_the_player_changes_worker_and_the_commune_reopens() -> None:
    # « Si toutes les actions de misère sont occupées, le joueur doit changer d'ouvrier »:
    # seat 0 waits on Acheter à bouffer and Pointer, seat 1 on the two other circles.
    s = setp(fresh(), 0, plain=2, owned_plain=2)
    s = setp(s, 1, plain=2, owned_plain=2)
    s = put(put(s, 0, BUY0), 0, POINTER)
    s = put(put(s, 1, OEUVRE), 1, MANCHE)
    s = attrs.evolve(s, phase=ACTION, to_move=0)
    check(s)
    # taken off first, the buyer cannot go to the Commune (every circle is occupied)
    assert misere.legal_actions(play(s, Activate(BUY0))) == (
        GoToSector(PETITS),
        GoToSector(AGRICOLES),
        SlackOff(),
    )
    # the player acts with another worker first; once circles are free, the Commune is open
    s = play(s, Activate(POINTER), Activate(MANCHE), Activate(BUY0))
    assert misere.legal_actions(s) == (
        GoToSector(PETITS),
        GoToSector(AGRICOLES),
        GoToSector(COMMUNE),
        SlackOff(),
    )
    s = play(s, GoToSector(COMMUNE))
    assert (s.players[0].food, s.commune_food) == (2, 4)  # Pointer's token, the meal
    assert misere.legal_actions(s) == (FallToMisery(0), FallToMisery(2))  # not the Oeuvre's
    check(s)


# --- MI-08, MI-09, MI-15 ------------------------------------------------------------------


def test_MI08_MI15_qualified_work_earns_500_more() -> None:
    s = play(acting(WORK0, qualified=True), Activate(WORK0), GoToSector(AGRICOLES))
    pl = s.players[0]
    assert (pl.money, pl.xp) == (3500, 1)


def test_MI09_struggle_costs_1000_for_a_qualified_worker() -> None:
    s = play(acting(STRUGGLE0, qualified=True, money=1200), Activate(STRUGGLE0))
    s = play(s, GoToSector(AGRICOLES))
    pl = s.players[0]
    assert (pl.money, pl.owned_plain, pl.owned_qualified, pl.xp) == (200, 1, 1, 1)
    s2 = play(acting(STRUGGLE0, qualified=True, money=900), Activate(STRUGGLE0))
    assert GoToSector(AGRICOLES) not in misere.legal_actions(s2)


def test_MI09_qualify_another_worker_or_none() -> None:
    s = acting(STRUGGLE0, xp=4)
    s = setp(s, 0, plain=1, owned_plain=2)  # one more worker in reserve
    s = play(s, Activate(STRUGGLE0), GoToSector(ARTISANS))
    assert misere.legal_actions(s) == (
        Qualify("sector", ARTISANS),
        Qualify("reserve"),
        NoQualify(),
    )
    s2 = play(s, Qualify("reserve"))
    pl = s2.players[0]
    assert (pl.plain, pl.qualified, pl.xp, pl.owned_qualified) == (0, 1, 3, 1)
    s3 = play(s, NoQualify())
    assert (s3.players[0].xp, s3.players[0].owned_qualified) == (5, 0)
    check(s2)


# --- MI-10 buying food, glander, the flip ---------------------------------------------------


def test_MI10_glander_takes_the_worker_back() -> None:
    s = play(acting(BUY0), Activate(BUY0))
    assert misere.legal_actions(s)[-1] == SlackOff()
    s = play(s, SlackOff())
    pl = s.players[0]
    assert (pl.money, pl.food, pl.plain, pl.acted) == (1000, 0, 1, 1)


def test_MI10_petits_flip_when_the_pile_runs_out() -> None:
    s = attrs.evolve(acting(BUY0), pile=2)
    s = setp(s, 1, food=11)
    s = play(s, Activate(BUY0), GoToSector(PETITS), BuyFood(2))
    assert s.pile == 0 and s.liquidated
    check(s)
    # the back of the tile: no food, no work, galérer for a worker only
    s = acting(WORK0)
    s = attrs.evolve(s, liquidated=True)
    s = play(s, Activate(WORK0))
    assert GoToSector(PETITS) not in misere.legal_actions(s)
    s = attrs.evolve(acting(STRUGGLE0), liquidated=True)
    s = play(s, Activate(STRUGGLE0), GoToSector(PETITS))
    pl = s.players[0]
    assert (pl.money, pl.food, pl.xp, pl.owned_plain) == (750, 0, 0, 2)


def test_MI10_MI12_empty_pile_no_market_no_meal() -> None:
    # The central pile is empty (so the tile is flipped): no sector sells food, only the
    # Commune (whose meal is its own stock) and glander are left to a buying worker.
    s = attrs.evolve(acting(BUY0, xp=4), pile=0, liquidated=True)
    s = setp(s, 1, food=13)
    check(s)
    assert misere.legal_actions(play(s, Activate(BUY0))) == (GoToSector(COMMUNE), SlackOff())
    # the Artisans' meal comes from the empty pile: none; the wage and the star still come
    s = attrs.evolve(acting(WORK0), pile=0, liquidated=True)
    s = setp(s, 1, food=13)
    s = play(s, Activate(WORK0), GoToSector(ARTISANS))
    assert (s.players[0].money, s.players[0].food, s.players[0].xp, s.pile) == (1500, 0, 1, 0)
    check(s)
    # Pointer with the pile empty: the first-player token, but no food
    s = attrs.evolve(acting(POINTER, money=500), pile=0, liquidated=True, first_player=1)
    s = setp(s, 1, food=13)
    s = play(s, Activate(POINTER))
    assert (s.first_player, s.players[0].food, s.players[0].plain, s.pile) == (0, 0, 1, 0)
    check(s)


def test_MI10_the_last_token_flips_the_tile_for_good() -> None:
    # Pointer takes the last token of the pile: the Petits exploitants are liquidated
    # (« quand il ne reste plus de jeton nourriture disponible »), whoever emptied it.
    s = attrs.evolve(acting(POINTER, money=500), pile=1)
    s = setp(s, 1, food=12)
    s = play(s, Activate(POINTER))
    assert (s.pile, s.liquidated, s.players[0].food) == (0, True, 1)
    # the round ends: the 2 tokens eaten go back to the pile (the Commune is full), and
    # the tile stays flipped (Choices: « liquidé » is final)
    s = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert (s.round, s.pile, s.commune_food, s.liquidated) == (2, 2, 5, True)
    check(s)
    # with food back in the pile, the flipped tile still sells none
    s = attrs.evolve(acting(BUY0, xp=4), pile=3, liquidated=True)
    s = setp(s, 1, food=10)
    s = play(s, Activate(BUY0))
    assert misere.legal_actions(s) == (
        GoToSector(ARTISANS),
        GoToSector(AGRICOLES),
        GoToSector(COMMUNE),
        SlackOff(),
    )


# --- MI-11 the Commune's free meal ----------------------------------------------------------


def test_MI11_commune_meal_runs_out() -> None:
    s = attrs.evolve(acting(WORK0), commune_food=0, pile=18)
    s = play(s, Activate(WORK0), GoToSector(COMMUNE))
    assert (s.players[0].money, s.players[0].food, s.pile) == (2500, 0, 18)
    s = attrs.evolve(acting(WORK0), commune_food=0, pile=18)
    s = attrs.evolve(s, options=misere.Options(commune_meal_when_empty="central"))
    s = play(s, Activate(WORK0), GoToSector(COMMUNE))
    assert (s.players[0].food, s.pile) == (1, 17)
    check(s)


def test_MI11_MI16_eaten_food_restocks_the_commune_first() -> None:
    # Seat 0: three workers acted (two already home), three food; seat 1: one acted, one
    # food. The Commune is down to 3 tokens: of the 4 eaten, 2 restock it, 2 go to the pile.
    s = setp(fresh(), 0, plain=3, owned_plain=3, food=3, acted=2)
    s = put(s, 0, WORK0)
    s = setp(s, 1, acted=1, food=1)
    s = attrs.evolve(s, phase=ACTION, to_move=0, commune_food=3, pile=11)
    check(s)
    after = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert (after.commune_food, after.pile, after.round) == (5, 13, 2)
    assert (after.players[0].food, after.players[1].food, after.players[0].lost) == (0, 0, 0)
    check(after)
    # option eaten_food="pile": all back to the central pile, the Commune stays at 3
    s = attrs.evolve(s, options=misere.Options(eaten_food="pile"))
    after = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert (after.commune_food, after.pile) == (3, 15)
    check(after)


# --- MI-12, MI-13, MI-14 misery actions -----------------------------------------------------


def test_MI12_pointer_takes_first_player_and_food() -> None:
    s = attrs.evolve(acting(POINTER, money=500), first_player=1)
    s = play(s, Activate(POINTER))
    pl = s.players[0]
    assert (s.first_player, pl.food, pl.money, pl.plain, s.pile) == (0, 1, 500, 1, 12)
    check(s)


def _on_oeuvre(space: int, oeuvre_qualified: bool = False) -> misere.State:
    s = acting(OEUVRE, money=500)
    if oeuvre_qualified:
        return setp(s, 0, owned_qualified=1, oeuvre=space, oeuvre_qualified=True)
    return setp(s, 0, owned_plain=2, oeuvre=space)


def test_MI13_oeuvre_advance_one_or_two() -> None:
    s = play(_on_oeuvre(2), Activate(OEUVRE))
    assert misere.legal_actions(s) == (AdvanceOeuvre(), SellOeuvre())
    s = play(s, AdvanceOeuvre())
    assert (s.players[0].oeuvre, s.players[0].plain) == (3, 1)
    check(s)
    s = play(_on_oeuvre(2, True), Activate(OEUVRE), AdvanceOeuvre())
    assert s.players[0].oeuvre == 4  # MI-15: a qualified worker moves 2
    check(s)


def test_MI13_MI15_whose_helmet_moves_the_oeuvre_two_spaces() -> None:
    # Default (Choices): the helmet of the worker on the Oeuvre counts; option
    # oeuvre_speed="acting_worker": the helmet of the worker sent to bosser pour sa gueule.
    acting_worker = misere.Options(oeuvre_speed="acting_worker")
    # a qualified worker acts, the one on the Oeuvre (space 2) is plain
    s = setp(acting(OEUVRE, qualified=True, money=500), 0, owned_plain=1, oeuvre=2)
    check(s)
    assert play(s, Activate(OEUVRE), AdvanceOeuvre()).players[0].oeuvre == 3
    s = attrs.evolve(s, options=acting_worker)
    assert play(s, Activate(OEUVRE), AdvanceOeuvre()).players[0].oeuvre == 4
    # a plain worker acts, the one on the Oeuvre is qualified
    s = _on_oeuvre(2, oeuvre_qualified=True)
    assert play(s, Activate(OEUVRE), AdvanceOeuvre()).players[0].oeuvre == 4
    s = attrs.evolve(s, options=acting_worker)
    assert play(s, Activate(OEUVRE), AdvanceOeuvre()).players[0].oeuvre == 3
    # two spaces from space 7 stop on the last one, the Oeuvre: then only the sale is left
    s = play(_on_oeuvre(7, oeuvre_qualified=True), Activate(OEUVRE), AdvanceOeuvre())
    assert (s.players[0].oeuvre, s.players[0].plain) == (8, 1)
    check(s)


def test_MI13_oeuvre_sell_cashes_the_space() -> None:
    s = play(_on_oeuvre(3), Activate(OEUVRE), SellOeuvre())
    pl = s.players[0]
    assert (pl.money, pl.food, pl.oeuvre, pl.plain, s.pile) == (1250, 1, -1, 2, 12)
    check(s)


def test_MI14_manche_250_per_worker_on_sectors() -> None:
    # Three workers on the sectors (two of seat 1, one of seat 0, one qualified); seat 1's
    # worker still on the zone and seat 0's worker on the Oeuvre do not count.
    s = acting(MANCHE, money=500)
    s = attrs.evolve(s, sectors=(0, 3, 2, -1))
    s = setp(s, 0, owned_plain=3, oeuvre=2, acted=2)
    s = setp(s, 1, owned_plain=2, owned_qualified=1, acted=3)
    check(s)
    s = play(s, Activate(MANCHE))
    assert (s.players[0].money, s.players[0].plain) == (1250, 1)
    assert (s.players[1].money, s.sectors) == (1000, (0, 3, 2, -1))
    check(s)
    # nobody on the sectors: nothing
    s = play(acting(MANCHE, money=500), Activate(MANCHE))
    assert (s.players[0].money, s.players[0].plain) == (500, 1)


# --- MI-16 end of round ---------------------------------------------------------------------


def test_MI16_feeding_with_a_shortage_kills_workers() -> None:
    s = fresh()
    s = setp(s, 0, plain=2, owned_plain=2, food=1, acted=1)  # one already acted
    s = put(s, 0, WORK0)
    s = setp(s, 1, food=3, acted=1)  # seat 1's worker glandered already, back in reserve
    s = attrs.evolve(s, phase=ACTION, to_move=0, pile=9)
    check(s)
    s = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    p0, p1 = s.players
    # seat 0: 2 workers acted, 1 food: one worker dies for good
    assert (p0.money, p0.food, p0.plain, p0.owned_plain, p0.lost, p0.acted) == (3000, 0, 1, 1, 1, 0)
    assert (p1.food, p1.plain) == (2, 1)
    assert s.pile == 11  # the eaten food goes back to the pile
    assert s.best_worker == 0  # 1 experience against 0
    assert (s.round, s.phase, s.to_move, s.sectors) == (2, PLACEMENT, 0, (-1, -1, -1, -1))
    check(s)


def test_MI16_fed_workers_live_ties_keep_the_token_all_lost_no_choice() -> None:
    s = fresh()
    s = setp(s, 0, plain=1, qualified=1, owned_plain=1, owned_qualified=1)
    s = put(put(s, 0, WORK0), 0, WORK_DOTTED, qualified=True)
    s = setp(s, 1, acted=1, xp=1, food=1, money=0)
    s = attrs.evolve(s, phase=ACTION, to_move=0, pile=12)
    s = play(s, Activate(WORK_DOTTED), GoToSector(COMMUNE), Activate(WORK0), GoToSector(ARTISANS))
    p0 = s.players[0]
    # 2 food due, 2 food (commune meal + artisans meal): nobody dies
    assert (p0.food, p0.lost, p0.qualified, p0.plain) == (0, 0, 1, 1)
    assert s.best_worker == 1  # 1 xp each: the holder keeps it
    s = setp(fresh(), 0, plain=1, qualified=1, owned_plain=1, owned_qualified=1)
    s = put(put(s, 0, WORK0), 0, WORK_DOTTED, qualified=True)
    s = setp(s, 1, acted=1, food=1)
    s = attrs.evolve(s, phase=ACTION, to_move=0, pile=12)
    s = play(s, Activate(WORK_DOTTED), GoToSector(AGRICOLES), Activate(WORK0), GoToSector(PETITS))
    p0 = s.players[0]
    # 2 food due, none: both die, there is nothing to choose
    assert (p0.lost, p0.qualified, p0.plain, p0.owned_plain, p0.owned_qualified) == (2, 0, 0, 0, 0)
    assert (s.phase, s.round, p0.hungry) == (PLACEMENT, 2, 0)


def test_MI16_the_player_chooses_which_worker_is_lost() -> None:
    s = play(short_of_food(), Activate(WORK0), GoToSector(AGRICOLES))
    assert (s.phase, s.to_move, s.players[0].hungry, s.round) == (FEED, 0, 2, 1)
    assert misere.legal_actions(s) == (LoseWorker("plain"), LoseWorker("qualified"))
    assert misere.describe(LoseWorker("plain"), s, "fr") == (
        "Perdre un ouvrier non qualifié (de la réserve)"
    )
    with pytest.raises(bgf.IllegalActionError) as info:
        misere.step(s, LoseWorker("oeuvre"))
    assert str(info.value) == "Player 1 has no worker on the Oeuvre"
    assert info.value.reason("fr") == "Joueur 1 n'a pas d'ouvrier sur l'Oeuvre"
    no_plain = setp(s, 0, plain=0, owned_plain=0)  # a helmet only: seat 0 has no plain one
    with pytest.raises(bgf.IllegalActionError) as info:
        misere.step(no_plain, LoseWorker("plain"))
    assert str(info.value) == "Player 1 has no unqualified worker in reserve"
    assert info.value.reason("fr") == "Joueur 1 n'a pas d'ouvrier non qualifié en réserve"
    check(s)
    # the helmet goes first: then only plain workers are left, the second loss is automatic
    s1 = play(s, LoseWorker("qualified"))
    p0 = s1.players[0]
    assert (p0.plain, p0.qualified, p0.owned_plain, p0.owned_qualified, p0.lost) == (1, 0, 1, 0, 2)
    assert (s1.phase, s1.round, s1.to_move, misere.scores(s1)) == (PLACEMENT, 2, 0, (4000, 2000))
    check(s1)
    # two plain workers, one at a time: after the first, the choice still matters
    s2 = play(s, LoseWorker("plain"))
    assert (s2.phase, s2.players[0].hungry) == (FEED, 1)
    assert misere.legal_actions(s2) == (LoseWorker("plain"), LoseWorker("qualified"))
    s2 = play(s2, LoseWorker("plain"))
    p0 = s2.players[0]
    assert (p0.plain, p0.qualified, p0.owned_plain, p0.owned_qualified, p0.lost) == (0, 1, 0, 1, 2)
    assert (s2.phase, s2.round, misere.scores(s2)) == (PLACEMENT, 2, (5000, 2000))
    check(s2)


def test_MI16_the_worker_on_the_oeuvre_can_be_the_one_lost() -> None:
    # One plain worker acts and comes home, one waits on the Oeuvre (it did not act, so it
    # does not eat): one food due, none held.
    s = setp(fresh(), 0, owned_plain=2, oeuvre=3)
    s = put(s, 0, WORK0)
    s = attrs.evolve(setp(s, 1, acted=1, food=1), phase=ACTION, to_move=0, pile=12)
    s = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert (s.phase, s.players[0].hungry) == (FEED, 1)
    assert misere.legal_actions(s) == (LoseWorker("plain"), LoseWorker("oeuvre"))
    assert misere.describe(LoseWorker("oeuvre"), s, "fr") == "Perdre l'ouvrier de l'Oeuvre (case 3)"
    assert (
        misere.describe(LoseWorker("oeuvre"), s, "en") == "Lose the worker on the Oeuvre (space 3)"
    )
    with pytest.raises(
        bgf.IllegalActionError, match=r"^Player 1 has no qualified worker in reserve$"
    ) as info:
        misere.step(s, LoseWorker("qualified"))
    assert info.value.reason("fr") == "Joueur 1 n'a pas d'ouvrier qualifié en réserve"
    with pytest.raises(bgf.IllegalActionError, match="short of food: choose which worker") as info:
        misere.step(s, Place(WORK0, False))
    assert info.value.reason("fr") == (
        "Joueur 1 manque de nourriture : choisir d'abord l'ouvrier à perdre"
    )
    s1 = play(s, LoseWorker("oeuvre"))
    p0 = s1.players[0]
    assert (p0.oeuvre, p0.plain, p0.owned_plain, p0.lost, misere.scores(s1)[0]) == (
        -1,
        1,
        1,
        1,
        4000,
    )
    s2 = play(s, LoseWorker("plain"))
    p0 = s2.players[0]
    assert (p0.oeuvre, p0.plain, p0.owned_plain, p0.lost, misere.scores(s2)[0]) == (
        3,
        0,
        1,
        1,
        3000,
    )
    check(s1)
    check(s2)


def test_MI16_both_short_seat_0_then_seat_1_then_the_final_count() -> None:
    # The last round: seat 1 also acted with two workers (one plain, one qualified, both
    # home) and holds one food: one to lose.
    s = short_of_food(rounds_done=11)
    s = setp(s, 1, plain=1, qualified=1, owned_qualified=1, acted=2, food=1)
    s = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert (s.phase, s.to_move, s.players[0].hungry, s.players[1].hungry) == (FEED, 0, 2, 1)
    s = play(s, LoseWorker("qualified"))  # seat 0 done (its second loss is automatic)
    assert (s.phase, s.to_move, s.players[0].hungry) == (FEED, 1, 0)
    assert misere.legal_actions(s) == (LoseWorker("plain"), LoseWorker("qualified"))
    check(s)
    s = play(s, LoseWorker("plain"))
    # then the final count (MI-18): seat 1 keeps its qualified worker
    assert misere.is_terminal(s)
    p1 = s.players[1]
    assert (p1.lost, p1.owned_plain, p1.owned_qualified, p1.hungry) == (1, 0, 1, 0)
    assert misere.scores(s) == (4000, 3000)


# --- MI-17, MI-18 end of the game -----------------------------------------------------------


def test_MI17_selling_the_oeuvre_wins_at_once() -> None:
    s = _on_oeuvre(8)
    s = setp(s, 1, money=50_000)
    s = play(s, Activate(OEUVRE))
    assert misere.legal_actions(s) == (SellOeuvre(),)
    s = play(s, SellOeuvre())
    assert misere.is_terminal(s) and misere.winners(s) == (0,)
    assert misere.returns(s) == (1.0, -1.0)
    assert misere.render(s, "fr").splitlines()[-1] == "Joueur 1 a vendu son Oeuvre et gagne."
    assert misere.render(s, "en").splitlines()[-1] == "Player 1 sold the Oeuvre and wins."


def test_MI18_last_round_and_final_count() -> None:
    s = attrs.evolve(fresh(), round=11)
    s = play(s, Place(WORK0, False), Place(BUY0, False))
    s = play(s, Activate(BUY0), SlackOff(), Activate(WORK0), GoToSector(COMMUNE))
    assert s.round == 12 and not misere.is_terminal(s)  # counter on 12: one last round
    # seat 1 lost its worker (no food); seat 0 was fed by the Commune
    assert s.players[1].lost == 1
    s = play(s, Place(WORK0, False))
    s = play(s, Activate(WORK0), GoToSector(AGRICOLES))
    assert misere.is_terminal(s)
    # seat 0: 1000 + 1500 + 2000 and its worker died at the last feeding: 4500
    assert misere.scores(s) == (4500, 1000)
    assert misere.winners(s) == (0,)
    assert misere.render(s, "fr").splitlines()[-1] == "Gagnant : Joueur 1"
    assert misere.render(s, "en").splitlines()[-1] == "Winner: Player 1"


def test_MI18_score_counts_workers_and_ties() -> None:
    s = setp(fresh(), 0, qualified=1, owned_qualified=1, money=500)
    s = setp(s, 1, money=2500)
    assert misere.scores(s) == (3500, 3500)
    s = attrs.evolve(s, round=12, phase="over", to_move=bgf.TERMINAL)
    s = setp(s, 0, xp=3)
    assert misere.winners(s) == (0,)  # tie: more experience
    s2 = attrs.evolve(s, options=misere.Options(tie_break="shared"))
    assert misere.winners(s2) == (0, 1)
    # the worker on the Oeuvre is not in reserve: it does not count
    s3 = setp(fresh(), 0, plain=0, oeuvre=3)
    assert misere.scores(s3)[0] == 1000
