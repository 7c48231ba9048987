"""What the engine tells of a game as it plays: one typed record per event.

Every event is a plain dict (the engine builds them in the inner loop and the
transcript writes them as they are), typed here as one :class:`~typing.TypedDict`
per kind, :data:`Event` their union, and its ``"type"`` an :class:`EventType`.
``EventType`` is a :class:`~enum.StrEnum`: it *is* the string the transcript has
always carried (``json.dumps`` writes its value, ``str()`` and f-strings give the
value too), so a transcript read back from JSON compares equal to a fresh one.
Consumers compare ``event["type"]`` with the members, never with string literals.

Keys with a space ("out of turn", "stands for") are the transcript's own words,
hence the functional form of the TypedDicts.
"""

# no ``from __future__ import annotations``: the TypedDicts' NotRequired markers must be
# real objects when the class is made, so that ``__required_keys__`` is right at run time
from enum import StrEnum
from typing import Literal, NotRequired, TypedDict


class EventType(StrEnum):
    """Every kind of event, once; its value is the transcript's ``"type"``."""

    DEAL_START = "deal start"  # a deal begins: its number and dealer (then the stakes)
    DEAL = "deal"  # the cards dealt: every hand and the talon
    TURN = "turn"  # the turn is handed to a seat
    PLAY = "play"  # a card laid
    STOP = "stop"  # a player who has just played stops ("sans 8")
    PASS = "pass"  # a player does not continue someone else's run
    NEW_RUN = "new run"  # a run ended: its player leads anew
    SKIP = "skip"  # nobody could continue: the next rank is asked for
    FORGOT = "forgot"  # a card played without its announcement
    PAY = "pay"  # tokens moved (stake, box, payment, settlement...)
    CHANGE = "change"  # a token changed for smaller ones
    SHORTFALL = "shortfall"  # a player could not pay in full
    BUY = "buy"  # counters bought from the bank
    OUT = "out"  # a player laid their last card: the deal is won
    OPERA = "opera"  # ... and it was an opéra
    LEAVES = "leaves"  # a player leaves the game
    DEAL_OVER = "deal over"  # the deal is settled: balances and board
    WIDOW = "widow"  # the dealer took the widow for their hand, or kept it (issue 22, part 4)
    GAME_OVER = "game over"  # the game's result (given to listeners, not in ``moves``)
    # payments by outcome (issue #22)
    OUT_WITH = "out with"  # the deal's winner went out with a card a payment names
    EXEMPT = "exempt"  # a loser holds a card whose holder pays nothing
    TURN_UP = "turn up"  # the last card dealt shown to all: its suit is trumps (#22, item 6)


class _Seat(TypedDict):
    seat: int  # the seat the event is about


class _Handover(_Seat):
    needs: str | None  # the rank the run needed
    call: NotRequired[str]  # what the player says aloud (``Ruleset.calls``)


class DealStartEvent(TypedDict):
    type: Literal[EventType.DEAL_START]
    number: int
    dealer: int


DealEvent = TypedDict("DealEvent", {
    "type": Literal[EventType.DEAL],
    "dealer": int,
    "hands": dict[str, list[str]],  # seat (as a string) -> card codes
    "talon": list[str],
    # with ``deal: all cards, one extra hand``: its cards, out of play (issue 22, part 4)
    "extra hand": NotRequired[list[str]],
})


class WidowEvent(_Seat):
    """The dealer (``seat``) took the widow for their own hand, or kept it."""

    type: Literal[EventType.WIDOW]
    exchanged: bool


class TurnEvent(_Seat):
    type: Literal[EventType.TURN]


PlayEvent = TypedDict("PlayEvent", {
    "type": Literal[EventType.PLAY],
    "seat": int,
    "card": str,
    "said": list[str],  # the words said with it (an announcement), if any
    "out of turn": NotRequired[bool],  # the wild card laid in another player's turn
    "stands for": NotRequired[str],  # the rank a wild card out of its place was laid for
})


class StopEvent(_Handover):
    type: Literal[EventType.STOP]


