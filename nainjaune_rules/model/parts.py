"""The parts of a board, a deal table and a game end, when an extension changes them.

Restating ``board:`` in a ruleset that extends another replaces the whole board:
a house rule that meant to change the dwarf's stake and wrote only the 7♦ line
would play with one box, silently.  So:

- a restated board, deal table or game end that drops parts of the parent's is
  warned about (:func:`dropped_parts`), naming what is dropped and the one-part
  change that keeps the rest;
- ``box 7D: stake 10`` and ``deal 3 players: 12 cards each`` change one part of the
  parent's clause and keep the others (:func:`changed_clause`).
"""

from __future__ import annotations

from dataclasses import replace

from nainjaune_rules.core.bilingual import NNBSP, Words, et_list, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.core.wording import and_list
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.words import words
from nainjaune_rules.model.writer import clause_line

Report = Reporter


def changed_clause(current: r.Clause | None, part: r.Clause, head: str, span: r.Span,
                   parent_id: str, report: Report) -> r.Clause | None:
    """The clause ``current`` with the one part of ``part`` put in (changed or added).

    ``part`` is a board of one box or a deal table of one row, built from the
    statement; the result takes its origin (the house's reason for the change) and
    its place.  ``None``, reported, when there is nothing to change.
    """
    if current is None:
        board = isinstance(part, r.Board)
        what = "board" if board else "deal table"
        what_fr = "tableau" if board else "table des donnes"
        whose = q(parent_id) if parent_id else "cette règle du jeu"
        report(DK.NOTHING_TO_CHANGE,
               Words(f"'{head}' changes one part of the {what}, but "
                     f"{parent_id or 'this ruleset'} has no {what}",
                     f"{q(head)} change une partie du {what_fr}, mais {whose} n’a pas de "
                     f"{what_fr}"), span,
               Words(f"write the whole {what}: "
                     + ("board:  (then one indented line per box)" if board
                        else "deal:  (then one indented line per player count)"),
                     f"écrivez le {what_fr} en entier{NNBSP}: "
                     + (f"{q('board:')} (puis une ligne indentée par case)" if board
                        else f"{q('deal:')} (puis une ligne indentée par nombre de joueurs)")))
        return None
    part = replace(part, origin=_origin(current, part))
    if isinstance(part, r.Board) and isinstance(current, r.Board):
        return _with_box(current, part, head, span, report)
    if isinstance(part, r.DealTable) and isinstance(current, r.DealTable):
        row = part.rows[0]
        rows = tuple(sorted((*(x for x in current.rows if x.players != row.players), row),
                            key=lambda x: x.players))
        return replace(part, rows=rows)
    raise AssertionError(f"no part change from {type(part).__name__} to {type(current).__name__}")


def _origin(current: r.Clause, part: r.Clause) -> r.Origin:
    """The changed clause's origin: the change's, and the reasons of this file's earlier
    changes of the same clause with it (two boxes changed for two reasons keep both)."""
    before, now = current.origin, part.origin
    if current.defined_in != part.defined_in or before.kind is not now.kind \
            or before.citations or now.citations or now.reason in before.reason.split("; "):
        return now
    return replace(now, reason=f"{before.reason}; {now.reason}")


def _with_box(board: r.Board, part: r.Board, head: str, span: r.Span,
              report: Report) -> r.Board | None:
    new = part.boxes[0]
    old = board.box(new.card)
    if old is None and not new.name:
        code, listed = new.card.code, " ".join(b.card.code for b in board.boxes)
        report(DK.NOTHING_TO_CHANGE,
               Words(f"'{head}': the board has no box for {code}",
                     f"{q(head)}{NNBSP}: le tableau n’a pas de case pour {code}"),
               span,
               Words(f'to add one, name it: box {code} "its name": stake {new.stake}; '
                     f"the board's boxes: {listed}",
                     f"pour en ajouter une, nommez-la{NNBSP}: "
                     + q(f'box {code} "son nom": stake {new.stake}')
                     + f"{NNBSP}; les cases du tableau{NNBSP}: {listed}"))
        return None
    box = replace(new, name=new.name or (old.name if old else ""))
    boxes = tuple(box if b.card == box.card else b for b in board.boxes)
    return replace(part, boxes=boxes if old else (*boxes, box))


