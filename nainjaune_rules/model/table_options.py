"""The ``option`` blocks and ``remove`` lines of a ruleset file.

An ``option`` block offers the table a choice between sets of clauses, one of them
the default; a ``remove`` line takes a clause (or an option) out of the ruleset the
file extends.  Its own room because both build or take away whole clauses beside the
file's own, and report only on the lines they read; the compiler
(:mod:`nainjaune_rules.model.compiler`) lays the result over the parent's clauses.
"""

from __future__ import annotations

from nainjaune_rules.core.bilingual import NNBSP, Words, q
from nainjaune_rules.core.diagnostic_kinds import DiagnosticKind as DK
from nainjaune_rules.core.diagnostic_kinds import Reporter
from nainjaune_rules.core.diagnostics import suggest
from nainjaune_rules.model import rules as r
from nainjaune_rules.model.build import ClauseBuilder
from nainjaune_rules.model.clause_heads import clause_head
from nainjaune_rules.model.resolve import Slot, slot_of
from nainjaune_rules.model.ruleset_header import _first_at
from nainjaune_rules.syntax.ast import ClauseNode, OptionNode, RemovalNode


def table_option(node: OptionNode, builder: ClauseBuilder, file_id: str,
                 report: Reporter) -> r.TableOption | None:
    """The table option an ``option`` block offers, its choices built; None without a
    default choice (reported)."""
    origin = builder.origin(node.origin, node.span, f"option {node.name.text}")
    choices: list[r.OptionChoice] = []
    defaults = [c for c in node.choices if c.default]
    seen: dict[str, r.Span] = {}
    for choice in node.choices:
        if choice.name.text in seen:
            report(DK.DUPLICATE_CLAUSE,
                   Words(f"the option {node.name.text!r} offers "
                         f"{choice.name.text!r} twice",
                         f"l’option {q(node.name.text)} offre {q(choice.name.text)} "
                         "deux fois"),
                   choice.name.span, _first_at(seen[choice.name.text].line))
            continue
        seen[choice.name.text] = choice.span
        built: dict[Slot, r.Clause] = {}
        for clause_node in choice.clauses:
            clause = builder.clause(clause_node)
            if clause is None:
                continue
            slot = slot_of(clause)
            if isinstance(clause, r.TableOption):
                continue
            if slot in built:
                report(DK.DUPLICATE_CLAUSE,
                       Words(f"'{clause_node.head}' is given twice in "
                             f"the choice {choice.name.text!r}",
                             f"{q(clause_node.head)} figure deux fois dans le "
                             f"choix {q(choice.name.text)}"), clause_node.span)
                continue
            built[slot] = clause
        choices.append(r.OptionChoice(choice.name.text, tuple(built.values()),
                                      span=choice.span))
    if not defaults:
        report(DK.BAD_DEFAULT,
               Words(f"the option {node.name.text!r} has no default choice",
                     f"l’option {q(node.name.text)} n’a pas de choix par défaut"),
               node.name.span,
               Words("mark one choice with (default), e.g.  points (default):",
                     "marquez un choix par (default), par exemple "
                     + q("points (default):")))
        return None
    for extra in defaults[1:]:
        marked = defaults[0].name.text
        report(DK.BAD_DEFAULT,
               Words(f"the option {node.name.text!r} has two default choices",
                     f"l’option {q(node.name.text)} a deux choix par défaut"),
               extra.name.span,
               Words(f"only one choice can be the default; {marked!r} is marked "
                     "already",
                     f"un seul choix peut être celui par défaut{NNBSP}; {q(marked)} "
                     "est déjà marqué"))
    return r.TableOption(origin=origin, span=node.span, defined_in=file_id,
                         name=node.name.text, description=node.description.unquoted,
                         choices=tuple(choices), default=defaults[0].name.text)


def remove_clause(node: RemovalNode, builder: ClauseBuilder, clauses: dict[Slot, r.Clause],
                  extends: bool, report: Reporter) -> None:
    """Take the clause a ``remove`` line names out of ``clauses`` (inherited when the
    file ``extends`` a ruleset); a clause that is not there is reported."""
    builder.origin(node.origin, node.span, node.head)
    if not extends:
        report(DK.NOTHING_TO_REMOVE,
               Words(f"'{node.head}' needs a ruleset to remove it from",
                     f"{q(node.head)} demande une règle du jeu d’où retirer"),
               node.span,
               Words("only a ruleset that extends another can remove its clauses",
                     "seule une règle du jeu qui en étend une autre peut en retirer "
                     "des clauses"))
        return
    slot: Slot | None
    if node.key == "options":
        slot = ("options", node.target.text)
    elif node.key == "calls":
        slot = ("calls", node.target)
    elif node.key == "announcements":
        probe = ClauseNode("announcements", r.Announcement,
                           {"cards": node.target, "word": "", "forfeit": r.Forfeit.NOTHING},
                           node.origin, node.span, node.head)
        built = builder.clause(probe)
        slot = slot_of(built) if built else None
    elif node.key == "effects":
        target: ClauseNode = node.target
        probe = ClauseNode(target.key, target.build, target.args,
                           node.origin, target.span, target.head)
        built = builder.clause(probe)
        slot = slot_of(built) if built else None
    else:
        slot = (node.key,)
    if slot is None:
        return
    if slot not in clauses:
        if node.key == "options":
            offered = sorted(str(s[1]) for s in clauses if s[0] == "options")
            listed = ", ".join(offered)
            hint = suggest(node.target.text, offered) or (
                Words(f"its options: {listed}",
                      f"ses options{NNBSP}: {', '.join(map(q, offered))}")
                if offered else Words("it has no options", "elle n’a pas d’options"))
            head = f"remove option {node.target.text}"
        else:
            present = [clause_head(str(s[0])) for s in clauses if len(s) == 1]
            hint = suggest(node.head.removeprefix("remove "), present)
            head = node.head
        report(DK.NOTHING_TO_REMOVE,
               Words(f"'{head}': the extended ruleset has no such clause",
                     f"{q(head)}{NNBSP}: la règle du jeu étendue n’a pas cette clause"),
               node.span, hint)
        return
    del clauses[slot]


