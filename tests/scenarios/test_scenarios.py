"""Scenarios: hand-worked games, one YAML file each, replayed by the engine.

A scenario names a ruleset (a built-in name, or ``ruleset_text`` that extends
one), table options, seats, the first dealer, the number of deals and an
explicit deck for each deal — either ``deck`` (the codes top card first) or
``hands`` (seat -> cards) plus ``talon``, which this file turns into the deck
order by dealing backwards (so the dealing rule is checked independently of
the engine).  With ``deal: all cards, one extra hand``, ``extra hand`` holds the
extra hand's cards: every card is dealt one at a time, the extra hand first in each
round, so the hands dealt first hold one card more when the deck does not share out.
``expect`` holds what was worked out by hand from the sources, with the reasoning in
the YAML's comments:

- ``events``: events that must occur in this order (others may come between);
  each is matched on the keys it gives;
- ``absent``: events that must not occur at all;
- ``deals``: per deal, any of ``winner``, ``opera``, ``balances``, ``board``,
  ``plays``, ``forfeits``, ``shortfalls`` (the engine's deal summary);
- ``purse``: the tokens each player starts with, when the scenario was worked with a purse
  its ruleset has changed since (1760's and 1902's, issue 23);
- ``result``: any of ``ended``, ``reason`` (a substring), ``winners``,
  ``balances``, ``board``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

import pytest
import yaml

from nainjaune_rules import load_ruleset
from nainjaune_rules.core.cards import parse_card
from nainjaune_rules.engine import Game
from nainjaune_rules.model.rules import Ruleset
from nainjaune_rules.players.session import make_seats

HERE = Path(__file__).parent
SCENARIOS = sorted(HERE.glob("*.yaml"))


def _codes(text: str | list[str]) -> list[int]:
    words = text.split() if isinstance(text, str) else text
    cards = []
    for word in words:
        card = parse_card(str(word))
        assert card is not None, f"bad card code {word!r} in scenario"
        cards.append(card.index)
    return cards


def deck_from_hands(spec: dict[str, Any], dealer: int, players: int, step: int,
                    packet: int) -> list[int]:
    """The deck order that deals ``hands`` (seat -> cards) and leaves ``talon``.

    Dealing starts next to the dealer in the dealing direction (``step``) and
    ends with the dealer, ``packet`` cards at a time (the last packet may be
    smaller), from the top of the deck; the talon is what is left.
    """
    hands = {int(seat): _codes(cards) for seat, cards in spec["hands"].items()}
    order = [(dealer + step * i) % players for i in range(1, players + 1)]
    if "extra hand" in spec:  # every card, one at a time, the extra hand first (issue 22)
        piles = [_codes(spec["extra hand"])] + [hands[s] for s in order]
        sizes = [len(p) for p in piles]
        assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1, (
            f"hands of {sizes} cards cannot come one at a time off one deck")
        return [p[i] for i in range(sizes[0]) for p in piles if i < len(p)]
    each = len(hands[order[0]])
    deck: list[int] = []
    given = dict.fromkeys(order, 0)
    while any(given[s] < each for s in order):
        for seat in order:
            k = min(packet, each - given[seat])
            deck.extend(hands[seat][given[seat]:given[seat] + k])
            given[seat] += k
    return deck + _codes(spec.get("talon", ""))


def _ruleset(sc: dict[str, Any], tmp_path: Path) -> Ruleset:
    options = {str(k): str(v) for k, v in (sc.get("options") or {}).items()}
    if "ruleset_text" in sc:
        path = tmp_path / "scenario.nj"
        path.write_text(sc["ruleset_text"], encoding="utf-8")
        ruleset = load_ruleset(str(path), options)
    else:
        ruleset = load_ruleset(sc["ruleset"], options)
    if "purse" in sc:
        # the tokens each player starts with when the scenario was worked by hand: 1760's
        # and 1902's purses changed since (issue 23), their rules of play did not
        tokens = dataclasses.replace(ruleset.starting_tokens, count=int(sc["purse"]),
                                     denominations=())
        ruleset = dataclasses.replace(ruleset, starting_tokens=tokens)
    return ruleset


def _matches(event: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(event.get(k) == v for k, v in want.items())


def _all_events(game: Game) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for deal in game.deal_records:
        events.extend(deal["setup"])  # type: ignore[arg-type]
        for move in deal["moves"]:  # type: ignore[attr-defined]
            events.extend(move["events"])
    return events


def run_scenario(sc: dict[str, Any], tmp_path: Path) -> Game:
    ruleset = _ruleset(sc, tmp_path)
    players = int(sc["players"])
    dealer = int(sc.get("dealer", 0))
    decks = []
    for i, spec in enumerate(sc["decks"]):
        if "deck" in spec:
            decks.append(_codes(spec["deck"]))
        else:
            # the dealer of deal i+1 is given by the scenario, or the first dealer
            deal_dealer = int(spec.get("dealer", dealer if i == 0 else -1))
            assert deal_dealer >= 0, "a hands: deck after the first deal must name its dealer"
            decks.append(deck_from_hands(spec, deal_dealer, players,
                                         ruleset.dealing.direction.step, ruleset.dealing.packet))
    game = Game(ruleset, players, int(sc.get("seed", 0)), deals=sc.get("deals"), dealer=dealer,
                max_deals=int(sc.get("max_deals", 50)), record=True, decks=decks)
    game.play(make_seats(sc.get("seats") or ["lowest"] * players))
    return game


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path, tmp_path: Path) -> None:
    sc = yaml.safe_load(path.read_text(encoding="utf-8"))
    game = run_scenario(sc, tmp_path)
    expect = sc["expect"]
    events = _all_events(game)
    pos = 0
    for want in expect.get("events", []):
        while pos < len(events) and not _matches(events[pos], want):
            pos += 1
        assert pos < len(events), f"expected event {want} not found (in order) in {path.name}"
        pos += 1
    for want in expect.get("absent", []):
        found = [e for e in events if _matches(e, want)]
        assert not found, f"event {want} should not occur, but {found[0]} did"
    for i, want in enumerate(expect.get("deals", [])):
        assert i < len(game.summaries), f"deal {i + 1} was not played"
        summary = game.summaries[i]
        for key, value in want.items():
            got = getattr(summary, key)
            if isinstance(got, list) and got and isinstance(got[0], tuple):
                got = [list(x) for x in got]
            assert got == value, f"deal {i + 1} {key}: expected {value}, got {got}"
    result = game.result()
    for key, value in (expect.get("result") or {}).items():
        got = getattr(result, key)
        if key == "reason":
            assert value in got, f"result reason: expected '{value}' in '{got}'"
        else:
            assert got == value, f"result {key}: expected {value}, got {got}"


def test_every_builtin_ruleset_has_five_scenarios() -> None:
    from nainjaune_rules import builtin_rulesets

    counts: dict[str, int] = {}
    for path in SCENARIOS:
        sc = yaml.safe_load(path.read_text(encoding="utf-8"))
        name = sc.get("ruleset") or sc.get("based_on")
        counts[name] = counts.get(name, 0) + 1
    missing = {n: counts.get(n, 0) for n in builtin_rulesets() if counts.get(n, 0) < 5}
    assert not missing, f"rulesets with fewer than 5 scenarios: {missing}"
