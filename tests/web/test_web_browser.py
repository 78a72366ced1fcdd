"""The web app in a real headless Chromium: whole games by clicking, French and English,
undo and redo, save and load, replay, a hot-seat hand-over, a remote seat in a second
browser context, and a table-companion game with dice entered by clicking."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import boardgames_fr as bgf

expect = pytest.importorskip("playwright.sync_api", reason="playwright is not installed").expect


ENABLED = "#actions button.action:not([disabled])"


def open_form(page: Any, server: Any, game_id: str, lang: str = "fr") -> None:
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('bgf-lang', '{lang}')")
    page.goto(server.url + "/")
    page.click(f"[data-play={game_id}]")
    page.wait_for_selector("#new-game")


def start(
    page: Any,
    server: Any,
    game_id: str,
    *,
    players: int = 2,
    seats: tuple[str, ...] = (),
    options: dict[str, str] | None = None,
    table: bool = False,
    seed: int = 1,
) -> str:
    """Fill the start form as a person would and start; returns the match id."""
    open_form(page, server, game_id)
    page.select_option("#new-game [name=players]", str(players))
    for i, kind in enumerate(seats):
        page.select_option(f"#new-game [name=seat{i}]", kind)
    for name, value in (options or {}).items():
        page.fill(f"#new-game [name={name}]", value)
    if table:
        page.check("#new-game [name=table]")
    page.fill("#new-game [name=seed]", str(seed))
    page.click("#start")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#status, #handover")
    return str(page.url.split("/play/")[1].split("#")[0])


def play_to_end(page: Any, limit: int = 1000) -> int:
    """Click the first offered move until the game is over; returns the clicks."""
    for clicks in range(limit):
        page.wait_for_selector(f"#result, {ENABLED}")
        if page.locator("#result").count():
            return clicks
        page.locator(ENABLED).first.click()
    raise AssertionError(f"no end after {limit} clicks")


# Options and seeds that keep each game to a few dozen clicks (Lactorama: one year).
GAMES = [
    ("fromage", {"mice": "1"}, 7),
    ("dorge_et_ble", {"hand_size": "2"}, 6),
    ("lactorama", {"years": "1"}, 1),
    ("little_factory", {"target_points": "3"}, 3),
    ("misere", {"rounds": "4"}, 1),
]


@pytest.mark.parametrize(("game_id", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_by_clicking(
    page: Any, server: Any, shots: Path, game_id: str, options: dict[str, str], seed: int
) -> None:
    """The person plays seat 1 by clicking, a heuristic bot the other seat; the winner and
    the scores show at the end, and the log holds every move."""
    match = start(page, server, game_id, options=options, seed=seed)
    page.wait_for_selector(ENABLED)
    page.screenshot(path=str(shots / f"{game_id}.png"))
    clicks = play_to_end(page)
    assert clicks > 0
    session = server.app.store.sessions[match]
    state = session.match.state
    game = session.game
    assert game.is_terminal(state)
    winners = [session.name(w, "fr") for w in game.winners(state)]
    result = page.inner_text("#result")
    assert ", ".join(winners) in result
    assert page.locator("#log li").count() == len(session.match.history)
    assert page.inner_text("#status") == "Partie finie"


def test_french_and_english_switch_at_any_time(page: Any, server: Any, shots: Path) -> None:
    start(page, server, "fromage", seed=3)
    page.wait_for_selector(ENABLED)
    assert page.inner_text("#lang") == "English"
    assert page.locator(ENABLED).first.inner_text() == "poser une souris sur la caisse gauche"
    assert page.inner_text("#status") == "À vous de jouer (Le joueur bleu)"
    page.click("#lang")
    expect(page.locator("#status")).to_have_text(re.compile("^Your"))
    assert page.inner_text("#status") == "Your turn (The blue player)"
    assert page.locator(ENABLED).first.inner_text() == "place a mouse on the left crate"
    assert page.inner_text("#lang") == "Français"
    # The choice is kept: the start page comes back in English.
    page.goto(server.url + "/")
    page.wait_for_selector("[data-play=fromage]")
    assert page.inner_text("[data-play=fromage]") == "Play"
    page.screenshot(path=str(shots / "start.png"))


def test_undo_and_redo_a_move(page: Any, server: Any) -> None:
    """Misère has no chance: a move taken back comes back with redo, the bot's answer too."""
    match = start(page, server, "misere", seed=4)
    session = server.app.store.sessions[match]
    page.wait_for_selector(ENABLED)
    assert page.is_disabled("#undo")
    first = page.locator(ENABLED).first.inner_text()
    page.locator(ENABLED).first.click()
    page.wait_for_selector("#undo:not([disabled])")
    played = session.match.history
    assert len(played) >= 1
    page.click("#undo")
    page.wait_for_selector("#redo:not([disabled])")
    assert session.match.history == ()
    assert page.locator("#log li").count() == 0
    assert page.locator(ENABLED).first.inner_text() == first
    page.click("#redo")
    page.wait_for_selector("#undo:not([disabled])")
    assert session.match.history == played


