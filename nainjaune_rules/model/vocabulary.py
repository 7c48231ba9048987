"""Actions written in the language: the phrase that prints an :class:`Action`.

The action kinds, their phrases and the events each may follow are declared in
:mod:`nainjaune_rules.core.actions`, their words for people in
:mod:`nainjaune_rules.model.words`; this module adds what needs the rule objects.

>>> from nainjaune_rules.core.actions import ActionKind
>>> phrase_of(Action(ActionKind.EACH_OTHER_PAYS, amount=2))
'each other player pays 2 to the player'
"""

from __future__ import annotations

from nainjaune_rules.core.actions import PHRASES, ActionPhrase
from nainjaune_rules.model.rules import Action


def phrase_for(action: Action) -> ActionPhrase:
    """The grammar alternative that writes ``action``."""
    for p in PHRASES:
        if p.kind is action.kind and all(getattr(action, k) == v for k, v in p.fixed.items()):
            return p
    raise KeyError(f"no phrase writes {action}")


def phrase_of(action: Action) -> str:
    """``action`` in the language, as ``show`` prints it."""
    p = phrase_for(action)
    values = {"amount": action.amount, "card": action.card.code if action.card else "",
              "in_tokens_of": action.in_tokens_of}
    text = p.phrase.format(**values)
    if p.tail is not None and getattr(action, p.tail[0]):
        text += p.tail[1].format(**values)
    return text
