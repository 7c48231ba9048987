"""The human seat's widow (issue 22, part 4): the dealer takes it unseen, or keeps their hand.

Asked once per deal, before the first lead, of the dealer alone, when the ruleset says
``extra hand: the dealer may exchange his hand for it unseen``.  The seat reads English or
French, as it does for its other words (``sans``/``passe``, ``aide``, ``oui``):

- ``exchange`` (``take``, ``échanger``, ``prendre``): take the widow, unseen, and lay one's
  own hand down in its place, where it becomes the dead hand;
- ``keep`` (``pass``, ``garder``, ``passe``): keep one's hand; the widow stays dead;
- ``?``/``help``/``aide`` explains it, ``hint`` gives the greedy bot's choice and why.
"""

from __future__ import annotations

from nainjaune_rules.core.wording import count
from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.moves import EXCHANGE, PASS, Move
from nainjaune_rules.players.human_view import CardStyle

TAKE = frozenset({"exchange", "take", "échanger", "echanger", "échange", "echange", "prendre",
                  "prends"})
KEEP = frozenset({"keep", "pass", "garder", "garde", "passe", "sans"})


def widow_lines(game: Game, style: CardStyle) -> list[str]:
    """The dealer's choice, as the seat is shown it."""
    seat = game.turn
    widow = count(game.talon.bit_count(), "card")
    return [f"--- deal {game.deal_no}: you deal, and may take the widow (seat {seat}) ---",
            f"  your hand: {style.cards(game.hand(seat))}",
            f"  the widow: {widow}, face down",
            "  your moves (type one; ? for help, hint for a suggestion):",
            f"    exchange  take the widow unseen; your hand "
            f"({count(game.hands[seat].bit_count(), 'card')}) becomes the dead hand",
            "    keep      keep your hand; the widow stays dead"]


def widow_help() -> list[str]:
    """What the choice means, in English and in French."""
    return [
        "  The widow is the extra hand dealt face down. Before the first lead the dealer may",
        "  take it without looking at it and lay their own hand face down in its place: that",
        "  hand is then dead, out of play, and a run that needs one of its cards stops there.",
        "  Type 'exchange' to take the widow, 'keep' to keep your hand.",
        "  La veuve est la main supplémentaire donnée face cachée. Avant la première entame,",
        "  le donneur peut la prendre sans la regarder et poser sa propre main à sa place :",
        "  cette main est alors morte, hors du jeu. Tapez 'échanger' pour prendre la veuve,",
        "  'garder' pour garder votre main.",
    ]


def widow_answer(text: str) -> Move | str:
    """The decision typed, or what is wrong with it."""
    word = text.strip().lower()
    if word in TAKE:
        return EXCHANGE
    if word in KEEP:
        return PASS
    return "type 'exchange' to take the widow or 'keep' to keep your hand ('?' for help)"


def widow_hint(game: Game) -> str:
    """What the greedy bot would do in this seat, and why."""
    from nainjaune_rules.players.greedy import GreedyPlayer

    bot = GreedyPlayer()
    view = game.view(game.turn)
    move = bot.pick(view, [EXCHANGE, PASS])
    typed = "exchange" if move is EXCHANGE else "keep"
    return f"  hint: the greedy bot would type {typed}: {bot.explain(view, move)}"
