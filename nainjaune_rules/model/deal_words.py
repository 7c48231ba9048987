"""The words of the ruleset's evidence, the table and the deal: the direction of play,
the seats, the first dealer, who stakes, what wins a pool, what becomes of an extra hand.

Tables of :mod:`nainjaune_rules.model.words` (its ``TABLES``, where every importer reads
them); the fields of an entry are told there.
"""

from __future__ import annotations

from nainjaune_rules.core.kinds import (
    Direction,
    Evidence,
    ExtraHandRule,
    FirstDealerRule,
    PoolWin,
    Side,
    Stakers,
)
from nainjaune_rules.model.wordbook import EnumWords, Words
from nainjaune_rules.model.wordbook import enum_table as _table

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
