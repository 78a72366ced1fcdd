"""Load test of the web app: 50 clients each play a whole game of Fromage through the JSON
API at once, on the loopback address, and the response times of their moves are printed.

The server runs in its own process (``boardgames_fr.web.serve``, as ``boardgames-fr serve``
starts it, bots without a pause), the clients in this one with httpx. Each client creates
a 2-player game against the heuristic bot and clicks the first offered move until the end,
as the browser tests do. Every request must succeed.

    python benchmarks/web_load.py [--clients 50] [--port 8765]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import socket
import statistics
import sys
import time
from typing import Any

import httpx


def _serve(port: int) -> None:
    from boardgames_fr.web import serve

    serve(port=port, lang="en", bot_pause=0.0, max_games=1000)


async def _one(client: httpx.AsyncClient, seed: int, times: list[float]) -> int:
    r = await client.post("/api/matches", json={"game": "fromage", "seed": seed})
    r.raise_for_status()
    created = r.json()
    url, headers = f"/api/matches/{created['match']}", {"X-Key": created["host_key"]}
    view = (await client.get(url, headers=headers)).json()
    moves = 0
    while not view["over"]:
        body = {"version": view["version"], "action": view["actions"][0]["action"]}
        start = time.perf_counter()
        r = await client.post(url + "/act", headers=headers, json=body)
        times.append(time.perf_counter() - start)
        r.raise_for_status()
        view = r.json()
        moves += 1
    return moves


async def _run(port: int, clients: int) -> tuple[list[int], list[float], float]:
    times: list[float] = []
    limits = httpx.Limits(max_connections=clients)
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        for _ in range(500):  # wait for the server
            try:
                (await client.get("/api/games")).raise_for_status()
                break
            except httpx.TransportError:
                await asyncio.sleep(0.02)
        start = time.perf_counter()
        moves = await asyncio.gather(*(_one(client, seed, times) for seed in range(clients)))
        return list(moves), times, time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--port", type=int, default=0, help="0: a free port")
    args = parser.parse_args(argv)
    port = args.port
    if port == 0:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    server = multiprocessing.Process(target=_serve, args=(port,), daemon=True)
    server.start()
    try:
        moves, times, wall = asyncio.run(_run(port, args.clients))
    finally:
        server.terminate()
        server.join(10)
    times.sort()
    p95 = times[max(0, int(len(times) * 0.95) - 1)]
    report: dict[str, Any] = {
        "clients": args.clients,
        "games finished": len(moves),
        "moves": len(times),
        "wall (s)": round(wall, 1),
        "moves/s": round(len(times) / wall),
        "median (ms)": round(statistics.median(times) * 1000, 1),
        "p95 (ms)": round(p95 * 1000, 1),
        "max (ms)": round(times[-1] * 1000, 1),
    }
    for key, value in report.items():
        print(f"{key:>15}: {value}")
    return 0 if len(moves) == args.clients else 1


if __name__ == "__main__":
    sys.exit(main())
