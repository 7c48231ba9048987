"""Turning one clause's syntax node into its rule object, checking its words.

This is the first half of the semantic pass: it validates what can be
checked on a clause alone (card and rank codes, positive numbers, the
origin) and reports each problem as a diagnostic pointing at the word.
The words are read in :mod:`.clause_words`, the origin in :mod:`.clause_origins`, the
arguments of each clause kind here.
Checks that need the whole ruleset live in :mod:`nainjaune_rules.model.checks`.
"""

from __future__ import annotations

from typing import Any

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.cards import MAX_PACKS, Card
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.kinds import END_PHRASES, slots
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.clause_origins import OriginReader
from nainjaune_rules.syntax.ast import CardWord, ClauseNode, Number, RankWord, Word

#: The most players a ruleset may seat: each must be dealt a card of a 52-card deck.
MAX_PLAYERS = 52

_FIELD_WORDS = {
    "court": Words("the points of a court card", "les points d’une figure"),
    "ace": Words("the points of an ace", "les points d’un as"),
    "packet": Words("a packet of cards", "un paquet de cartes"),
    # per-seat stakes (issue #22)
    "dealer_times": Words("the dealer's stakes (times the board)",
                          "les mises du donneur (fois le tableau)"),
    "other_times": Words("the other players' stakes (times the board)",
                         "les mises des autres joueurs (fois le tableau)"),
    "stake": Words("a pool's stake", "la mise d’une poule"),
    "per_card": Words("a payment per card", "un paiement par carte"),
}

_PLAYERS = Words("a number of players", "un nombre de joueurs")
_AMOUNT = Words("an amount", "un montant")


