"""The ``boardgames-fr`` command: list the games, watch bots play, play against them."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from boardgames_fr.agents import AGENT_NAMES, make_agent
from boardgames_fr.core.errors import CHANCE, TERMINAL, IllegalActionError
from boardgames_fr.core.game import Game
from boardgames_fr.core.match import Match
from boardgames_fr.core.registry import GAME_IDS, get_game

__all__ = ["main"]

_LABELS = {
    "fr": {
        "seat": "Joueur",
        "chance": "Hasard",
        "result": "Résultat",
        "winner": "Vainqueur",
        "winners": "Vainqueurs",
        "scores": "Scores",
        "colon": " : ",  # French typography: a space before the colon
        "steps": "coups",
        "your_turn": "À vous",
        "choose": "Votre choix (numéro, u = annuler, q = quitter) : ",
        "chance_prompt": "Résultat réel (numéro, r = tirer au hasard, u = annuler, q = quitter) : ",
        "bad": "Choix invalide : tapez un numéro de la liste.",
        "secret": (
            "(toutes les cartes que ce tirage peut donner : ce qui reste dans la pioche est secret)"
        ),
        "face_down": "une carte est piochée (non montrée ici)",
        "bye": "Partie interrompue.",
        "no_chance": "{name} n'a ni dés ni cartes à tirer : --table n'y change rien.",
        "undone": "Coup annulé.",
        "nothing": "Rien à annuler.",
        "wrote": "{games} parties écrites dans {path}",
        "wrote_one": "{games} partie écrite dans {path}",
    },
    "en": {
        "seat": "Player",
        "chance": "Chance",
        "result": "Result",
        "winner": "Winner",
        "winners": "Winners",
        "scores": "Scores",
        "colon": ": ",
        "steps": "steps",
        "your_turn": "Your turn",
        "choose": "Your choice (number, u = undo, q = quit): ",
        "chance_prompt": "Real outcome (number, r = random draw, u = undo, q = quit): ",
        "bad": "Invalid choice: type a number from the list.",
        "secret": "(every card this draw can give: what is left in the deck is secret)",
        "face_down": "a card is drawn (not shown here)",
        "bye": "Game stopped.",
        "no_chance": "{name} has no dice and no cards to draw: --table changes nothing.",
        "undone": "Move taken back.",
        "nothing": "Nothing to undo.",
        "wrote": "wrote {games} games to {path}",
        "wrote_one": "wrote {games} game to {path}",
    },
}


def _game(module: Any) -> Game[Any, Any, Any]:
    game: Game[Any, Any, Any] = module.GAME
    return game


def _who(module: Any, seat: int, lang: str, *, start: bool = False) -> str:
    """The seat as the game's own texts name it (« Joueur 1 »; Fromage: « le joueur
    bleu »), so the move log and the pictures agree; ``start``: at the head of a line."""
    if seat == CHANCE:
        return _LABELS[lang]["chance"]
    name: str = module.player_name(seat, lang)
    return name[:1].upper() + name[1:] if start else name


def _logged(module: Any, seat: int, lang: str, label: str) -> str:
    """A line of the move log: who, then the move's label."""
    return f"{_who(module, seat, lang, start=True)}{_LABELS[lang]['colon']}{label}"


def _result(module: Any, state: Any, lang: str, out: TextIO) -> None:
    game = _game(module)
    t = _LABELS[lang]
    out.write(game.render(state, lang) + "\n")
    c = t["colon"]
    scores = ", ".join(
        f"{_who(module, i, lang)}{c}{_score(v)}" for i, v in enumerate(game.scores(state))
    )
    won = game.winners(state)
    label = t["winner"] if len(won) == 1 else t["winners"]
    out.write(f"{t['result']} — {t['scores']}{c}{scores}\n")
    out.write(f"{label}{c}{', '.join(_who(module, s, lang) for s in won)}\n")