PassEvent = TypedDict("PassEvent", {
    "type": Literal[EventType.PASS],
    "seat": int,
    "needs": str | None,
    "call": NotRequired[str],
    # lead constraints (issue 22 item 7): the player holds no suit they may lead
    "cannot lead": NotRequired[bool],
})


class NewRunEvent(_Seat):
    type: Literal[EventType.NEW_RUN]
    reason: str  # "stop card", "king", "top rank", "wild card", "nobody can continue"
    call: NotRequired[str]


class SkipEvent(_Seat):
    type: Literal[EventType.SKIP]
    needs: str


class ForgotEvent(_Seat):
    type: Literal[EventType.FORGOT]
    card: str
    forfeit: str
    box: int | None  # what the card's box held, if it has one


class TurnUpEvent(_Seat):
    """The last card dealt, turned up (``trumps: ...``); ``seat`` holds it."""

    type: Literal[EventType.TURN_UP]
    card: str
    trumps: str  # the suit's letter: C, D, H or S


PayEvent = TypedDict("PayEvent", {
    "type": Literal[EventType.PAY],
    "from": int | str,  # a seat, the card code of a box, or a pool's name
    "to": int | str,
    "amount": int,
    "reason": str,
})


ChangeEvent = TypedDict("ChangeEvent", {
    "type": Literal[EventType.CHANGE],
    "seat": int,
    "with": object,  # a seat, or "bank"
    "token": int,
})


class ShortfallEvent(_Seat):
    type: Literal[EventType.SHORTFALL]
    owed: int
    paid: int
    rule: str


class BuyEvent(_Seat):
    type: Literal[EventType.BUY]
    amount: int


class OutEvent(_Seat):
    type: Literal[EventType.OUT]
    call: NotRequired[str]


class OperaEvent(_Seat):
    type: Literal[EventType.OPERA]
    kind: str


class OutWithEvent(_Seat):
    type: Literal[EventType.OUT_WITH]
    card: str  # the card the winner laid last


class ExemptEvent(_Seat):
    type: Literal[EventType.EXEMPT]
    card: str  # the card whose holder pays nothing


class LeavesEvent(_Seat):
    type: Literal[EventType.LEAVES]


class _Standing(TypedDict):
    balances: list[int]
    board: dict[str, int]  # box card code -> tokens


class DealOverEvent(_Standing):
    type: Literal[EventType.DEAL_OVER]
    number: int


class GameOverEvent(_Standing):
    type: Literal[EventType.GAME_OVER]
    ended: bool
    reason: str
    winners: list[int]
    debts: NotRequired[list[int]]


Event = (DealStartEvent | DealEvent | TurnEvent | PlayEvent | StopEvent | PassEvent
         | NewRunEvent | SkipEvent | ForgotEvent | PayEvent | ChangeEvent | ShortfallEvent
         | BuyEvent | OutEvent | OperaEvent | LeavesEvent | DealOverEvent | GameOverEvent
         | OutWithEvent | ExemptEvent | WidowEvent | TurnUpEvent)
#: the events at which a player may say something aloud (``Ruleset.calls``)
CalledEvent = StopEvent | PassEvent | NewRunEvent | OutEvent

#: each kind's TypedDict, for checks that walk their keys
EVENT_TYPES: dict[EventType, type] = {
    EventType.DEAL_START: DealStartEvent, EventType.DEAL: DealEvent,
    EventType.TURN: TurnEvent, EventType.PLAY: PlayEvent, EventType.STOP: StopEvent,
    EventType.PASS: PassEvent, EventType.NEW_RUN: NewRunEvent, EventType.SKIP: SkipEvent,
    EventType.FORGOT: ForgotEvent, EventType.PAY: PayEvent, EventType.CHANGE: ChangeEvent,
    EventType.SHORTFALL: ShortfallEvent, EventType.BUY: BuyEvent, EventType.OUT: OutEvent,
    EventType.OPERA: OperaEvent, EventType.LEAVES: LeavesEvent,
    EventType.DEAL_OVER: DealOverEvent, EventType.GAME_OVER: GameOverEvent,
    EventType.OUT_WITH: OutWithEvent, EventType.EXEMPT: ExemptEvent,
    EventType.WIDOW: WidowEvent,
    EventType.TURN_UP: TurnUpEvent,
}
