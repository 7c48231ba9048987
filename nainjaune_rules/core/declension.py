"""The rank named after a stop call, in the call's grammar.

A French player says "sans dix", "sans dame": the rank's name is the same after the call.
Czech "bez" ("without") takes the genitive: "bez královny", "bez kluka", "bez krále",
"bez esa"; the numbers are said as they are ("bez 6", cz-box ¶28).  Each call whose
language declines the rank has its table here, one form per rank name; a name missing
from a table (a ruleset's own name) is said as it is.
"""

from __future__ import annotations

#: call → {rank name as the ruleset gives it → the form said after the call}
AFTER_CALL: dict[str, dict[str, str]] = {
    # Czech "bez" + genitive: eso → esa, kluk → kluka, královna → královny, král → krále
    "bez": {"eso": "esa", "kluk": "kluka", "královna": "královny", "král": "krále"},
}


def after_call(call: str, rank_name: str) -> str:
    """``rank_name`` as it is said after ``call`` ("bez", "královna" → "královny")."""
    return AFTER_CALL.get(call.strip().lower(), {}).get(rank_name, rank_name)
