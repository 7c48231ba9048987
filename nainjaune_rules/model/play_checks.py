"""Whole-ruleset checks of how a game goes on and ends.

The turn passes the way play goes, ``after a king`` names the top rank, the game's
length is given for the player counts it is played with, and a stated number of
deals is not usually cut short by an inherited ruin.  Its own room because these
checks read the course of the game, not what it is played with.  Registered in
:data:`nainjaune_rules.model.checks.CHECKS`.
"""

from __future__ import annotations

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.cards import rank_code
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter as Report
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.deal_checks import _counts, _counts_fr
from nainjaune_rules.model.words import words


def _check_turn(rs: r.Ruleset, report: Report) -> None:
    """The turn passes the way play goes: a side against the direction is a contradiction.

    With two players left and right are the same seat, so nothing can disagree.
    """
    if rs.turn is None or rs.turn.passes_to is r.Side.NEXT_IN_PLAY:
        return
    direction, side = rs.play_direction.direction, rs.turn.passes_to
    if side is _SIDE_OF_PLAY[direction] or max(rs.players.counts) <= 2:
        return
    side_said, way = words(side).language, words(direction).language
    right, next_ = words(_SIDE_OF_PLAY[direction]).language, words(r.Side.NEXT_IN_PLAY).language
    report(DK.CONTRADICTION,
           Words(f"the turn passes to {side_said}, but play goes {way}",
                 f"le tour passe à {q(side_said)}, mais le jeu va {q(way)}"), rs.turn.span,
           Words(f"write '{right}' or '{next_}'", f"écrivez {q(right)} ou {q(next_)}"))


#: the side of a player on which the next player in play sits
_SIDE_OF_PLAY = {r.Direction.CLOCKWISE: r.Side.LEFT, r.Direction.COUNTERCLOCKWISE: r.Side.RIGHT}


def _check_run_end(rs: r.Ruleset, report: Report) -> None:
    """``after a king`` names the king: warn when the king is not the top of the ranks."""
    clause, order = rs.after_king, rs.ranks.order
    if clause.top_rank:
        return
    hint = Words("write `after the top rank: the player leads a new run` to end runs on the "
                 "top rank",
                 f"écrivez {q('after the top rank: the player leads a new run')} pour "
                 "arrêter les suites sur le rang le plus haut")
    if 13 not in order:
        report(DK.RANK_NEVER_ENDS_RUN,
               Words("there is no king in the ranks, so `after a king` never ends a run",
                     f"il n’y a pas de roi dans les rangs, donc {q('after a king')} "
                     "n’arrête jamais une suite"),
               clause.span, hint)
    elif order[-1] != 13:
        above = " ".join(rank_code(x) for x in order[order.index(13) + 1:])
        report(DK.RANK_NEVER_CONTINUES,
               Words(f"a king ends every run, so the ranks above it ({above}) can never "
                     "continue one",
                     f"un roi arrête chaque suite, donc les rangs au-dessus ({above}) ne "
                     "peuvent jamais en continuer une"),
               clause.span, hint)


def _check_game_end(rs: r.Ruleset, report: Report) -> None:
    for condition in rs.game_end.conditions:
        if condition.kind is not r.EndKind.AFTER_DEALS:
            continue
        for count, _ in condition.deals:
            if count and count not in rs.players.counts:
                report(DK.CONTRADICTION,
                       Words(f"the game's length is given for {count} players, but the game "
                             f"is for {_counts(rs.players.counts)} players",
                             f"la durée de la partie est donnée pour {count} joueurs, mais le "
                             f"jeu se joue à {_counts_fr(rs.players.counts)} joueurs"),
                       rs.game_end.span,
                       Words(f"remove '{count} players' or allow that many players",
                             f"retirez {q(f'{count} players')} ou permettez autant de "
                             "joueurs"))
        for count in rs.players.counts:
            if condition.deals_for(count) is None:
                report(DK.DEAL_MISSING_COUNT,
                       Words(f"the game's length is not given for {count} players",
                             f"la durée de la partie n’est pas donnée pour {count} joueurs"),
                       rs.game_end.span,
                       Words(f"add '{count} players' to 'game ends: after …', or give one "
                             "number of deals for every count",
                             f"ajoutez {q(f'{count} players')} à "
                             f"{q('game ends: after …')}, ou donnez un seul nombre de donnes "
                             "pour tous les nombres de joueurs"))


def _check_reachable_length(rs: r.Ruleset, report: Report) -> None:
    """Warn when a stated number of deals is usually cut short by an inherited end.

    A ruleset that extends a ruin-ended game (fr-sheet: "cannot pay in full: pays what
    they have and the game ends") and states "game ends: after 10 deals" keeps the
    ruin: with no bank to buy from, the first debt a loser cannot pay in full ends the
    game.  It comes first in the usual game when the stakes of the stated deals alone
    are more than half of what a player starts with (the losers' payments come on top):
    fr-sheet for 10 deals, 15 staked a deal, reached the tenth deal in 0% of 100
    simulated games from 50 tokens, 28% from 200, 62% from 300, 100% from 1000.  Said
    only when the two clauses come from different files: a file that states both means
    them together.
    """
    lengths = [c for c in rs.game_end.conditions if c.kind is r.EndKind.AFTER_DEALS]
    shortfall = rs.cannot_pay
    if not lengths or shortfall.rule is not r.Shortfall.PAYS_AND_GAME_ENDS \
            or shortfall.defined_in == rs.game_end.defined_in:
        return
    deals = max(d for _, d in lengths[0].deals)
    # what one player stakes a deal: every player the whole board, or the dealer alone
    # once a round (of the fewest players, the most often)
    staked = rs.board.stake_total if rs.stakes.stakers is r.Stakers.EVERY_PLAYER else \
        -(-rs.board.stake_total // max(min(rs.players.counts, default=1), 1))
    tokens = rs.starting_tokens.count
    if 2 * deals * staked <= tokens:
        return
    where = f" (from {shortfall.defined_in})" if shortfall.defined_in else ""
    where_fr = f" (de {shortfall.defined_in})" if shortfall.defined_in else ""
    rule = f"cannot pay in full: {words(shortfall.rule).language}"
    report(DK.UNREACHABLE_LENGTH,
           Words(f"the game is to last {deals} deals, but a player who starts with {tokens} "
                 f"tokens stakes {deals * staked} over them before any payment, and the "
                 f"inherited '{rule}'{where} ends "
                 "the game at the first debt a player cannot pay in full, which usually comes "
                 "first",
                 f"la partie doit durer {deals} donnes, mais un joueur qui commence avec "
                 f"{tokens} jetons en mise {deals * staked} sur ces donnes avant tout "
                 f"paiement, et la clause héritée {q(rule)}{where_fr} finit la partie à la "
                 "première dette qu’un joueur ne peut pas payer en entier, qui vient "
                 "d’ordinaire avant"), rs.game_end.span,
           Words("to play every deal, add 'cannot pay in full: buys counters from the bank' "
                 "(or '… pays what they have and leaves the game'); 'nainjaune check "
                 "--simulate 300' counts the games that reach the last deal",
                 "pour jouer toutes les donnes, ajoutez "
                 f"{q('cannot pay in full: buys counters from the bank')} (ou "
                 f"{q('… pays what they have and leaves the game')}){NNBSP}; "
                 f"{q('nainjaune check --simulate 300')} compte les parties qui atteignent "
                 "la dernière donne"))
