"""A tiny game used to test the core on its own: each seat draws a secret card, then
players take turns rolling a die (roll) or banking; first to 12 wins, ties to the higher
secret card. Small enough to check by hand, with chance and hidden information."""

from __future__ import annotations

from typing import Any

import attrs

from boardgames_fr.core.components import draw_outcomes, remove_one
from boardgames_fr.core.errors import CHANCE, TERMINAL
from boardgames_fr.core.game import Game, GameInfo
from boardgames_fr.core.labels import player_name as player_name  # every game names seats
from boardgames_fr.core.options import int_in
from boardgames_fr.core.rng import Rng


@attrs.frozen
class Options:
    target: int = attrs.field(default=12, validator=int_in(4, 50))


@attrs.frozen
class Roll:
    pass


@attrs.frozen
class Bank:
    pass


@attrs.frozen
class Face:
    value: int


@attrs.frozen
class Card:
    value: int


@attrs.frozen
class State:
    num_players: int
    options: Options
    to_move: int
    rng: int
    explicit: bool
    secret: tuple[int, ...]  # -1 until drawn
    deck: tuple[int, ...]
    score: tuple[int, ...]
    pot: int
    active: int


@attrs.frozen
class Observation:
    seat: int | None
    my_secret: int | None
    score: tuple[int, ...]
    pot: int
    to_move: int


LEAK = False  # flipped by a test to prove the no-leak check can fail
LEAK_RENDER = False  # likewise for the picture


def _init(n: int, options: Options, rng: int, explicit: bool) -> State:
    return State(n, options, CHANCE, rng, explicit, (-1,) * n, (1, 2, 3, 4, 5, 6), (0,) * n, 0, 0)


def _legal(s: State) -> tuple[Any, ...]:
    return (Roll(), Bank()) if s.pot else (Roll(),)


def _apply(s: State, a: Any) -> State:
    if isinstance(a, Roll):
        return attrs.evolve(s, to_move=CHANCE)
    score = list(s.score)
    score[s.active] += s.pot
    nxt = (s.active + 1) % s.num_players
    done = score[s.active] >= s.options.target
    return attrs.evolve(s, score=tuple(score), pot=0, active=nxt, to_move=TERMINAL if done else nxt)


def _chance(s: State) -> tuple[tuple[Any, int], ...]:
    if -1 in s.secret:
        return tuple((Card(c), w) for c, w in draw_outcomes(s.deck))
    return tuple((Face(v), 1) for v in range(1, 7))


def _apply_chance(s: State, o: Any, rng: int) -> State:
    if isinstance(o, Card):
        i = s.secret.index(-1)
        secret = s.secret[:i] + (o.value,) + s.secret[i + 1 :]
        tm = CHANCE if -1 in secret else s.active
        return attrs.evolve(s, secret=secret, deck=remove_one(s.deck, o.value), rng=rng, to_move=tm)
    if o.value == 1:  # a one loses the pot and the turn
        nxt = (s.active + 1) % s.num_players
        return attrs.evolve(s, pot=0, active=nxt, to_move=nxt, rng=rng)
    return attrs.evolve(s, pot=s.pot + o.value, to_move=s.active, rng=rng)


def _winners(s: State) -> tuple[int, ...]:
    best = max(s.score)
    top = [i for i in range(s.num_players) if s.score[i] == best]
    return (max(top, key=lambda i: s.secret[i]),)


def _observe(s: State, seat: int | None) -> Observation:
    mine = s.secret[seat] if seat is not None else None
    if LEAK:
        mine = s.secret[(seat or 0) - 1]
    return Observation(seat, mine, s.score, s.pot, s.to_move)


def _variants(s: State, seat: int | None, rng: Rng) -> tuple[State, ...]:
    others = [i for i in range(s.num_players) if i != seat and s.secret[i] != -1]
    out = []
    for i in others:
        for v in s.deck:
            secret = s.secret[:i] + (v,) + s.secret[i + 1 :]
            deck = remove_one(s.deck, v) + (s.secret[i],)
            out.append(attrs.evolve(s, secret=secret, deck=tuple(sorted(deck))))
    return tuple(out)


def _describe(a: Any, s: State | None, lang: str) -> str:
    if isinstance(a, Roll):
        return "lancer" if lang == "fr" else "roll"
    if isinstance(a, Bank):
        return "encaisser" if lang == "fr" else "bank"
    if isinstance(a, Face):
        return f"dé : {a.value}" if lang == "fr" else f"die: {a.value}"
    return "carte secrète" if lang == "fr" else "secret card"


def _render(s: State, lang: str, seat: int | None) -> str:
    mine = "" if seat is None else f" my card {s.secret[seat]}"
    if LEAK_RENDER:
        mine += f" cards {s.secret}"
    return f"scores {s.score} pot {s.pot}{mine}"


def render_svg(s: State) -> str:
    return f"<svg xmlns='http://www.w3.org/2000/svg'><text>{s.score}</text></svg>"


GAME_INFO = GameInfo(
    game_id="toy",
    name_fr="Jeu jouet",
    name_en="Toy game",
    player_counts=(2, 3),
    default_players=2,
    chance=True,
    hidden_information=True,
    summary_fr="un jeu de test",
    summary_en="a test game",
)

GAME: Game[State, Any, Observation] = Game(
    info=GAME_INFO,
    options_cls=Options,
    state_cls=State,
    actions=(Roll, Bank, Face, Card),
    classes=(Observation,),
    init=_init,
    legal=_legal,
    apply=_apply,
    chance=_chance,
    apply_chance=_apply_chance,
    scores=lambda s: tuple(float(x) for x in s.score),
    winners=_winners,
    observe=_observe,
    describe=_describe,
    render=_render,
    hidden_variants=_variants,
)


class HeuristicAgent:
    def __init__(self, seed: int = 0) -> None:
        pass

    def act(self, observation: Observation, legal: Any) -> Any:
        return Bank() if observation.pot >= 8 and Bank() in legal else Roll()


new_game = GAME.new_game
legal_actions = GAME.legal_actions
step = GAME.step
current_player = GAME.current_player
is_terminal = GAME.is_terminal
scores = GAME.scores
winners = GAME.winners
returns = GAME.returns
chance_outcomes = GAME.chance_outcomes
observe = GAME.observe
describe = GAME.describe
render = GAME.render
