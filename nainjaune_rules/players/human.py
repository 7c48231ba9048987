"""``human``: a seat played from the terminal.

At each choice the seat sees its hand (sorted), the board with its tokens,
the current run and what it needs, and the moves it may make.  It types:

- a card code (``QS``, ``q♠``, ``10d``) to play it;
- the card then the announcement, as said at the table (``QS dame qui prend``,
  ``KH Hoc!``) — a card that must be announced, typed *without* its words, is
  played with the announcement forgotten, and the ruleset's forfeit applies;
  ``QS!`` is a shorthand that announces;
- ``sans`` or ``pass`` to stop or pass.

A wrong entry gets a message saying why and a new prompt.  Ctrl-C and the end
of input are left to the caller (the ``play`` command ends the game cleanly).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from nainjaune_rules.cards import Card, parse_card
from nainjaune_rules.engine.game import Game, Phase
from nainjaune_rules.engine.moves import PASS, Move, move_for
from nainjaune_rules.engine.narrate import call, is_literal, rank_words, said, spoken


def _words(text: str) -> str:
    """Lower case, punctuation and the ellipsis gone, single spaces."""
    return " ".join(re.sub(r"[!?.,;:…'\"]", " ", text.lower()).split())


class HumanPlayer:
    name = "human"
    spec = "human"

    def __init__(self, ask: Callable[[str], str] = input,
                 tell: Callable[[str], None] = print) -> None:
        self.ask = ask
        self.tell = tell
        self.seat = -1

    def begin(self, game: Game, seat: int) -> None:
        self.seat = seat

    def show(self, game: Game, legal: list[Move]) -> None:
        t = game.t
        hand = " ".join(c.code for c in game.hand(game.turn))
        board = ", ".join(f"{code} {n}" for code, n in game.board_codes().items())
        self.tell(f"--- seat {game.turn}, your turn ---")
        self.tell(f"  your hand: {hand}")
        self.tell(f"  board: {board}")
        if game.phase is Phase.LEAD:
            self.tell("  you lead a new run: play any card")
        else:
            run = " ".join(Card.from_index(c).code for c in game.run_cards)
            self.tell(f"  the run: {run} (last card by seat {game.last})")
            needed = game.needed()
            if not needed:
                needs = "nothing (the run is over)"
            elif t.same_suit:
                needs = " or ".join(c.code for c in needed)
            else:
                needs = f"a {needed[0].code[:-1]}, any suit"
            self.tell(f"  the run needs: {needs}")
        if t.wild >= 0:
            self.tell(f"  wild card: {Card.from_index(t.wild).code} (may be played any time)")
        self.tell("  you may play: " + " ".join(self._hint(game, m) for m in legal
                                                 if not (m.card >= 0 and not m.announce
                                                         and t.announce_mask >> m.card & 1)))

    @staticmethod
    def _hint(game: Game, move: Move) -> str:
        if move.is_pass:
            return "sans"
        code = Card.from_index(move.card).code
        words = game.t.announce_words.get(move.card)
        names = rank_words(game.t.ruleset)
        return f"[{code} {spoken(words, code, names)}]" if move.announce and words else code

    def parse(self, game: Game, text: str) -> Move | str:
        """The move typed, or a message saying what is wrong with it."""
        tokens = text.split()
        if not tokens:
            return "type a card code (e.g. 5H), the card and its announcement, or 'sans'"
        passing = {"sans", "pass", "passe", "bez"} | {w.lower() for w in game.t.calls.values()}
        if tokens[0].lower() in passing:
            return PASS
        first = tokens[0]
        shorthand = first.endswith("!")
        card = parse_card(first.rstrip("!"))
        if card is None:
            return f"'{first}' is not a card code (codes: A 2..10 J Q K + C D H S, e.g. QS)"
        rest = _words(" ".join(tokens[1:]))
        words = game.t.announce_words.get(card.index, ())
        announced = shorthand
        if rest:
            # any one of the card's words announces it (a card with two words, say "Hoc!"
            # and its rank, is announced by either); calling the card will do for words
            # that only describe what to say
            keys = [_words(w) for w in words if is_literal(w)]
            names = rank_words(game.t.ruleset)
            forms = {_words(said(w, card.code, names)) for w in words}
            forms.add(_words(call(card.code, names)))
            if not any(k and k in rest for k in keys) and rest not in forms:
                expect = spoken(words, card.code, names) if words else "nothing"
                return f"'{rest}' is not what {card.code} announces (it announces: {expect})"
            announced = True
        if announced and not words:
            announced = False  # nothing to announce: the words are harmless
        return move_for(card.index, announced)

    def why_not(self, game: Game, move: Move) -> str:
        if move.is_pass:
            return "you may not pass: you hold a card that continues the run and must play it"
        card = Card.from_index(move.card)
        if not game.hands[game.turn] >> move.card & 1:
            return f"you do not hold {card.code}"
        needs = " or ".join(c.code for c in game.needed())
        said_as = call(card.code, rank_words(game.t.ruleset))
        return f"{card.code} does not continue the run ({said_as}); it needs {needs}"

    def choose(self, game: Game, legal: list[Move]) -> Move:
        self.show(game, legal)
        while True:
            answer = self.parse(game, self.ask(f"seat {game.turn}> "))
            if isinstance(answer, str):
                self.tell(f"  ! {answer}")
            elif answer not in legal:
                self.tell(f"  ! {self.why_not(game, answer)}")
            else:
                return answer