class ClauseBuilder(OriginReader):
    """Builds rule objects from clause nodes, reporting problems through ``report``.

    ``report(kind, message, span, hint="", severity=ERROR)`` records a diagnostic;
    building goes on after a problem so that every problem is found in one run.  The
    words of a clause are read by :class:`.clause_words.WordReader`, its origin by
    :class:`.clause_origins.OriginReader`; the arguments of each clause kind here.
    """

    # ---- clauses -----------------------------------------------------------------

    def clause(self, node: ClauseNode) -> r.Clause | None:
        """The rule object for ``node``, or ``None`` when a word in it is wrong."""
        origin = self.origin(node.origin, node.span, node.head)
        errors_before = self._errors
        args = {name: self._value(name, value, node) for name, value in node.args.items()}
        if self._errors != errors_before:
            self.failed.add(node.key)
            return None
        return node.build(origin=origin, span=node.span, defined_in=self.file_id, **args)

    def _value(self, name: str, value: Any, node: ClauseNode) -> Any:
        builder = getattr(self, f"_arg_{name}", None)
        if builder is not None:
            return builder(value, node)
        # A field's name says nothing to the reader: say it as the clause does
        # ("starting tokens must be at least 1", "a packet of cards must be at least 1").
        return self._plain(value, Words(node.head, q(node.head)) if name == "count"
                           else _FIELD_WORDS.get(name, Words(name, q(name))))

    def _plain(self, value: Any, what: Words) -> Any:
        if isinstance(value, CardWord):
            return self.card(value)
        if isinstance(value, RankWord):
            return self.rank(value)
        if isinstance(value, Number):
            return self.positive(value, what)
        if isinstance(value, Word):
            return value.unquoted
        if isinstance(value, tuple):
            return tuple(self._plain(v, what) for v in value)
        return value

    def _arg_counts(self, value: Any, node: ClauseNode) -> tuple[int, ...]:
        words: tuple[Number, ...] = value[1:] if value and value[0] == "range" else value
        numbers = [self.number(n) for n in words]
        if any(n is None for n in numbers):
            return ()
        for word, n in zip(words, numbers, strict=True):
            if n is not None and n < 1:
                self._say(DK.NOT_POSITIVE,
                          Words("a number of players must be at least 1",
                                "un nombre de joueurs vaut au moins 1"), word.span)
            elif n is not None and n > MAX_PLAYERS:
                # checked before a range is spelt out: "3 to 100000" must not build a list
                self._say(DK.TOO_LARGE,
                          Words(f"{n} players cannot sit at one table",
                                f"{n} joueurs ne tiennent pas à une table"), word.span,
                          Words(f"at most {MAX_PLAYERS} players: each needs a card of the deck",
                                f"au plus {MAX_PLAYERS} joueurs{NNBSP}: il faut à chacun une "
                                "carte du jeu"))
                return ()
        if value and value[0] == "range":
            low, high = numbers
            assert low is not None and high is not None
            if low > high:
                self._say(DK.BAD_RANGE,
                          Words(f"the range {low} to {high} is empty",
                                f"l’intervalle {q(f'{low} to {high}')} est vide"),
                          words[0].span, Words(f"write {high} to {low}",
                                               f"écrivez {q(f'{high} to {low}')}"))
                return ()
            return tuple(range(low, high + 1))
        return tuple(sorted({n for n in numbers if n is not None}))

    # deck composition (#22)
    def _arg_packs(self, value: Number, node: ClauseNode) -> int:
        packs = self.positive(value, Words("a number of packs", "un nombre de jeux"))
        if packs > MAX_PACKS:
            self._say(DK.TOO_LARGE,
                      Words(f"{packs} packs is more than a table shuffles together",
                            f"{packs} jeux, c’est plus qu’une table ne mêle ensemble"),
                      value.span, Words(f"at most {MAX_PACKS} packs",
                                        f"au plus {MAX_PACKS} jeux"))
        return packs

    def _arg_without(self, value: tuple[CardWord, ...], node: ClauseNode
                     ) -> tuple[Card, ...]:
        cards: list[Card] = []
        for word in value:
            card = self.card(word)
            if card is None:
                continue
            if card in cards:
                self._say(DK.DUPLICATE_CARD,
                          Words(f"the card {card.code} is taken out twice",
                                f"la carte {card.code} est retirée deux fois"),
                          word.span,
                          Words("name each card once: it takes out every copy of it",
                                f"nommez chaque carte une fois{NNBSP}: cela en retire tous les "
                                "exemplaires"))
            else:
                cards.append(card)
        return tuple(cards)

    def _arg_denominations(self, value: tuple[tuple[Number, Number], ...], node: ClauseNode
                           ) -> tuple[tuple[int, int], ...]:
        kinds: dict[int, int] = {}
        for worth, many in value:
            v = self.positive(worth, Words("a token's value", "la valeur d’un jeton"))
            n = self.positive(many, Words("a number of tokens", "un nombre de jetons"))
            if v in kinds:
                self._say(DK.DUPLICATE_CLAUSE,
                          Words(f"tokens worth {v} are listed twice",
                                f"les jetons valant {v} sont listés deux fois"), worth.span,
                          Words(f"write them once: {kinds[v] + n} worth {v}",
                                f"écrivez-les une fois{NNBSP}: "
                                + q(f"{kinds[v] + n} worth {v}")))
                continue
            kinds[v] = n
        return tuple(sorted(kinds.items(), reverse=True))

    def _arg_order(self, value: tuple[RankWord, ...], node: ClauseNode) -> tuple[int, ...]:
        ranks: list[int] = []
        for word in value:
            rank = self.rank(word)
            if rank is None:
                continue
            if rank in ranks:
                self._say(DK.DUPLICATE_RANK,
                          Words(f"the rank {word.text} is listed twice",
                                f"le rang {word.text} est listé deux fois"), word.span)
            else:
                ranks.append(rank)
        return tuple(ranks)

    def _arg_steps(self, value: tuple[Word, ...], node: ClauseNode
                   ) -> tuple[r.SettlementStep, ...]:
        """The settlement's steps: each step of the language exactly once."""
        steps: list[r.SettlementStep] = []
        for word in value:
            step = r.SettlementStep(word.text)
            if step in steps:
                self._say(DK.DUPLICATE_STEP,
                          Words(f"the step '{step.value}' is listed twice",
                                f"l’étape {q(step.value)} est listée deux fois"),
                          word.span, Words("each step of the settlement comes once",
                                           "chaque étape du règlement vient une fois"))
            else:
                steps.append(step)
        missing = [s.value for s in r.SettlementStep if s not in steps]
        if missing:
            every = [s.value for s in r.SettlementStep]
            self._say(DK.MISSING_STEP,
                      Words("the settlement does not say when "
                            + " or ".join(f"'{m}'" for m in missing) + " comes",
                            "le règlement ne dit pas quand vient "
                            + " ou ".join(q(m) for m in missing)), node.span,
                      Words("list every step once, even one this ruleset never uses: "
                            + ", then ".join(every),
                            "listez chaque étape une fois, même celle que cette règle du jeu "
                            f"n’utilise jamais{NNBSP}: " + ", puis ".join(q(s) for s in every)))
        return tuple(steps)

    def _arg_rows(self, value: tuple[tuple[Number, ...], ...], node: ClauseNode
                  ) -> tuple[r.DealRow, ...]:
        rows: dict[int, r.DealRow] = {}
        for numbers in value:
            players = self.positive(numbers[0], _PLAYERS)
            each = self.positive(numbers[1], Words("a number of cards each",
                                                   "un nombre de cartes par joueur"))
            talon = self.number(numbers[2]) if len(numbers) > 2 else None
            if talon is not None and talon < 0:
                self._say(DK.NOT_POSITIVE,
                          Words("a talon cannot hold fewer than 0 cards",
                                "un talon ne peut pas tenir moins de 0 carte"), numbers[2].span)
            span = r.Span(numbers[0].span.file, numbers[0].span.line, numbers[0].span.column)
            if players in rows:
                self._say(DK.DUPLICATE_CLAUSE,
                          Words(f"the deal for {players} players is given twice",
                                f"la donne à {players} joueurs figure deux fois"),
                          numbers[0].span,
                          Words(f"first given at line {rows[players].span.line}",
                                f"donnée d’abord à la ligne {rows[players].span.line}"))
                continue
            rows[players] = r.DealRow(players, each, talon, span=span)
        return tuple(sorted(rows.values(), key=lambda row: row.players))

    def _arg_boxes(self, value: tuple[Any, ...], node: ClauseNode) -> tuple[r.Box, ...]:
        boxes: list[r.Box] = []
        seen: dict[Card, r.Box] = {}
        for card_word, name, stake, span in value:
            card = self.card(card_word)
            amount = self.positive(stake, Words("a box's stake", "la mise d’une case"))
            if card is None:
                continue
            if card in seen:
                first = seen[card].span.line
                self._say(DK.DUPLICATE_BOX,
                          Words(f"two boxes for the card {card.code}",
                                f"deux cases pour la carte {card.code}"),
                          card_word.span,
                          Words(f"the first is at line {first}; a card has one box at most",
                                f"la première case est à la ligne {first}{NNBSP}; une carte a "
                                "au plus une case"))
                continue
            box = r.Box(card, amount, name.unquoted, span=span)
            seen[card] = box
            boxes.append(box)
        return tuple(boxes)

    def _arg_conditions(self, value: tuple[Any, ...], node: ClauseNode
                        ) -> tuple[r.EndCondition, ...]:
        conditions = []
        for kind, slot_values in value:
            # "{deals}" reads numbers of deals, (deals, players) pairs; any other slot a number
            counts = [v for v in slot_values if isinstance(v, tuple)]
            numbers = [v for v in slot_values if isinstance(v, Number)]
            if kind is None:  # "when a player has no tokens, 12 deals": no "after" to go on
                deals_word = counts[0][0]
                self._say(DK.NO_AFTER,
                          Words(f"'{deals_word.text} deals' follows no 'after'",
                                f"{q(deals_word.text + ' deals')} ne suit aucun {q('after')}"),
                          deals_word.span,
                          Words("write 'after' before a number of deals: "
                                "game ends: after 12 deals, when a player has no tokens",
                                f"écrivez {q('after')} devant un nombre de donnes{NNBSP}: "
                                + q("game ends: after 12 deals, when a player has no tokens")))
                continue
            deals = []
            given: dict[int, Number] = {}
            for deals_word, players_word in counts:
                n = self.positive(deals_word, Words("a number of deals", "un nombre de donnes"))
                # 0 stands for "any number of players": it must not be written
                p = self.positive(players_word, _PLAYERS) \
                    if players_word is not None else 0
                if p in given:
                    what = (Words(f"{p} players", f"{p} joueurs") if p
                            else Words("any number of players", "tout nombre de joueurs"))
                    column = given[p].span.column
                    self._say(DK.DUPLICATE_CLAUSE,
                              Words(f"the number of deals for {what.en} is given twice",
                                    f"le nombre de donnes pour {what.fr} figure deux fois"),
                              (players_word or deals_word).span,
                              Words(f"the first is at column {column}",
                                    f"la première occurrence est à la colonne {column}"))
                    continue
                given[p] = players_word or deals_word
                deals.append((p, n))
            # a count for "any number of players" (0) comes last: EndCondition.deals_for
            # takes the first match, and a number given for N players must win over it
            deals.sort(key=lambda d: (d[0] == 0, d[0]))
            named = [name for name in slots(END_PHRASES[kind]) if name != "deals"]
            fields = {name: self.positive(number, Words(f"a number of {name}",
                                                        f"un nombre de {q(name)}"))
                      for name, number in zip(named, numbers, strict=True)}
            conditions.append(r.EndCondition(kind, tuple(deals), **fields))
        return tuple(conditions)

    def _arg_event(self, value: tuple[str, dict[str, Any]], node: ClauseNode) -> r.Event:
        fields = value[1]
        return r.Event(fields["kind"], self._plain(fields["cards"], Words("card", "carte")),
                       fields["announced"])

    def _arg_action(self, value: tuple[str, dict[str, Any]], node: ClauseNode) -> r.Action:
        fields = {k: self._plain(v, _AMOUNT) for k, v in value[1].items()}
        return r.Action(**fields)
