"""Purchases from the bank and debts as figures (issue 23, item 2).

Where a player who cannot pay in full buys counters from the bank, a game may last its
stated length only because of it; ``simulate`` (text and JSON) and ``sweep`` say how
often and how much.  The expected values are counted here game by game from the
engine's own results, independently of the tally."""

from __future__ import annotations

import json

import pytest

import nainjaune_rules
from nainjaune_rules.analysis.seeds import game_seed
from nainjaune_rules.analysis.simulation import simulate
from nainjaune_rules.cli.main import main
from nainjaune_rules.engine import Game
from nainjaune_rules.players import make_player

GAMES = 40
BANK_KEYS = {"bank.games_buying", "bank.bought_per_game", "bank.largest_debt", "bank.debtors"}


def _debts(name: str, players: int) -> list[list[int]]:
    """Each game's debts, played as ``simulate`` plays game i (seed ``game_seed(0, i)``)."""
    ruleset = nainjaune_rules.load_ruleset(name)
    out = []
    for i in range(GAMES):
        result = Game(ruleset, players, game_seed(0, i), record=False).play(
            [make_player("lowest") for _ in range(players)])
        out.append(list(result.debts))
    return out


def test_the_figures_count_what_the_games_bought() -> None:
    """fr-web (purse 50, bank by default): the share of games that bought, the counters
    per game, the largest debt and the debtors, against the engine's results."""
    debts = _debts("fr-web", 4)
    figures = simulate(nainjaune_rules.load_ruleset("fr-web"), GAMES, players=4, seed=0)
    share = figures.get("bank.games_buying")
    assert share is not None and share.value == sum(any(d) for d in debts) / GAMES
    assert share.low is not None and share.high is not None and share.low <= share.value
    bought = figures.get("bank.bought_per_game")
    assert bought is not None and bought.value == pytest.approx(sum(map(sum, debts)) / GAMES)
    largest = figures.get("bank.largest_debt")
    assert largest is not None and largest.value == pytest.approx(
        sum(max(d) for d in debts) / GAMES)
    debtors = figures.get("bank.debtors")
    assert debtors is not None and debtors.value == pytest.approx(
        sum(sum(1 for x in d if x) for d in debts) / GAMES)
    assert share.value > 0.5  # fr-web's purse of 50 needs the bank (a finding, issue 23)


def test_a_ruleset_without_a_bank_has_no_bank_rows() -> None:
    figures = simulate(nainjaune_rules.load_ruleset("fr-sheet"), 5, seed=0)
    assert not BANK_KEYS & set(figures.rows())
    with_bank = simulate(nainjaune_rules.load_ruleset("1760"), 5, seed=0)
    assert BANK_KEYS <= set(with_bank.rows())
    no_bank = simulate(nainjaune_rules.load_ruleset("1760", {"ruin": "game-ends"}), 5, seed=0)
    assert not BANK_KEYS & set(no_bank.rows())


def test_simulate_prints_them_in_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "fr-web", "--games", "10"]) == 0
    out = capsys.readouterr().out
    assert "\nBank\n" in out
    for label in ("games buying counters from the bank", "counters bought from the bank per game",
                  "largest debt to the bank, per game", "players in debt at the end of a game"):
        line = next(line for line in out.splitlines() if line.strip().startswith(label))
        assert "[" in line and "10 games" in line  # with its interval
    assert main(["simulate", "fr-web", "--games", "10", "--format", "json"]) == 0
    figures = json.loads(capsys.readouterr().out)["rulesets"][0]["figures"]
    assert BANK_KEYS <= set(figures)
    assert figures["bank.games_buying"]["section"] == "bank"
    assert figures["bank.games_buying"]["low"] is not None


def test_sweep_says_what_each_point_bought(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "fr-web", "--vary", "starting tokens=50,1000", "--games", "10"]) == 0
    out = capsys.readouterr().out
    assert "games buying from the bank" in out and "counters bought per game" in out
    lines = [line for line in out.splitlines() if line.startswith(("50 ", "1000 "))]
    assert len(lines) == 4 and all("[" in line for line in lines)
    assert main(["sweep", "fr-sheet", "--vary", "starting tokens=50,100", "--games", "5"]) == 0
    assert "bank" not in capsys.readouterr().out


def test_the_statistics_page_gives_the_bank_section_in_both_languages() -> None:
    from nainjaune_rules.pages.stats_page import render_statistics_page

    rulesets = {"fr-web": nainjaune_rules.load_ruleset("fr-web"),
                "fr-sheet": nainjaune_rules.load_ruleset("fr-sheet")}
    figures = [simulate(r, 10, name=n) for n, r in rulesets.items()]
    english = render_statistics_page(rulesets, games=10, figures=figures)
    french = render_statistics_page(rulesets, games=10, figures=figures, lang="fr")
    assert english.count("games buying counters from the bank") == 1  # fr-web only
    assert "counters bought from the bank per game" in english
    assert french.count("parties où un joueur a acheté des jetons à la banque") == 1
    assert "Banque" in french and "jetons achetés à la banque par partie" in french
