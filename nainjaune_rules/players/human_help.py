"""The human seat's answers: ``help``, ``rules``, ``hint``, and the settlement told line by line.

``help`` says what matters now (what the run needs, what stops a run, what is
at stake on the board and in the player's hand); ``rules`` prints the
ruleset in brief; ``hint`` asks the ``greedy`` bot what it would play and why;
at the end of a deal :class:`.settlement_told.Settlement` explains each payment.
"""

from __future__ import annotations

from collections.abc import Callable

from nainjaune_rules.core.cards import Card
from nainjaune_rules.core.wording import count
from nainjaune_rules.engine.game import Game, Phase
from nainjaune_rules.engine.moves import Move
from nainjaune_rules.engine.steps import OthersPay
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.players.human_view import (
    CardStyle,
    announcement_stakes,
    board_text,
    call_word,
    move_entry,
    run_needs,
    safe_names,
)

# the settlement told line by line lives in its own module; its old home still names it
from nainjaune_rules.players.settlement_told import Settlement as Settlement

COMMANDS = [
    "  commands:",
    "    QS, 10d, q♠   play that card (rank A 2..10 J Q K, then suit C♣ D♦ H♥ S♠)",
    "    QS!           play it and say its announcement (or type the card and its words)",
    "    sans, pass    stop your run, or do not continue someone else's",
    "    hand, board   show your hand, or the board and the others' cards and tokens",
    "    history       what has been played this deal",
    "    hint          what the greedy bot would play, and why",
    "    rules         the rules of this game, in brief",
    "    help, ?       this help;  quit  leaves the game",
]

#: a ruleset in brief, one line per rule (the ``play`` command passes the site's prose)
RulesText = Callable[[Ruleset], list[str]]


def plain_rules(ruleset: Ruleset) -> list[str]:
    """The ruleset in its own language, without citations: the brief when no prose is given."""
    from nainjaune_rules.model.resolve import clauses_of
    from nainjaune_rules.model.writer import clause_line

    return [clause_line(c) for c in clauses_of(ruleset).values()]


def _now(game: Game, style: CardStyle) -> str:
    t = game.t
    climb = "one rank at a time" + (" in the same suit" if t.same_suit else ", any suit")
    if game.phase is Phase.LEAD:
        return f"  now: you lead: any card starts a run, which climbs {climb}"
    needs = run_needs(game, style)
    must = t.play_on_compulsory if game.phase is Phase.PLAY_ON else t.continuing_compulsory
    if game.phase is Phase.PLAY_ON:
        return (f"  now: the run needs {needs}; you may go on with it, or stop"
                f" (\"{call_word(game, 'stopping', 'sans')} …\")"
                + ("; holding it, you must play it" if must else ""))
    return (f"  now: seat {game.last} stopped; the run needs {needs}: you may continue it"
            + ("; holding it, you must" if must else ", or pass"))


def _stops(game: Game, style: CardStyle) -> list[str]:
    t = game.t
    word = call_word(game, "stopping", "sans")
    lines = [f'  "{word} 8" ("without the 8") is said when you stop: you do not go on with'
             " the next card of the run, and the turn passes"]
    stops = [c for c in range(t.card_count) if t.stop_mask >> c & 1]
    if stops:
        lines.append(f"  stop cards: {style.cards(stops)} end the run; their player leads anew")
    if t.king_restarts:
        lines.append("  a king ends the run too; its player leads anew")
    lines.append("  a run also stops when nobody holds the next card (it may be in the talon)")
    return lines


def _stakes(game: Game, seat: int, style: CardStyle) -> list[str]:
    t = game.t
    lines = ["  the first player with no card left wins the deal; the others pay for"
             " the cards they still hold",
             f"  at stake on the board: {board_text(game, style)}"
             f" ({count(sum(game.board), 'token')})"]
    hand = game.hands[seat]
    for card in sorted(t.announce_words):
        if hand >> card & 1:
            gains, lost = announcement_stakes(game, card)
            if gains or lost:
                lines.append(f"  you hold {style.card(card)}: type {move_entry_code(card)} to"
                             f" announce it ({'; '.join(gains) or 'nothing to win'};"
                             f" forgetting loses {'; '.join(lost) or 'nothing'})")
    return lines + by_outcome(game, seat, style)


def by_outcome(game: Game, seat: int, style: CardStyle) -> list[str]:
    """Payments by seat and by outcome (issue #22): what this seat staked if the seats stake
    differently, the cards that pay more gone out with, and an exemption it holds."""
    t = game.t
    lines = []
    if t.dealer_stake_times != t.other_stake_times:
        times = t.stake_times(seat, game.dealer)
        lines.append(f"  stakes: the dealer stakes each box {count(t.dealer_stake_times, 'time')},"
                     f" the others {count(t.other_stake_times, 'time')}; you staked"
                     f" {count(times * t.stake_total, 'token')} this deal")
    pay = t.payment
    if pay.out_double:
        lines.append(f"  going out with {style.cards(_cards(pay.out_double))} doubles what"
                     " each loser pays")
    for step in t.settlement:
        for mask, amount in step.out_amounts if isinstance(step, OthersPay) else ():
            lines.append(f"  going out with {style.cards(_cards(mask))} brings"
                         f" {count(amount, 'token')} from each other player")
    held = game.hands[seat] & pay.holder_exempt
    if held:
        lines.append(f"  you hold {style.cards(_cards(held))}: while you do, you pay nothing"
                     " for your cards left when another player goes out")
    return lines


def _cards(mask: int) -> list[int]:
    return [c for c in range(52) if mask >> c & 1]


def move_entry_code(card: int) -> str:
    return Card.from_index(card).code + "!"


def help_lines(game: Game, seat: int, style: CardStyle) -> list[str]:
    return COMMANDS + [_now(game, style)] + _stops(game, style) + _stakes(game, seat, style)


def hint_line(game: Game, legal: list[Move], strict: bool) -> str:
    """What the ``greedy`` bot would play in this seat, and why."""
    from nainjaune_rules.players.greedy import GreedyPlayer

    bot = GreedyPlayer()
    view = game.view(game.turn)  # the bot sees what the seat sees
    move = bot.pick(view, legal)
    return (f"  hint: the greedy bot would type {move_entry(move, game, strict)}: "
            f"{bot.explain(view, move)}")


def names_line(game: Game) -> str:
    """The rank words of the variant, as called at the table."""
    return "  the ranks are called: " + ", ".join(safe_names(game))
