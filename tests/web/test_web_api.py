"""The web app's JSON API over real HTTP (uvicorn on 127.0.0.1): hidden information,
keys, refusals in the page's language, limits, bots' pause, and a small load test."""

from __future__ import annotations

import asyncio
import doctest
import importlib
import inspect
import json
from typing import Any

import httpx
import pytest

import boardgames_fr as bgf
from boardgames_fr.core.rng import Rng
from boardgames_fr.web import create_app, serve
from boardgames_fr.web.session import Seat, Session, Store, new_session

HIDDEN = [g for g in bgf.GAME_IDS if bgf.get_game(g).GAME_INFO.hidden_information]


def create(client: httpx.Client, body: dict[str, Any], lang: str = "fr") -> dict[str, Any]:
    r = client.post(f"/api/matches?lang={lang}", json=body)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


@pytest.fixture
def client(server: Any) -> Any:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c


def played(game_id: str, moves: int, seed: int) -> Any:
    """A state some random moves into a game."""
    module = bgf.get_game(game_id)
    state = module.new_game(module.GAME_INFO.default_players, seed=seed)
    bot = bgf.agents.RandomAgent(seed)
    for _ in range(moves):
        if module.is_terminal(state):
            break
        state = module.step(state, bot.act(None, module.legal_actions(state)))
    return state


def held(server: Any, game_id: str, state: Any, seats: list[Seat]) -> Session:
    """A session of the server holding ``state`` (as a game loaded at that point would)."""
    match = bgf.Match(game_id, state.num_players, 0, state.options, "auto", state)
    store = server.app.store
    session = Session(store.new_id(), match, seats, "host-key-" + store.new_id(), 0.0)
    store.sessions[session.id] = session
    return session


@pytest.mark.parametrize("game_id", HIDDEN)
def test_a_seat_sees_the_same_for_states_that_differ_only_in_what_it_may_not_see(
    server: Any, client: httpx.Client, game_id: str
) -> None:
    module = bgf.get_game(game_id)
    checked = 0
    for moves in (0, 7, 23):
        state = played(game_id, moves, seed=moves + 1)
        n = state.num_players
        for seat in (None, *range(n)):
            variants = module.GAME.hidden_variants(state, seat, Rng(moves + 5))
            responses = set()
            for s in (state, *variants):
                if seat is None:  # several people at the host's screen: the public table
                    session = held(server, game_id, s, [Seat("here") for _ in range(n)])
                    key = session.host_key
                else:
                    seats = [Seat("remote", key=f"k{i}-{id(s)}") for i in range(n)]
                    session = held(server, game_id, s, seats)
                    key = seats[seat].key
                for lang in ("fr", "en"):
                    r = client.get(f"/api/matches/{session.id}?lang={lang}", headers={"X-Key": key})
                    assert r.status_code == 200
                    assert r.json()["viewer"] == seat
                    responses.add((lang, r.text))
                page = client.get(f"/play/{session.id}")
                responses.add(("page", page.text))
                checked += len(variants)
            assert len(responses) == 3, f"seat {seat} tells the variants apart"
    assert checked > 0, "the game gave no hidden variant to compare"


def test_the_log_does_not_name_a_card_drawn_for_another_hand(
    server: Any, client: httpx.Client
) -> None:
    """D'Orge et de Blé dealt at the table (explicit chance), the computer drawing: the
    host's seat reads its own card in the log, the remote seat reads that a card was drawn."""
    created = create(
        client,
        {
            "game": "dorge_et_ble",
            "seed": 3,
            "chance": "explicit",
            "seats": [{"kind": "here"}, {"kind": "remote"}],
        },
    )
    url = f"/api/matches/{created['match']}"
    host = {"X-Key": created["host_key"]}
    remote = {"X-Key": created["seat_keys"]["1"]}
    view = client.get(url, headers=host).json()
    assert view["to_move"] == bgf.CHANCE and view["secret_draw"] is True
    session = server.app.store.sessions[created["match"]]
    state = session.match.state
    card = bgf.sample_chance(state)
    label = session.game.describe(card, state, "fr")
    view = client.post(
        url + "/act", headers=host, json={"version": 0, "action": {"draw": True}}
    ).json()
    assert view["log"] == [{"who": "Hasard", "what": label}]
    theirs = client.get(url, headers=remote).json()
    assert theirs["log"] == [{"who": "Hasard", "what": "une carte est piochée (non montrée ici)"}]
    assert label not in json.dumps(theirs, ensure_ascii=False)


