"""The core against bad input from outside: deep or malformed JSON, another game's state,
wrong chance outcomes typed in at a table, bad simulate arguments, seeds out of 64 bits."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
import toygame

import boardgames_fr as bgf
from boardgames_fr import dorge_et_ble, fromage, lactorama
from boardgames_fr.core import registry
from boardgames_fr.core.match import _options_dict
from boardgames_fr.core.rng import Rng, seed_to_state
from boardgames_fr.lactorama.actions import DieRoll, EndYear


@pytest.fixture(autouse=True)
def _register_toy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._MODULES, "toy", "toygame")


def _toy_log(*actions: dict[str, Any]) -> dict[str, Any]:
    m = bgf.Match.new("toy", 2, seed=4)
    m.apply(toygame.Roll())
    log: dict[str, Any] = json.loads(m.to_json())
    log["actions"] += list(actions)
    return log


# --- 1. JSON nested too deeply -------------------------------------------------------


@pytest.mark.parametrize(
    "load",
    [bgf.loads, bgf.Match.from_json],
    ids=["loads", "Match.from_json"],
)
@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000, "[" * 100_000])
def test_json_nested_too_deeply_is_an_invalid_save(load: Any, text: str) -> None:
    with pytest.raises(bgf.InvalidStateError, match="nested too deeply") as info:
        load(text)
    assert info.value.path == "<json>"


# --- 2. action tags that are not strings, and paths inside a match log -----------------


def test_an_action_tag_that_is_not_a_string_is_an_invalid_action() -> None:
    with pytest.raises(bgf.InvalidStateError, match="not an action of lactorama") as info:
        bgf.action_from_json("lactorama", {"@": ["EndYear"]})
    assert info.value.path == "action.@"
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.action_from_json("toy", {"@": {"Roll": 1}})
    assert info.value.path == "action.@"
    assert bgf.action_from_json("lactorama", {"@": "EndYear"}) == EndYear()


def test_a_bad_action_in_a_match_log_is_named_by_its_index() -> None:
    with pytest.raises(bgf.InvalidStateError, match="not an action of toy") as info:
        bgf.Match.from_json(json.dumps(_toy_log({"@": ["Roll"]})))
    assert info.value.path == "actions[1].@"
    with pytest.raises(bgf.InvalidStateError, match="expected an integer") as info:
        bgf.Match.from_json(json.dumps(_toy_log({"@": "Face", "value": "six"})))
    assert info.value.path == "actions[1].value"
    with pytest.raises(bgf.InvalidStateError, match="not an action of lactorama") as info:
        log = json.loads(bgf.Match.new("lactorama", 2, seed=1).to_json())
        log["actions"] = [{"@": ["EndYear"]}]
        bgf.Match.from_json(json.dumps(log))
    assert info.value.path == "actions[0].@"


# --- 3. wrong outcomes at chance nodes, in a player's words ----------------------------


def test_a_wrong_outcome_is_described_with_the_possible_ones() -> None:
    s = lactorama.new_game(2, seed=1, chance="explicit")
    assert lactorama.current_player(s) == bgf.CHANCE
    with pytest.raises(bgf.IllegalActionError) as info:
        lactorama.step(s, DieRoll(7))
    # Lactorama's own words (explain_chance), then the possible outcomes: dice are public.
    assert str(info.value) == (
        "a die shows 1 to 6, not 7; possible: "
        + ", ".join(f'"the die shows {v}"' for v in range(1, 7))
    )
    with pytest.raises(bgf.IllegalActionError) as info:
        lactorama.step(s, EndYear())
    # Lactorama's own sentence (explain_chance), then the possible outcomes.
    assert str(info.value).startswith(
        'the dice or the cards decide now, not a player; possible: "the die shows 1"'
    )
    refused = "'roll!' is not an action of the game Lactorama"
    with pytest.raises(bgf.IllegalActionError, match=refused):
        lactorama.step(s, "roll!")


def test_a_game_whose_explain_hook_knows_chance_nodes_is_asked() -> None:
    s = lactorama.new_game(2, seed=1, chance="explicit")
    assert lactorama.GAME.explain_chance
    with pytest.raises(bgf.IllegalActionError, match=r"^the dice or the cards decide now, not a"):
        lactorama.step(s, EndYear())
    # a wrong outcome of the right kind too: the game knows what its dice show
    with pytest.raises(bgf.IllegalActionError, match=r"^a die shows 1 to 6, not 7; possible"):
        lactorama.step(s, DieRoll(7))


def test_a_game_without_explain_chance_keeps_the_cores_sentences() -> None:
    # The toy game passes no explain_chance: the core speaks for every chance refusal.
    toy = toygame.GAME
    s = toy.new_game(2, seed=4, chance="explicit")
    while toy.current_player(s) == bgf.CHANCE:  # the secret cards, then a roll
        s = toy.step(s, toy.legal_actions(s)[0])
    s = toy.step(s, toygame.Roll())
    faces = ", ".join(f'"die: {v}"' for v in range(1, 7))
    with pytest.raises(bgf.IllegalActionError) as info:
        toy.step(s, toygame.Face(7))
    assert str(info.value) == (
        f'"die: 7" is not a possible outcome of this chance event; possible: {faces}'
    )
    with pytest.raises(bgf.IllegalActionError) as info:
        toy.step(s, toygame.Roll())
    assert str(info.value) == (
        '"roll" is not a possible outcome of this chance event: the dice or a draw decide'
        f" now, not a player; possible: {faces}"
    )


def test_an_outcome_that_cannot_be_described_falls_back_to_its_repr() -> None:
    s = dorge_et_ble.new_game(2, seed=1, chance="explicit")
    assert dorge_et_ble.current_player(s) == bgf.CHANCE
    draw = type(dorge_et_ble.legal_actions(s)[0])
    with pytest.raises(bgf.IllegalActionError) as info:
        dorge_et_ble.step(s, draw(card=999))
    # the game's own words; a deck is never listed (its cards tell what the hands hold)
    assert str(info.value) == "there is no card 999 (cards go from 0 to 59)"


def _chance_nodes(module: Any) -> tuple[list[Any], dict[type, Any]]:
    """A few chance nodes of one explicit game (the first and the last of each phase and
    kind of outcome: the last ones with cards in hidden hands), and one action of each
    kind seen on the way."""
    game = module.GAME
    nodes: dict[tuple[Any, type], Any] = {}
    last: dict[tuple[Any, type], Any] = {}
    samples: dict[type, Any] = {}
    options = {"powers": True} if module is fromage else None
    s = module.new_game(seed=3, chance="explicit", options=options)
    r = Rng(3)
    for _ in range(1500):
        if game.is_terminal(s):
            break
        legal = game.legal_actions(s)
        for a in legal:
            samples.setdefault(type(a), a)
        if game.current_player(s) == bgf.CHANCE:
            nodes.setdefault((getattr(s, "phase", None), type(legal[0])), s)
            last[getattr(s, "phase", None), type(legal[0])] = s
            s = game.step(s, bgf.sample_chance(s))
        else:
            s = game.step(s, legal[r.randrange(len(legal))])
    return list(nodes.values()) + [s for s in last.values() if s not in nodes.values()], samples


def _refusal(game: Any, s: Any, a: Any) -> str:
    with pytest.raises(bgf.IllegalActionError) as info:
        game.step(s, a)
    return str(info.value)


@pytest.mark.parametrize("game_id", bgf.GAME_IDS)
def test_every_game_refuses_at_a_chance_node_in_words(game_id: str) -> None:
    module = bgf.get_game(game_id)
    game = module.GAME
    nodes, samples = _chance_nodes(module)
    if not game.info.chance:
        assert not nodes
        pytest.skip(f"{game_id} has no chance nodes")
    assert nodes
    assert game.explain_chance  # every game with chance nodes explains them
    for s in nodes:
        legal = game.legal_actions(s)
        first = legal[0]
        name = attrs.fields(type(first))[0].name
        off = 999 if isinstance(getattr(first, name), int) else "zz"
        tries = [attrs.evolve(first, **{name: off})]
        tries += [a for a in samples.values() if a not in legal]
        # States nobody at the table can tell from this one: a text that differs between
        # them, or a list of outcomes that does, tells something hidden.
        variants = game.hidden_variants(s, None, Rng(5)) if game.info.hidden_information else ()
        secret = any(set(game.legal_actions(v)) != set(legal) for v in variants)
        for a in tries:
            text = _refusal(game, s, a)
            # no seat is to move: a hook written for decision nodes would name "Player 0"
            assert "Player 0" not in text, (a, text)
            # the game's own words, never the core's fallback
            assert "is not a possible outcome of this chance event" not in text, (a, text)
            if secret:
                assert "possible:" not in text, (a, text)
            for v in variants:
                if a not in game.legal_actions(v):
                    assert _refusal(game, v, a) == text, (a, text)


# --- 4. simulate's arguments ---------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": 1.5}, "seed must be an integer, not 1.5"),
        ({"seed": None}, "seed must be an integer, not None"),
        ({"seed": True}, "seed must be an integer, not True"),
        ({"seed": 1, "batch_size": 0}, "batch_size must be None or a whole number of at least 1"),
        ({"seed": 1, "batch_size": 2.0}, "batch_size must be None or a whole number"),
        ({"seed": 1, "num_players": 2.0}, "num_players must be an integer, not 2.0"),
        ({"seed": 1, "num_players": True}, "num_players must be an integer, not True"),
        ({"seed": 1, "jobs": 0}, "jobs must be None (every core) or a whole number of at least 1"),
        ({"seed": 1, "jobs": 1.0}, "jobs must be None (every core) or a whole number"),
    ],
)
def test_simulate_rejects_arguments_as_new_game_does(kwargs: dict[str, Any], message: str) -> None:
    kwargs = {"jobs": 1, **kwargs}
    with pytest.raises(ValueError) as info:
        bgf.simulate("lactorama", ["random"], games=1, progress=False, **kwargs)
    assert message in str(info.value)


def test_round_robin_rejects_a_seed_that_is_not_an_integer() -> None:
    with pytest.raises(ValueError, match=r"seed must be an integer, not 1\.5$"):
        bgf.round_robin("fromage", ["random", "heuristic"], 2, seed=1.5, jobs=1)  # type: ignore[arg-type]


# --- 5. match logs check their schema version as saves do ----------------------------


@pytest.mark.parametrize("version", [99, True, 1.0, "1", None])
def test_a_match_log_of_another_schema_version_is_refused_as_a_save(version: Any) -> None:
    log = json.loads(bgf.Match.new("toy", 2, seed=4).to_json())
    save = json.loads(bgf.dumps(toygame.new_game(2, seed=4)))
    messages = []
    for doc in (log, save):
        doc["schema_version"] = version
        with pytest.raises(bgf.InvalidStateError) as info:
            (bgf.Match.from_json if doc is log else bgf.loads)(json.dumps(doc))
        assert info.value.path == "schema_version"
        messages.append(str(info.value))
    assert messages[0] == messages[1]
    assert f"schema_version: {version!r} is not supported by this version of toy" in messages[0]


def test_a_match_log_without_schema_version_is_refused_as_a_save() -> None:
    log = json.loads(bgf.Match.new("toy", 2, seed=4).to_json())
    del log["schema_version"]
    with pytest.raises(bgf.InvalidStateError, match=r"^schema_version: missing$"):
        bgf.Match.from_json(json.dumps(log))
    del log["game"]
    log["schema_version"] = 1
    with pytest.raises(bgf.InvalidStateError, match=r"^game: missing$"):
        bgf.Match.from_json(json.dumps(log))


# --- 6. another game's state ---------------------------------------------------------


def test_another_games_state_is_refused_by_name() -> None:
    f = fromage.new_game(2, seed=1)
    wrong = "a state of Fromage (cheese race) was given to Lactorama"
    for call in (
        lambda: lactorama.legal_actions(f),
        lambda: lactorama.step(f, EndYear()),
        lambda: lactorama.render(f),
        lambda: lactorama.observe(f, 0),
        lambda: lactorama.describe(EndYear(), f),
    ):
        with pytest.raises(TypeError, match=wrong.replace("(", r"\(").replace(")", r"\)")):
            call()
    with pytest.raises(TypeError, match="a NoneType was given to Lactorama, not a state of"):
        lactorama.legal_actions(None)
    # a state of the game still goes through, cached or not
    s = lactorama.new_game(2, seed=1)
    assert lactorama.legal_actions(s) is lactorama.legal_actions(s)
    assert lactorama.describe(EndYear(), None, "en") == "finish the year"


# --- 7. seeds outside 64 bits --------------------------------------------------------


def test_seeds_in_64_bits_are_unchanged() -> None:
    # the values of every release so far: golden playthroughs depend on them
    assert seed_to_state(0) == 0xF2EE2134306FF565
    assert seed_to_state(7) == 0xF23C2419F251FB29
    assert seed_to_state(2**64 - 1) == 0xD9E50EDBEB02EC3A
    assert seed_to_state(7, 1, 2) == 0xD5D4FE923CFFC06E


def test_seeds_outside_64_bits_give_other_games() -> None:
    seeds = (0, 1, 2**64, -(2**64), -1, 2**64 - 1, 2**64 + 1, -(2**64) - 1, 2**128, -(2**128))
    assert len({seed_to_state(x) for x in seeds}) == len(seeds)
    assert len({seed_to_state(5, x) for x in seeds}) == len(seeds)
    assert fromage.new_game(2, seed=-1) != fromage.new_game(2, seed=2**64 - 1)
    assert fromage.new_game(2, seed=2**64) != fromage.new_game(2, seed=0)
    assert fromage.new_game(2, seed=-5) == fromage.new_game(2, seed=-5)


# --- 8. actions with fields of the wrong type, and other games' actions -----------------


def _refusal(game: Any, state: Any, action: Any) -> str:
    with pytest.raises(bgf.IllegalActionError) as info:
        game.step(state, action)
    return str(info.value)


def test_a_field_of_the_wrong_type_is_named_with_the_type_it_needs() -> None:
    from boardgames_fr.dorge_et_ble.actions import Harvest
    from boardgames_fr.lactorama.actions import BuyCows, MakeOffer

    s = dorge_et_ble.new_game(2, seed=1)
    assert _refusal(dorge_et_ble, s, Harvest(card=1.5)) == (  # type: ignore[arg-type]
        "Harvest: card must be a whole number, not 1.5"
    )
    la = lactorama.new_game(2, seed=1)
    while la.phase != "shop":  # the first Foire of the first seed that stops at one
        la = lactorama.step(la, lactorama.legal_actions(la)[-1])
    assert _refusal(lactorama, la, BuyCows(None)) == (  # type: ignore[arg-type]
        "BuyCows: loan must be True or False, not None"
    )
    assert (
        _refusal(lactorama, la, MakeOffer(True))
        == "MakeOffer: farm must be a whole number, not True"
    )
    # At a chance node too, before the outcome is described.
    t = lactorama.new_game(2, seed=1, chance="explicit")
    assert _refusal(lactorama, t, DieRoll("6")) == (  # type: ignore[arg-type]
        "DieRoll: value must be a whole number, not '6'"
    )


def test_another_games_action_names_its_game() -> None:
    s = lactorama.new_game(2, seed=1)
    mouse = fromage.legal_actions(fromage.new_game(2, seed=1))[0]
    assert _refusal(lactorama, s, mouse) == (
        "PlaceMouse is an action of the game Fromage (cheese race), not of Lactorama"
    )
    assert _refusal(lactorama, s, EndYear) == (
        f"{EndYear!r} is not an action of the game Lactorama"  # the class, not an action
    )


def test_describe_refuses_a_field_of_the_wrong_type() -> None:
    s = fromage.new_game(2, seed=1)
    place = type(fromage.legal_actions(s)[0])
    with pytest.raises(ValueError, match=r"^PlaceMouse: space must be text, not None$"):
        fromage.describe(place(None), s)  # type: ignore[arg-type]
    assert fromage.describe(place("caisse gauche"), s) == "poser une souris sur la caisse gauche"


@pytest.mark.parametrize("game_id", ["dorge_et_ble", "fromage", "lactorama", "little_factory"])
def test_an_auto_mode_save_waiting_at_a_chance_node_is_refused(game_id: str) -> None:
    """API.md, Chance: auto mode never stops at a chance node. A save that claims auto
    mode (``explicit: false``) while it waits for a die or a card is refused; it loaded,
    and then showed a chance node to a frontend that asked for auto mode."""
    module = bgf.get_game(game_id)
    s = module.new_game(module.GAME_INFO.default_players, seed=0, chance="explicit")
    for _ in range(50):  # Fromage places its mice before the first roll
        if module.current_player(s) == bgf.CHANCE:
            break
        s = module.step(s, module.legal_actions(s)[0])
    assert module.current_player(s) == bgf.CHANCE
    doc = json.loads(bgf.dumps(s))
    doc["state"]["explicit"] = False
    with pytest.raises(bgf.InvalidStateError) as e:
        bgf.loads(json.dumps(doc))
    assert e.value.path == "state.explicit"
    assert "a game in auto chance mode never waits at a chance node" in str(e.value)
    assert bgf.loads(bgf.dumps(s)) == s


def test_a_field_added_later_loads_old_saves_with_what_its_absence_meant() -> None:
    """`serial.ABSENT`: a field added after saves were written names what a save without
    it meant, which may differ from the new default; an explicit value always wins."""
    from boardgames_fr.core.serial import ABSENT, absent_values, decode

    @attrs.frozen
    class Opts:
        size: int = attrs.field(default=2, metadata={ABSENT: 3})
        name: str = "x"

    assert decode({"@": "Opts"}, Opts, {"Opts": Opts}, "options") == Opts(size=3)
    assert decode({"@": "Opts", "size": 2}, Opts, {"Opts": Opts}, "options") == Opts(size=2)
    assert absent_values(Opts, {"name": "y"}) == {"size": 3}
    assert absent_values(Opts, {"size": 2}) == {}


# --- 10. a key given twice, and a match log's set-up named by its key ------------------


def test_a_key_given_twice_is_an_invalid_save_or_log() -> None:
    """`json` keeps a repeated key's last value, other readers its first: such a file
    said two things and once loaded silently (``"game"`` naming two games)."""
    save = bgf.dumps(fromage.new_game(2, seed=1))
    two_games = save.replace('"game":"fromage"', '"game":"misere","game":"fromage"', 1)
    two_rngs = save.replace('"rng":', '"rng":5,"rng":', 1)
    log = bgf.Match.new("fromage", 2, seed=1).to_json()
    two_seeds = log.replace('"seed": 1', '"seed": 2, "seed": 1', 1)
    for load, text, key in (
        (bgf.loads, two_games, "game"),
        (bgf.loads, two_rngs, "rng"),
        (bgf.Match.from_json, two_seeds, "seed"),
    ):
        with pytest.raises(bgf.InvalidStateError) as info:
            load(text)
        assert info.value.path == "<json>"
        assert str(info.value) == f"<json>: the key {key!r} is given twice in one object"


@pytest.mark.parametrize(
    ("key", "value", "path", "message"),
    [
        ("num_players", 7, "num_players", "is for 2 to 4 players, not 7"),
        ("num_players", "2", "num_players", "is for 2 to 4 players, not '2'"),
        ("seed", 1.5, "seed", "expected an integer, got 1.5"),
        ("seed", True, "seed", "expected an integer, got True"),
        ("chance", "dice", "chance", "must be 'auto' or 'explicit', not 'dice'"),
        ("options", {"mice": 99}, "options.mice", "mice must be an integer from 1 to 6, not 99"),
        # shown as the log writes it: every list was once made a tuple, « not (1,) »
        ("options", {"mice": [1]}, "options.mice", "mice must be an integer from 1 to 6, not [1]"),
        ("options", {"board": ["A"]}, "options.board", "board must be one of 'A', 'B', not ['A']"),
        ("options", {"nope": 1}, "options.nope", "unknown option 'nope' for fromage"),
        (
            "options",
            {"extra_cheeses": 1},
            "options.extra_cheeses",
            "extra_cheeses needs variant 'festival'",
        ),
    ],
)
def test_a_match_logs_bad_set_up_is_named_by_its_key(
    key: str, value: Any, path: str, message: str
) -> None:
    """These were `InvalidStateError` with an empty path: the log did not say where."""
    log = json.loads(bgf.Match.new("fromage", 2, seed=1).to_json())
    log[key] = {**log["options"], **value} if key == "options" else value
    with pytest.raises(bgf.InvalidStateError) as info:
        bgf.Match.from_json(json.dumps(log))
    assert info.value.path == path
    assert message in str(info.value)


def test_a_match_logs_list_becomes_a_tuple_only_for_an_option_that_holds_one() -> None:
    """JSON has no tuples: an option field of a tuple type reads a list as `loads` does
    (checked item by item); any other field keeps the list, for its validator to refuse."""

    @attrs.frozen
    class Opts:
        order: tuple[int, ...] = ()
        pair: tuple[str, str] | None = None
        size: int = 1

    got = _options_dict({"order": [2, 1], "pair": ["a", "b"], "size": [3]}, Opts)
    assert got == {"order": (2, 1), "pair": ("a", "b"), "size": [3]}
    with pytest.raises(bgf.InvalidStateError, match=r"^options\.order\[1\]: expected an integer"):
        _options_dict({"order": [1, "two"]}, Opts)


def test_options_valid_only_together_replay() -> None:
    """Each option is named alone only once the whole set is refused: extra cheeses with
    the festival variant is a valid pair, though extra cheeses alone is not."""
    m = bgf.Match.new("fromage", 2, seed=1, options={"variant": "festival", "extra_cheeses": 1})
    assert bgf.Match.from_json(m.to_json()).state == m.state


def test_secret_chance_is_the_games_hook_at_chance_nodes_only() -> None:
    deal = dorge_et_ble.new_game(seed=1, chance="explicit")
    assert dorge_et_ble.GAME.secret_chance(deal) is True
    assert dorge_et_ble.GAME.secret_chance(dorge_et_ble.new_game(seed=1)) is False  # a decision
    assert lactorama.GAME.secret_chance(lactorama.new_game(2, seed=1, chance="explicit")) is False


@pytest.mark.parametrize(
    "name", ["chance_outcomes", "current_player", "is_terminal", "scores", "winners", "returns"]
)
def test_the_reading_functions_refuse_what_is_no_state_by_name(name: str) -> None:
    """These once raised a bare AttributeError ("'NoneType' object has no attribute
    'to_move'") where legal_actions, observe and render name the mistake."""
    call = getattr(lactorama, name)
    with pytest.raises(TypeError, match=r"^a NoneType was given to Lactorama, not a state of"):
        call(None)
    with pytest.raises(TypeError, match=r"^a state of Fromage \(cheese race\) was given to"):
        call(fromage.new_game(2, seed=1))
    s = lactorama.new_game(2, seed=1)
    # a state of the game still goes through (Lactorama seed 1: seat 1 buys cows first)
    assert (lactorama.current_player(s), lactorama.is_terminal(s), lactorama.winners(s)) == (
        1,
        False,
        (),
    )


def test_action_to_json_refuses_what_is_no_action() -> None:
    # A state encodes too: it was written as if it were a move ({"@": "State", ...}).
    s = bgf.new_game("fromage", num_players=2, seed=1)
    for thing, name in ((s, "State"), (fromage.observe(s, 0), "Observation"), (3, "int")):
        with pytest.raises(TypeError, match=f"^{name} is not an action of any game$"):
            bgf.action_to_json(thing)
    move = fromage.legal_actions(s)[0]
    assert bgf.action_to_json(move) == {"@": "PlaceMouse", "space": "caisse gauche"}
