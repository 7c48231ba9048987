"""The words of every enumeration of the language, each value declared once.

One table per enumeration of :mod:`nainjaune_rules.core.kinds` and for the action
kinds of :mod:`nainjaune_rules.core.actions`, each value with everything said about it:

- ``alias``: the grammar alternative (or terminal) that reads it; a test proves the
  grammar's alternatives and these aliases are the same sets, and that every
  ``language`` phrase parses;
- ``language``: its words in the ruleset language, as ``show`` prints them (with
  ``{cards}``, ``{deals}``, ``{then}``, ``{amount}`` where the phrase holds more);
- ``prose`` / ``short``: the site's sentence part and table cell, in English;
  ``prose_fr`` / ``short_fr`` the same in French;
- ``label`` / ``label_fr``: the comparison's row label, where the value has a row;
- ``forms``: any other form a consumer needs (a plural, a seat seen from the player
  whose turn ends ...).

The writer, the checks, the statistics' clause names and French words, the human
seat and the docs' vocabulary tables read them from here: the action kinds' words
included (:data:`ACTION`, written in :mod:`nainjaune_rules.model.action_words`; their
phrases and events are in :mod:`nainjaune_rules.core.actions`), and the end conditions'
(:data:`END`, their phrases in ``core.kinds.END_PHRASES``).  :class:`Words` and the
check that a table holds every value are :mod:`nainjaune_rules.model.wordbook`'s.
``tests/language/test_lang_registry.py`` holds every value to a complete entry; the
recipe for a new kind is in ``notes/CONTRACT.md`` ("Adding a rule kind").

>>> words(Side.RIGHT).language
'the player on the right'
>>> column(Forfeit, "language")[Forfeit.THE_BOX]
'the box'
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar

from nainjaune_rules.core.actions import ActionKind
from nainjaune_rules.core.kinds import (
    END_PHRASES,
    Basis,
    CallMoment,
    CardClass,
    ChangeRule,
    Direction,
    EndKind,
    EventKind,
    Evidence,
    ExtraHandRule,
    FirstDealerRule,
    Forfeit,
    OperaKind,
    PoolWin,
    SettlementStep,
    Shortfall,
    Side,
    Stakers,
    WhenSkipFails,
    WhenStuck,
    WildOutOfTurn,
    Winner,
    end_alias,
    slots,
)
from nainjaune_rules.model.action_words import ACTION as ACTION
from nainjaune_rules.model.action_words import PHRASE_MEANINGS as PHRASE_MEANINGS
from nainjaune_rules.model.wordbook import EnumWords as EnumWords
from nainjaune_rules.model.wordbook import Words as Words
from nainjaune_rules.model.wordbook import enum_table as _table

if TYPE_CHECKING:
    from nainjaune_rules.model.rules import EndCondition

E = TypeVar("E", bound=Enum)


DIRECTION: EnumWords = _table(Direction, {
    Direction.CLOCKWISE: Words(
        alias='DIRECTION', language='clockwise', prose='clockwise (to the left)',
        prose_fr="dans le sens des aiguilles d'une montre (vers la gauche)",
        short_fr='sens horaire',
    ),
    Direction.COUNTERCLOCKWISE: Words(
        alias='DIRECTION', language='counterclockwise', prose='counterclockwise (to the right)',
        prose_fr="dans le sens inverse des aiguilles d'une montre (vers la droite)",
        short_fr='sens antihoraire',
    ),
})

SIDE: EnumWords = _table(Side, {
    Side.LEFT: Words(
        alias='side', language='the player on the left', prose="the player on the dealer's left",
        short='left of the dealer', prose_fr='le joueur placé à gauche du donneur',
        short_fr='à gauche du donneur',
        forms={
            'to_fr': 'au voisin de gauche du donneur',
            'turn': 'the player on their left',
            'turn_short': 'passes to the left',
            'turn_fr': 'au joueur à sa gauche',
            'turn_short_fr': 'passe à gauche',
        },
    ),
    Side.RIGHT: Words(
        alias='side', language='the player on the right', prose="the player on the dealer's right",
        short='right of the dealer', prose_fr='le joueur placé à droite du donneur',
        short_fr='à droite du donneur',
        forms={
            'to_fr': 'au voisin de droite du donneur',
            'turn': 'the player on their right',
            'turn_short': 'passes to the right',
            'turn_fr': 'au joueur à sa droite',
            'turn_short_fr': 'passe à droite',
        },
    ),
    Side.NEXT_IN_PLAY: Words(
        alias='next_in_play', language='the next player in play',
        prose='the player after the dealer in the order of play', short='next in play',
        prose_fr="le joueur qui suit le donneur dans l'ordre du jeu",
        short_fr='suivant dans le jeu',
        forms={
            'to_fr': "au joueur qui suit le donneur dans l'ordre du jeu",
            'turn': 'the next player in the order of play',
            'turn_short': 'passes to the next in play',
            'turn_fr': "au joueur suivant dans l'ordre du jeu",
            'turn_short_fr': 'passe au suivant dans le jeu',
        },
    ),
})

FIRST_DEALER: EnumWords = _table(FirstDealerRule, {
    FirstDealerRule.BY_LOT: Words(
        alias='by_lot', language='by lot', prose='The players draw lots for the first dealer.',
        short='by lot', prose_fr='Le sort désigne le premier donneur.', short_fr='au sort',
    ),
    FirstDealerRule.FIRST_SEAT: Words(
        alias='first_seat', language='the first seat',
        prose='The players agree who deals first.',
        short='agreed at the table',
        prose_fr='Les joueurs conviennent de qui donne le premier.',
        short_fr='convenu à table',
    ),
})

STAKERS: EnumWords = _table(Stakers, {
    Stakers.EVERY_PLAYER: Words(
        alias='every_player', language='every player', prose='every player',
        short='every player', prose_fr='chaque joueur', short_fr='chaque joueur'),
    Stakers.DEALER_ONLY: Words(
        alias='dealer_only', language='the dealer only', prose='the dealer alone',
        short='dealer only', prose_fr='le donneur seul', short_fr='le donneur seul'),
    # per-seat stakes (issue #22): {dealer_times}, {other_times} are the clause's numbers
    Stakers.BY_SEAT: Words(
        alias='stakes_by_seat',
        language='the dealer {dealer_times}, every other player {other_times}',
        prose='the dealer {dealer_times} times over and every other player '
              '{other_times} times over',
        short='dealer ×{dealer_times}, others ×{other_times}',
        prose_fr='le donneur {dealer_times} fois et chacun des autres {other_times} fois',
        short_fr='donneur ×{dealer_times}, autres ×{other_times}'),
})

# -- pools (issue #22, item 3) ------------------------------------------------------
POOL_WIN: EnumWords = _table(PoolWin, {
    PoolWin.DEAL_WINNER: Words(
        alias='pool_deal_winner', language="the deal's winner",
        prose='the player who goes out takes it as the deal ends',
        prose_fr='le joueur qui se défait le premier de ses cartes la ramasse à la fin de la donne',
        short='the deal\'s winner', short_fr='le gagnant de la donne',
    ),
    PoolWin.CARDS: Words(
        alias='pool_cards_win', language='a player who plays {pair}',
        prose='the player who lays {pair} in one deal takes it as the last of them is laid',
        prose_fr='le joueur qui pose {pair} dans la même donne la ramasse en posant la dernière',
        short='one player lays {pair}', short_fr='un joueur pose {pair}',
    ),
})

WHEN_STUCK: EnumWords = _table(WhenStuck, {
    WhenStuck.LAST_PLAYER_LEADS: Words(
        alias='stuck_last_leads', language='the last player leads a new run',
    ),
    WhenStuck.NEXT_RANK: Words(
        alias='stuck_next_rank', language='the last player goes on with the next rank, then {then}',
    ),
})

WHEN_SKIP_FAILS: EnumWords = _table(WhenSkipFails, {
    WhenSkipFails.SKIP_AGAIN: Words(alias='skip_again', language='skips again'),
    WhenSkipFails.LAST_PLAYER_LEADS: Words(alias='skip_then_leads', language='leads a new run'),
})

WILD_OUT_OF_TURN: EnumWords = _table(WildOutOfTurn, {
    WildOutOfTurn.ENDS_RUN: Words(
        alias='wild_ends_run', language='ends the run',
        prose='it ends the run, and its player starts a new one', short='ends the run',
        prose_fr='il arrête la suite, et son joueur repart', short_fr='arrête la suite',
    ),
    WildOutOfTurn.CONTINUES_RUN: Words(
        alias='wild_continues_run', language='continues the run',
        prose='it stands for the rank the run needs, and the run goes on',
        short='continues the run',
        prose_fr="il tient lieu de la hauteur qu'attend la suite, et la suite continue",
        short_fr='continue la suite',
    ),
})

FORFEIT: EnumWords = _table(Forfeit, {
    Forfeit.THE_BOX: Words(
        alias='forfeit_box', language='the box',
        prose='the box is not taken and stays on the board for the next deal',
        prose_fr=(
            'il ne ramasse pas la case, dont la mise reste sur le tableau pour la donne '
            'suivante'
        ), short_fr="l'oubli coûte la case",
    ),
    Forfeit.THE_WINNINGS: Words(
        alias='forfeit_winnings', language='the winnings',
        prose='the player loses everything the card would have won: its box and any payment',
        prose_fr='il perd tout ce que la carte lui aurait rapporté : sa case et tout paiement',
        short_fr="l'oubli coûte les gains",
    ),
    Forfeit.NOTHING: Words(
        alias='forfeit_nothing', language='nothing', prose='nothing is lost',
        prose_fr='il ne perd rien', short_fr="l'oubli ne coûte rien",
    ),
})

CARD_CLASS: EnumWords = _table(CardClass, {
    CardClass.BOX_CARD: Words(
        alias='box_cards', language='a box card', prose='a box card',
        prose_fr='une carte du tableau',
        forms={
            'plural': 'box cards',
        },
    ),
    CardClass.STOP_CARD: Words(
        alias='stop_cards_class', language='a stop card', prose='a stop card',
        prose_fr="une carte d'arrêt",
        forms={
            'plural': 'stop cards',
        },
    ),
    CardClass.KING: Words(
        alias='kings', language='a king', prose='a king', prose_fr='un roi',
        forms={
            'plural': 'kings',
        },
    ),
    CardClass.WILD_CARD: Words(
        alias='the_wild_card', language='the wild card', prose='the wild card', prose_fr='le joker',
        forms={
            'plural': 'the wild card',
        },
    ),
    CardClass.ANY_CARD: Words(
        alias='any_card', language='any card', prose='any card', prose_fr="n'importe quelle carte",
        forms={
            'plural': 'every card',
        },
    ),
})

OPERA: EnumWords = _table(OperaKind, {
    OperaKind.FIRST_TURN: Words(
        alias='opera_first_turn', language='out on the first turn',
        prose=(
            'a player who gets rid of all their cards during their very first turn makes an '
            'opéra'
        ), short='out on the first turn',
        prose_fr='un joueur qui se débarrasse de toutes ses cartes dès son premier tour fait opéra',
        short_fr='sorti au premier tour',
    ),
    OperaKind.FIRST_ROUND: Words(
        alias='opera_first_round', language='out in the first round',
        prose=(
            'a player who gets rid of all their cards before the turn has gone once round the '
            'table makes an opéra'
        ), short='out in the first round',
        prose_fr=(
            'un joueur qui se débarrasse de toutes ses cartes avant que le premier tour de '
            'table soit achevé fait opéra'
        ), short_fr='sorti avant la fin du premier tour de table',
    ),
    OperaKind.NOBODY_ELSE_PLAYED: Words(
        alias='opera_nobody_else', language='out before anyone else played',
        prose=(
            'a player who gets rid of all their cards before any other player has laid a card '
            'makes an opéra'
        ), short='out before anyone else played',
        prose_fr=(
            "un joueur qui se débarrasse de toutes ses cartes avant qu'un autre joueur ait "
            'posé une carte fait opéra'
        ), short_fr="sorti avant que personne d'autre ait joué",
    ),
    OperaKind.FIRST_LEADER_AT_ONCE: Words(
        alias='opera_first_leader', language='the first leader out at once',
        prose='the first player of the deal makes an opéra by laying their whole hand in one turn',
        short='first leader out at once',
        prose_fr='le premier joueur de la donne fait opéra en posant toute sa main en un seul tour',
        short_fr="le premier à jouer sort d'un coup",
    ),
})

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

CALL_MOMENT: EnumWords = _table(CallMoment, {
    CallMoment.STOPPING: Words(
        alias='call_stopping', language='on stopping',
        prose='A player who stops says “{word}”, followed by the rank they lack.',
        prose_fr="Qui s'arrête dit « {word} », suivi de la hauteur qui lui manque.",
        label='said on stopping', label_fr="dit en s'arrêtant",
    ),
    CallMoment.PASSING: Words(
        alias='call_passing', language='on passing',
        prose="A player who does not continue someone else's run says “{word}”.",
        prose_fr="Qui ne continue pas la suite d'un autre dit « {word} ».", label='said on passing',
        label_fr='dit en passant',
    ),
    CallMoment.GOING_OUT: Words(
        alias='call_going_out', language='on going out',
        prose='A player laying their last card says “{word}”.',
        prose_fr='Qui pose sa dernière carte dit « {word} ».', label='said on going out',
        label_fr='dit en posant sa dernière carte',
    ),
    CallMoment.AFTER_KING: Words(
        alias='call_after_king', language='after a king',
        prose='A player who starts a new run after a king says “{word}”.',
        prose_fr='Qui repart après un roi dit « {word} ».', label='said after a king',
        label_fr='dit après un roi',
    ),
    CallMoment.NOBODY_CAN_CONTINUE: Words(
        alias='call_stuck', language='when nobody can continue',
        prose='A player who starts a new run because nobody could continue says “{word}”.',
        prose_fr="Qui repart parce que personne n'a pu continuer dit « {word} ».",
        label='said when nobody can continue', label_fr='dit quand personne ne peut continuer',
    ),
})

EVENT: EnumWords = _table(EventKind, {
    EventKind.PLAYED: Words(
        alias='played', language='{cards} is played', prose='when {cards} is played',
        prose_fr='quand on pose {cards}', label='card laid: ', label_fr='carte posée : ',
        forms={'after': 'a card played', 'after_fr': 'une carte jouée',
               'payee': 'its player', 'payee_fr': 'à son joueur'},
    ),
    EventKind.DEAL_ENDS: Words(
        alias='deal_ends', language='the deal ends', prose='when the deal ends',
        prose_fr='à la fin de la donne', label='deal ends: ', label_fr='fin de donne : ',
        forms={'after': 'the deal ends', 'after_fr': 'la fin de la donne',
               'payee': 'the winner', 'payee_fr': 'au gagnant'},
    ),
    EventKind.OPERA: Words(
        alias='on_opera', language='opera', prose='when a player makes an opéra',
        prose_fr='quand un joueur fait opéra', label='opéra: ', label_fr='opéra : ',
        forms={'after': 'opera', 'after_fr': "l'opéra",
               'payee': 'the winner', 'payee_fr': 'au gagnant'},
    ),
    # payments by outcome (issue #22): the card the deal's winner laid last
    EventKind.GOES_OUT: Words(
        alias='goes_out', language='a player goes out with {cards}',
        prose='when a player goes out with {cards}',
        prose_fr='quand un joueur sort avec {cards}', label='out with: ',
        label_fr='sortie avec : ',
        forms={'after': 'a player goes out with a card',
               'after_fr': 'la sortie avec une carte',
               'payee': 'the winner', 'payee_fr': 'au gagnant'},
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

EVIDENCE: EnumWords = _table(Evidence, {
    Evidence.ATTESTED: Words(
        alias='EVIDENCE', language='attested',
        prose='attested: the rules are written down in a source of the period',
        prose_fr="attesté : les règles sont écrites dans une source de l'époque",
    ),
    Evidence.DESCRIBED: Words(
        alias='EVIDENCE', language='described',
        prose='described: a later description of the game as it is played',
        prose_fr="décrit : une description plus tardive du jeu tel qu'on le joue",
    ),
    Evidence.RECONSTRUCTED: Words(
        alias='EVIDENCE', language='reconstructed',
        prose='reconstructed: pieced together from the sources, with significant inference',
        prose_fr='reconstitué : rassemblé à partir des sources, avec une large part de déduction',
    ),
})


# issue 22, part 4 (h22-hands): what becomes of the extra hand
EXTRA_HAND: EnumWords = _table(ExtraHandRule, {
    ExtraHandRule.DEAD: Words(
        alias='extra_dead', language='dead',
        prose=(
            'stays face down and out of play until the next deal: nobody plays its cards, so a '
            'run that needs one of them stops there, as at a card of the talon'
        ), short='dead hand',
        prose_fr=(
            "reste face cachée, hors du jeu, jusqu'à la donne suivante : personne n'en joue "
            "les cartes, si bien qu'une suite qui a besoin de l'une d'elles s'arrête là, "
            "comme devant une carte du talon"
        ), short_fr='main morte',
    ),
    ExtraHandRule.WIDOW: Words(
        alias='extra_widow', language='the dealer may exchange his hand for it unseen',
        prose=(
            'is a widow: before the first lead the dealer may take it, unseen, and lay down '
            'their own hand in its place; the hand left out of play is dead, its cards stops'
        ), short='widow; the dealer may exchange',
        prose_fr=(
            "est la veuve : avant la première entame, le donneur peut la prendre sans l'avoir "
            "vue et poser sa propre main à sa place ; la main laissée hors du jeu est morte, "
            "ses cartes arrêtent les suites"
        ), short_fr='veuve ; le donneur peut échanger',
    ),
})


#: every enumeration's table
TABLES: Mapping[type[Enum], EnumWords] = MappingProxyType({
    Direction: DIRECTION, Side: SIDE, FirstDealerRule: FIRST_DEALER, Stakers: STAKERS,
    WhenStuck: WHEN_STUCK, WhenSkipFails: WHEN_SKIP_FAILS, WildOutOfTurn: WILD_OUT_OF_TURN,
    Forfeit: FORFEIT, CardClass: CARD_CLASS, OperaKind: OPERA, Basis: BASIS,
    Shortfall: SHORTFALL, ChangeRule: CHANGE, Winner: WINNER, CallMoment: CALL_MOMENT,
    EventKind: EVENT, EndKind: END, SettlementStep: SETTLEMENT_STEP, Evidence: EVIDENCE,
    ActionKind: ACTION, PoolWin: POOL_WIN,
    ExtraHandRule: EXTRA_HAND,  # issue 22, part 4
})


def words(value: Enum) -> Words:
    """The words of one enum value."""
    return TABLES[type(value)][value]


def column(kind: type[E], name: str) -> dict[E, str]:
    """One field of an enumeration's table (``name``: a Words field or a form), by value."""
    table = TABLES[kind]
    if name in Words.__dataclass_fields__:
        return {m: getattr(table[m], name) for m in kind}
    return {m: table[m].forms[name] for m in kind}


def end_slots(condition: EndCondition, deals: str) -> dict[str, object]:
    """What fills the slots of an end condition's words (``core.kinds.END_PHRASES``,
    and the prose of :data:`END`): ``deals``, the numbers of deals as the caller words
    them, and every other slot the condition's field of that name.

    >>> from nainjaune_rules.model.rules import EndCondition
    >>> end_slots(EndCondition(EndKind.AFTER_DEALS, ((0, 6),)), "6 deals")
    {'deals': '6 deals'}
    """
    return {name: deals if name == "deals" else getattr(condition, name)
            for name in slots(END_PHRASES[condition.kind])}
