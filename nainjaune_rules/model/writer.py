"""Writing a compiled ruleset back in the ruleset language.

``write_ruleset`` prints a :class:`~nainjaune_rules.model.rules.Ruleset` as one
standalone file: ``extends`` and ``include`` resolved, every clause with its
origin, options with all their choices.  Compiling the text again, with the
same options chosen, gives an equal ruleset — the tests hold it to that, which
keeps this writer and the grammar in step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

from nainjaune_rules.core.cards import rank_code
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.resolve import Slot, base_clauses, slot_of
from nainjaune_rules.model.vocabulary import phrase_of
from nainjaune_rules.model.words import end_slots, words

INDENT = "    "
CLAUSE_COLUMN = 56  # origins line up here when the clause is short enough


def origin_text(origin: r.Origin) -> str:
    if origin.kind is r.OriginKind.ATTESTED:
        parts = [str(c) for c in origin.citations]
        if origin.reason:
            parts.append(f'inferred "{origin.reason}"')
        return "[" + "; ".join(parts) + "]"
    return f'[{origin.kind.value} "{origin.reason}"]'


def _book_lines(book: r.Book) -> list[str]:
    """A book source's bibliographic block, indented under its ``source`` line."""
    lines = [f'author "{book.author}"' if book.author else "",
             f'title "{book.title}"' if book.title else "",
             f"year {book.year}" if book.year is not None else "",
             f'published "{book.published}"' if book.published else ""]
    return [INDENT + line for line in lines if line]


def _side(side: r.Side) -> str:
    return words(side).language


def card_classes_text(cards: tuple[r.CardClass | r.Card, ...], plural: bool) -> str:
    said = []
    for item in cards:
        if isinstance(item, r.Card):
            said.append(item.code)
        else:
            said.append(words(item).forms["plural"] if plural else words(item).language)
    if len(said) == 1:
        return said[0]
    return ", ".join(said[:-1]) + " or " + said[-1]


def _players(c: r.Players) -> str:
    counts = c.counts
    if len(counts) > 2 and counts == tuple(range(counts[0], counts[-1] + 1)):
        return f"players: {counts[0]} to {counts[-1]}"
    if len(counts) == 2:
        return f"players: {counts[0]} or {counts[1]}"
    return "players: " + ", ".join(map(str, counts))


def _deal_table(c: r.DealTable) -> list[str]:
    rows = []
    for row in c.rows:
        talon = f", talon {row.talon}" if row.talon is not None else ""
        rows.append(f"{row.players} players: {row.cards_each} cards each{talon}")
    return rows


def _dealing(c: r.Dealing) -> str:
    packets = "one card at a time" if c.packet == 1 else f"packets of {c.packet}"
    return f"dealing: {packets}, {words(c.direction).language}"


def _wild(c: r.WildCard) -> str:
    effect = words(c.out_of_turn).language
    when = ", at any time" if c.any_time else ""
    stop = ", and it is a stop card" if c.stop else ""
    return f"wild card: {c.card.code}{when}, out of turn it {effect}{stop}"


def _stuck(c: r.NobodyCanContinue) -> str:
    then = words(c.then).language if c.then is not None else ""
    return "nobody can continue: " + words(c.rule).language.format(then=then)


def _announce(c: r.Announcement) -> str:
    return (f'announce {card_classes_text(c.cards, plural=True)} as "{c.word}", '
            f"forgetting forfeits {words(c.forfeit).language}")


def event_text(event: r.Event) -> str:
    cards = card_classes_text(event.cards, plural=False) if event.cards else ""
    return words(event.kind).language.format(cards=cards) + (
        " and announced" if event.announced else "")


def action_text(action: r.Action) -> str:
    return phrase_of(action)  # the registry's words (model.vocabulary)


def _game_end(c: r.GameEnd) -> str:
    parts = []
    for cond in c.conditions:
        counts = [f"{deals} deals" + (f" with {players} players" if players else "")
                  for players, deals in cond.deals]
        parts.append(words(cond.kind).language.format(**end_slots(cond, ", ".join(counts))))
    return "game ends: " + " or ".join(parts)


def _tokens(c: r.StartingTokens) -> str:
    if not c.denominations:
        return f"starting tokens: {c.count}"
    return "tokens: " + ", ".join(f"{many} worth {value}" for value, many in c.denominations)


def _pool(c: r.Pool) -> str:
    """``pool "Game": stake 1, won by the deal's winner`` (issue #22, item 3)."""
    won = words(c.won_by).language.format(pair=c.card_words())
    return f'pool "{c.name}": stake {c.stake}, won by {won}'


def _cannot_pay(c: r.CannotPay) -> str:
    return "cannot pay in full: " + words(c.rule).language