def test_a_wrong_or_missing_key_is_refused(client: httpx.Client) -> None:
    created = create(client, {"game": "misere", "seed": 1})
    url = f"/api/matches/{created['match']}"
    for headers in ({}, {"X-Key": "x" * 32}, {"X-Key": created["host_key"][:-1]}):
        r = client.get(url + "?lang=en", headers=headers)
        assert (r.status_code, r.json()) == (
            403,
            {"error": "missing or wrong key: this page has no access to this game"},
        )
        r = client.post(url + "/act", headers=headers, json={"version": 0, "action": {}})
        assert r.status_code == 403
    assert client.get(url, headers={"X-Key": created["host_key"]}).json()["version"] == 0


def test_refusals_say_why_in_the_page_language_and_change_nothing(
    client: httpx.Client,
) -> None:
    created = create(client, {"game": "fromage", "seed": 2})
    url = f"/api/matches/{created['match']}"
    host = {"X-Key": created["host_key"]}
    before = client.get(url, headers=host).json()

    def refused(method: str, path: str, lang: str, **kw: Any) -> tuple[int, str]:
        r = client.request(method, f"{path}?lang={lang}", **kw)
        return r.status_code, r.json()["error"]

    bad = {"content": b"{not json", "headers": {**host, "Content-Type": "application/json"}}
    assert refused("POST", url + "/act", "fr", **bad) == (
        400,
        "la requête n'est pas du JSON valide",
    )
    assert refused("POST", url + "/act", "en", **bad) == (400, "the request is not valid JSON")
    assert refused("POST", url + "/act", "en", headers=host, json=[1]) == (
        400,
        "the request must be a JSON object",
    )
    assert refused("POST", "/api/matches", "fr", json={"game": "echecs"}) == (
        404,
        "jeu inconnu : 'echecs' ; jeux connus : "
        "dorge_et_ble, fromage, lactorama, little_factory, misere",
    )
    assert refused("POST", "/api/matches", "en", json={"game": "misere", "players": 3}) == (
        400,
        "Misère is for 2 players, not 3",
    )
    assert refused(
        "POST", "/api/matches", "en", json={"game": "fromage", "options": {"mice": 9}}
    ) == (400, "option refused: mice must be an integer from 1 to 6, not 9")
    stale = {"version": 5, "action": before["actions"][0]["action"]}
    assert refused("POST", url + "/act", "en", headers=host, json=stale) == (
        409,
        "the game has moved on since this was shown: look again",
    )
    # A move of the game that is not offered now: the game's own reason is not needed,
    # the menu says what is offered.
    other = {"version": 0, "action": {"@": "PlaceMouse", "space": "fromage"}}
    assert refused("POST", url + "/act", "fr", headers=host, json=other) == (
        400,
        "ce coup n'est pas proposé maintenant",
    )
    nonsense = {"version": 0, "action": {"@": "Castle"}}
    status, why = refused("POST", url + "/act", "en", headers=host, json=nonsense)
    assert status == 400 and why.startswith("this move is not understood: action.@: ")
    status, why = refused("POST", "/api/replays", "fr", json={"log": '{"game": "fromage"}'})
    assert status == 400 and why.startswith("cette sauvegarde ne se charge pas : ")
    status, why = refused("POST", "/api/matches", "en", json={"log": "[]"})
    assert status == 400 and why.startswith("this save does not load: ")
    assert refused("POST", url + "/undo", "en", headers=host) == (409, "nothing to take back")
    assert refused("POST", url + "/redo", "en", headers=host) == (409, "nothing to redo")
    assert client.get(url, headers=host).json() == before


