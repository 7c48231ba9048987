"""The fields of the first canonical form, frozen: what old transcripts' sha256 covers.

Until December 2026 the canonical form wrote every field of every rule object,
defaults included, and a transcript's ``ruleset.sha256`` is the digest of that
form.  The form of today leaves default values out, so that a field added later
(with its default) changes no digest.  To keep verifying the transcripts written
before, :func:`nainjaune_rules.model.canonical.ruleset_digests` also computes the
old form's digest: every field listed here is written, default or not, exactly
as the old form did; a field added since is written only when it is not at its
default (a ruleset that uses it cannot be the one an old transcript names).

Never edit this table: it is a record of the past, not a description of the
rule objects (``tests/language/test_lang_canonical_stable.py`` checks that each
name still is a field).
"""

from __future__ import annotations

#: class name -> the fields the first canonical form wrote (positions left out)
V1_FIELDS: dict[str, tuple[str, ...]] = {
    "Action": ("kind", "amount", "basis", "card", "in_tokens_of"),
    "AfterKing": ("origin", "top_rank"),
    "Announcement": ("origin", "cards", "word", "forfeit"),
    "Board": ("origin", "boxes"),
    "Box": ("card", "stake", "name"),
    "Call": ("origin", "moment", "word"),
    "CannotPay": ("origin", "rule"),
    "Change": ("origin", "rule"),
    "Citation": ("source", "paragraph"),
    "Continuing": ("origin", "compulsory"),
    "DealEnd": ("origin",),
    "DealRow": ("players", "cards_each", "talon"),
    "DealTable": ("origin", "rows"),
    "Dealing": ("origin", "packet", "direction"),
    "Effect": ("origin", "event", "action"),
    "EndCondition": ("kind", "deals"),
    "Event": ("kind", "cards", "announced"),
    "FirstDealer": ("origin", "rule"),
    "FirstLead": ("origin", "side"),
    "GameEnd": ("origin", "conditions"),
    "Leftovers": ("origin", "stay"),
    "NextDealer": ("origin", "side"),
    "NobodyCanContinue": ("origin", "rule", "then"),
    "Opera": ("origin", "kind"),
    "OptionChoice": ("name", "clauses"),
    "Origin": ("kind", "citations", "reason"),
    "PlayDirection": ("origin", "direction"),
    "PlayOn": ("origin", "compulsory"),
    "PlayedCards": ("origin",),
    "Players": ("origin", "counts"),
    "Points": ("origin", "court", "ace"),
    "RankNames": ("origin", "names"),
    "Ranks": ("origin", "order"),
    "Ruleset": (
        "id", "title", "period", "evidence", "sources", "parent", "players", "ranks", "deal_table",
        "dealing", "first_dealer", "next_dealer", "play_direction", "first_lead", "board",
        "stakes", "leftovers", "starting_tokens", "runs", "play_on", "continuing", "after_king",
        "nobody_can_continue", "game_end", "winner", "cannot_pay", "points", "shuffling", "talon",
        "played_cards", "turn", "deal_end", "settlement", "rank_names", "change", "stop_cards",
        "wild_card", "opera", "announcements", "calls", "effects", "options", "chosen",
        "overridden",
    ),
    "Runs": ("origin", "same_suit"),
    "Settlement": ("origin", "steps"),
    "Shuffling": ("origin", "cut"),
    "Source": ("id", "language", "description"),
    "Stakes": ("origin", "stakers"),
    "StartingTokens": ("origin", "count", "denominations"),
    "StopCards": ("origin", "cards"),
    "TableOption": ("origin", "name", "description", "choices", "default"),
    "Talon": ("origin",),
    "Turn": ("origin", "passes_to"),
    "WildCard": ("origin", "card", "out_of_turn", "any_time"),
    "WinnerRule": ("origin", "rule"),
}
