"""``nainjaune sweep`` (issue 13, item 2): a grid of rulesets through the compiler."""

from __future__ import annotations

import dataclasses
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import nainjaune_rules
from nainjaune_rules.analysis.figures import Row, Section
from nainjaune_rules.analysis.intervals import Estimate
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.analysis.stats_text import to_json_dict
from nainjaune_rules.analysis.sweep_grid import Point, Vary, parse_target, smallest_meeting
from nainjaune_rules.cli.main import main
from nainjaune_rules.pages.sweep_render import target_lines


def sweep_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code = main(["sweep", *argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, object] = json.loads(out)
    return data


def test_more_starting_tokens_make_longer_games(capsys: pytest.CaptureFixture[str]) -> None:
    data = sweep_json(capsys, "fr-sheet", "--vary", "starting tokens=20,50,100", "--games", "150")
    rows = data["rows"]
    assert isinstance(rows, list) and len(rows) == 3
    assert [row["parameters"] for row in rows] == [{"starting tokens": v} for v in
                                                   ("20", "50", "100")]
    deals = [row["figure"]["value"] for row in rows]
    assert deals[0] < deals[1] < deals[2], deals
    assert all(row["figure"]["low"] <= row["figure"]["value"] <= row["figure"]["high"]
               for row in rows)


def test_a_point_is_the_ruleset_a_user_would_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The varied clause is applied through the compiler, as a house ruleset extending the base."""
    house = tmp_path / "purse.nj"
    house.write_text('ruleset purse\nextends fr-sheet\n\nstarting tokens: 80   [house "a test"]\n'
                     'board:   [house "a test"]\n'
                     '    10D "the ten of diamonds": stake 1\n'
                     '    JC "the jack of clubs": stake 2\n'
                     '    QS "the queen of spades": stake 3\n'
                     '    KH "the king of hearts": stake 4\n'
                     '    7D "the yellow dwarf": stake 9\n', encoding="utf-8")
    by_hand = simulate(nainjaune_rules.load_ruleset(str(house)), 60, seed=4,
                       players=5)
    data = sweep_json(capsys, "fr-sheet", "--vary", "starting tokens=80",
                      "--vary", "stake 7d=9", "--games", "60", "--seed", "4", "--players", "5")
    rows = data["rows"]
    assert isinstance(rows, list)
    assert rows[0]["parameters"] == {"starting tokens": "80", "stake 7D": "9"}
    assert rows[0]["figures"] == json.loads(json.dumps(to_json_dict(by_hand)["figures"]))


def test_options_and_players_make_a_cartesian_grid(capsys: pytest.CaptureFixture[str]) -> None:
    data = sweep_json(capsys, "fr-sheet", "--vary", "players=3,5", "--vary",
                      "payment=points,cards", "--games", "40", "--figure",
                      "cards played per deal")
    rows = data["rows"]
    assert isinstance(rows, list)
    assert [row["parameters"] for row in rows] == [
        {"players": "3", "payment": "points"}, {"players": "3", "payment": "cards"},
        {"players": "5", "payment": "points"}, {"players": "5", "payment": "cards"}]
    for row in rows:
        size = int(row["parameters"]["players"])
        expected = simulate(nainjaune_rules.load_ruleset(
            "fr-sheet", {"payment": row["parameters"]["payment"]}), 40, players=size)
        assert row["figure"] == json.loads(json.dumps(
            to_json_dict(expected)["figures"]["length.plays_per_deal"]))


def _point(template: Point, tokens: str, value: float, low: float, high: float) -> Point:
    row = Row("length.deals_per_game", "deals per game", Estimate(value, low, high, 100, "t"),
              unit="game")
    figures = dataclasses.replace(template.figures,
                                  sections=(Section("length", "Length", (row,)),))
    return Point((("starting tokens", tokens),), figures)


def test_target_finds_the_smallest_value_that_meets_it() -> None:
    """A synthetic grid: values listed out of order, one interval straddling the target."""
    template = Point((), simulate(nainjaune_rules.load_ruleset("fr-sheet"), 2))
    points = [_point(template, "160", 5.2, 4.9, 5.5), _point(template, "40", 3.0, 2.8, 3.2),
              _point(template, "320", 7.0, 6.5, 7.5), _point(template, "80", 4.9, 4.6, 5.2)]
    vary = Vary("starting tokens", "starting tokens", ("160", "40", "320", "80"))
    target = parse_target("deals per game >= 5")
    [(others, found)] = smallest_meeting(points, vary, target)
    assert others == () and found is points[0]
    [line] = target_lines(points, [vary], target)
    assert line == ("target deals per game >= 5: smallest starting tokens = 160: deals per "
                    "game 5.20, 95% interval [4.90, 5.50]; its interval also holds values "
                    "that miss the target")
    assert "= 320" in target_lines(points, [vary], parse_target("deals per game>6"))[0]
    assert target_lines(points, [vary], parse_target("deals per game>=8")) == [
        "target deals per game >= 8: no value of starting tokens meets it"]


def test_target_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["sweep", "fr-sheet", "--vary", "starting tokens=20,50,100", "--games", "150",
                 "--target", "deals per game>=2"])
    out = capsys.readouterr().out
    assert code == 0
    assert "target deals per game >= 2: smallest starting tokens = 100:" in out


@pytest.mark.parametrize(("vary", "message"), [
    ("starting tokens", "is not of the form NAME=V1,V2,…"),
    ("colour=red,blue", "'colour' cannot be varied"),
    ("payment=points,gold", "option 'payment' has no choice 'gold'"),
    ("starting tokens=40,forty", "'forty' is not a whole number"),
    ("starting tokens=40,40", "a value is listed twice"),
    ("stake 9C=1,2", "the board has no box for '9C'"),
    ("starting tokens=0,50", "error[not-positive]: starting tokens must be at least 1"),
    ("starting tokens=1234567890", "at most 9 digits"),
])
def test_bad_vary_is_a_usage_error_naming_the_problem(
        vary: str, message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "fr-sheet", "--vary", vary, "--games", "5"]) == 2
    err = capsys.readouterr().err
    assert message in err, err
    assert "Traceback" not in err and "/tmp/" not in err


def test_other_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "fr-sheet", "--games", "5"]) == 2
    assert "at least one --vary" in capsys.readouterr().err
    assert main(["sweep", "fr-sheet", "--vary", "players=3,4", "--players", "4"]) == 2
    assert "cannot go together" in capsys.readouterr().err
    assert main(["sweep", "fr-sheet", "--vary", "players=3,9", "--games", "5"]) == 2
    assert "cannot deal for 9 players" in capsys.readouterr().err
    assert main(["sweep", "fr-sheet", "--vary", "players=3", "--figure", "luck"]) == 2
    assert "--figure 'luck': no such figure" in capsys.readouterr().err
    assert main(["sweep", "fr-sheet", "--vary", "players=3", "--target", "luck"]) == 2
    assert "is not of the form FIGURE>=NUMBER" in capsys.readouterr().err


HOSTILE_OPTION = '''ruleset hostile
extends fr-sheet

option tabletalk "<script>alert(1)</script> & [x](javascript:alert(1))":   [house "<b>"]
    quiet (default): nothing changes
    loud: nothing changes
'''


def test_svg_chart_is_well_formed_and_escapes_every_text(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "<img src=x onerror=alert(1)>&"
    folder.mkdir()
    ruleset = folder / "hostile.nj"
    ruleset.write_text(HOSTILE_OPTION, encoding="utf-8")
    chart = tmp_path / "chart.svg"
    code = main(["sweep", str(ruleset), "--vary", "starting tokens=20,60", "--vary",
                 "tabletalk=quiet,loud", "--games", "20", "--svg", str(chart)])
    capsys.readouterr()
    assert code == 0
    svg = chart.read_text(encoding="utf-8")
    root = ET.fromstring(svg)  # well-formed: nothing unescaped broke the markup
    assert {el.tag.split("}")[1] for el in root.iter()} <= {"svg", "title", "text", "rect",
                                                            "line"}
    assert "<img" not in svg  # escaped (as character references), never markup
    shown = " ".join(el.text or "" for el in root.iter()) + root.get("aria-label", "")
    assert "<img src=x onerror=alert(1)>&" in shown  # ... and read back as written
    texts = [el.text or "" for el in root.iter() if el.tag.endswith("text")]
    assert "starting tokens = 20" in texts and "tabletalk = loud" in texts
    assert not list(tmp_path.glob(".chart.svg.*"))  # no temporary file left behind


def test_svg_to_a_missing_folder_is_a_clear_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["sweep", "fr-sheet", "--vary", "players=3", "--games", "5", "--svg",
                 str(tmp_path / "nowhere" / "chart.svg")])
    err = capsys.readouterr().err
    assert code == 1 and "cannot write" in err and "does not exist" in err


def test_ctrl_c_prints_the_points_played() -> None:
    import signal
    import sys

    from signalled import signalled

    code, out, err, playing = signalled(
        [sys.executable, "-m", "nainjaune_rules", "sweep", "fr-sheet", "--vary",
         "starting tokens=20,50", "--games", "10000000", "--format", "json"], 1.0, signal.SIGINT)
    assert playing and code == 130, err
    data = json.loads(out)
    assert data["partial"] is True
    [row] = data["rows"]  # the second point was not started
    assert row["partial"] is True and 0 < row["games"] < 10000000
    assert "interrupted (Ctrl-C) in point 1 of 2" in err and "Traceback" not in err
