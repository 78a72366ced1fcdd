"""Play the five games in a browser: a small ASGI server and a plain HTML/CSS/JS page.

``boardgames-fr serve`` calls `serve`. The page uses only the JSON API documented in
docs/frontend.md; the server reads the games only through the public API.

Example:
    >>> from boardgames_fr.web import create_app
    >>> create_app("en").store.idle
    3600.0
"""

from __future__ import annotations

from typing import Any

from boardgames_fr.web.app import create_app

__all__ = ["LOOPBACK", "create_app", "serve"]


LOOPBACK = ("127.0.0.1", "localhost")


def serve(host: str = "127.0.0.1", port: int = 8000, lang: str = "fr", **settings: Any) -> None:
    """Serve the web app until interrupted (blocking), on the loopback address unless
    ``host`` says otherwise.

    Args:
        host: the address to listen on; the default keeps the games on this machine.
        port: the TCP port.
        lang: the page's language until a person switches it ("fr" or "en").
        settings: `create_app`'s keywords (``bot_pause``, ``max_games``, ``idle_seconds``,
            ``max_body``, ``allowed_hosts``). On the loopback address, the ``Host`` header
            must name it (``127.0.0.1`` or ``localhost``) unless ``allowed_hosts`` says
            otherwise.

    Example:
        >>> from boardgames_fr.web import create_app
        >>> app = create_app(bot_pause=0.0)  # what serve runs, for an ASGI server of your own
        >>> type(app).__name__
        'WebApp'
    """
    import uvicorn  # the web extra; imported here so that the package imports without it

    if host in LOOPBACK:
        settings.setdefault("allowed_hosts", LOOPBACK)
    app = create_app(lang, **settings)
    uvicorn.run(app, host=host, port=port, log_level="warning")
