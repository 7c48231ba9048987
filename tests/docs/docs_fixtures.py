"""Rulesets built by hand in Python, so rendering is tested without the parser."""

from __future__ import annotations

from dataclasses import replace

from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.model import rules as r


def card(code: str) -> r.Card:
    c = parse_card(code)
    assert c is not None
    return c


def cite(*refs: str) -> r.Origin:
    cites = tuple(r.Citation(*ref.split(" ¶")) for ref in refs)
    return r.Origin(r.OriginKind.ATTESTED, cites)


def inferred(reason: str) -> r.Origin:
    return r.Origin(r.OriginKind.INFERRED, reason=reason)


SOURCES = (
    r.Source("fr-sheet", "French", "A modern French rules sheet"),
    r.Source("wiki-ja", "Japanese", "An encyclopedia article"),
)

BOARD = (
    ("10D", "the ten of diamonds", 1),
    ("JC", "the jack of clubs", 2),
    ("QS", "the queen of spades", 3),
    ("KH", "the king of hearts", 4),
    ("7D", "the yellow dwarf", 5),
)


def modern() -> r.Ruleset:
    """A ruleset shaped like the modern French sheet."""
    o = cite("fr-sheet ¶14")
    payment_points = r.Effect(
        cite("fr-sheet ¶24"),
        r.Event(r.EventKind.DEAL_ENDS),
        r.Action(r.ActionKind.LOSERS_PAY, basis=r.Basis.POINTS),
    )
    payment_cards = r.Effect(
        cite("fr-sheet ¶24"),
        r.Event(r.EventKind.DEAL_ENDS),
        r.Action(r.ActionKind.LOSERS_PAY, amount=1, basis=r.Basis.CARDS),
    )
    return r.Ruleset(
        id="modern",
        title="A modern sheet",
        period="20th century",
        evidence=r.Evidence.DESCRIBED,
        sources=SOURCES[:1],
        parent=None,
        players=r.Players(o, (3, 4, 5, 6, 7, 8)),
        ranks=r.Ranks(cite("fr-sheet ¶12"), tuple(range(1, 14))),
        deal_table=r.DealTable(
            o, tuple(r.DealRow(n, c) for n, c in ((3, 15), (4, 12), (5, 9), (6, 8), (7, 7), (8, 6)))
        ),
        dealing=r.Dealing(cite("fr-sheet ¶14", "fr-sheet ¶18"), 1, r.Direction.CLOCKWISE),
        first_dealer=r.FirstDealer(inferred("the sheet is silent"), r.FirstDealerRule.FIRST_SEAT),
        next_dealer=r.NextDealer(inferred("play is clockwise"), r.Side.LEFT),
        play_direction=r.PlayDirection(cite("fr-sheet ¶18"), r.Direction.CLOCKWISE),
        first_lead=r.FirstLead(cite("fr-sheet ¶18"), r.Side.LEFT),
        board=r.Board(
            cite("fr-sheet ¶5", "fr-sheet ¶15"),
            tuple(r.Box(card(c), s, n) for c, n, s in BOARD),
        ),
        stakes=r.Stakes(cite("fr-sheet ¶15"), r.Stakers.EVERY_PLAYER),
        leftovers=r.Leftovers(cite("fr-sheet ¶16"), True),
        starting_tokens=r.StartingTokens(cite("fr-sheet ¶6"), 50),
        points=r.Points(cite("fr-sheet ¶24"), 10, 1),
        runs=r.Runs(cite("fr-sheet ¶12"), False),
        play_on=r.PlayOn(cite("fr-sheet ¶19"), True),
        continuing=r.Continuing(cite("fr-sheet ¶19"), True),
        after_king=r.AfterKing(cite("fr-sheet ¶21")),
        nobody_can_continue=r.NobodyCanContinue(
            cite("fr-sheet ¶20"), r.WhenStuck.LAST_PLAYER_LEADS
        ),
        game_end=r.GameEnd(cite("fr-sheet ¶28"), (r.EndCondition(r.EndKind.CANNOT_STAKE),)),
        winner=r.WinnerRule(cite("fr-sheet ¶29"), r.Winner.MOST_TOKENS),
        cannot_pay=r.CannotPay(inferred("the game ends on ruin"), r.Shortfall.PAYS_AND_GAME_ENDS),
        opera=r.Opera(cite("fr-sheet ¶25"), r.OperaKind.FIRST_TURN),
        announcements=(
            r.Announcement(
                cite("fr-sheet ¶22", "fr-sheet ¶23"),
                (r.CardClass.BOX_CARD,),
                "… qui prend",
                r.Forfeit.THE_BOX,
            ),
        ),
        effects=(
            r.Effect(
                cite("fr-sheet ¶22"),
                r.Event(r.EventKind.PLAYED, (r.CardClass.BOX_CARD,), announced=True),
                r.Action(r.ActionKind.TAKE_BOX),
            ),
            r.Effect(
                cite("fr-sheet ¶25"), r.Event(r.EventKind.OPERA), r.Action(r.ActionKind.SWEEP_BOARD)
            ),
            r.Effect(
                cite("fr-sheet ¶26"),
                r.Event(r.EventKind.DEAL_ENDS),
                r.Action(r.ActionKind.HONOURS_DOUBLE_BOX),
            ),
            payment_points,
        ),
        options=(
            r.TableOption(
                cite("fr-sheet ¶24"),
                "payment",
                "how each loser pays the winner",
                (
                    r.OptionChoice("points", (payment_points,)),
                    r.OptionChoice("cards", (payment_cards,)),
                ),
                "points",
            ),
        ),
        chosen=(("payment", "points"),),
        file="",
    )


