"""The words of the play: what happens when nobody can continue, a wild card out of
turn, what forgetting an announcement forfeits, the classes of cards, the opéras, the
calls and the events an effect follows.

Tables of :mod:`nainjaune_rules.model.words` (its ``TABLES``, where every importer reads
them); the fields of an entry are told there.
"""

from __future__ import annotations

from nainjaune_rules.core.kinds import (
    CallMoment,
    CardClass,
    EventKind,
    Forfeit,
    OperaKind,
    WhenSkipFails,
    WhenStuck,
    WildOutOfTurn,
)
from nainjaune_rules.model.wordbook import EnumWords, Words
from nainjaune_rules.model.wordbook import enum_table as _table

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
