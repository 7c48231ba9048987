"""The words of the tokens and the end: how losers pay, a player who cannot pay in full,
change, the winner, the end conditions and the steps of the settlement.

Tables of :mod:`nainjaune_rules.model.words` (its ``TABLES``, where every importer reads
them); the fields of an entry are told there.
"""

from __future__ import annotations

from nainjaune_rules.core.kinds import (
    END_PHRASES,
    Basis,
    ChangeRule,
    EndKind,
    SettlementStep,
    Shortfall,
    Winner,
    end_alias,
)
from nainjaune_rules.model.wordbook import EnumWords, Words
from nainjaune_rules.model.wordbook import enum_table as _table

BASIS: EnumWords = _table(Basis, {
    Basis.POINTS: Words(
        alias='losers_pay_points', language='their points',
    ),
    Basis.CARDS: Words(
        alias='losers_pay_cards', language='{amount} per card',
    ),
})

SHORTFALL: EnumWords = _table(Shortfall, {
    Shortfall.PAYS_WHAT_THEY_HAVE: Words(
        alias='cannot_pay', language='pays what they have',
        prose='pays what they have left, and the game goes on', short='pays what is left',
        prose_fr='paie ce qui lui reste, et la partie continue', short_fr='paie ce qui reste',
    ),
    Shortfall.PAYS_AND_GAME_ENDS: Words(
        alias='then_game_ends', language='pays what they have and the game ends',
        prose='pays what they have left, and the game ends there',
        short='pays what is left; game ends',
        prose_fr="paie ce qui lui reste, et la partie s'arrête là",
        short_fr='paie ce qui reste ; fin de la partie',
    ),
    Shortfall.PAYS_AND_LEAVES: Words(
        alias='then_leaves', language='pays what they have and leaves the game',
        prose='pays what they have left and drops out of the game',
        short='pays what is left; leaves', prose_fr='paie ce qui lui reste et quitte la partie',
        short_fr='paie ce qui reste ; se retire',
    ),
    Shortfall.BUYS_FROM_BANK: Words(
        alias='buys_from_bank', language='buys counters from the bank',
        prose=(
            'buys the missing counters from the bank and pays in full; what they bought counts '
            'against them at the end of the game'
        ), short='buys counters from the bank',
        prose_fr=(
            'achète à la banque les jetons qui lui manquent et paie ; ses achats comptent '
            'contre lui à la fin de la partie'
        ), short_fr='achète des jetons à la banque',
    ),
})

CHANGE: EnumWords = _table(ChangeRule, {
    ChangeRule.FROM_THE_BANK: Words(
        alias='change_bank', language='from the bank',
        prose='the bank changes one of their tokens for as many tokens of 1', short='from the bank',
        prose_fr="la banque lui change l'un de ses jetons contre autant de jetons de 1",
        short_fr='monnaie par la banque',
    ),
    ChangeRule.BETWEEN_PLAYERS: Words(
        alias='change_players', language='between players',
        prose=(
            'they swap one of their tokens for as many tokens of 1 with the player they pay, '
            'or else with another player who has them'
        ), short='between players',
        prose_fr=(
            "il échange l'un de ses jetons contre autant de jetons de 1 avec le joueur qu'il "
            'paie, ou sinon avec un autre joueur qui en a'
        ), short_fr='monnaie entre joueurs',
    ),
    ChangeRule.NONE: Words(
        alias='change_none', language='none',
        prose=(
            'nobody changes tokens: what they cannot pay exactly is not paid, as if they could '
            'not pay in full'
        ), short='no change',
        prose_fr=(
            "personne ne fait la monnaie : ce qu'il ne peut pas payer exactement n'est pas "
            "payé, comme s'il ne pouvait pas payer en entier"
        ), short_fr='pas de monnaie',
    ),
})

WINNER: EnumWords = _table(Winner, {
    Winner.MOST_TOKENS: Words(
        alias='winner', language='most tokens', prose='most tokens', prose_fr='le plus de jetons',
    ),
})


def _end(kind: EndKind) -> tuple[str, str]:
    """An end condition's grammar alias and words in the language, from ``core.kinds``."""
    return end_alias(kind), END_PHRASES[kind]


#: ``forms['ended']``, ``forms['ended_fr']``: the words for what ended a game this condition
#: ended ("games ended by: the deal count (200)"), English and French
END: EnumWords = _table(EndKind, {
    EndKind.AFTER_DEALS: Words(
        *_end(EndKind.AFTER_DEALS), prose='after {deals}', short='after {deals}',
        prose_fr='après {deals}', short_fr='après {deals}',
        forms={'ended': 'the deal count', 'ended_fr': 'le nombre de donnes atteint'},
    ),
    EndKind.CANNOT_STAKE: Words(
        *_end(EndKind.CANNOT_STAKE),
        prose='as soon as a player cannot put up the stakes of a new deal',
        short='a player cannot stake',
        prose_fr="dès qu'un joueur ne peut plus fournir les mises d'une nouvelle donne",
        short_fr='un joueur ne peut plus miser',
        forms={'ended': 'a player who cannot stake',
               'ended_fr': 'un joueur ne peut plus miser'},
    ),
    EndKind.NO_TOKENS: Words(
        *_end(EndKind.NO_TOKENS),
        prose='when a player has no tokens left at the start of a deal',
        short='a player has no tokens',
        prose_fr="quand un joueur n'a plus de jetons au début d'une donne",
        short_fr="un joueur n'a plus de jetons",
        forms={'ended': 'a player with no tokens', 'ended_fr': "un joueur n'a plus de jetons"},
    ),
})

SETTLEMENT_STEP: EnumWords = _table(SettlementStep, {  # the grammar: -> step_<name>
    # prose: the step in a player's words, as the page's settlement sentence lists it
    SettlementStep.LOSERS_PAY: Words(
        alias='step_losers_pay', language='losers pay', prose='the losers pay the winner',
        short='losers pay',
        prose_fr='les perdants paient le gagnant', short_fr='les perdants paient'),
    SettlementStep.OTHERS_PAY: Words(
        alias='step_others_pay', language='each other player pays',
        prose="each other player pays the winner the fixed amount the deal's end calls for",
        short="others' payments",
        prose_fr='chacun des autres joueurs paie au gagnant la somme fixe due en fin de donne',
        short_fr='paiements des autres'),
    SettlementStep.OPERA_SWEEP: Words(
        alias='step_opera_sweep', language='the opera sweep',
        prose='after an opéra, the winner takes every box', short='opéra sweep',
        prose_fr='après un opéra, le gagnant prend toutes les cases', short_fr='opéra'),
    SettlementStep.HONOURS: Words(
        alias='step_honours', language='honours left in hand',
        prose='whoever still holds a box card doubles its box', short='honours',
        prose_fr='qui garde encore une carte du tableau double sa case', short_fr='honneurs'),
    SettlementStep.LEFTOVERS: Words(
        alias='step_leftovers', language='leftovers',
        prose='the winner takes the tokens left on the board', short='leftovers',
        prose_fr='le gagnant prend les jetons restés sur le tableau', short_fr='restes'),
})
