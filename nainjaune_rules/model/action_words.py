"""The action kinds' words for people: prose, table cells, comparison labels (English and
French), the human seat's words, and each phrase's meaning for the language page.

The kinds, their phrases in the language and the events each may follow are declared in
:mod:`nainjaune_rules.core.actions` (the grammar is written from them); these are the
words that sit above the grammar, in the model, with every other enumeration's
(:mod:`nainjaune_rules.model.words` holds this table in its ``TABLES``).

>>> ACTION[ActionKind.SWEEP_BOARD].short
'the winner sweeps the board'
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from nainjaune_rules.core.actions import PHRASES, ActionKind
from nainjaune_rules.model.wordbook import EnumWords, Words, enum_table


def _action(kind: ActionKind) -> tuple[str, str]:
    """An action kind's first grammar alternative and its words, from ``core.actions``."""
    first = next(p for p in PHRASES if p.kind is kind)
    return first.alias, first.phrase


#: the action kinds (declared with their phrases and events in ``core/actions.py``):
#: ``prose``: the site's sentence, {payee} (its player / the winner), {amount}, {basis},
#: {card}; ``short`` the site's table cell; ``label`` the comparison's row; the same in
#: French ({payee}: "à son joueur" / "au gagnant", {card} the card's French name);
#: ``forms['seat']``: what the human seat says an effect after a card brings ({amount},
#: {tokens}: the tokens of the card's box, counted: "1 token"), ``forms['seat_lost']``
#: what forgetting the announcement would lose, for the kinds that may follow a card
ACTION: EnumWords = enum_table(ActionKind, {
    ActionKind.TAKE_BOX: Words(
        *_action(ActionKind.TAKE_BOX),
        prose="its player takes the tokens in that card's box", short="takes its box",
        label="takes the box",
        prose_fr="son joueur ramasse les jetons de la case de cette carte",
        short_fr="ramasse sa case", label_fr="ramasse la case",
        forms={"seat": "takes its box ({tokens})",
               "seat_lost": "the box ({tokens})"}),
    ActionKind.EACH_OTHER_PAYS: Words(
        *_action(ActionKind.EACH_OTHER_PAYS),
        prose="each other player pays {payee} {amount}", short="the others pay {amount}",
        label="the others pay",
        prose_fr="chacun des autres joueurs paie {amount} {payee}",
        short_fr="les autres paient {amount}", label_fr="les autres paient",
        forms={"seat": "each other player pays you {amount}",
               "seat_lost": "the payment of {amount}"}),
    ActionKind.LOSERS_PAY: Words(
        *_action(ActionKind.LOSERS_PAY),
        prose="each loser pays the winner {basis}", short="losers pay {basis}",
        label="losers pay the winner",
        prose_fr="chaque perdant paie au gagnant {basis}",
        short_fr="les perdants paient {basis}", label_fr="les perdants paient le gagnant"),
    ActionKind.HOLDER_PAYS_DOUBLE: Words(
        *_action(ActionKind.HOLDER_PAYS_DOUBLE),
        prose="whoever still holds the {card} pays double", short="holder of {card} pays double",
        label="a card's holder pays double",
        prose_fr="celui qui a encore {card} en main paie double",
        short_fr="qui garde {card} paie double", label_fr="qui garde une carte paie double"),
    ActionKind.HONOURS_DOUBLE_BOX: Words(
        *_action(ActionKind.HONOURS_DOUBLE_BOX),
        prose="a player still holding a box card adds to its box as many tokens as the "
              "box holds, doubling it", short="a box card kept in hand doubles its box",
        label="a box card left in hand",
        prose_fr="qui a encore en main une carte du tableau double ce que contient sa case",
        short_fr="une carte du tableau gardée en main double sa case",
        label_fr="une carte du tableau restée en main"),
    ActionKind.SWEEP_BOARD: Words(
        *_action(ActionKind.SWEEP_BOARD),
        prose="the winner takes every box on the board", short="the winner sweeps the board",
        label="the winner sweeps the board",
        prose_fr="le gagnant ramasse toutes les cases du tableau",
        short_fr="le gagnant rafle le tableau", label_fr="le gagnant rafle le tableau"),
    ActionKind.LOSERS_PAY_DOUBLE: Words(
        *_action(ActionKind.LOSERS_PAY_DOUBLE),
        prose="each loser pays the winner double", short="losers pay double",
        label="losers pay double",
        prose_fr="chaque perdant paie double au gagnant",
        short_fr="les perdants paient double", label_fr="les perdants paient double"),
    ActionKind.LOSERS_SHOW_HANDS: Words(
        *_action(ActionKind.LOSERS_SHOW_HANDS),
        prose="the other players lay their hands face up on the table",
        short="losers show their hands", label="losers show their hands",
        prose_fr="les autres joueurs étalent leur jeu sur la table",
        short_fr="les perdants étalent leur jeu", label_fr="les perdants étalent leur jeu"),
    # payments by outcome (issue #22): an exemption from the losers' payment
    ActionKind.HOLDER_PAYS_NOTHING: Words(
        *_action(ActionKind.HOLDER_PAYS_NOTHING),
        prose="whoever still holds the {card} pays nothing for the cards left in hand",
        short="holder of {card} pays nothing", label="a card's holder pays nothing",
        prose_fr="celui qui a encore {card} en main ne paie rien pour les cartes qui lui "
                 "restent",
        short_fr="qui garde {card} ne paie rien", label_fr="qui garde une carte ne paie rien"),
})

#: each action phrase's meaning, English and French: the language page's table of actions
#: (``describe/vocabulary_en.py::action_table``), by the phrase's grammar alias
PHRASE_MEANINGS: Mapping[str, tuple[str, str]] = MappingProxyType({
    "take_box": ("the tokens of the card's box go to its player",
                 "les jetons de la case de la carte vont à son joueur"),
    "each_other_pays": ("a bonus from everyone else", "une prime payée par tous les autres"),
    "losers_pay_points": ("settlement by points", "le paiement aux points"),
    "losers_pay_cards": ("settlement by cards", "le paiement aux cartes"),
    "holder_pays_double": ("a penalty for keeping a card",
                           "une pénalité pour avoir gardé une carte"),
    "honours_double_box": ("the holder adds as much as the box holds",
                           "celui qui la garde ajoute autant que la case en contient"),
    "sweep_board": ("every box goes to the winner", "toutes les cases vont au gagnant"),
    "losers_pay_double": ("the settlement is doubled", "le paiement est doublé"),
    "losers_show_hands": ("the losers lay their cards face up (no tokens move)",
                          "les perdants étalent leur jeu (aucun jeton ne bouge)"),
    "holder_pays_nothing": ("the holder of that card is exempt from the settlement",
                            "qui garde cette carte est dispensé du paiement"),
})
