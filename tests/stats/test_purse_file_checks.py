"""The committed purse-sweep file read as untrusted data, second round (issue 20, defect 13):
its duplicate-key check is linear, its seat and variant names are held to what this
package makes before they reach the copyable command on the site, which quotes them too."""

from __future__ import annotations

import json
import shlex
import time

import pytest

from nainjaune_rules.analysis import purse_grid
from nainjaune_rules.analysis.purse_grid import PurseSweepError, load, parse
from nainjaune_rules.pages.purse_page import sweep_command

GOOD = purse_grid.DATA.read_text(encoding="utf-8")


def _with(**fields: object) -> str:
    data = json.loads(GOOD)
    data.update(fields)
    return json.dumps(data)


def test_a_key_given_twice_among_many_is_found_in_one_pass() -> None:
    # 60k keys (what fits in the 1 MB the file may have), the last one given twice: the
    # old check rebuilt a dict of the keys before each key to find it (16k keys took 75 s
    # in the report, 60k about a minute here); in one pass it takes milliseconds, so the
    # bound below is generous for a busy machine and still far under the old cost
    keys = ", ".join(f'"k{i}": 0' for i in range(60_000))
    text = '{"a": {' + keys + ', "k59999": 1}}'
    assert len(text) < purse_grid.MAX_BYTES
    start = time.process_time()
    with pytest.raises(PurseSweepError, match="the key 'k59999' is given twice"):
        parse(text)
    assert time.process_time() - start < 10


@pytest.mark.parametrize("seat", [
    "lowest; rm -rf ~", "$(touch /tmp/pwned)", "`id`", "human", "wizard", "lowest:forget=2",
    "greedy:seed=3", "lowest\n", "LOWEST ", "<b>lowest</b>", "lowest:forget=0.1,seed=1",
])
def test_a_seat_that_is_not_a_bot_of_the_package_is_refused(seat: str) -> None:
    with pytest.raises(PurseSweepError, match=r"\.seats: .*(not a bot of this package|"
                                              r"forget)"):
        parse(_with(seats=[seat]))


@pytest.mark.parametrize("seat", ["lowest", "greedy", "random:forget=0.2", "random:forget=1"])
def test_a_bot_of_the_package_is_accepted(seat: str) -> None:
    assert all(e.seats == (seat,) for e in parse(_with(seats=[seat])).values())


@pytest.mark.parametrize("name", ["fr-sheet; id", "../x", "a b", "$(id)", "FR", ""])
def test_a_variant_name_that_is_not_a_builtin_name_is_refused(name: str) -> None:
    data = json.loads(GOOD)
    data["variants"] = {name: data["variants"]["fr-sheet"]}
    with pytest.raises(PurseSweepError, match=r"\.variants: "):
        parse(json.dumps(data))


def test_the_copyable_command_reads_back_as_its_words() -> None:
    entry = load()["fr-sheet"]
    words = shlex.split(sweep_command(entry))
    assert words[:3] == ["nainjaune", "sweep", "fr-sheet"]
    assert words[3:5] == ["--vary", "starting tokens=" + ",".join(map(str, entry.values))]
    assert words[words.index("--seats") + 1] == ",".join(entry.seats)


def test_a_hostile_key_reaches_the_message_escaped() -> None:
    data = json.loads(GOOD)
    data["variants"]["fr-sheet"]["options"] = {"\x1b]0;owned\x07\u202e": 7}
    with pytest.raises(PurseSweepError) as caught:
        parse(json.dumps(data))
    message = str(caught.value)
    assert "expected a text" in message
    assert not any(c in message for c in "\x1b\x07\u202e")
    assert "\\x1b]0;owned\\x07\\u202e" in message