def test_undo_is_refused_after_the_dice_are_seen(page: Any, server: Any) -> None:
    """Fromage rolls the dice after the person chooses a space: the button stays disabled
    and the API refuses, with the reason in the page's language."""
    match = start(page, server, "fromage", seed=5)
    page.wait_for_selector(ENABLED)
    page.locator(ENABLED).first.click()
    expect(page.locator("#log li").first).to_be_attached()
    session = server.app.store.sessions[match]
    while session.match.state.rng == session.match.states[0].rng:
        page.wait_for_selector(ENABLED)
        page.locator(ENABLED).first.click()
        page.wait_for_timeout(50)
    page.wait_for_selector(ENABLED)
    assert page.is_disabled("#undo")
    before = session.match.history
    key = page.url.split("#key=")[1]
    status = page.evaluate(
        """async ([m, k]) => {
            const r = await fetch(`/api/matches/${m}/undo?lang=fr`, {method: "POST",
                headers: {"X-Key": k}});
            return [r.status, (await r.json()).error];
        }""",
        [match, key],
    )
    assert status == [
        409,
        "impossible de reprendre : un dé ou une carte a été révélé depuis ce coup",
    ]
    assert session.match.history == before


def test_save_then_load_then_replay(page: Any, server: Any, tmp_path: Path) -> None:
    start(page, server, "little_factory", options={"target_points": "3"}, seed=6)
    for _ in range(3):
        page.wait_for_selector(ENABLED)
        page.locator(ENABLED).first.click()
        page.wait_for_timeout(30)
    page.wait_for_selector(ENABLED)
    with page.expect_download() as info:
        page.click("#save")
    saved = tmp_path / "save.json"
    info.value.save_as(saved)
    log = json.loads(saved.read_text("utf-8"))
    assert log["game"] == "little_factory"
    assert log["options"]["target_points"] == 3
    moves = len(log["actions"])
    assert moves >= 3
    # Load it back: the same table, the same log, and the game goes on.
    page.goto(server.url + "/")
    page.set_input_files("#load-file", str(saved))
    page.click("#load-start")
    page.wait_for_url("**/play/**")
    page.wait_for_selector(ENABLED)
    loaded = page.url.split("/play/")[1].split("#")[0]
    session = server.app.store.sessions[loaded]
    assert session.match.to_json() == saved.read_text("utf-8")
    assert page.locator("#log li").count() == moves
    # The replay viewer steps through it move by move.
    page.goto(server.url + "/")
    page.set_input_files("#replay-file", str(saved))
    page.wait_for_url("**/replay/**")
    page.wait_for_selector("#replay-step")
    assert page.inner_text("#replay-step") == f"Coup 0 sur {moves}"
    assert page.inner_text("#replay-move") == "Début de la partie"
    page.click("#next")
    expect(page.locator("#replay-step")).to_have_text(f"Coup 1 sur {moves}")
    first_label = session.game.describe(session.match.history[0], session.match.states[0], "fr")
    assert page.inner_text("#replay-move").endswith(first_label)
    assert page.get_attribute("#board img", "src").startswith("data:image/svg+xml")


def test_a_save_that_does_not_load_is_refused_in_words(
    page: Any, server: Any, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "fromage", "schema_version": 1}', "utf-8")
    page.goto(server.url + "/")
    page.wait_for_selector("#replay-file")
    count = len(server.app.store.replays)
    page.set_input_files("#replay-file", str(bad))
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error").startswith("cette sauvegarde ne se charge pas : ")
    assert len(server.app.store.replays) == count


