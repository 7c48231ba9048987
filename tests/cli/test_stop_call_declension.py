"""Czech stop calls take the genitive (issue 23, item 5): "bez královny", not "bez
královna".  The table is written by hand from Czech grammar, one form per rank name of
cz-box (``rank names: eso 2 3 4 5 6 7 8 9 10 kluk královna král``); numbers are said as
they are ("bez 6", cz-box ¶28)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

import nainjaune_rules
from nainjaune_rules.core.declension import after_call

#: each cz-box rank name → the form said after "bez"
GENITIVE = {"eso": "esa", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6", "7": "7",
            "8": "8", "9": "9", "10": "10", "kluk": "kluka", "královna": "královny",
            "král": "krále"}


def test_the_table_covers_every_rank_name_of_the_czech_ruleset() -> None:
    names = nainjaune_rules.load_ruleset("cz-box").rank_names
    assert names is not None and set(names.names) == set(GENITIVE)
    for name, form in GENITIVE.items():
        assert after_call("bez", name) == form
        assert after_call("Bez", name) == form  # the call is read in any case


def test_a_french_call_leaves_the_rank_as_it_is() -> None:
    assert after_call("sans", "dame") == "dame" and after_call("sans", "královna") == "královna"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_czech_game_is_told_in_the_genitive(seed: int) -> None:
    done = subprocess.run([sys.executable, "-m", "nainjaune_rules", "play", "cz-box", "--seed",
                           str(seed), "--deals", "2"], capture_output=True, text=True,
                          timeout=120, check=True)
    said = re.findall(r"— bez (\S+)", done.stdout)
    assert said, done.stdout[:400]
    assert not {"eso", "kluk", "královna", "král"} & set(said), said
    assert set(said) <= set(GENITIVE.values())