_LINE: dict[type, Callable[..., str]] = {
    r.Players: _players,
    r.Ranks: lambda c: "ranks: " + " ".join(rank_code(x) for x in c.order),
    r.RankNames: lambda c: "rank names: " + " ".join(c.names),
    r.Dealing: _dealing,
    r.FirstDealer: lambda c: "first dealer: " + words(c.rule).language,
    r.NextDealer: lambda c: "next dealer: " + _side(c.side),
    r.PlayDirection: lambda c: "play: " + words(c.direction).language,
    r.FirstLead: lambda c: "first lead: " + _side(c.side),
    r.Stakes: lambda c: "stakes: " + words(c.stakers).language.format(
        dealer_times=c.dealer_times, other_times=c.other_times),
    r.Leftovers: lambda c: "leftovers: " + ("stay" if c.stay else "are cleared"),
    r.StartingTokens: _tokens,
    r.Change: lambda c: "change: " + words(c.rule).language,
    r.Points: lambda c: f"points: court cards {c.court}, aces {c.ace}, others face value",
    r.Runs: lambda c: "runs: " + ("same suit" if c.same_suit else "any suit"),
    r.PlayOn: lambda c: "play on: " + ("compulsory" if c.compulsory else "optional"),
    r.Continuing: lambda c: "continuing: " + ("compulsory" if c.compulsory else "optional"),
    r.StopCards: lambda c: "stop cards: " + " ".join(x.code for x in c.cards),
    r.AfterKing: lambda c: ("after the top rank" if c.top_rank else "after a king")
    + ": the player leads a new run",
    r.WildCard: _wild,
    r.RankAtOnce: lambda c: "play: every card of the rank at once",
    r.LeadCard: lambda c: "lead: the lowest card of a suit",
    r.LeadAfterStop: lambda c: "after a stop: the player leads a different suit, or " + (
        "the lead passes to the next player" if c.passes else "any suit if they cannot"),
    r.NobodyCanContinue: _stuck,
    r.Announcement: _announce,
    r.Call: lambda c: f'call {words(c.moment).language}: "{c.word}"',
    r.Opera: lambda c: "opera: " + words(c.kind).language,
    r.Effect: lambda c: f"when {event_text(c.event)}: {action_text(c.action)}",
    r.GameEnd: _game_end,
    r.WinnerRule: lambda c: "winner: " + words(c.rule).language,
    r.CannotPay: _cannot_pay,
    r.DealEnd: lambda c: "deal ends: when a player has no cards left, and that player wins it",
    r.Shuffling: lambda c: "shuffling: the dealer shuffles before each deal" + (
        f", {words(c.cut).language} cuts" if c.cut else ""),
    r.Talon: lambda c: "talon: face down, out of play until the next deal",
    r.PlayedCards: lambda c: "played cards: one face up pile",
    r.ExtraHand: lambda c: "extra hand: " + words(c.rule).language,  # issue 22, part 4
    r.Settlement: lambda c: "settlement: " + ", then ".join(words(s).language for s in c.steps),
    r.Pool: _pool,
    r.Trumps: lambda c: "trumps: the last card dealt is turned up",
    r.TurnUpBonus: lambda c: f'when the turn-up is {c.card.code}: the dealer takes the pool '
    f'"{c.pool}", and each other player pays him {c.per_card} per card dealt',
    r.TurnUpBox: lambda c: "when the turn-up is a box card: the dealer takes its box",
    r.Turn: lambda c: "turn: a player lays cards of the run one after another, then the turn "
    "passes to " + _side(c.passes_to),
    r.Deck: lambda c: "deck: " + deck_words(c),  # deck composition (#22)
}


def _deal_all(c: r.DealTable) -> str:
    """``deal: all cards`` (issue 22, part 4): a line, not a block."""
    return "deal: all cards" + (", one extra hand" if c.extra_hands else "")


def deck_words(c: r.Deck) -> str:
    """``2 packs, without 8D``: the deck clause after its head."""
    parts = [f"{c.packs} packs"] if c.packs > 1 or not c.without else []
    if c.without:
        parts.append("without " + " ".join(x.code for x in c.without))
    return ", ".join(parts)


def clause_line(clause: r.Clause) -> str:
    """The clause's first line, without its origin (``players: 3 to 8``)."""
    if isinstance(clause, r.DealTable):
        return _deal_all(clause) if clause.all_cards else "deal:"
    if isinstance(clause, r.Board):
        return "board:" if clause.boxes else "board: none"
    if isinstance(clause, r.TableOption):
        return f'option {clause.name} "{clause.description}":'
    return _LINE[type(clause)](clause)


