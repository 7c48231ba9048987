"""The players: specs, forget rates, and the greedy bot's edge over the reference policy."""

from __future__ import annotations

import pytest

from nainjaune_rules import builtin_rulesets, load_ruleset
from nainjaune_rules.engine import Game, compile_tables
from nainjaune_rules.players import SpecError, make_player, player_spec
from nainjaune_rules.players.seating import default_players
from nainjaune_rules.players.session import make_seats, play_game


def test_specs() -> None:
    assert player_spec(make_player("random:forget=0.2")) == "random:forget=0.2"
    assert player_spec(make_player("Greedy")) == "greedy"
    for bad, message in [("wizard", "unknown player"), ("lowest:forget", "key=value"),
                         ("lowest:speed=2", "unknown option 'speed'"),
                         ("random:forget=2", "between 0 and 1"),
                         ("human:forget=1", "only human:strict")]:
        with pytest.raises(SpecError, match=message):
            make_player(bad)


def test_forgetting_bots_forfeit_and_the_reference_bot_never_does() -> None:
    rs = compile_tables(load_ruleset("fr-sheet"))
    forgetful = remembered = 0
    for seed in range(30):
        result = play_game(rs, ["random:forget=1", "lowest", "greedy", "lowest"], seed, deals=1)
        deal = result.deals[0]
        forgetful += sum(1 for seat, _, _ in deal.forfeits if seat == 0)
        remembered += sum(1 for seat, _, _ in deal.forfeits if seat != 0)
    assert forgetful > 0 and remembered == 0


def _net(tables: object, players: int, hero: str, games: int) -> float:
    total = 0
    for seed in range(games):
        seat = seed % players
        specs = ["lowest"] * players
        specs[seat] = hero
        result = Game(tables, players, seed, deals=1, record=False).play(  # type: ignore[arg-type]
            make_seats(specs))
        total += result.balances[seat] - tables.starting_tokens  # type: ignore[attr-defined]
    return total / games


@pytest.mark.parametrize("name", builtin_rulesets())
def test_greedy_does_better_than_lowest_in_the_same_seat(name: str) -> None:
    # the same 300 deals (seeds) and seats, with the hero seat played by greedy or by lowest
    # against three (or one, or four) lowest seats: greedy must end with more tokens
    tables = compile_tables(load_ruleset(name))
    players = default_players(list(tables.deal_rows))
    if players < 8:
        assert _net(tables, players, "greedy", 300) > _net(tables, players, "lowest", 300)
        return
    # at a table of eight or more (house/two-packs: 12 cards each from two packs) a deal's
    # tokens swing by the points of a dozen cards whoever sits in the seat, so the mean over
    # 300 deals is noise (measured: +1.3 ± 0.8 tokens a deal over 3,000); the outcome is
    # not: greedy turns the same deal its way about twice as often as against it
    ahead = behind = 0
    for seed in range(300):
        seat = seed % players
        net = [_balance(tables, players, seed, seat, hero) for hero in ("greedy", "lowest")]
        ahead += net[0] > net[1]
        behind += net[0] < net[1]
    assert ahead > 1.5 * behind, (ahead, behind)


def _balance(tables: object, players: int, seed: int, seat: int, hero: str) -> int:
    specs = ["lowest"] * players
    specs[seat] = hero
    result = Game(tables, players, seed, deals=1, record=False).play(  # type: ignore[arg-type]
        make_seats(specs))
    return result.balances[seat]