def dropped_parts(parent: r.Clause, own: r.Clause, players: r.Players | None,
                  report: Report) -> None:
    """Warn when ``own``, restating ``parent``'s clause whole, leaves out some of its parts."""
    # a board of no box ("board: none") or a deal of all cards replaces the parent's on
    # purpose: nothing is dropped by mistake, and there is no part to hint at
    if isinstance(parent, r.Board) and isinstance(own, r.Board) and own.boxes:
        kept = {b.card for b in own.boxes}
        gone = [b for b in parent.boxes if b.card not in kept]
        if gone:
            changed = own.boxes[0]
            codes = [b.card.code for b in gone]
            one = len(gone) == 1
            _warn(report, own,
                  Words(f"this board replaces {_whose(parent)} whole: the "
                        f"{_boxes(gone)} {and_list(codes)} "
                        f"{'is' if one else 'are'} dropped, and the board has "
                        f"{_boxes(own.boxes, count=True)}",
                        f"ce tableau remplace {_whose_fr(parent, 'celui')} en entier"
                        f"{NNBSP}: {'la case' if one else 'les cases'} {et_list(codes)} "
                        f"{'disparaît' if one else 'disparaissent'}, et le tableau a "
                        f"{_boxes_fr(own.boxes)}"),
                  Words(f"to change one box and keep the others, write it alone, without "
                        f"'board:': box {changed.card.code}: stake {changed.stake}",
                        "pour changer une case et garder les autres, écrivez-la seule, sans "
                        f"{q('board:')}{NNBSP}: "
                        + q(f"box {changed.card.code}: stake {changed.stake}")))
    elif isinstance(parent, r.DealTable) and isinstance(own, r.DealTable) and own.rows:
        kept_counts = {x.players for x in own.rows}
        allowed = set(players.counts) if players else set()
        gone_rows = [x for x in parent.rows if x.players not in kept_counts
                     and (not allowed or x.players in allowed)]
        if gone_rows:
            row = own.rows[0]
            counts = [str(x.players) for x in gone_rows]
            _warn(report, own,
                  Words(f"this deal table replaces {_whose(parent)} whole: the deal "
                        f"for {and_list(counts)} players is dropped",
                        f"cette table des donnes remplace {_whose_fr(parent, 'celle')} en "
                        f"entier{NNBSP}: la donne à {et_list(counts)} joueurs disparaît"),
                  Words(f"to change one row and keep the others, write it alone, without "
                        f"'deal:': deal {row.players} players: {row.cards_each} cards each",
                        "pour changer un rang et garder les autres, écrivez-le seul, sans "
                        f"{q('deal:')}{NNBSP}: "
                        + q(f"deal {row.players} players: {row.cards_each} cards each")))
    elif isinstance(parent, r.GameEnd) and isinstance(own, r.GameEnd):
        kinds = {c.kind for c in own.conditions}
        gone_ends = [c for c in parent.conditions if c.kind not in kinds]
        if gone_ends:
            phrases = [words(c.kind).language.format(deals='…') for c in gone_ends]
            told = and_list([f"'{p}'" for p in phrases])
            kept_too = replace(own, conditions=(*own.conditions, *gone_ends))
            line = clause_line(kept_too)
            _warn(report, own,
                  Words(f"this game end replaces {_whose(parent)} whole: {told} "
                        "no longer ends the game",
                        f"cette fin de partie remplace {_whose_fr(parent, 'celle')} en entier"
                        f"{NNBSP}: {et_list([q(p) for p in phrases])} ne "
                        f"{'finit' if len(phrases) == 1 else 'finissent'} plus la partie"),
                  Words(f"to keep it, list it too: {line}",
                        f"pour la garder, listez-la aussi{NNBSP}: {q(line)}"))


def _warn(report: Report, own: r.Clause, message: Words, hint: Words) -> None:
    report(DK.DROPPED_PARTS, message, own.span, hint)


def _whose(parent: r.Clause) -> str:
    return f"the one of {parent.defined_in}" if parent.defined_in else "the extended one"


def _whose_fr(parent: r.Clause, one: str) -> str:
    """``celui de fr-sheet`` (``one`` agrees with the clause), or « celui étendu »."""
    return f"{one} de {parent.defined_in}" if parent.defined_in else f"{one} de la règle étendue"


def _boxes_fr(boxes: tuple[r.Box, ...]) -> str:
    many = len(boxes)
    return (f"{many} {'case' if many == 1 else 'cases'} "
            f"({et_list([b.card.code for b in boxes])})")


def _boxes(boxes: tuple[r.Box, ...] | list[r.Box], count: bool = False) -> str:
    many = len(boxes)
    word = "box" if many == 1 else "boxes"
    if not count:
        return word
    return f"{many} {word} ({and_list([b.card.code for b in boxes])})"