def _score(value: float) -> str:
    """A score as it is: ``:g`` wrote 1 082 000 € as « 1.082e+06 » (Lactorama), and
    would round any score of more than six digits."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    for gid in GAME_IDS:
        info = get_game(gid).GAME_INFO
        name = info.name_fr if args.lang == "fr" else info.name_en
        summary = info.summary_fr if args.lang == "fr" else info.summary_en
        # No parentheses (a name may hold some) and a dash, not a colon: the summaries
        # hold colons of their own.
        players = f"{'pour' if args.lang == 'fr' else 'for'} {info.players_text(args.lang)}"
        out.write(f"{gid:16} {name}, {players} — {summary}\n")
    return 0


def _cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    module = get_game(args.game)
    game = _game(module)
    # None is the game's default count; 0 is a count the game refuses (a ValueError)
    state = module.new_game(args.players, seed=args.seed)
    n = state.num_players
    agents = [
        make_agent(args.game, args.agents[i % len(args.agents)], seed=args.seed + i)
        for i in range(n)
    ]
    lang = args.lang
    steps = 0
    out.write(game.render(state, lang) + "\n")
    while state.to_move != TERMINAL:
        seat = state.to_move
        legal = game.legal_actions(state)
        action = agents[seat].act(game.observe(state, seat), legal)
        label = game.describe(action, state, lang)
        out.write(f"{steps + 1:4}. {_logged(module, seat, lang, label)}\n")
        state = game.step(state, action)
        steps += 1
    out.write(f"\n({steps} {_LABELS[lang]['steps']})\n")
    _result(module, state, lang, out)
    return 0


def _ask(prompt: str, read: Callable[[str], str]) -> str | None:
    try:
        return read(prompt).strip().lower()
    except (EOFError, KeyboardInterrupt):
        return None


def _number(answer: str, count: int) -> int | None:
    """The menu entry ``answer`` picks (1..count), or None. Only ASCII digits: ``"²"`` and
    other Unicode digits pass `str.isdigit` but `int` refuses them, and a number of
    thousands of digits is more than `int` reads from text."""
    if not (answer.isascii() and answer.isdigit()):
        return None
    digits = answer.lstrip("0")  # "01" is 1, whatever the menu's length
    if len(digits) > len(str(count)):
        return None
    number = int(digits or "0")
    return number if 1 <= number <= count else None


def _seen_by(game: Game[Any, Any, Any], state: Any, chosen: Any, seat: int) -> bool:
    """Whether ``seat`` can tell which outcome of this chance node happened: some other
    outcome would leave it with another observation (a card dealt to its own hand or to
    the market, not to a bot's hidden hand). With one outcome left nothing tells: the
    log then does not name the card, which a public one shows on the table anyway."""
    mine = game.observe(game.step(state, chosen), seat)
    return any(
        o != chosen and game.observe(game.step(state, o), seat) != mine
        for o in game.legal_actions(state)
    )


def _cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str] = input) -> int:
    module = get_game(args.game)
    game = _game(module)
    # The player count first (None: the default; a bad one is a ValueError, said by
    # `main`): a seat is checked against it.
    chance = "explicit" if args.table else "auto"
    match = Match.new(args.game, args.players, seed=args.seed, chance=chance)
    n = match.num_players
    if not 0 <= args.seat < n:
        sys.stderr.write(f"boardgames-fr: --seat must be from 0 to {n - 1}, not {args.seat}\n")
        return 2
    lang = args.lang
    t = _LABELS[lang]
    bots = {
        s: make_agent(args.game, args.bot, seed=args.seed + s) for s in range(n) if s != args.seat
    }
    if args.table and not game.info.chance:  # nothing for the table to type in (Misère)
        name = game.info.name_fr if lang == "fr" else game.info.name_en
        out.write(t["no_chance"].format(name=name) + "\n")
    # At a table, the picture comes before the first die or card of each run of chance
    # events too: it says what is rolled or drawn (« Dés sur la caisse gauche : ? ? »).
    picture_due = True
    while match.state.to_move != TERMINAL:
        state = match.state
        seat = state.to_move
        legal = game.legal_actions(state)
        if seat != CHANCE and seat != args.seat:
            action = bots[seat].act(game.observe(state, seat), legal)
            out.write(_logged(module, seat, lang, game.describe(action, state, lang)) + "\n")
            match.apply(action)
            picture_due = True
            continue
        menu = legal
        secret = False
        shown = seat != CHANCE or picture_due
        picture = "\n" + game.render(state, lang, seat=args.seat) + "\n" if shown else "\n"
        if seat == CHANCE:
            # Dice and public cards as they are; at a secret draw every card this kind of
            # draw can give, not the ones left (`Game.table_outcomes`).
            menu = game.table_outcomes(state)
            secret = game.secret_chance(state)
            out.write(picture + f"{t['chance']}{t['colon'].rstrip()}\n")
            if secret:
                out.write(t["secret"] + "\n")
        else:
            out.write(
                picture + f"{t['your_turn']} ({_who(module, seat, lang)}){t['colon'].rstrip()}\n"
            )
        picture_due = seat != CHANCE
        for i, a in enumerate(menu, 1):
            out.write(f"  {i:3}. {game.describe(a, state, lang)}\n")
        prompt = t["chance_prompt"] if seat == CHANCE else t["choose"]
        while True:  # the same menu until a move is taken: a typo does not redraw it
            answer = _ask(prompt, read)
            if answer is None or answer == "q":
                out.write(t["bye"] + "\n")
                return 0
            if answer == "u":
                undone = _undo_to_person(match, args.seat)
                out.write((t["undone"] if undone else t["nothing"]) + "\n")
                if undone:
                    picture_due = True
                    break
                continue
            number = _number(answer, len(menu))
            if seat == CHANCE and answer == "r":
                chosen = game.sample_chance(state)
            elif number is not None:
                chosen = menu[number - 1]
            else:
                out.write(t["bad"] + "\n")
                continue
            try:
                match.apply(chosen)
            except IllegalActionError as e:  # a card of a secret draw that cannot be drawn now
                out.write(f"{e.reason(lang)}\n")
                continue
            # The log keeps the person's (or the table's) move too, as it keeps the bots';
            # a card the computer drew for a bot's hidden hand is not named.
            label = game.describe(chosen, state, lang)
            if secret and answer == "r" and not _seen_by(game, state, chosen, args.seat):
                label = t["face_down"]
            out.write(_logged(module, seat, lang, label) + "\n")
            break
    _result(module, match.state, lang, out)
    return 0


def _undo_to_person(match: Match, seat: int) -> bool:
    """Take back moves until it is the person's (or the table's) turn again."""
    if not match.history:
        return False
    match.undo()
    while match.history and match.state.to_move not in (seat, CHANCE):
        match.undo()
    return True


def _cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    from boardgames_fr.simulation import simulate

    if args.out:
        # Said before the games are played, not after: a typo costs no simulation. A path
        # ending in a separator names a folder, as an existing folder does: no file.
        folder = os.path.dirname(args.out) or "."
        if args.out.endswith(("/", os.sep)) or os.path.isdir(args.out):
            sys.stderr.write(f"boardgames-fr: --out: {args.out!r} is a folder, not a file\n")
            return 2
        if not os.path.isdir(folder):
            sys.stderr.write(f"boardgames-fr: --out: no folder {os.path.abspath(folder)!r}\n")
            return 2
    executor = None
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            sys.stderr.write("--scheduler needs dask: pip install 'boardgames-fr[distributed]'\n")
            return 2
        try:
            executor = Client(args.scheduler).get_executor()  # type: ignore[no-untyped-call]
        except OSError as e:  # no scheduler there (dask waits 30 s, then says so)
            sys.stderr.write(f"boardgames-fr: --scheduler: {e}\n")
            return 2
    results = simulate(
        args.game,
        args.agents,
        args.games,
        seed=args.seed,
        num_players=args.players,
        executor=executor,
        jobs=args.jobs,
        rotate=args.rotate,
        progress=not args.quiet,
        lang=args.lang,
    )
    # The table in the session's language; the CSV stays English (machine-readable).
    out.write(results.summary(args.lang) + "\n")
    if args.out:
        try:
            results.to_csv(args.out)
        except OSError as e:  # a folder, no write permission, a full disk: a message
            sys.stderr.write(f"boardgames-fr: --out: cannot write {args.out!r} ({e.strerror})\n")
            return 2
        # The singular: French for 0 and 1 (« 0 partie »), English for 1 only.
        one = results.games < 2 if args.lang == "fr" else results.games == 1
        key = "wrote_one" if one else "wrote"
        wrote = _LABELS[args.lang][key].format(games=results.games, path=args.out)
        out.write(wrote + "\n")
    return 0 if results.complete else 130


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="boardgames-fr", description="French tabletop games.")
    p.add_argument("--lang", choices=("fr", "en"), default="fr", help="language of labels")
    sub = p.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list the games")
    demo = sub.add_parser("demo", help="a whole game between bots, move by move")
    demo.add_argument("game", nargs="?", default="fromage", choices=GAME_IDS)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--players", type=int, default=None)
    demo.add_argument(
        "--agents",
        type=lambda s: s.split(","),
        default=["heuristic"],
        help=f"comma-separated agent names per seat, cycled ({', '.join(AGENT_NAMES)})",
    )
    play = sub.add_parser("play", help="play against bots at the terminal")
    play.add_argument("game", choices=GAME_IDS)
    play.add_argument("--seat", type=int, default=0, help="your seat, from 0")
    play.add_argument("--seed", type=int, default=1)
    play.add_argument("--players", type=int, default=None)
    play.add_argument("--bot", choices=AGENT_NAMES, default="heuristic")
    play.add_argument("--table", action="store_true", help="type in the real dice and cards")
    sim = sub.add_parser("simulate", help="many games between bots, with statistics")
    sim.add_argument("game", choices=GAME_IDS)
    sim.add_argument("--games", type=_positive, default=1000)
    sim.add_argument("--jobs", type=_positive, default=None, help="local worker processes")
    sim.add_argument(
        "--agents",
        type=lambda s: s.split(","),
        default=["heuristic", "random"],
        help="comma-separated agent names per seat, cycled",
    )
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--players", type=int, default=None)
    sim.add_argument("--rotate", action="store_true", help="rotate the agents' seats")
    sim.add_argument("--scheduler", default=None, help="a dask scheduler address")
    sim.add_argument("--out", default=None, help="write one row per game to this CSV file")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status.

    Example:
        >>> import io
        >>> buf = io.StringIO()
        >>> main(["list"], out=buf)
        0
        >>> "fromage" in buf.getvalue()
        True
    """
    out = out or sys.stdout
    args = _parser().parse_args(argv)
    if getattr(args, "agents", None):
        bad = [a for a in args.agents if a not in AGENT_NAMES]
        if bad:
            sys.stderr.write(f"unknown agent {bad[0]!r}; known: {', '.join(AGENT_NAMES)}\n")
            return 2
    try:
        if args.command == "list":
            return _cmd_list(args, out)
        if args.command == "demo":
            return _cmd_demo(args, out)
        if args.command == "simulate":
            return _cmd_simulate(args, out)
        return _cmd_play(args, out)
    except ValueError as e:  # bad player count or options: a message, not a traceback
        sys.stderr.write(f"boardgames-fr: {e}\n")
        return 2
    except KeyboardInterrupt:
        # Ctrl-C during a demo or a game: stop with the shell's status for it, no
        # traceback (`simulate` catches it itself and keeps the games finished).
        out.write("\n")
        return 130
    except BrokenPipeError:
        # The reader went away (`boardgames-fr demo | head`): stop quietly, as Unix tools
        # do; stdout is pointed at devnull so that Python's exit flush cannot fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