def _with_origin(text: str, origin: r.Origin, indent: str) -> str:
    line = indent + text
    pad = max(CLAUSE_COLUMN - len(line), 1)
    return line + " " * pad + origin_text(origin)


def clause_lines(clause: r.Clause, indent: str = "", chosen: str | None = None) -> list[str]:
    """The clause as lines of ruleset text, with its origin and any indented block."""
    lines = [_with_origin(clause_line(clause), clause.origin, indent)]
    inner = indent + INDENT
    if isinstance(clause, r.DealTable):
        lines += [inner + row for row in _deal_table(clause)]
    elif isinstance(clause, r.Board):
        lines += [f'{inner}{b.card.code} "{b.name}": stake {b.stake}' for b in clause.boxes]
    elif isinstance(clause, r.TableOption):
        for choice in clause.choices:
            mark = " (default)" if choice.name == clause.default else ""
            note = "    # in force" if choice.name == chosen else ""
            if not choice.clauses:
                lines.append(f"{inner}{choice.name}{mark}: nothing changes{note}")
                continue
            lines.append(f"{inner}{choice.name}{mark}:{note}")
            for sub in choice.clauses:
                lines += clause_lines(sub, inner + INDENT)
    return lines


def write_ruleset(ruleset: r.Ruleset, folded: Mapping[str, str] | None = None) -> str:
    """The whole ruleset as one standalone ruleset file.

    ``folded`` names the options whose choice was folded into the clauses
    (:func:`~nainjaune_rules.model.resolve.fold_options`): a comment says so.  The
    options left are printed with all their choices; what the choices in force play
    is also shown, as comments, under the base clause each replaces (or after the
    base clauses, for one the base does not have), with the option it came from: the
    text compiles to the same ruleset, and a reader sees what the table plays.
    """
    chosen = dict(ruleset.chosen)
    out = [f"# {ruleset.title} — compiled: extends and includes resolved."]
    if folded:
        out.append("# Options folded in (their choice is written as plain clauses): "
                   + ", ".join(f"{k} = {v}" for k, v in sorted(folded.items())))
    if chosen:
        out.append("# Options in force: " + ", ".join(f"{k} = {v}" for k, v in sorted(
            chosen.items())))
    body = _body(ruleset, chosen)
    if any(line.startswith(_IN_PLAY) for line in body):
        out.append("# What they play is shown under each clause it replaces, as "
                   f"'{_IN_PLAY} …'.")
    out += [
        f"ruleset {ruleset.id}",
        f'title "{ruleset.title}"',
        f'period "{ruleset.period}"',
        f"evidence {ruleset.evidence.value}",
    ]
    for s in ruleset.sources:
        out.append(f'source {s.id} "{s.language}" "{s.description}"'
                   + (f" paragraphs {s.paragraphs}" if s.paragraphs is not None else "")
                   + (":" if s.book is not None else ""))
        out.extend(_book_lines(s.book) if s.book is not None else [])
    out.append("")
    return "\n".join(out + body) + "\n"


_IN_PLAY = "# in play, from option"


def _body(ruleset: r.Ruleset, chosen: Mapping[str, str]) -> list[str]:
    """The clauses, each followed by what a choice in force plays instead, then the options."""
    out: list[str] = []
    in_play = _in_play(ruleset)
    options = []
    base = base_clauses(ruleset)
    for slot, clause in base.items():
        if isinstance(clause, r.TableOption):
            options.append(clause)
            continue
        out += clause_lines(clause)
        found = in_play.pop(slot, None)
        if found is not None and dataclasses.replace(found[0], origin=clause.origin) != clause:
            out += _in_play_lines(found)
    for added in list(in_play.values()):
        out += _in_play_lines(added, added=True)
    for option in options:
        out.append("")
        out += clause_lines(option, chosen=chosen.get(option.name))
    return out


def _in_play(ruleset: r.Ruleset) -> dict[Slot, tuple[r.Clause, str]]:
    """The clauses the choices in force lay over the base, by slot, with their option."""
    chosen = dict(ruleset.chosen)
    found: dict[Slot, tuple[r.Clause, str]] = {}
    for option in ruleset.options:
        name = chosen.get(option.name, option.default)
        choice = option.choice(name)
        mark = " (the default)" if name == option.default else ""
        for clause in choice.clauses if choice else ():
            found[slot_of(clause)] = (clause, f"{option.name} = {name}{mark}")
    return found


def _in_play_lines(found: tuple[r.Clause, str] | None, added: bool = False) -> list[str]:
    if found is None:
        return []
    clause, option = found
    how = "adds" if added else "replaces it with"
    return [f"{_IN_PLAY} {option}, which {how}:",
            *("#   " + line for line in clause_lines(clause))]
