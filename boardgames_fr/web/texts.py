"""What the server says to a player, in French and English: refusals and log words.

The page's own words (buttons, titles) live in ``static/app.js``; these are the words the
JSON API sends, so that a refusal reaches the player in the page's language.
"""

from __future__ import annotations

__all__ = ["LANGS", "say"]

LANGS = ("fr", "en")

_TEXTS: dict[str, dict[str, str]] = {
    "fr": {
        "bad_json": "la requête n'est pas du JSON valide",
        "bad_body": "la requête doit être un objet JSON",
        "too_big": "la requête est trop grosse (au plus {limit} octets)",
        "unknown_game": "jeu inconnu : {game!r} ; jeux connus : {known}",
        "bad_players": "{name} se joue à {allowed}, pas à {count}",
        "bad_option": "option refusée : {why}",
        "bad_seats": "il faut une place par joueur ({count}), chacune « here », « remote » ou "
        "« bot »",
        "bad_bot": "bot inconnu : {bot!r} ; bots connus : {known}",
        "bad_chance": "le hasard est « auto » ou « explicit », pas {chance!r}",
        "bad_seed": "la graine doit être un nombre entier",
        "no_match": "cette partie n'existe pas ou a expiré",
        "no_replay": "ce replay n'existe pas ou a expiré",
        "bad_key": "clé absente ou fausse : cette page n'a pas accès à cette partie",
        "host_only": "seul l'écran qui a créé la partie peut faire cela",
        "too_many": "trop de parties en cours sur ce serveur ({limit}) : réessayez plus tard",
        "stale": "la partie a avancé depuis l'affichage : regardez à nouveau",
        "not_your_turn": "ce n'est pas à vous de jouer",
        "bad_action": "ce coup n'est pas reconnu : {why}",
        "not_in_menu": "ce coup n'est pas proposé maintenant",
        "over": "la partie est finie : plus aucun coup",
        "nothing_to_undo": "rien à reprendre",
        "undo_chance": "impossible de reprendre : un dé ou une carte a été révélé depuis ce coup",
        "undo_other": "impossible de reprendre : un autre joueur a joué depuis",
        "nothing_to_redo": "rien à rejouer",
        "bad_save": "cette sauvegarde ne se charge pas : {why}",
        "save_hidden": "la sauvegarde contient la graine, donc les cartes cachées : elle n'est "
        "disponible qu'à la fin d'une partie avec des joueurs à distance",
        "bad_step": "il n'y a pas de coup n° {step} dans ce replay",
        "chance": "Hasard",
        "face_down": "une carte est piochée (non montrée ici)",
        "hidden_move": "joue un coup que vous ne voyez pas",
        "start": "Début de la partie",
    },
    "en": {
        "bad_json": "the request is not valid JSON",
        "bad_body": "the request must be a JSON object",
        "too_big": "the request is too large (at most {limit} bytes)",
        "unknown_game": "unknown game: {game!r}; known games: {known}",
        "bad_players": "{name} is for {allowed}, not {count}",
        "bad_option": "option refused: {why}",
        "bad_seats": "one seat per player ({count}) is needed, each 'here', 'remote' or 'bot'",
        "bad_bot": "unknown bot: {bot!r}; known bots: {known}",
        "bad_chance": "chance is 'auto' or 'explicit', not {chance!r}",
        "bad_seed": "the seed must be a whole number",
        "no_match": "this game does not exist or has expired",
        "no_replay": "this replay does not exist or has expired",
        "bad_key": "missing or wrong key: this page has no access to this game",
        "host_only": "only the screen that created the game can do that",
        "too_many": "too many games on this server ({limit}): try again later",
        "stale": "the game has moved on since this was shown: look again",
        "not_your_turn": "it is not your turn",
        "bad_action": "this move is not understood: {why}",
        "not_in_menu": "this move is not offered now",
        "over": "the game is over: no more moves",
        "nothing_to_undo": "nothing to take back",
        "undo_chance": "cannot take back: a die or a card has been revealed since that move",
        "undo_other": "cannot take back: another player has played since",
        "nothing_to_redo": "nothing to redo",
        "bad_save": "this save does not load: {why}",
        "save_hidden": "a save holds the seed, hence the hidden cards: it is only available "
        "at the end of a game with remote players",
        "bad_step": "there is no move {step} in this replay",
        "chance": "Chance",
        "face_down": "a card is drawn (not shown here)",
        "hidden_move": "plays a move you cannot see",
        "start": "Start of the game",
    },
}


def say(lang: str, key: str, **values: object) -> str:
    """The sentence ``key`` in ``lang`` ("fr" or "en"; anything else reads as "fr").

    Example:
        >>> say("en", "too_big", limit=10)
        'the request is too large (at most 10 bytes)'
    """
    texts = _TEXTS["en" if lang == "en" else "fr"]
    return texts[key].format(**values)
