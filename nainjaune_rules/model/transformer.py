"""From lark's parse tree to the syntax nodes of :mod:`nainjaune_rules.syntax.ast`.

One method per grammar rule, named after the rule or its alias, in the style
of lark's own examples.  Nothing is validated here beyond what the grammar
already guarantees; the semantic pass (:mod:`nainjaune_rules.model.compiler`)
checks meanings and reports every problem with its position.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, Tree, v_args
from lark.tree import Meta

from nainjaune_rules.core.actions import PHRASES, ActionPhrase
from nainjaune_rules.core.kinds import end_alias
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.words import TABLES, column, words
from nainjaune_rules.syntax.ast import (
    CardWord,
    ChoiceNode,
    CitationNode,
    ClauseNode,
    HeaderNode,
    Number,
    OptionNode,
    OriginNode,
    PartNode,
    RankWord,
    RemovalNode,
    RulesetFile,
    Statement,
    Word,
)


@dataclass(frozen=True)
class _Partial:
    """A clause body waiting for its origin (which the ``clause`` rule supplies)."""

    key: str
    build: Any
    args: dict[str, Any]
    head: str
    span: r.Span
    origin: OriginNode | None = None


@v_args(meta=True)
class RulesetTransformer(Transformer[Token, RulesetFile]):
    """Builds a :class:`RulesetFile` from the tree of one ruleset file."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    # ---- helpers -------------------------------------------------------

    def _span(self, meta: Meta) -> r.Span:
        if getattr(meta, "empty", True):
            return r.Span(self.file, 0, 0)
        return r.Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def _tspan(self, tok: Token) -> r.Span:
        return r.Span(
            self.file, tok.line or 0, tok.column or 0, tok.end_line or 0, tok.end_column or 0
        )

    def _word(self, tok: Token) -> Word:
        return Word(_text(tok), self._tspan(tok))

    def _num(self, tok: Token) -> Number:
        return Number(_text(tok), self._tspan(tok))

    def _card(self, tok: Token) -> CardWord:
        return CardWord(_text(tok), self._tspan(tok))

    def _part(self, meta: Meta, key: str, build: Any, head: str, **args: Any) -> _Partial:
        return _Partial(key, build, args, head, self._span(meta))

    # ---- file and headers ---------------------------------------------

    def start(self, meta: Meta, children: list[Statement]) -> RulesetFile:
        return RulesetFile(self.file, tuple(children))

    def _header(self, key: str, meta: Meta, children: list[Token]) -> HeaderNode:
        return HeaderNode(key, tuple(self._word(t) for t in children), self._span(meta))

    def ruleset_id(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("ruleset", meta, c)

    def title(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("title", meta, c)

    def period(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("period", meta, c)

    def evidence(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("evidence", meta, c)

    def extends(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("extends", meta, c)

    def ruleset_name(self, meta: Meta, c: list[Token]) -> Token:
        """``house/1902-per-card``: one word, as ``nainjaune list`` prints it."""
        return Token("NAME", "/".join(str(t) for t in c), start_pos=c[0].start_pos,
                     line=c[0].line, column=c[0].column, end_line=c[-1].end_line,
                     end_column=c[-1].end_column, end_pos=c[-1].end_pos)

    def include(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("include", meta, c)

    def source(self, meta: Meta, c: list[Token]) -> HeaderNode:
        return self._header("source", meta, c)

    # a source declared as a book (cited by section or page): its bibliographic lines
    def book_source(self, meta: Meta, c: list[Any]) -> HeaderNode:
        words = tuple(self._word(t) for t in c if isinstance(t, Token))
        lines = tuple(x for x in c if isinstance(x, tuple))
        return HeaderNode("source", words, self._span(meta), lines)

    def book_author(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("author", self._word(c[0]))

    def book_title(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("title", self._word(c[0]))

    def book_year(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("year", self._word(c[0]))

    def book_published(self, meta: Meta, c: list[Token]) -> tuple[str, Word]:
        return ("published", self._word(c[0]))

    # ---- origins --------------------------------------------------------

    def citation(self, meta: Meta, c: list[Token]) -> CitationNode:
        return CitationNode(
            self._word(c[0]), tuple(self._word(t) for t in c[1:]), self._span(meta)
        )

    def attested(self, meta: Meta, c: list[Any]) -> OriginNode:
        cites = tuple(x for x in c if isinstance(x, CitationNode))
        reason = next((self._word(x) for x in c if isinstance(x, Token)), None)
        return OriginNode(r.OriginKind.ATTESTED, cites, reason, self._span(meta))

    def inferred(self, meta: Meta, c: list[Token]) -> OriginNode:
        return OriginNode(r.OriginKind.INFERRED, (), self._word(c[0]), self._span(meta))

    def house(self, meta: Meta, c: list[Token]) -> OriginNode:
        return OriginNode(r.OriginKind.HOUSE, (), self._word(c[0]), self._span(meta))

    # ---- the clause wrapper -------------------------------------------------

    def clause(self, meta: Meta, c: list[Any]) -> ClauseNode:
        part: _Partial = c[0]
        origin = c[1] if len(c) > 1 else part.origin
        return ClauseNode(part.key, part.build, part.args, origin, part.span, part.head)

    # ---- setup -------------------------------------------------------------

    def players_range(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "players", r.Players, "players",
                          counts=("range", self._num(c[0]), self._num(c[1])))

    def players_list(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "players", r.Players, "players",
                          counts=tuple(self._num(t) for t in c))

    def ranks(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "ranks", r.Ranks, "ranks",
                          order=tuple(RankWord(_text(t), self._tspan(t)) for t in c))

    def rank_names(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "rank_names", r.RankNames, "rank names",
                          names=tuple(_text(t) for t in c))

    def deal_row(self, meta: Meta, c: list[Token]) -> tuple[Number, ...]:
        return tuple(self._num(t) for t in c)

    def deal_table(self, meta: Meta, c: list[Any]) -> _Partial:
        origin = c[0] if isinstance(c[0], OriginNode) else None
        rows = tuple(x for x in c if isinstance(x, tuple))
        part = self._part(meta, "deal_table", r.DealTable, "deal", rows=rows)
        return _Partial(part.key, part.build, part.args, part.head, part.span, origin)

    def one_at_a_time(self, meta: Meta, c: list[Token]) -> int:
        return 1

    def packets_of(self, meta: Meta, c: list[Token]) -> Number:
        return self._num(c[0])

    def dealing(self, meta: Meta, c: list[Any]) -> _Partial:
        packet = c[0] if isinstance(c[0], Number) else Number("1", self._span(meta))
        return self._part(meta, "dealing", r.Dealing, "dealing",
                          packet=packet, direction=r.Direction(str(c[1])))

    def by_lot(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "first_dealer", r.FirstDealer, "first dealer",
                          rule=r.FirstDealerRule.BY_LOT)

    def first_seat(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "first_dealer", r.FirstDealer, "first dealer",
                          rule=r.FirstDealerRule.FIRST_SEAT)

    def side(self, meta: Meta, c: list[Token]) -> r.Side:
        return r.Side(str(c[0]))

    def next_dealer(self, meta: Meta, c: list[r.Side]) -> _Partial:
        return self._part(meta, "next_dealer", r.NextDealer, "next dealer", side=c[0])

    def first_lead(self, meta: Meta, c: list[r.Side]) -> _Partial:
        return self._part(meta, "first_lead", r.FirstLead, "first lead", side=c[0])

    def play_direction(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "play_direction", r.PlayDirection, "play",
                          direction=r.Direction(str(c[0])))

    def box(self, meta: Meta, c: list[Token]) -> tuple[CardWord, Word, Number, r.Span]:
        return (self._card(c[0]), self._word(c[1]), self._num(c[2]), self._span(meta))

    def board(self, meta: Meta, c: list[Any]) -> _Partial:
        origin = c[0] if isinstance(c[0], OriginNode) else None
        boxes = tuple(x for x in c if isinstance(x, tuple))
        part = self._part(meta, "board", r.Board, "board", boxes=boxes)
        return _Partial(part.key, part.build, part.args, part.head, part.span, origin)

    # -- pools (issue #22, item 3): an empty board, a pool tied to no card ------------

    def board_none(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "board", r.Board, "board", boxes=())

    def pool_cards(self, meta: Meta, c: list[Token]) -> dict[str, Any]:
        return {"cards": tuple(self._card(t) for t in c)}

    def trump_ranks(self, meta: Meta, c: list[Token]) -> dict[str, Any]:
        return {"trump_ranks": tuple(RankWord(_text(t), self._tspan(t)) for t in c)}

    def pool_cards_win(self, meta: Meta, c: list[dict[str, Any]]
                       ) -> tuple[r.PoolWin, dict[str, Any]]:
        return (r.PoolWin.CARDS, c[0])

    def pool_deal_winner(self, meta: Meta, c: list[Token]) -> tuple[r.PoolWin, dict[str, Any]]:
        return (r.PoolWin.DEAL_WINNER, {})

    def pool(self, meta: Meta, c: list[Any]) -> _Partial:
        name, stake, (won_by, cards) = self._word(c[0]), self._num(c[1]), c[2]
        return self._part(meta, "pools", r.Pool, f"pool {name.text}", name=name,
                          stake=stake, won_by=won_by, **cards)

    # -- trumps and the turn-up (issue #22, item 6) -------------------------------------

    def trumps(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "trumps", r.Trumps, "trumps")

    def turn_up_bonus(self, meta: Meta, c: list[Token]) -> _Partial:
        card, pool, amount = c[1], c[2], c[3]  # c[0], c[4]: the words TURN_UP and card
        return self._part(meta, "turn_up_bonus", r.TurnUpBonus, "when the turn-up is a card",
                          card=self._card(card), pool=self._word(pool),
                          per_card=self._num(amount))

    def turn_up_box(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "turn_up_box", r.TurnUpBox, "when the turn-up is a box card")

    def every_player(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "stakes", r.Stakes, "stakes", stakers=r.Stakers.EVERY_PLAYER)

    def dealer_only(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "stakes", r.Stakes, "stakes", stakers=r.Stakers.DEALER_ONLY)

    # per-seat stakes (issue #22)
    def stakes_by_seat(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "stakes", r.Stakes, "stakes", stakers=r.Stakers.BY_SEAT,
                          dealer_times=self._num(c[0]), other_times=self._num(c[1]))

    def leftovers_stay(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "leftovers", r.Leftovers, "leftovers", stay=True)

    def leftovers_cleared(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "leftovers", r.Leftovers, "leftovers", stay=False)

    def starting_tokens(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "starting_tokens", r.StartingTokens, "starting tokens",
                          count=self._num(c[0]))

    def denomination(self, meta: Meta, c: list[Token]) -> tuple[Number, Number]:
        return (self._num(c[1]), self._num(c[0]))  # (value, how many)

    def tokens(self, meta: Meta, c: list[tuple[Number, Number]]) -> _Partial:
        worth = sum(value.value * many.value for value, many in c)
        return self._part(meta, "starting_tokens", r.StartingTokens, "tokens",
                          count=Number(str(worth), self._span(meta)), denominations=tuple(c))

    def change_bank(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "change", r.Change, "change", rule=r.ChangeRule.FROM_THE_BANK)

    def change_players(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "change", r.Change, "change", rule=r.ChangeRule.BETWEEN_PLAYERS)

    def change_none(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "change", r.Change, "change", rule=r.ChangeRule.NONE)

    def points(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "points", r.Points, "points",
                          court=self._num(c[0]), ace=self._num(c[1]))

    # ---- play ------------------------------------------------------------------

    def any_suit(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "runs", r.Runs, "runs", same_suit=False)

    def same_suit(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "runs", r.Runs, "runs", same_suit=True)

    def play_on(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "play_on", r.PlayOn, "play on",
                          compulsory=str(c[0]) == "compulsory")

    def continuing(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "continuing", r.Continuing, "continuing",
                          compulsory=str(c[0]) == "compulsory")

    def stop_cards(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "stop_cards", r.StopCards, "stop cards",
                          cards=tuple(self._card(t) for t in c))

    def after_king(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "after_king", r.AfterKing, "after a king")

    def after_top_rank(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "after_king", r.AfterKing, "after the top rank",
                          top_rank=True)

    def any_time(self, meta: Meta, c: list[Token]) -> bool:
        return True

    def wild_stop(self, meta: Meta, c: list[Any]) -> str:
        return "stop"

    def wild_card(self, meta: Meta, c: list[Any]) -> _Partial:
        stop = c[-1] == "stop"  # ", and it is a stop card" (issue 22 item 2)
        rest = c[:-1] if stop else c
        return self._part(meta, "wild_card", r.WildCard, "wild card",
                          card=self._card(rest[0]), out_of_turn=rest[-1],
                          any_time=len(rest) == 3, stop=stop)

    # lead constraints (issue 22 item 7)
    def lead_card(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "lead_card", r.LeadCard, "lead", lowest=True)

    def cannot_lead_passes(self, meta: Meta, c: list[Any]) -> bool:
        return True

    def cannot_lead_any_suit(self, meta: Meta, c: list[Any]) -> bool:
        return False

    def lead_after_stop(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "lead_after_stop", r.LeadAfterStop, "after a stop",
                          passes=c[-1])

    def rank_at_once(self, meta: Meta, c: list[Any]) -> _Partial:  # issue 22 item 8
        return self._part(meta, "rank_at_once", r.RankAtOnce, "play every card of the rank")

    def stuck_last_leads(self, meta: Meta, c: list[Any]) -> tuple[r.WhenStuck, None]:
        return (r.WhenStuck.LAST_PLAYER_LEADS, None)

    def stuck_next_rank(self, meta: Meta, c: list[Any]) -> tuple[r.WhenStuck, r.WhenSkipFails]:
        return (r.WhenStuck.NEXT_RANK, c[0])

    def nobody_can_continue(self, meta: Meta, c: list[Any]) -> _Partial:
        rule, then = c[0]
        return self._part(meta, "nobody_can_continue", r.NobodyCanContinue,
                          "nobody can continue", rule=rule, then=then)

    # ---- card classes, announcements, effects ----------------------------------

    def one_card(self, meta: Meta, c: list[Token]) -> CardWord:
        return self._card(c[0])

    def card_classes(self, meta: Meta, c: list[Any]) -> tuple[Any, ...]:
        return tuple(c)

    def announcement(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "announcements", r.Announcement, "announce",
                          cards=c[0], word=self._word(c[1]), forfeit=c[2])

    def call(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "calls", r.Call, f"call {c[0].value}",
                          moment=c[0], word=self._word(c[1]))

    def opera(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "opera", r.Opera, "opera", kind=c[0])

    def played(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.PLAYED, c[0], announced=False)

    def played_announced(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.PLAYED, c[0], announced=True)

    def deal_ends(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.DEAL_ENDS, (), announced=False)

    def on_opera(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.OPERA, (), announced=False)

    # payments by outcome (issue #22)
    def goes_out(self, meta: Meta, c: list[Any]) -> dict[str, Any]:
        return _event(r.EventKind.GOES_OUT, c[0], announced=False)

    def effect(self, meta: Meta, c: list[dict[str, Any]]) -> _Partial:
        event, action = dict(c[0]), dict(c[1])
        head = "when " + event.pop("head")
        return self._part(meta, "effects", r.Effect, head,
                          event=("event", event), action=("action", action))

    # ---- end of the game -------------------------------------------------------

    def deals_count(self, meta: Meta, c: list[Token]) -> tuple[Number, Number | None]:
        return (self._num(c[0]), self._num(c[1]) if len(c) > 1 else None)

    # each end_condition alternative: (its kind, its slots' values), see _end_handler

    def game_end(self, meta: Meta, c: list[Any]) -> _Partial:
        # a number of deals after a comma continues the condition "after ..." before it;
        # after any other condition it is kept apart (kind None), for the builder to say
        conditions: list[tuple[r.EndKind | None, tuple[Any, ...]]] = []
        for item in c:
            if isinstance(item[0], r.EndKind):
                conditions.append(item)
            elif conditions and conditions[-1][0] is r.EndKind.AFTER_DEALS:
                conditions[-1] = (r.EndKind.AFTER_DEALS, conditions[-1][1] + (item,))
            else:
                conditions.append((None, (item,)))
        return self._part(meta, "game_end", r.GameEnd, "game ends",
                          conditions=tuple(conditions))

    def winner(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "winner", r.WinnerRule, "winner", rule=r.Winner.MOST_TOKENS)

    def then_game_ends(self, meta: Meta, c: list[Token]) -> r.Shortfall:
        return r.Shortfall.PAYS_AND_GAME_ENDS

    def then_leaves(self, meta: Meta, c: list[Token]) -> r.Shortfall:
        return r.Shortfall.PAYS_AND_LEAVES

    def cannot_pay(self, meta: Meta, c: list[Any]) -> _Partial:
        rule = c[0] if c else r.Shortfall.PAYS_WHAT_THEY_HAVE
        return self._part(meta, "cannot_pay", r.CannotPay, "cannot pay in full", rule=rule)

    def deal_end(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "deal_end", r.DealEnd, "deal ends")

    def shuffling(self, meta: Meta, c: list[Token]) -> _Partial:
        cut = r.Side(str(c[0])) if c else None
        return self._part(meta, "shuffling", r.Shuffling, "shuffling", cut=cut)

    def talon(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "talon", r.Talon, "talon")

    def played_cards(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "played_cards", r.PlayedCards, "played cards")

    # ---- issue 22, part 4 (h22-hands): every card dealt, and the extra hand --------

    def deal_all_cards(self, meta: Meta, c: list[Token]) -> _Partial:
        # the same field as the deal table: one replaces the other in an extending ruleset,
        # and both in one file are the same rule given twice
        return self._part(meta, "deal_table", r.DealTable, "deal", rows=(), all_cards=True)

    def deal_all_extra(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "deal_table", r.DealTable, "deal", rows=(), all_cards=True,
                          extra_hands=1)

    def extra_dead(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "extra_hand", r.ExtraHand, "extra hand",
                          rule=r.ExtraHandRule.DEAD)

    def extra_widow(self, meta: Meta, c: list[Token]) -> _Partial:
        return self._part(meta, "extra_hand", r.ExtraHand, "extra hand",
                          rule=r.ExtraHandRule.WIDOW)

    def remove_talon(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("talon", None, "talon")

    def settlement(self, meta: Meta, c: list[Word]) -> _Partial:
        # the steps stay words (with their place) so a step written twice is shown where
        return self._part(meta, "settlement", r.Settlement, "settlement", steps=tuple(c))
    def turn(self, meta: Meta, c: list[r.Side]) -> _Partial:
        return self._part(meta, "turn", r.Turn, "turn", passes_to=c[0])

    # deck composition (#22)
    def deck_packs(self, meta: Meta, c: list[Token]) -> tuple[str, Number]:
        return ("packs", self._num(c[0]))

    def deck_without(self, meta: Meta, c: list[Token]) -> tuple[str, tuple[CardWord, ...]]:
        return ("without", tuple(self._card(t) for t in c))

    def deck(self, meta: Meta, c: list[tuple[str, Any]]) -> _Partial:
        return self._part(meta, "deck", r.Deck, "deck", **dict(c))

    def buys_from_bank(self, meta: Meta, c: list[Any]) -> _Partial:
        return self._part(meta, "cannot_pay", r.CannotPay, "cannot pay in full",
                          rule=r.Shortfall.BUYS_FROM_BANK)

    # ---- options and removals ----------------------------------------------------

    def choice_name(self, meta: Meta, c: list[Token]) -> Word:
        return self._word(c[0])

    def choice(self, meta: Meta, c: list[Any]) -> ChoiceNode:
        default = any(isinstance(x, Token) and x.type == "DEFAULT_MARK" for x in c)
        clauses = tuple(x for x in c if isinstance(x, ClauseNode))
        return ChoiceNode(c[0], default, clauses, self._span(meta))

    def empty_choice(self, meta: Meta, c: list[Any]) -> ChoiceNode:
        return self.choice(meta, c)

    def option(self, meta: Meta, c: list[Any]) -> OptionNode:
        origin = next((x for x in c if isinstance(x, OriginNode)), None)
        choices = tuple(x for x in c if isinstance(x, ChoiceNode))
        return OptionNode(self._word(c[0]), self._word(c[1]), choices, origin, self._span(meta))

    def remove_stop_cards(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("stop_cards", None, "stop cards")

    def remove_wild_card(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("wild_card", None, "wild card")

    def remove_opera(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("opera", None, "opera")

    def remove_rank_names(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("rank_names", None, "rank names")

    def remove_announcement(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("announcements", c[0], "announce")

    def remove_call(self, meta: Meta, c: list[Any]) -> tuple[str, Any, str]:
        return ("calls", c[0], "call")

    def remove_option(self, meta: Meta, c: list[Token]) -> tuple[str, Any, str]:
        return ("options", self._word(c[0]), "option")

    def remove_effect(self, meta: Meta, c: list[_Partial]) -> tuple[str, Any, str]:
        part = c[0]
        return ("effects", ClauseNode(part.key, part.build, part.args, None, part.span,
                                      part.head), part.head)

    def removal(self, meta: Meta, c: list[Any]) -> RemovalNode:
        key, target, head = c[0]
        origin = c[1] if len(c) > 1 else None
        return RemovalNode(key, target, origin, self._span(meta), "remove " + head)


    # ---- one part of an extended ruleset's board or deal table ---------------------

    def part_change(self, meta: Meta, c: list[Any]) -> PartNode:
        node: PartNode = c[0]
        origin = c[1] if len(c) > 1 else None
        return PartNode(node.key, ClauseNode(node.part.key, node.part.build, node.part.args,
                                             origin, node.span, node.head),
                        node.span, node.head)

    def box_change(self, meta: Meta, c: list[Token]) -> PartNode:
        tokens = c
        origin = None
        card = self._card(tokens[0])
        named = len(tokens) == 3
        name = self._word(tokens[1]) if named else Word('""', card.span)
        span = self._span(meta)
        box = (card, name, self._num(tokens[-1]), span)
        head = f"box {card.text}"
        return PartNode("board", ClauseNode("board", r.Board, {"boxes": (box,)}, origin,
                                            span, head), span, head)

    def row_change(self, meta: Meta, c: list[Token]) -> PartNode:
        numbers = tuple(self._num(x) for x in c)
        origin = None
        span = self._span(meta)
        head = f"deal {numbers[0].text} players"
        return PartNode("deal_table", ClauseNode("deal_table", r.DealTable,
                                                 {"rows": (numbers,)}, origin, span, head),
                        span, head)


def _event(kind: r.EventKind, cards: Any, announced: bool) -> dict[str, Any]:
    """An event's fields, and its head in the registry's words ("a card is played")."""
    head = words(kind).language.format(cards="a card") + (" and announced" if announced else "")
    return {"kind": kind, "cards": cards, "announced": announced, "head": head}


def _text(tok: Token) -> str:
    """The token's text: the lexer's own string, shared (``str(tok)`` would copy it, and a
    1 MB file can hold half a million words)."""
    value = tok.value
    return value if type(value) is str else str(tok)


def to_ast(tree: Tree[Token], file: str) -> RulesetFile:
    return RulesetTransformer(file).transform(tree)


def _action_handler(phrase: ActionPhrase) -> Any:
    """The transformer method for one ``action`` alternative of the grammar (the registry's)."""

    def build(self: RulesetTransformer, meta: Meta, c: list[Token]) -> dict[str, Any]:
        action: dict[str, Any] = {"kind": phrase.kind, **phrase.fixed}
        for slot, token in zip(phrase.slots, c, strict=False):
            action[slot] = self._card(token) if slot == "card" else self._num(token)
        return action

    build.__name__ = phrase.alias
    return build


for _phrase in PHRASES:
    setattr(RulesetTransformer, _phrase.alias, v_args(meta=True)(_action_handler(_phrase)))


def _step_handler(alias: str, step: r.SettlementStep) -> Any:
    """The transformer method for one ``settlement_step`` alternative: the step as a Word."""

    def build(self: RulesetTransformer, meta: Meta, c: list[Token]) -> Word:
        return Word(step.value, self._span(meta))

    build.__name__ = alias
    return build


# each settlement_step alternative of the grammar is its step's registry alias (step_...);
# the step is kept as a Word, with its span, for the builder's once-each check
for _step, _alias in column(r.SettlementStep, "alias").items():
    setattr(RulesetTransformer, _alias, v_args(meta=True)(_step_handler(_alias, _step)))


def _end_handler(kind: r.EndKind) -> Any:
    """The transformer method for one ``end_condition`` alternative (written from
    ``core.kinds.END_PHRASES``): the kind and its slots, numbers of deals and tokens, in
    order, for the builder (``ClauseBuilder._arg_conditions``) to check."""

    def build(self: RulesetTransformer, meta: Meta, c: list[Any]) -> tuple[r.EndKind,
                                                                          tuple[Any, ...]]:
        return (kind, tuple(self._num(v) if isinstance(v, Token) else v for v in c))

    build.__name__ = end_alias(kind)
    return build


for _end in r.EndKind:
    setattr(RulesetTransformer, end_alias(_end), v_args(meta=True)(_end_handler(_end)))
#: the enumerations whose grammar alternatives each stand for one value (``-> forfeit_box``)
_VALUE_ENUMS = (r.Side, r.WildOutOfTurn, r.WhenSkipFails, r.CardClass, r.Forfeit,
                r.CallMoment, r.OperaKind)


def _value_handler(value: Any) -> Any:
    """The transformer method for a grammar alternative that names one enum value."""

    def build(self: RulesetTransformer, meta: Meta, c: list[Token]) -> Any:
        return value

    return build


for _kind in _VALUE_ENUMS:
    for _value, _words in TABLES[_kind].items():
        if not hasattr(RulesetTransformer, _words.alias):  # `side` reads its token itself
            setattr(RulesetTransformer, _words.alias, v_args(meta=True)(_value_handler(_value)))
