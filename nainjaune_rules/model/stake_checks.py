"""Whole-ruleset checks of the tokens and the stakes.

The tokens a table starts with (no more than a transcript can count), their values
(a token of 1, a change clause only when there are several values), the kind of
token a payment asks for, and stakes no player could pay.  Its own room because
these checks read the money clauses only, and :data:`MAX_TOKENS` is the bound the
transcript schema shares.  Registered in :data:`nainjaune_rules.model.checks.CHECKS`.
"""

from __future__ import annotations

from nainjaune_rules.core.bilingual import NNBSP, Words, number_fr, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter as Report
from nainjaune_rules.model import rules as r

#: the most tokens any count of a game may reach (a balance, a payment, a box, a debt):
#: the largest integer every JSON reader (JavaScript's included) reads exactly.  The
#: transcript schema bounds its token counts by it (nainjaune_rules.schemas injects it)
MAX_TOKENS = 2**53 - 1


#: the tokens a table may start with, all players together: MAX_TOKENS with a margin of
#: a million for the counters a bank sells (debts grow with what players cannot pay)
MAX_TOKENS_AT_START = MAX_TOKENS >> 20


def _check_token_total(rs: r.Ruleset, report: Report) -> None:
    """No more tokens at the table than a transcript can record (MAX_TOKENS_AT_START)."""
    tokens = rs.starting_tokens
    players = max(rs.players.counts, default=1)
    if tokens.count * players > MAX_TOKENS_AT_START:
        total = tokens.count * players
        report(DK.TOO_MANY_TOKENS,
               Words(f"{players} players starting with {tokens.count} tokens "
                     f"each make {total:,} tokens at the table, more than the "
                     f"{MAX_TOKENS_AT_START:,} a game can count",
                     f"{players} joueurs commençant avec {tokens.count} jetons chacun font "
                     f"{number_fr(total)} jetons à la table, plus que les "
                     f"{number_fr(MAX_TOKENS_AT_START)} qu’une partie sait compter"),
               tokens.span, Words("start with fewer tokens", "commencez avec moins de jetons"))


def _check_tokens(rs: r.Ruleset, report: Report) -> None:
    """Token kinds: a token of 1 (so any amount can be paid), a change rule, payable kinds."""
    tokens = rs.starting_tokens
    kinds = [value for value, _many in tokens.denominations]
    if kinds and 1 not in kinds:
        report(DK.NO_UNIT_TOKEN,
               Words("no token is worth 1, so some amounts can never be paid",
                     "aucun jeton ne vaut 1, si bien que certains montants ne peuvent jamais "
                     "être payés"),
               tokens.span, Words("add tokens worth 1, e.g. `, 10 worth 1`",
                                  f"ajoutez des jetons valant 1, par exemple {q(', 10 worth 1')}"))
    several = len(set(kinds)) > 1  # `tokens: 50 worth 1` is one kind: nothing to change
    if several and rs.change is None:
        report(DK.MISSING_CLAUSE,
               Words("the tokens come in several values, but the ruleset never "
                     "says how change is made",
                     "les jetons ont plusieurs valeurs, mais la règle du jeu ne dit jamais "
                     "comment on fait la monnaie"), tokens.span,
               Words("add a clause such as: change: between players",
                     f"ajoutez une clause comme{NNBSP}: {q('change: between players')}"))
    if not several and rs.change is not None:
        report(DK.CHANGE_NEVER_MADE,
               Words("every token is worth 1, so change is never made",
                     "chaque jeton vaut 1, on ne fait donc jamais la monnaie"),
               rs.change.span,
               Words("list the tokens by value (`tokens: 5 worth 10, 20 worth 1`) "
                     "or remove the change clause",
                     f"listez les jetons par valeur ({q('tokens: 5 worth 10, 20 worth 1')}) "
                     "ou retirez la clause de la monnaie"))


def _check_payments_in_tokens(rs: r.Ruleset, report: Report) -> None:
    """A payment may require tokens of 1 only (any amount is payable in them)."""
    for effect in rs.effects:
        wanted = effect.action.in_tokens_of
        if wanted not in (0, 1):
            report(DK.UNPAYABLE_TOKENS,
                   Words(f"a payment in tokens of {wanted} is not supported: "
                         "payments may require tokens of 1 only",
                         f"un paiement en jetons de {wanted} n’est pas pris en charge{NNBSP}: "
                         "un paiement ne peut exiger que des jetons de 1"), effect.span,
                   Words("write `in tokens of 1`, or leave the kind of token free",
                         f"écrivez {q('in tokens of 1')}, ou laissez libre la sorte de jeton"))


def _check_stakes(rs: r.Ruleset, report: Report) -> None:
    """Warn when the stakes of one deal are more than a player starts with."""
    if rs.stakes.stakers is r.Stakers.EVERY_PLAYER and \
            r.deal_stakes(rs) > rs.starting_tokens.count:
        staked, start = r.deal_stakes(rs), rs.starting_tokens.count
        report(DK.STAKES_EXCEED_TOKENS,
               Words(f"each player stakes {staked} a deal but starts with {start} tokens",
                     f"chaque joueur mise {staked} par donne mais commence avec {start} "
                     "jetons"), rs.starting_tokens.span,
               Words("nobody could pay the first stakes",
                     "personne ne pourrait payer les premières mises"))
    elif rs.stakes.stakers is r.Stakers.BY_SEAT:  # per-seat stakes (issue #22)
        for who, times in ((Words("the dealer", "le donneur"), rs.stakes.dealer_times),
                           (Words("every other player", "chaque autre joueur"),
                            rs.stakes.other_times)):
            if rs.board.stake_total * times > rs.starting_tokens.count:
                board, start = rs.board.stake_total, rs.starting_tokens.count
                report(DK.STAKES_EXCEED_TOKENS,
                       Words(f"{who.en} stakes {board * times} a deal "
                             f"({times} × {board}) but starts with {start} tokens",
                             f"{who.fr} mise {board * times} par donne ({times} × {board}) "
                             f"mais commence avec {start} jetons"), rs.stakes.span,
                       Words("that player could not pay the first stakes",
                             "ce joueur ne pourrait pas payer les premières mises"))
                return
