"""Every construct the grammar accepts survives the canonical JSON and the writer.

The rulesets are generated from the grammar (:mod:`grammar_walk`): for each
alternative of each rule that the built-in rulesets do not use, a statement
that uses it is set in a ruleset extending a built-in one.  A few alternatives
need words no sample list can guess (a list of cards a parent announces, an
option whose choice leaves out its origin); they are written here by hand, and
the test proves each one uses what it is meant to.  A few cannot compile
whatever the words (an option with no origin): each is listed with the error it
gets.  Every other alternative must be met in a ruleset that compiles, and each
of those rulesets must come back equal from ``compile --format json`` → load
and from ``show`` → compile.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from grammar_walk import (
    PARENTS,
    SAMPLES,
    describe,
    grammar_rules,
    open_terminals,
    rules_used,
    ruleset_text,
    statements_for,
)

import nainjaune_rules
from nainjaune_rules.core.diagnostics import RulesetError
from nainjaune_rules.model import canonical
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.writer import write_ruleset
from nainjaune_rules.syntax.resources import rules_dir

R = '[inferred "r"]'

#: (parent, statement, an alternative it must use): written by hand
BY_HAND = [
    # issue 22, part 4: every card dealt leaves no talon, and an extra hand says its fate
    ("fr-sheet", f"deal: all cards  {R}\nremove talon  {R}\n", "deal_all -> DEAL COLON ALL CARDS"),
    ("fr-sheet", f"deal: all cards, one extra hand  {R}\nextra hand: dead  {R}\n"
                 f"remove talon  {R}\n", "deal_all -> DEAL COLON ALL CARDS COMMA ONE EXTRA HAND"),
    ("fr-sheet", f"tokens: 50 worth 1  {R}\n", "tokens -> TOKENS COLON denomination"),
    ("fr-sheet", f'option extra "x":  {R}\n    one (default): nothing changes\n'
                 "    two: nothing changes\n", "choice -> choice_name COLON NOTHING CHANGES _NL"),
    ("cz-box", f"players: 2, 3, 4  {R}\n", "players -> PLAYERS COLON INT __players_star"),
    ("1760", f"players: 3 and 5  {R}\n", "players -> PLAYERS COLON INT AND INT"),
    ("1902", f"players: 3, 4, 5, 6, 7, 8  {R}\n", "__players_star -> __players_star COMMA INT"),
    ("1760", f'announce 9C as "Stop!", forgetting forfeits nothing  {R}\n',
     "card_class -> CARD"),
    # the stop cards and the wild card of this parent are box cards, whose word costs the box
    ("house/two-player-suits", f'announce kings, a stop card, the wild card or 9C as "x", '
     f"forgetting forfeits the box  {R}\n",
     "card_classes -> card_class __card_classes_star OR card_class"),
    ("house/two-player-suits", f'announce a king, stop cards and any card as "x", forgetting '
     f"forfeits the box  {R}\n", "card_classes -> card_class __card_classes_star AND card_class"),
    ("house/two-player-suits", f'announce a king, stop cards as "x", forgetting forfeits the box'
     f"  {R}\n", "card_classes -> card_class __card_classes_star"),
    ("house/two-player-suits", f'announce a king, a stop card, 9C, 10C as "x", forgetting '
     f"forfeits the box  {R}\n", "__card_classes_star -> __card_classes_star COMMA card_class"),
    ("1760", f"remove announce every card  {R}\n", "removable -> ANNOUNCE card_classes"),
    ("fr-sheet", "game ends: when a player cannot stake, when a player has no tokens or after "
                 f"12 deals  {R}\n", "__game_end_star -> __game_end_star OR end_condition"),
    ("fr-sheet", f"game ends: when a player cannot stake, after 12 deals  {R}\n",
     "game_end -> GAME ENDS COLON end_condition __game_end_star"),
    ("fr-sheet", "game ends: when a player has no tokens, when a player cannot stake, "
                 f"after 12 deals  {R}\n",
     "__game_end_star -> __game_end_star COMMA end_condition"),
    ("fr-sheet", "settlement: honours left in hand, then the opera sweep, then losers pay, then "
                 f"each other player pays, then leftovers  {R}\n",
     "settlement -> SETTLEMENT COLON settlement_step __settlement_star"),
    # trumps and the turn-up (issue #22, item 6): they need the trumps clause, which no
    # built-in ruleset has
    ("fr-sheet", f"trumps: the last card dealt is turned up  {R}\n"
                 f"when the turn-up is a box card: the dealer takes its box  {R}\n",
     "simple_clause -> turn_up_box"),
    ("fr-sheet", f"trumps: the last card dealt is turned up  {R}\n"
                 f"when the turn-up is a box card: the dealer takes its box  {R}\n",
     "turn_up_box -> WHEN THE TURN_UP IS A BOX CARD_WORD COLON THE DEALER TAKES ITS BOX"),
    ("fr-sheet", f"trumps: the last card dealt is turned up  {R}\n"
                 f'pool "Game": stake 1, won by the deal\'s winner  {R}\n'
                 f'when the turn-up is 9D: the dealer takes the pool "Game", and each other '
                 f"player pays him 1 per card dealt  {R}\n", "simple_clause -> turn_up_bonus"),
    ("fr-sheet", f"trumps: the last card dealt is turned up  {R}\n"
                 f'pool "Game": stake 1, won by the deal\'s winner  {R}\n'
                 f'when the turn-up is 9D: the dealer takes the pool "Game", and each other '
                 f"player pays him 1 per card dealt  {R}\n",
     "turn_up_bonus -> WHEN THE TURN_UP IS CARD COLON THE DEALER TAKES THE POOL STRING COMMA "
     "AND EACH OTHER PLAYER PAYS HIM INT PER CARD_WORD DEALT"),
    ("fr-sheet", f"trumps: the last card dealt is turned up  {R}\n"
                 f'pool "Ace": stake 1, won by a player who plays A of trumps  {R}\n',
     "pool_cards -> RANK OF TRUMPS"),
    ("fr-sheet", f"trumps: the last card dealt is turned up  {R}\n"
                 f'pool "M": stake 1, won by a player who plays K and Q of trumps  {R}\n',
     "pool_cards -> RANK AND RANK OF TRUMPS"),
]

# a book source (its text not bundled), cited by two sections and two pages
_BOOK = ('source bk "English" "a book":\n    author "A. Author"\n    title "A Title"\n'
         '    year 1900\n    published "London: A Publisher"\n'
         'players: 3 to 8  [bk §"One" §"Two"; bk p.1 pp.2-3]\n')
BY_HAND += [("fr-sheet", _BOOK, alternative) for alternative in (
    "__citation_plus -> __citation_plus SECTION", "__citation_plus -> __citation_plus PAGE",
    "__header_plus -> __header_plus book_line", "book_line -> AUTHOR STRING _NL",
    "book_line -> YEAR INT _NL", "book_line -> PUBLISHED STRING _NL")]

#: (parent, statement, the alternative, the error it gets whatever the words)
REFUSED = [
    ("fr-sheet",
     'option extra "x":\n    one (default): nothing changes\n    two: nothing changes\n',
     "option -> OPTION NAME STRING COLON _NL _INDENT __option_plus _DEDENT", "missing-origin"),
    ("fr-sheet", "remove opera\n", "removal -> REMOVE removable _NL", "missing-origin"),
    ("fr-sheet", "winner: most tokens\n", "clause -> simple_clause _NL", "missing-origin"),
    ("fr-sheet", "box 7D: stake 10\n", "part_change -> part _NL", "missing-origin"),
    # every step must be listed: a settlement of one step leaves the others without a place
    ("fr-sheet", f"settlement: leftovers  {R}\n",
     "settlement -> SETTLEMENT COLON settlement_step", "missing-step"),
    ("house/two-player-suits", "deal:\n    2 players: 10 cards each\n",
     "deal_table -> DEAL COLON _NL _INDENT __deal_table_plus _DEDENT", "missing-origin"),
    ("fr-sheet", 'board:\n    7D "x": stake 1\n',
     "board -> BOARD COLON _NL _INDENT __board_plus _DEDENT", "missing-origin"),
    # no built-in ruleset is named with two slashes
    ("fr-sheet", "extends house/two-player-suits/x\n",
     "__ruleset_name_star -> __ruleset_name_star SLASH NAME", "missing-extends"),
]
#: whole files: a file of blank lines says no ruleset
REFUSED_FILES = [("\n\n", "start -> _NL")]
#: the parser ends every text with a newline, so no text is empty
UNREACHABLE = {"start -> <empty>"}


def _compile(text: str, folder: Path) -> r.Ruleset:
    path = folder / "generated.nj"
    path.write_text(text, encoding="utf-8")
    return nainjaune_rules.load_ruleset(str(path))


@dataclasses.dataclass
class Corpus:
    texts: list[str]  # ruleset files that compile
    rulesets: list[r.Ruleset]
    met: set[str]  # the alternatives (described) their parses went through
    misses: list[str]  # alternatives no generated statement could compile, with the last error


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Corpus:
    folder = tmp_path_factory.mktemp("grammar")
    found = Corpus([], [], set(), [])

    def keep(text: str, ruleset: r.Ruleset) -> None:
        found.texts.append(text)
        found.rulesets.append(ruleset)
        found.met |= {describe(rule) for rule in rules_used(text)}

    for name in nainjaune_rules.builtin_rulesets():
        text = (rules_dir() / f"{name}.nj").read_text(encoding="utf-8")
        keep(text, nainjaune_rules.load_ruleset(name))
    for parent, statement, _ in BY_HAND:
        text = ruleset_text(statement, parent)
        keep(text, _compile(text, folder))
    refused = {alternative for *_, alternative, _ in REFUSED} | {a for _, a in REFUSED_FILES}
    refused |= UNREACHABLE
    for rule in grammar_rules():
        if describe(rule) in found.met | refused:
            continue
        last = "no statement can be derived"
        for statement in statements_for(rule):
            for parent in PARENTS:
                text = ruleset_text(statement, parent)
                try:
                    ruleset = _compile(text, folder)
                except RulesetError as error:
                    last = f"{text!r}: {str(error).splitlines()[0]}"
                    continue
                keep(text, ruleset)
                break
            else:
                continue
            break
        else:
            found.misses.append(f"{describe(rule)}: {last}")
    return found


def test_every_open_terminal_has_sample_words() -> None:
    assert open_terminals() - set(SAMPLES) == set()


def test_each_statement_written_by_hand_uses_its_alternative() -> None:
    for parent, statement, alternative in BY_HAND:
        used = {describe(rule) for rule in rules_used(ruleset_text(statement, parent))}
        assert alternative in used, (statement, sorted(used))


@pytest.mark.parametrize(("parent", "statement", "alternative", "kind"), REFUSED)
def test_an_alternative_no_ruleset_can_use_is_refused_with_its_error(
        parent: str, statement: str, alternative: str, kind: str, tmp_path: Path) -> None:
    text = ruleset_text(statement, parent)
    assert alternative in {describe(rule) for rule in rules_used(text)}
    with pytest.raises(RulesetError) as error:
        _compile(text, tmp_path)
    assert kind in [d.kind for d in error.value.diagnostics]
    assert all(d.line >= 1 for d in error.value.diagnostics)


@pytest.mark.parametrize(("text", "alternative"), REFUSED_FILES)
def test_a_file_with_no_statement_is_refused(text: str, alternative: str,
                                             tmp_path: Path) -> None:
    assert alternative in {describe(rule) for rule in rules_used(text)}
    with pytest.raises(RulesetError):
        _compile(text, tmp_path)


def test_every_grammar_alternative_is_met_in_a_ruleset_that_compiles(corpus: Corpus) -> None:
    refused = {a for *_, a, _ in REFUSED} | {a for _, a in REFUSED_FILES} | UNREACHABLE
    missing = {describe(rule) for rule in grammar_rules()} - corpus.met - refused
    assert missing == set(), "\n".join(corpus.misses)


def test_every_generated_ruleset_survives_the_canonical_json(corpus: Corpus) -> None:
    for text, ruleset in zip(corpus.texts, corpus.rulesets, strict=True):
        data = json.loads(canonical.to_json(ruleset))
        assert canonical.from_data(data) == ruleset, text
        # the YAML form is read by the same code: JSON is YAML
        assert canonical.from_yaml(canonical.to_json(ruleset)) == ruleset, text


def test_every_generated_ruleset_survives_the_writer(corpus: Corpus, tmp_path: Path) -> None:
    for text, ruleset in zip(corpus.texts, corpus.rulesets, strict=True):
        shown = write_ruleset(ruleset)
        again = _compile(shown, tmp_path)
        assert again == dataclasses.replace(ruleset, parent=None), (text, shown)


def test_one_card_announced_comes_back_from_json(tmp_path: Path) -> None:
    """The language page's own example: ``announce 9C as "Stop!"`` (a single card)."""
    text = ruleset_text(f'announce 9C as "Stop!", forgetting forfeits nothing  {R}\n', "1760")
    ruleset = _compile(text, tmp_path)
    (mine,) = [a for a in ruleset.announcements if a.word == "Stop!"]
    assert [card.code for card in mine.cards if isinstance(card, r.Card)] == ["9C"]
    assert canonical.from_data(json.loads(canonical.to_json(ruleset))) == ruleset
