"""One deal played move by move: the user's seat waits for a click, the bots play at once.

The engine's own loop (:meth:`Game.play_deal`) asks each seat in turn and cannot
wait for a click, so this session drives the same steps itself: a move that is
the only legal one is made for whoever's turn it is (as the engine does, so the
bots' random draws stay those of ``nainjaune play``), a bot's seat is asked its
move, and the user's seat stops the loop until :meth:`DealSession.move` is
called.  The game is played with ``deals=1``: its transcript is a whole game that
``nainjaune replay --ruleset FILE`` verifies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from nainjaune_rules.core.cards import Card, parse_card
from nainjaune_rules.core.french import card_symbol as french_face
from nainjaune_rules.engine.events import EventType
from nainjaune_rules.engine.game import Game
from nainjaune_rules.engine.moves import EXCHANGE, Move, parse_move
from nainjaune_rules.engine.table_build import compile_tables
from nainjaune_rules.players import make_player
from nainjaune_rules.players.settlement_told import Settlement
from nainjaune_rules.records.narrate import Narrator, rank_words, spoken
from nainjaune_rules.records.transcript import dumps, transcript

from .announce import Announcer, card_words
from .editing import load_source
from .journal import Journal, card_symbol, game_end, winner_line
from .refusals import Refusal

BOTS = ("lowest", "greedy", "random")
#: no table seats more players than a pack has cards: a bound before any list is made
MOST_PLAYERS = 52


class DealSession:
    """A one-deal game of the edited ruleset, ``user`` seat played by :meth:`move`.

    ``autoplay``: the user's seat is played by the ``lowest`` bot (the page's
    automated mode and its tests); the seat still counts as the user's in the log.
    """

    def __init__(self, source: str, players: int, user: int, bots: str = "lowest",
                 seed: int = 0, autoplay: bool = False, lang: str = "en") -> None:
        if bots not in BOTS:
            raise Refusal("unknown-bot", name=bots, choices=", ".join(BOTS))
        ruleset = load_source(source)
        tables = compile_tables(ruleset)
        counts = sorted(tables.deal_rows)
        if counts and players not in counts:  # no count at all: the engine says why below
            raise Refusal("player-count", counts=", ".join(map(str, counts)), players=players)
        if not 0 <= user < players:
            raise Refusal("no-seat", seat=user, players=players)
        self.specs = [("human" if s == user else bots) for s in range(players)]
        self.user = user
        self.game = Game(tables, players, seed, deals=1, record=True)
        self.seats: list[Any] = [make_player("lowest" if s == user else spec)
                                 for s, spec in enumerate(self.specs)]
        for seat, player in enumerate(self.seats):
            player.begin(self.game, seat)
        self.autoplay = autoplay
        self.names = rank_words(ruleset)
        self.lang = lang
        # the log: the narration of ``nainjaune replay`` in English, told in French on the
        # French page; each deal's end adds its settlement line by line (both languages)
        self.narrator: Narrator | Journal = (
            Journal(self.specs, user) if lang == "fr"
            else Narrator(self.specs, visible={user}, names=self.names))
        self.settlement = Settlement(lang)
        self.lines: list[str] = []
        self.game.listeners.append(self._log)
        # what a screen reader hears: a sentence per move, cards in words (the live region)
        self.announcer = Announcer(lang, user)
        self.heard: list[str] = []
        self.told = 0  # sentences heard before the user's last move (told with an earlier state)
        self.game.listeners.append(lambda event: self.heard.extend(self.announcer.feed(event)))
        self.game.start_deal()
        self._advance()

    def _log(self, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == EventType.GAME_OVER:  # told below, without the engine's reason
            self.lines.extend(game_end(event, self.specs, self.user, self.lang))
            return
        if kind == EventType.DEAL_START:
            self.settlement.begin(self.game)
        self.settlement.feed(event)
        self.lines.extend(self.narrator.feed(event))
        if kind == EventType.DEAL_OVER:
            self.lines.extend(self.settlement.lines(self.game, self.user, card=card_symbol))

    # -- playing ------------------------------------------------------------------

    def move(self, text: str) -> dict[str, Any]:
        """Play the user's move (``QS``, ``QS!``, ``pass``) and the bots' after it."""
        game = self.game
        if not game.in_play or game.turn != self.user:
            raise Refusal("not-your-turn")
        chosen = parse_move(text, game.t.ruleset.pass_words())  # "sans" where the ruleset says it
        if chosen is None or not game.is_legal(chosen):
            raise Refusal("illegal-move", move=text)
        self.told = len(self.heard)
        game.push(chosen)
        return self._advance()

    def _advance(self) -> dict[str, Any]:
        """Play every move that is not the user's to choose; end the game after the deal."""
        game = self.game
        while game.in_play:
            legal = game.legal_moves()
            if len(legal) > 1 and game.turn == self.user and not self.autoplay:
                return self.state()
            move = (legal[0] if len(legal) == 1
                    else self.seats[game.turn].choose(game.view(game.turn), legal))
            game.push(move)
        if not game.over:
            game.start_deal()  # with deals=1 this ends the game and tells the result
            self._tell_winner()
        return self.state()

    def _tell_winner(self) -> None:
        winner = self.game.summaries[-1].winner if self.game.summaries else None
        if winner is not None and winner >= 0:
            self.lines.append(winner_line(winner, self.specs, self.user, self.lang))

    # -- what the page shows ----------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """The board, the balances, the user's hand with the moves each card allows, the log."""
        game = self.game
        mine = game.turn == self.user and game.in_play
        legal = game.legal_moves() if mine else []
        return {
            "over": game.over, "your_turn": mine, "turn": game.turn if game.in_play else None,
            "seats": self.specs, "user": self.user,
            "balances": list(game.balances), "board": game.board_codes(),
            "hand_sizes": [bin(h).count("1") for h in game.hands],
            "run": [Card.from_index(c).code for c in game.run_cards] if game.in_play else [],
            "hand": [self._card(c.index, legal) for c in game.hand(self.user)],
            # every card code the page shows (hand, board, run), as the page's language
            # prints a card: Q♠ on the English page, ♠D on the French one
            "faces": self._faces(),
            "can_pass": any(m.is_pass for m in legal),
            # the widow offered to the user as dealer: take it (``exchange``) or keep (``pass``)
            "can_exchange": any(m is EXCHANGE for m in legal),
            "log": list(self.lines),
            # what happened since the user's last move (or the deal's start), in words
            "said": self.heard[self.told:],
        }

    def _faces(self) -> dict[str, str]:
        game = self.game
        codes = [*(c.code for c in game.hand(self.user)),
                 *(Card.from_index(i).code for i in game.run_cards), *game.board_codes()]
        return {code: face(card, self.lang) for code in codes
                if (card := parse_card(code)) is not None}  # a pool's name is no card

    def _card(self, index: int, legal: list[Move]) -> dict[str, Any]:
        code = Card.from_index(index).code
        moves = [m for m in legal if m.card == index]
        words = self.game.t.announce_words.get(index)
        return {"code": code, "words": card_words(code, self.lang),
                "moves": [str(m) for m in moves],
                "call": spoken(words, code, self.names) if words else ""}

    def transcript(self) -> str:
        """The game's JSON transcript (the text ``nainjaune play --format json`` writes)."""
        if not self.game.over:
            raise Refusal("deal-not-over")
        return dumps(transcript(self.game, self.specs))


def face(card: Card, lang: str) -> str:
    """A card as the page's language prints it: ``Q♠`` in English, ``♠D`` in French (the
    letters of the French sources page).  The pages' own printer (``describe.i18n``)
    imports jinja2, which the playground does not ship: this reads ``core.french``.

    >>> face(parse_card("QS"), "fr"), face(parse_card("QS"), "en")
    ('♠D', 'Q♠')
    """
    return french_face(card) if lang == "fr" else card.symbol