def test_an_illegal_table_entry_gets_the_game_s_own_reason(client: httpx.Client) -> None:
    """At a secret draw the menu lists every card of that draw; one not in the deck any
    more is refused with the game's reason, in the page's language."""
    created = create(
        client, {"game": "dorge_et_ble", "seed": 1, "chance": "explicit", "seats": None}
    )
    url = f"/api/matches/{created['match']}"
    host = {"X-Key": created["host_key"]}
    view = client.get(url, headers=host).json()
    first = view["actions"][0]["action"]
    view = client.post(url + "/act", headers=host, json={"version": 0, "action": first}).json()
    assert view["version"] == 1
    assert first in [a["action"] for a in view["actions"]]  # the menu does not follow the deck
    r = client.post(url + "/act?lang=en", headers=host, json={"version": 1, "action": first})
    assert r.status_code == 400
    assert "cannot be drawn now" in r.json()["error"]
    assert client.get(url, headers=host).json()["version"] == 1


def test_request_bodies_are_limited() -> None:
    app = create_app("en", max_body=1000)

    async def chunks() -> Any:  # no Content-Length: counted as it streams in
        yield b"{" + b" " * 600
        yield b" " * 600 + b"}"

    async def run() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as c:
            return [
                await c.post("/api/matches?lang=en", content=b"x" * 1001),
                await c.post("/api/matches?lang=fr", content=chunks()),
                await c.post("/api/matches?lang=en", json={"game": "misere", "seed": 1}),
            ]

    whole, chunked, fine = asyncio.run(run())
    assert (whole.status_code, whole.json()) == (
        413,
        {"error": "the request is too large (at most 1000 bytes)"},
    )
    assert (chunked.status_code, chunked.json()) == (
        413,
        {"error": "la requête est trop grosse (au plus 1000 octets)"},
    )
    assert fine.status_code == 200
    assert len(app.store.sessions) == 1


def test_games_are_limited_in_number_and_expire_when_idle() -> None:
    now = [0.0]
    store = Store(max_games=2, idle=60.0, clock=lambda: now[0])
    for _ in range(2):
        s = new_session(store.new_id(), {"game": "misere", "seed": 1}, 0.0, clock=store.clock)
        store.sessions[s.id] = s
    with pytest.raises(Exception) as refused:
        store.new_id()
    assert getattr(refused.value, "status", None) == 429
    assert refused.value.reason("en") == "too many games on this server (2): try again later"
    kept = next(iter(store.sessions))
    now[0] = 59.0
    store.session(kept)  # a request keeps a game alive
    now[0] = 100.0
    store.new_id()  # the other one, idle for 100 s, is forgotten
    assert list(store.sessions) == [kept]
    now[0] = 200.0
    with pytest.raises(Exception) as gone:
        store.session(kept)
    assert gone.value.reason("fr") == "cette partie n'existe pas ou a expiré"


def test_bots_wait_the_pause_before_each_move() -> None:
    now = [0.0]
    body = {"game": "misere", "seed": 1, "seats": [{"kind": "bot"}, {"kind": "here"}]}
    session = new_session("s", body, 0.8, clock=lambda: now[0])
    session.advance()
    assert session.match.history == ()
    assert session.bot_due() == 0.8
    now[0] = 0.5
    session.advance()
    assert session.match.history == () and session.bot_due() == pytest.approx(0.3)
    now[0] = 0.8
    session.advance()
    assert len(session.match.history) == 1
    assert session.game.current_player(session.match.state) == 1
    assert session.bot_due() is None


def test_the_server_binds_the_loopback_address_unless_told(monkeypatch: Any) -> None:
    assert inspect.signature(serve).parameters["host"].default == "127.0.0.1"
    called: dict[str, Any] = {}
    uvicorn = importlib.import_module("uvicorn")
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: called.update(kw, app=app))
    serve(port=8123, lang="en")
    assert (called["host"], called["port"]) == ("127.0.0.1", 8123)

    async def ask(host: str) -> httpx.Response:
        transport = httpx.ASGITransport(app=called["app"])
        async with httpx.AsyncClient(transport=transport, base_url=f"http://{host}") as c:
            return await c.get("/api/games")

    # A page elsewhere that points its own name at 127.0.0.1 (DNS rebinding) is refused.
    assert asyncio.run(ask("127.0.0.1:8123")).status_code == 200
    assert asyncio.run(ask("localhost:8123")).status_code == 200
    assert asyncio.run(ask("games.example:8123")).status_code == 400
    with pytest.raises(ValueError, match="lang must be 'fr' or 'en', not 'de'"):
        serve(lang="de")