def hoc() -> r.Ruleset:
    """A ruleset shaped like the 1760 game: stops, a wild card, a fixed number of deals."""
    o = cite("wiki-ja ¶3")
    base = modern()
    return replace(
        base,
        id="hoc",
        title="The hoc game",
        period="1760",
        evidence=r.Evidence.ATTESTED,
        sources=SOURCES[1:],
        players=r.Players(o, (3, 5)),
        dealing=r.Dealing(o, 1, r.Direction.COUNTERCLOCKWISE),
        play_direction=r.PlayDirection(o, r.Direction.COUNTERCLOCKWISE),
        stakes=r.Stakes(o, r.Stakers.DEALER_ONLY),
        runs=r.Runs(o, True),
        stop_cards=r.StopCards(o, (card("QS"), card("JC"), card("10D"))),
        wild_card=r.WildCard(inferred("the usual reading"), card("7D"), r.WildOutOfTurn.ENDS_RUN),
        opera=r.Opera(o, r.OperaKind.NOBODY_ELSE_PLAYED),
        nobody_can_continue=r.NobodyCanContinue(
            o, r.WhenStuck.NEXT_RANK, r.WhenSkipFails.SKIP_AGAIN
        ),
        effects=(
            *base.effects[:1],
            r.Effect(
                o,
                r.Event(
                    r.EventKind.PLAYED,
                    (r.CardClass.BOX_CARD, r.CardClass.STOP_CARD, r.CardClass.KING),
                    announced=True,
                ),
                r.Action(r.ActionKind.EACH_OTHER_PAYS, amount=1),
            ),
            r.Effect(
                o, r.Event(r.EventKind.OPERA), r.Action(r.ActionKind.LOSERS_PAY_DOUBLE)
            ),
            r.Effect(
                o,
                r.Event(r.EventKind.DEAL_ENDS),
                r.Action(r.ActionKind.HOLDER_PAYS_DOUBLE, card=card("7D")),
            ),
            base.effects[3],
        ),
        game_end=r.GameEnd(
            o, (r.EndCondition(r.EndKind.AFTER_DEALS, ((3, 12), (5, 10))),)
        ),
        options=(),
        chosen=(),
    )


def house_of(parent: r.Ruleset) -> r.Ruleset:
    """A house ruleset extending ``parent``: more tokens, no opéra."""
    return replace(
        parent,
        id="our-table",
        title="Our table",
        parent=parent.id,
        starting_tokens=r.StartingTokens(
            r.Origin(r.OriginKind.HOUSE, reason="longer games"), 100
        ),
        opera=None,
        effects=tuple(e for e in parent.effects if e.event.kind is not r.EventKind.OPERA),
    )


def hostile() -> r.Ruleset:
    """Markup and ampersands everywhere a ruleset carries free text."""
    base = modern()
    evil = "<script>alert(1)</script> & <b>bold</b>"
    return replace(
        base,
        id="evil",
        title=f"Title {evil}",
        period=f"period {evil}",
        sources=(r.Source("x-src", f"lang {evil}", f"desc {evil}"),),
        players=r.Players(r.Origin(r.OriginKind.ATTESTED, (r.Citation("x-src", "1"),)), (3, 4)),
        first_dealer=r.FirstDealer(inferred(f"reason {evil}"), r.FirstDealerRule.BY_LOT),
        announcements=(replace(base.announcements[0], word=f"word {evil}"),),
        board=replace(
            base.board,
            boxes=tuple(replace(b, name=f"{b.name} {evil}") for b in base.board.boxes),
        ),
    )