def test_hot_seat_hands_the_device_over(page: Any, server: Any) -> None:
    """Two people at one screen in a game that hides hands: between them, a screen asks to
    pass the device, and shows neither hand."""
    match = start(page, server, "dorge_et_ble", seats=("here", "here"), seed=7)
    session = server.app.store.sessions[match]
    page.wait_for_selector("#handover")
    first = session.name(session.game.current_player(session.match.state), "fr")
    assert page.inner_text("#handover p") == f"Passez l'appareil à {first}"
    assert page.locator("#private").count() == 0
    page.click("#handover-ok")
    page.wait_for_selector(ENABLED)
    assert page.inner_text("#you") == f"Vous êtes {first}"
    mover = session.game.current_player(session.match.state)
    while session.game.current_player(session.match.state) == mover:
        page.locator(ENABLED).first.click()
        page.wait_for_selector(f"#handover, {ENABLED}")
    page.wait_for_selector("#handover")
    second = session.name(session.game.current_player(session.match.state), "fr")
    assert second != first
    assert page.inner_text("#handover p") == f"Passez l'appareil à {second}"
    page.click("#handover-ok")
    page.wait_for_selector(ENABLED)
    assert page.inner_text("#you") == f"Vous êtes {second}"


def test_a_remote_seat_in_a_second_browser(page: Any, browser: Any, server: Any) -> None:
    """Seat 2 is a person elsewhere: the host's page gives its link; the second browser
    sees its own seat and is told when it is its turn."""
    match = start(page, server, "fromage", seats=("here", "remote"), seed=8)
    session = server.app.store.sessions[match]
    link = page.get_attribute("[data-seat-link='1']", "value")
    assert link.startswith(server.url + f"/play/{match}#key=")
    other = browser.new_context()
    try:
        remote = other.new_page()
        remote.goto(link)
        remote.wait_for_selector("#you")
        assert remote.inner_text("#you") == "Vous êtes Le joueur blanc"
        assert remote.inner_text("#status") == "On attend : Le joueur bleu"
        assert remote.locator(ENABLED).count() == 0
        page.wait_for_selector(ENABLED)
        page.locator(ENABLED).first.click()
        # The remote page learns by polling that it is its turn.
        remote.wait_for_selector(ENABLED, timeout=10_000)
        assert remote.inner_text("#status") == "À vous de jouer (Le joueur blanc)"
        assert session.game.current_player(session.match.state) == 1
        remote.locator(ENABLED).first.click()
        expect(page.locator("#status")).to_have_text(re.compile("^À vous"), timeout=10_000)
        # A wrong key sees nothing.
        wrong = other.new_page()
        wrong.goto(server.url + f"/play/{match}#key=nope")
        wrong.wait_for_selector("#error:not([hidden])")
        assert wrong.inner_text("#error") == (
            "clé absente ou fausse : cette page n'a pas accès à cette partie"
        )
    finally:
        other.close()


def test_table_companion_with_dice_entered_by_clicking(page: Any, server: Any) -> None:
    """Explicit chance: the table clicks the faces the real dice showed (here the faces the
    game's own RNG would roll, so the game is the auto game and ends); a mistyped die is
    taken back with undo; the game goes to its end."""
    match = start(page, server, "fromage", options={"mice": "1"}, table=True, seed=20)
    session = server.app.store.sessions[match]
    game = session.game
    typed = 0
    mistyped = False
    faces = page.locator("#actions button.action:not(.draw):not([disabled])")
    for _ in range(1000):
        page.wait_for_selector(f"#result, {ENABLED}")
        if page.locator("#result").count():
            break
        state = session.match.state
        if game.current_player(state) != -1:
            page.locator(ENABLED).first.click()
            continue
        menu = [game.describe(o, state, "fr") for o in game.table_outcomes(state)]
        rolled = menu.index(game.describe(bgf.sample_chance(state), state, "fr"))
        if not mistyped:  # the table clicks a wrong face, sees it and takes it back
            assert page.inner_text("#status") == "Entrez ce que la table a tiré"
            assert faces.all_inner_texts() == menu
            history = session.match.history
            wrong = (rolled + 1) % len(menu)
            faces.nth(wrong).click()
            expect(page.locator("#log li")).to_have_count(len(history) + 1)
            assert page.locator("#log li").last.inner_text() == f"Hasard : {menu[wrong]}"
            page.click("#undo")
            expect(page.locator("#log li")).to_have_count(len(history))
            assert session.match.history == history
            mistyped = True
            page.wait_for_selector(ENABLED)
        faces.nth(rolled).click()
        typed += 1
    assert game.is_terminal(session.match.state)
    assert typed > 0 and mistyped
