"""Lead constraints (issue 22 item 7): ``lead: the lowest card of a suit`` and ``after a
stop: the player leads a different suit, or ...``.

The engine's legal leads are compared with an oracle written here from the rule's words
(the lowest card of each suit held, the barred suit left out, the bar lifted once the lead
has gone round the table), at every lead of whole games played by the three bots; the
human seat shows the legal leads and refuses another with the reason; the words, the
writer and the canonical form say the clauses back.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nainjaune_rules.core.cards import Card
from nainjaune_rules.describe.prose import describe
from nainjaune_rules.describe.prose_fr import describe_fr
from nainjaune_rules.engine import Game
from nainjaune_rules.engine.moves import PASS, Move
from nainjaune_rules.engine.runs import Phase
from nainjaune_rules.engine.view import SeatView
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.canonical import from_data, to_json
from nainjaune_rules.model.compiler import check_file
from nainjaune_rules.model.writer import write_ruleset
from nainjaune_rules.players import make_player
from nainjaune_rules.players.human import HumanPlayer
from nainjaune_rules.records.transcript import dumps, replay, transcript

LOWEST = "lead: the lowest card of a suit"
PASSES = "after a stop: the player leads a different suit, or the lead passes to the next player"
ANY = "after a stop: the player leads a different suit, or any suit if they cannot"


def _ruleset(tmp_path: Path, *lines: str, base: str = "fr-sheet") -> r.Ruleset:
    path = tmp_path / "leads.nj"
    body = "\n".join(f'{line}   [house "test"]' for line in lines)
    path.write_text(f'ruleset leads-test\ntitle "Leads"\nperiod "test"\nextends {base}\n'
                    f'runs: same suit   [house "in suit"]\n{body}\n', encoding="utf-8")
    ruleset, diagnostics = check_file(str(path))
    assert ruleset is not None and not diagnostics, [str(d) for d in diagnostics]
    return ruleset


def _oracle(hand: list[Card], lowest: bool, barred: int, passes: bool,
            order: tuple[int, ...] = tuple(range(1, 14))) -> set[str]:
    """The legal leads, from the rule's words (not from the engine's tables); ``order``:
    the ranks, lowest first."""
    allowed = [c for c in hand if barred < 0 or c.suit != barred]
    if not allowed and not passes:
        allowed = list(hand)
    if lowest:
        by_suit: dict[int, Card] = {}
        for c in allowed:
            if c.suit not in by_suit or order.index(c.rank) < order.index(by_suit[c.suit].rank):
                by_suit[c.suit] = c
        allowed = list(by_suit.values())
    return {c.code for c in allowed}


class _Checked:
    """A bot whose every lead is checked against the oracle before it chooses."""

    def __init__(self, spec: str, lowest: bool, passes: bool, seen: list[str]) -> None:
        self.bot = make_player(spec)
        self.lowest, self.passes, self.seen = lowest, passes, seen
        self.game: Game | None = None

    def begin(self, game: Game, seat: int) -> None:
        self.game = game
        self.bot.begin(game, seat)

    def choose(self, view: SeatView, legal: list[Move]) -> Move:
        game = self.game
        assert game is not None
        if game.phase is Phase.LEAD and game.window < 0:
            bar = game.lead_bar()
            want = _oracle(game.hand(game.turn), self.lowest, bar, self.passes,
                           game.t.ruleset.ranks.order)
            got = {str(m).rstrip("!") for m in legal if m.card >= 0}
            assert got == want, (game.hand(game.turn), bar)
            assert (legal == [PASS]) is (not want)
            self.seen.append("pass" if not want else "barred" if bar >= 0 else "lead")
        return self.bot.choose(view, legal)


@pytest.mark.parametrize("lines", [(LOWEST,), (PASSES,), (ANY,), (LOWEST, PASSES),
                                   (LOWEST, ANY)], ids=lambda x: "+".join(line[:12] for line in x))
@pytest.mark.parametrize("spec", ["random", "greedy", "lowest", "random:forget=0.3"])
def test_every_lead_of_whole_games_is_what_the_rule_allows(
        tmp_path: Path, lines: tuple[str, ...], spec: str) -> None:
    ruleset = _ruleset(tmp_path, *lines)
    lowest = LOWEST in lines
    passes = PASSES in lines
    seen: list[str] = []
    for seed in range(6):
        game = Game(ruleset, 4, seed, deals=3, record=seed % 2 == 0)
        result = game.play([_Checked(spec, lowest, passes, seen) for _ in range(4)])
        assert result.ended or game.deals_played == 3
    assert "lead" in seen and (PASSES not in lines and ANY not in lines or "barred" in seen)


def test_the_lowest_card_follows_the_rank_order_of_the_ruleset(tmp_path: Path) -> None:
    """Ace high (``ranks: 2 .. K A``): the ace is the highest card of its suit."""
    ruleset = _ruleset(tmp_path, "ranks: 2 3 4 5 6 7 8 9 10 J Q K A",
                       "after the top rank: the player leads a new run", LOWEST, PASSES)
    assert not Game(ruleset, 4).t.standard_order
    seen: list[str] = []
    for seed in range(4):
        game = Game(ruleset, 4, seed, deals=2)
        game.play([_Checked("random", True, True, seen) for _ in range(4)])
    assert "lead" in seen and "barred" in seen


def test_the_first_lead_is_the_lowest_card_of_each_suit(tmp_path: Path) -> None:
    game = Game(_ruleset(tmp_path, LOWEST), 4, 3)
    game.start_deal()
    hand = game.hand(game.turn)
    legal = {str(m).rstrip("!") for m in game.legal_moves()}
    assert legal == _oracle(hand, True, -1, True)
    assert len(legal) == len({c.suit for c in hand}) < len(hand)
    assert PASS not in game.legal_moves() and game.must_play()


def _barred_lead(tmp_path: Path, line: str) -> Game:
    """A lead after a stop whose player holds only the barred suit (set up by hand)."""
    game = Game(_ruleset(tmp_path, line), 4, 1)
    game.start_deal()
    assert game.phase is Phase.LEAD
    seat = game.turn
    clubs = sum(1 << (rank * 4) for rank in range(13)) & game.hands[seat]
    assert clubs, "the seed gives the leader a club"
    game.played |= game.hands[seat] & ~clubs  # the others "were played": only clubs are left
    game.hands[seat] = clubs
    game.lead_barred = 0  # clubs: the suit of the run that ended
    return game


def test_a_player_who_holds_only_the_barred_suit_passes_the_lead(tmp_path: Path) -> None:
    game = _barred_lead(tmp_path, PASSES)
    seat = game.turn
    assert game.legal_moves() == [PASS] and not game.must_play()
    events: list[dict[str, object]] = []
    game.listeners.append(events.append)
    game.push(PASS)
    assert {"type": "pass", "seat": seat, "needs": None, "cannot lead": True} in events
    assert game.phase is Phase.LEAD and game.turn == game.next_seat(seat, game.t.play_step)
    assert game.lead_passes == 1


def test_the_bar_is_lifted_once_the_lead_has_gone_round(tmp_path: Path) -> None:
    game = _barred_lead(tmp_path, PASSES)
    game.lead_passes = sum(game.active)  # everyone passed: it is back to the first player
    assert game.lead_bar() == -1 and PASS not in game.legal_moves()


def test_any_suit_when_the_player_cannot(tmp_path: Path) -> None:
    game = _barred_lead(tmp_path, ANY)
    legal = {str(m).rstrip("!") for m in game.legal_moves()}
    assert legal == {c.code for c in game.hand(game.turn)} and PASS not in game.legal_moves()


def test_the_human_seat_shows_the_legal_leads_and_refuses_another(tmp_path: Path) -> None:
    game = Game(_ruleset(tmp_path, LOWEST), 4, 3)
    game.start_deal()
    hand = game.hand(game.turn)
    legal = game.legal_moves()
    allowed = {str(m).rstrip("!") for m in legal}
    refused = next(c for c in hand if c.code not in allowed)
    said: list[str] = []
    answers = iter([refused.code, sorted(allowed)[0]])
    human = HumanPlayer(ask=lambda _prompt: next(answers), tell=said.append, pause=False)
    human.begin(game, game.turn)
    move = human.choose(game.view(game.turn), legal)
    assert str(move).rstrip("!") == sorted(allowed)[0]
    text = "\n".join(said)
    assert "you lead a new run: play the lowest card you hold of a suit" in text
    assert (f"you may not lead {refused.code}: you must lead the lowest card you hold of a "
            "suit") in text


def test_the_human_seat_says_why_a_barred_suit_is_refused(tmp_path: Path) -> None:
    game = _barred_lead(tmp_path, PASSES)
    human = HumanPlayer(ask=lambda _p: "pass", tell=lambda _l: None, pause=False)
    club = game.hand(game.turn)[0]
    assert "after a stop the next run is led in a different suit" in human.why_not(
        game, Move(club.index, False))
    started = Game(_ruleset(tmp_path, PASSES), 4, 1)
    started.start_deal()
    assert "you may not pass: you lead a new run" in human.why_not(started, PASS)


def test_clauses_round_trip_and_are_told(tmp_path: Path) -> None:
    ruleset = _ruleset(tmp_path, LOWEST, PASSES)
    shown = write_ruleset(ruleset)
    assert LOWEST in shown and PASSES in shown
    assert from_data(json.loads(to_json(ruleset))) == ruleset
    other = _ruleset(tmp_path, ANY)
    assert ANY in write_ruleset(other)
    assert other.lead_after_stop is not None and not other.lead_after_stop.passes
    assert ruleset.lead_card is not None and ruleset.lead_after_stop is not None
    assert "lowest card they hold" in describe(ruleset.lead_card).sentence
    assert "plus basse carte" in describe_fr(ruleset.lead_card).sentence
    assert "passes to the next player" in describe(ruleset.lead_after_stop).sentence
    assert "autre couleur" in describe_fr(ruleset.lead_after_stop).sentence


def test_a_transcript_of_a_constrained_game_replays(tmp_path: Path) -> None:
    ruleset = _ruleset(tmp_path, LOWEST, PASSES)
    game = Game(ruleset, 4, 5, deals=2, record=True)
    game.play([make_player("random") for _ in range(4)])
    doc = transcript(game, ["random"] * 4)
    text = dumps(doc)
    assert '"cannot lead": true' in text or "cannot lead" not in text
    replayed = replay(json.loads(text), ruleset)
    assert replayed.balances == game.balances


def test_check_simulate_watches_the_lead_passing(tmp_path: Path) -> None:
    """``check --simulate`` lists the clause among those it watches, and sees it fire."""
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    from nainjaune_rules.analysis.clauses import watched_clauses  # noqa: PLC0415
    from nainjaune_rules.engine.table_build import compile_tables  # noqa: PLC0415

    ruleset = _ruleset(tmp_path, LOWEST, PASSES)
    watched = [w for w in watched_clauses(compile_tables(ruleset))
               if w.clause == ruleset.lead_after_stop]
    assert [w.keys for w in watched] == [frozenset({"lead:passed"})]
    out = subprocess.run([sys.executable, "-m", "nainjaune_rules", "check", str(tmp_path /
                          "leads.nj"), "--simulate", "60"], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert "passes the lead" not in out.stdout + out.stderr  # it fired: no warning about it


def test_without_a_transcript_the_game_is_the_same(tmp_path: Path) -> None:
    """The plain fast path steps aside for constrained leads: the same games with and
    without a record, with the bots that path would play unasked."""
    ruleset = _ruleset(tmp_path, LOWEST, PASSES, "starting tokens: 1000")
    for seed in range(3):
        quiet = Game(ruleset, 4, seed, deals=4, record=False)
        loud = Game(ruleset, 4, seed, deals=4, record=True)
        for game in (quiet, loud):
            game.play([make_player(s) for s in ("lowest", "greedy", "lowest", "greedy")])
        assert quiet.balances == loud.balances and quiet.board == loud.board
