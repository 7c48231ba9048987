"""The sentences the playground's live region says (playground/announce.py), without a
browser: one per event of every kind, cards in words, and a whole deal told move by move in
the order of its transcript."""

from __future__ import annotations

import json
import re

import pytest

from nainjaune_rules.engine.events import EventType
from nainjaune_rules.playground import DealSession, builtin_source
from nainjaune_rules.playground.announce import Announcer, card_words


def test_every_event_kind_has_its_sentence_maker() -> None:
    for lang in ("en", "fr"):
        announcer = Announcer(lang, user=0)
        assert set(announcer._said) == set(EventType)


@pytest.mark.parametrize(("code", "en", "fr"), [
    ("QS", "the queen of spades", "la dame de pique"),
    ("7D", "the seven of diamonds", "le 7 de carreau"),
    ("AH", "the ace of hearts", "l'as de cœur"),
    ("10♣", "the ten of clubs", "le 10 de trèfle"),
])
def test_cards_in_words(code: str, en: str, fr: str) -> None:
    assert (card_words(code, "en"), card_words(code, "fr")) == (en, fr)


def test_an_unknown_event_is_silent_not_an_error() -> None:
    assert Announcer("en", 0).feed({"type": "no such event"}) == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_deal_is_told_move_by_move_as_its_transcript(lang: str) -> None:
    """Every card played in the transcript is said, in order, by the seat that played it;
    every box taken is said with its amount; the last sentence is the user's balance."""
    session = DealSession(builtin_source("fr-sheet"), 4, 0, "greedy", 2, autoplay=True,
                          lang=lang)
    doc = json.loads(session.transcript())
    events = [e for deal in doc["deals"] for move in deal["moves"] for e in move["events"]]
    plays = [e for e in events if e["type"] == "play"]
    said_plays = [s for s in session.heard if re.search(r" (plays?|joue|jouez) ", s)]
    assert len(said_plays) == len(plays) > 0
    for sentence, event in zip(said_plays, plays, strict=True):
        assert card_words(event["card"], lang) in sentence
        if event["seat"] != 0:
            assert str(event["seat"]) in sentence
    boxes = [e for e in events if e["type"] == "pay" and e["reason"] == "box"]
    taken = [s for s in session.heard if "box of" in s or "la case" in s]
    assert len(taken) == len(boxes)
    balance = doc["result"]["balances"][0]
    assert session.heard[-1].endswith((f"you have {balance} tokens.",
                                       f"vous avez {balance} jetons."))


def test_the_widow_is_offered_to_the_user_as_dealer_and_taken(tmp_path: object) -> None:
    """The page shows 'take the widow' when the user deals a widow deal; the move is played
    and told (the move the page's button sends: ``exchange``)."""
    source = ('ruleset widow\ntitle "A widow"\nperiod "house"\nextends fr-sheet\n'
              'deal: all cards, one extra hand   [house "a widow"]\n'
              'extra hand: the dealer may exchange his hand for it unseen   [house "a widow"]\n'
              'remove talon   [house "every card is dealt"]\n')
    session = next(s for s in (DealSession(source, 4, 0, "lowest", seed)
                               for seed in range(40)) if s.game.dealer == 0)
    state = session.state()
    assert state["can_exchange"] and state["can_pass"]
    state = session.move("exchange")
    assert not state["can_exchange"]
    assert "You take the widow." in session.heard