def test_save_holds_the_seed_so_remote_players_get_it_only_at_the_end(
    client: httpx.Client,
) -> None:
    created = create(
        client,
        {"game": "little_factory", "seed": 4, "seats": [{"kind": "here"}, {"kind": "remote"}]},
    )
    url = f"/api/matches/{created['match']}"
    r = client.get(url + "/save?lang=en", headers={"X-Key": created["host_key"]})
    assert r.status_code == 403
    assert r.json()["error"].startswith("a save holds the seed, hence the hidden cards")
    r = client.get(url + "/save", headers={"X-Key": created["seat_keys"]["1"]})
    assert r.status_code == 403


def test_many_clients_play_whole_fromage_games_at_once(server: Any) -> None:
    """The load test at a small scale (benchmarks/web_load.py runs 50 clients): each client
    plays a whole game against a bot through the API; no request fails."""

    async def one(client: httpx.AsyncClient, seed: int) -> int:
        body = {"game": "fromage", "seed": seed, "options": {"mice": 2}}
        r = await client.post("/api/matches", json=body)
        created = r.json()
        url, headers = f"/api/matches/{created['match']}", {"X-Key": created["host_key"]}
        view = (await client.get(url, headers=headers)).json()
        moves = 0
        while not view["over"]:
            body = {"version": view["version"], "action": view["actions"][0]["action"]}
            r = await client.post(url + "/act", headers=headers, json=body)
            assert r.status_code == 200, r.text
            view = r.json()
            moves += 1
        return moves

    async def run() -> list[int]:
        async with httpx.AsyncClient(base_url=server.url, timeout=60) as client:
            return await asyncio.gather(*(one(client, seed) for seed in range(5)))

    moves = asyncio.run(run())
    assert all(m > 0 for m in moves)


@pytest.mark.parametrize("name", ["texts", "session", "app", "__init__"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(
        "boardgames_fr.web" if name == "__init__" else f"boardgames_fr.web.{name}"
    )
    assert doctest.testmod(module).failed == 0


def test_a_long_menu_comes_in_groups() -> None:
    """D'Orge et de Blé offers to harvest or improve with each card of the hand: more than
    eight buttons, so each kind of move gets a group titled by the words its labels share."""
    body = {"game": "dorge_et_ble", "seed": 3, "seats": [{"kind": "here"}, {"kind": "bot"}]}
    session = new_session("s", body, 0.0)
    view = session.view(-1, "fr")
    while len(view["actions"]) <= 8:
        session.act(-1, view["version"], view["actions"][-1]["action"])
        session.advance()
        view = session.view(-1, "fr")
    groups = [a["group"] for a in view["actions"]]
    assert sorted(set(groups)) == ["Améliorer avec", "Récolter avec"]
    assert all(a["label"].startswith(a["group"] + " ") for a in view["actions"])
    short = new_session("t", {"game": "misere", "seed": 1}, 0.0).view(-1, "en")
    assert [a["group"] for a in short["actions"]] == [""] * len(short["actions"])


def test_a_remote_seat_cannot_take_back_dice_the_table_entered() -> None:
    """Table companion with a person elsewhere: after the dice of their move are entered,
    that person cannot undo (it would take the table's dice back too); the table can."""
    body = {
        "game": "fromage",
        "seed": 1,
        "chance": "explicit",
        "seats": [{"kind": "remote"}, {"kind": "bot"}],
    }
    session = new_session("s", body, 0.0)
    view = session.view(0, "en")
    session.act(0, view["version"], view["actions"][0]["action"])
    session.advance()
    assert session.view(0, "en")["can_undo"] is True  # no die yet: only bots' moves since
    while session.game.current_player(session.match.state) != bgf.CHANCE:
        session.act(0, session.version, session.view(0, "en")["actions"][0]["action"])
        session.advance()
    session.act(-1, session.version, {"draw": True})
    assert session.view(0, "en")["can_undo"] is False
    with pytest.raises(Exception) as refused:
        session.undo(0)
    assert refused.value.reason("en") == "cannot take back: another player has played since"
    moves = len(session.match.history)
    session.undo(-1)  # the table takes its die back
    assert len(session.match.history) == moves - 1
