"""Fixtures of the web app's tests: a real server on the loopback address, and a headless
Chromium driven by Playwright (skipped, saying why, where either is missing)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra is not installed")

from boardgames_fr.web import create_app  # noqa: E402
from boardgames_fr.web.app import WebApp  # noqa: E402

CHROMIUM = os.environ.get("BGF_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class Server:
    """A uvicorn server in a thread, on 127.0.0.1 and a free port."""

    def __init__(self, app: WebApp) -> None:
        self.app = app
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def __enter__(self) -> Server:
        self.thread.start()
        for _ in range(500):
            if self.server.started:
                return self
            time.sleep(0.01)
        raise RuntimeError("the test server did not start")

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="session")
def server() -> Iterator[Server]:
    # No bot pause: the bots' moves come at once, so whole games stay fast.
    with Server(create_app("fr", bot_pause=0.0)) as s:
        yield s


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is not installed: pip install -e '.[test]'"
    )
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (CI installs it)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(15_000)
    p = context.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    yield p
    context.close()
    assert not errors, f"the page's script failed: {errors}"


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    """Where screenshots go: docs/img/web when BGF_WEB_SCREENSHOTS names it (to refresh the
    docs' pictures), else a temporary folder."""
    named = os.environ.get("BGF_WEB_SCREENSHOTS")
    folder = Path(named) if named else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder
