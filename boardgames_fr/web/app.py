"""The ASGI application: the JSON API of docs/frontend.md and the page's static files.

Every endpoint answers JSON; a refusal is a 4xx with ``{"error": reason}`` in the page's
language (``?lang=fr`` or ``en``), and the game is left as it was. A seat's secret travels
in the ``X-Key`` header (the page keeps it in the address's fragment, which browsers never
send to a server, so it stays out of server logs).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

import boardgames_fr as bgf
from boardgames_fr.web.session import Refusal, Replay, Session, Store, game_list, new_session
from boardgames_fr.web.texts import LANGS, say

__all__ = ["WebApp", "create_app"]

_STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
# Nothing from elsewhere: scripts, styles and pictures come from this server only. The
# boards are inline SVG from the library, whose presentation attributes need no style.
_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
_HEADERS = {
    "Content-Security-Policy": _CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _static(name: str) -> str:
    return resources.files("boardgames_fr.web").joinpath("static", name).read_text("utf-8")


class WebApp:
    """The ASGI app: the routes, behind a limit on request bodies, with the `Store` of its
    games (``store``) for tests and tools.

    A body over ``limit`` bytes is refused (413) before the routes read it: by its
    Content-Length, or while it streams in for a body sent in chunks.
    """

    def __init__(self, app: ASGIApp, limit: int, store: Store) -> None:
        self.app, self.limit, self.store = app, limit, store

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang = _lang_of(scope.get("query_string", b"").decode("latin-1"))
        headers = dict(scope.get("headers", []))
        length = headers.get(b"content-length", b"0")
        too_big = JSONResponse(
            {"error": say(lang, "too_big", limit=self.limit)}, 413, headers=_HEADERS
        )
        if not length.isdigit() or int(length) > self.limit:
            await too_big(scope, receive, send)
            return
        # Read the whole body first, counting: one sent in chunks (no Content-Length)
        # is cut off as soon as it passes the limit, and the routes never see it.
        body, more = b"", True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await too_big(scope, receive, send)
                return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()  # after the body: the disconnect, when it comes
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


def _lang_of(query: str) -> str:
    for part in query.split("&"):
        if part.startswith("lang="):
            return "en" if part[5:] == "en" else "fr"
    return "fr"


def create_app(
    lang: str = "fr",
    *,
    bot_pause: float = 0.8,
    max_games: int = 200,
    idle_seconds: float = 3600.0,
    max_body: int = 512_000,
    allowed_hosts: Sequence[str] = ("*",),
) -> WebApp:
    """The web app.

    Args:
        lang: the page's language until a person switches it ("fr" or "en").
        bot_pause: seconds a bot waits before each move, so people see it play.
        max_games: games and replays held at once; a new one beyond is refused (429).
        idle_seconds: a game or replay with no request for this long is forgotten.
        max_body: the largest request body accepted, in bytes (413 beyond).
        allowed_hosts: the names the ``Host`` header may give (400 otherwise). `serve` on
            the loopback address allows only ``127.0.0.1`` and ``localhost``, so that a web
            page elsewhere cannot reach the games by pointing its own name at this machine
            (DNS rebinding).

    Example:
        >>> app = create_app("en", max_games=20)
        >>> app.store.max_games, len(app.store.sessions)
        (20, 0)
    """
    if lang not in LANGS:
        raise ValueError(f"lang must be 'fr' or 'en', not {lang!r}")
    store = Store(max_games, idle_seconds)
    page = _static("index.html").replace('lang="fr"', f'lang="{lang}"', 1)

    def endpoint(
        handler: Callable[[Request, str], Awaitable[Any]],
    ) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            lang = request.query_params.get("lang", "fr")
            lang = lang if lang in LANGS else "fr"
            try:
                result = await handler(request, lang)
            except Refusal as r:
                return JSONResponse({"error": r.reason(lang)}, r.status, headers=_HEADERS)
            if isinstance(result, Response):
                return result
            return JSONResponse(result, headers=_HEADERS)

        return run

    async def body_of(request: Request) -> dict[str, Any]:
        raw = await request.body()
        try:
            data = json.loads(raw)
        except (ValueError, RecursionError):
            raise Refusal.of(400, "bad_json") from None
        if not isinstance(data, dict):
            raise Refusal.of(400, "bad_body")
        return data

    def session_of(request: Request) -> tuple[Session, int]:
        session = store.session(request.path_params["match"])
        role = session.role(request.headers.get("x-key", ""))
        session.advance()
        return session, role

    def seat_param(request: Request) -> int | None:
        text = request.query_params.get("seat", "")
        return int(text) if text.isdigit() else None

    async def index(request: Request) -> Response:
        return HTMLResponse(page, headers=_HEADERS)

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return Response("not found", 404, media_type="text/plain")
        return Response(_static(name), media_type=_STATIC[name], headers=_HEADERS)

    async def games(request: Request, lang: str) -> Any:
        return game_list(lang)

    async def create(request: Request, lang: str) -> Any:
        body = await body_of(request)
        session = new_session(store.new_id(), body, bot_pause)
        store.sessions[session.id] = session
        links = {str(i): s.key for i, s in enumerate(session.seats) if s.kind == "remote"}
        return {"match": session.id, "host_key": session.host_key, "seat_keys": links}

    async def view(request: Request, lang: str) -> Any:
        session, role = session_of(request)
        return session.view(role, lang, seat_param(request))

    async def act(request: Request, lang: str) -> Any:
        body = await body_of(request)
        session, role = session_of(request)
        session.act(role, body.get("version"), body.get("action"))
        session.advance()
        return session.view(role, lang, seat_param(request))

    async def undo(request: Request, lang: str) -> Any:
        session, role = session_of(request)
        session.undo(role)
        return session.view(role, lang, seat_param(request))

    async def redo(request: Request, lang: str) -> Any:
        session, role = session_of(request)
        session.redo(role)
        session.advance()
        return session.view(role, lang, seat_param(request))

    async def save(request: Request, lang: str) -> Any:
        session, role = session_of(request)
        text = session.save(role)
        name = f"{session.match.game_id}-{len(session.match.history)}.json"
        return Response(
            text,
            media_type="application/json",
            headers={**_HEADERS, "Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def replay_new(request: Request, lang: str) -> Any:
        body = await body_of(request)
        log = body.get("log")
        if not isinstance(log, str):
            raise Refusal.of(400, "bad_save", why="'log' must be the saved text")
        try:
            match = bgf.Match.from_json(log)
        except (bgf.InvalidStateError, ValueError) as e:
            fr, en = say("fr", "bad_save", why=e), say("en", "bad_save", why=e)
            raise Refusal(400, fr, en) from None
        replay = Replay(store.new_id(), match, store.clock())
        store.replays[replay.id] = replay
        return {"replay": replay.id, "steps": len(match.history)}

    async def replay_frame(request: Request, lang: str) -> Any:
        replay = store.replay(request.path_params["replay"])
        text = request.path_params["step"]
        return replay.frame(int(text) if text.isdigit() else text, lang)

    routes = [
        Route("/", index),
        Route("/play/{match}", index),
        Route("/replay/{replay}", index),
        Route("/static/{name}", static),
        Route("/api/games", endpoint(games)),
        Route("/api/matches", endpoint(create), methods=["POST"]),
        Route("/api/matches/{match}", endpoint(view)),
        Route("/api/matches/{match}/act", endpoint(act), methods=["POST"]),
        Route("/api/matches/{match}/undo", endpoint(undo), methods=["POST"]),
        Route("/api/matches/{match}/redo", endpoint(redo), methods=["POST"]),
        Route("/api/matches/{match}/save", endpoint(save)),
        Route("/api/replays", endpoint(replay_new), methods=["POST"]),
        Route("/api/replays/{replay}/{step}", endpoint(replay_frame)),
    ]
    hosts = Middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))
    return WebApp(Starlette(routes=routes, middleware=[hosts]), max_body, store)
