"""Whole-ruleset checks of the board beyond its boxes: pools, trumps, turn-up, none.

A pool's name can key it in transcripts and is laid once; a pool of trumps or the
turn-up's box has the clause that turns trumps up; the Pope turned up names a pool
and a card of the deck; with ``board: none``, a clause about box cards does nothing
and, with no pool either, the stakes go nowhere (warnings).  Its own room because
these checks read the board's clauses together.
Registered in :data:`nainjaune_rules.model.checks.CHECKS`.
"""

from __future__ import annotations

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.cards import parse_card, rank_code
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter as Report
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.effect_checks import _ADD_RANK


def _laid_twice(name: str) -> Words:
    return Words(f"the pool {name!r} is won by laying one card twice",
                 f"la poule {q(name)} se gagne en posant deux fois la même carte")


# -- pools and an empty board (issue #22, item 3) -------------------------------------

#: the longest name of a pool (the transcript's schema holds it to this too)
MAX_POOL_NAME = 60


def _check_pools(rs: r.Ruleset, report: Report) -> None:
    """A pool's name keys it in transcripts: not empty, not a card code, not too long; a
    pair is two different cards of the deck."""
    ranks = set(rs.ranks.order)
    for pool in rs.pools:
        name = pool.name
        if not name.strip() or len(name) > MAX_POOL_NAME or parse_card(name) is not None:
            report(DK.BAD_POOL_NAME,
                   Words(f"the pool name {name!r} cannot name a pool",
                         f"{q(name)} ne peut pas nommer une poule"), pool.span,
                   Words(f"give it a name of 1 to {MAX_POOL_NAME} characters that is not a "
                         'card code, e.g. pool "Game"',
                         f"donnez-lui un nom de 1 à {MAX_POOL_NAME} caractères qui ne soit "
                         "pas un code de carte, par exemple " + q('pool "Game"')))
        if len(set(pool.cards)) != len(pool.cards):
            report(DK.CONTRADICTION, _laid_twice(name), pool.span,
                   Words("name two different cards: K and Q of one suit, say KD and QD",
                         f"nommez deux cartes différentes{NNBSP}: le roi et la dame d’une "
                         "couleur, disons KD et QD"))
        if len(set(pool.trump_ranks)) != len(pool.trump_ranks):
            report(DK.CONTRADICTION, _laid_twice(name), pool.span,
                   Words("name two different ranks: K and Q of trumps",
                         f"nommez deux rangs différents{NNBSP}: K et Q d’atout"))
        needs = [c.rank for c in pool.cards] + list(pool.trump_ranks)
        for rank in needs:
            if rank not in ranks:
                code = rank_code(rank)
                report(DK.BOX_NOT_DEALT,
                       Words(f"the pool {name!r} needs a card of rank "
                             f"{code}, which is not in this deck: nobody can win it",
                             f"la poule {q(name)} demande une carte de rang {code}, qui "
                             f"n’est pas dans ce jeu{NNBSP}: personne ne peut la gagner"),
                       pool.span, Words("add the rank to 'ranks' or name other cards",
                                        f"ajoutez le rang à {q('ranks')} ou nommez d’autres "
                                        "cartes"))


def _check_trumps_named(rs: r.Ruleset, report: Report) -> None:
    """A pool of trump cards, or the turn-up's box, needs the clause that turns trumps up
    (issue #22, item 6)."""
    if rs.trumps is not None:
        return
    hint = Words("add: trumps: the last card dealt is turned up",
                 f"ajoutez{NNBSP}: {q('trumps: the last card dealt is turned up')}")
    for pool in rs.pools:
        if pool.trump_ranks:
            report(DK.UNDEFINED,
                   Words(f"the pool {pool.name!r} names trumps, but the ruleset never "
                         "says what trumps are",
                         f"la poule {q(pool.name)} nomme l’atout, mais la règle du jeu ne "
                         "dit jamais ce qu’est l’atout"), pool.span, hint)
    for clause in (rs.turn_up_box, rs.turn_up_bonus):
        if clause is not None:
            report(DK.UNDEFINED,
                   Words("this names the turn-up, but no card is turned up",
                         "ceci nomme la retourne, mais aucune carte n’est retournée"),
                   clause.span, hint)


def _check_turn_up_bonus(rs: r.Ruleset, report: Report) -> None:
    """The Pope turned up names a pool of the ruleset and a card of the deck."""
    bonus = rs.turn_up_bonus
    if bonus is None:
        return
    names = [p.name for p in rs.pools]
    if bonus.pool not in names:
        listed = ", ".join(names)
        report(DK.UNDEFINED,
               Words(f"the dealer takes the pool {bonus.pool!r}, but the ruleset has "
                     "no such pool",
                     f"le donneur prend la poule {q(bonus.pool)}, mais la règle du jeu n’a "
                     "pas cette poule"), bonus.span,
               Words(f"its pools: {listed}", f"ses poules{NNBSP}: {listed}") if names else
               Words('add one: pool "Game": stake 1, won by the deal\'s winner',
                     f"ajoutez-en une{NNBSP}: "
                     + q('pool "Game": stake 1, won by the deal\'s winner')))
    if bonus.card.rank not in rs.ranks.order:
        code, rank = bonus.card.code, rank_code(bonus.card.rank)
        report(DK.BOX_NOT_DEALT,
               Words(f"{code} is never dealt, so never turned up: "
                     f"rank {rank} is not in this deck",
                     f"{code} n’est jamais distribuée, donc jamais retournée{NNBSP}: le rang "
                     f"{rank} n’est pas dans ce jeu"), bonus.span, _ADD_RANK)


def _check_empty_board(rs: r.Ruleset, report: Report) -> None:
    """``board: none``: a clause about box cards does nothing, and with no pool either the
    stakes go nowhere (warnings: the game still plays)."""
    if rs.board.boxes:
        return
    hint = Words("give the board a box ('board:' then 7D \"Nain Jaune\": stake 5) or drop "
                 "the clause",
                 f"donnez une case au tableau ({q('board:')} puis "
                 + q('7D "Nain Jaune": stake 5') + ") ou retirez la clause")
    for a in rs.announcements:
        if r.CardClass.BOX_CARD in a.cards:
            report(DK.NO_BOXES,
                   Words("this announces box cards, but the board has none",
                         "ceci annonce des cartes du tableau, mais le tableau n’en a aucune"),
                   a.span, hint)
    for e in rs.effects:
        takes = e.action.kind in (r.ActionKind.TAKE_BOX, r.ActionKind.HONOURS_DOUBLE_BOX)
        if r.CardClass.BOX_CARD in e.event.cards or takes:
            report(DK.NO_BOXES,
                   Words("this is about box cards, but the board has none",
                         "ceci parle des cartes du tableau, mais le tableau n’en a aucune"),
                   e.span, hint)
    if not rs.pools:
        report(DK.NO_BOXES,
               Words("the players stake each deal, but the board has no box and no "
                     "pool to stake into",
                     "les joueurs misent à chaque donne, mais le tableau n’a ni case ni "
                     "poule où miser"), rs.stakes.span,
               Words('add a pool (pool "Game": stake 1, won by the deal\'s winner) or a box',
                     "ajoutez une poule ("
                     + q('pool "Game": stake 1, won by the deal\'s winner') + ") ou une case"))
