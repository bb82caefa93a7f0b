"""Matches, health reports and ladders of every game with a play kit (dokuspec.play), and
their commands: exact counts, the same results however the games are split, one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from dokuspec import games
from dokuspec.cli import main
from dokuspec.competitive import deal as competitive_deal
from dokuspec.competitive.balance import advantage
from dokuspec.engine.base import GameOptionError
from dokuspec.engine.playout import play_out
from dokuspec.engine.records import game_seed
from dokuspec.engine.sumodoku import Sumodoku, SumodokuState
from dokuspec.errors import DokuspecError
from dokuspec.play.health import health, health_games, health_report
from dokuspec.play.kit import PlayKit, agent, kit
from dokuspec.play.ladder import ladder, pairs
from dokuspec.play.loopholes import loopholes
from dokuspec.play.matches import deal_seed, play_game, play_games
from dokuspec.play.stats import wilson_interval
from dokuspec.sumodoku.bots import RandomBot, SolverBot
from dokuspec.twodoku.validation import Balance, validate

PLAYED = [spec.name for spec in games.installed() if spec.play is not None]


def test_every_game_of_dokuspec_has_a_play_kit() -> None:
    assert {"sumodoku", "competitive", "twodoku"} <= set(PLAYED)


@pytest.mark.parametrize("name", PLAYED)
def test_a_kit_names_its_game_and_its_required_agents(name: str) -> None:
    found = kit(name)
    assert isinstance(found, PlayKit) and found.game == name
    assert {"random", "strong"} <= set(found.agents)
    assert set(found.ladder) <= set(found.agents)
    assert next(iter(found.option_sets)) == "default"
    for options in found.option_sets.values():
        found.make_game(options)  # every option set is one the engine accepts
    for exploit in found.exploits:
        assert set(exploit.options) <= set(found.option_sets)


def test_options_with_lists_are_played_and_kept_apart() -> None:
    marks = kit("sumodoku").option_set("consecutive")
    assert isinstance(marks["consecutive"], list)
    (marked,) = play_games("sumodoku", ("solver", "random"), 1, 0, marks)
    (plain,) = play_games("sumodoku", ("solver", "random"), 1, 0)
    assert marked.seed == plain.seed
    with pytest.raises(DokuspecError, match="options are JSON values"):
        play_games("sumodoku", ("random", "random"), 1, 0, {"observer": float("nan")})


@pytest.mark.parametrize("name", PLAYED)
def test_random_games_of_every_kit_end_by_one_of_its_endings(name: str) -> None:
    found = kit(name)
    for result in play_games(name, ("random", "random"), 6, seed=3, alternate=True):
        assert result.ending in found.endings
        assert result.winner in (None, *range(len(found.seats)))
        assert result.first in range(len(found.seats))
        assert result.turns > 0


def test_a_match_game_is_the_engines_game_with_its_seed_and_bots() -> None:
    result = play_game("sumodoku", ("solver", "random"), 5, 2)
    assert result.seed == deal_seed("sumodoku", 5, 2) == game_seed("sumodoku-play", 5, 2)
    state = play_out(Sumodoku(), [SolverBot(), RandomBot()], result.seed)
    assert isinstance(state, SumodokuState) and state.result is not None
    assert result.winner == state.result.winner and result.first == 0
    assert result.turns == state.turn_number(0) + state.turn_number(1)
    assert result.agents == ("solver", "random") and result.index == 2


def test_alternate_games_share_a_deal_with_the_seats_exchanged() -> None:
    results = list(play_games("sumodoku", ("solver", "random"), 4, seed=1, alternate=True))
    assert [r.agents for r in results] == [("solver", "random"), ("random", "solver")] * 2
    assert results[0].seed == results[1].seed != results[2].seed == results[3].seed
    assert [r.index for r in results] == [0, 1, 2, 3]


def test_games_are_the_same_in_other_processes() -> None:
    here = list(play_games("sumodoku", ("solver", "random"), 4, seed=7))
    there = list(play_games("sumodoku", ("solver", "random"), 4, seed=7, workers=2))
    assert here == there


def test_a_health_report_counts_exactly_what_was_played() -> None:
    results = list(health_games("sumodoku", ("random", "solver"), 12, seed=2))
    report = health_report("sumodoku", ("random", "solver"), results, seed=2)
    wins = [sum(r.winner == seat for r in results) for seat in (0, 1)]
    assert [w.successes for w in report.seat_wins] == wins
    assert report.seat_wins[1] == wilson_interval(wins[1], 12)
    assert report.first_player_wins.successes == wins[0]  # Player 1 starts (SU-2)
    assert report.draws.successes == 0 and report.decided.successes == 12
    assert sum(report.endings.values()) == 12
    assert list(report.endings)[:6] == list(kit("sumodoku").endings)
    turns = sorted(r.turns for r in results)
    assert (report.lengths["min"], report.lengths["max"]) == (turns[0], turns[-1])
    assert report.stopped == "budget" and report.games == 12
    assert json.loads(json.dumps(report.to_json()))["seat_wins"][1]["successes"] == wins[1]


def test_deal_options_go_to_the_kit_s_dealer_not_the_engine() -> None:
    found = kit("twodoku")
    engine, dealing = found.split_options({"max_turns": 20, "max_digit_count_gap": 2})
    assert engine == {"max_turns": 20} and dealing == {"max_digit_count_gap": 2}
    assert found.make_game({"max_turns": 20, "max_digit_count_gap": 2}).options["max_turns"] == 20
    assert found.dealt({"max_turns": 20}, 9) == (9, None)
    with pytest.raises(GameOptionError, match="max_digit_count_gap"):
        found.make_game({"max_digit_count_gap": -1})
    with pytest.raises(games.PluginError, match="deal options need a dealer"):
        PlayKit(
            "sumodoku",
            ("a", "b"),
            {"random": RandomBot, "strong": SolverBot},
            ("random",),
            outcome=kit("sumodoku").outcome,
            deal_options=("balance",),
        )


@pytest.mark.parametrize(
    "options",
    [
        {"max_digit_count_gap": 2},
        {"equal_high_count": True},
        {"max_digit_count_gap": 1, "equal_high_count": True},
    ],
)
def test_two_doku_s_balance_options_deal_balanced_fair_deals(options: dict) -> None:
    # The engine deals fair deals only (TD-4); the dealer steers its chance nodes to a
    # balanced one (TD-15), which the deal's own validation accepts, as the game's record,
    # replayed without the dealer, shows.
    found = kit("twodoku")
    unbalanced = 0
    for seed in range(4):
        this_seed, chance = found.dealt(options, seed)
        assert this_seed == seed and chance is not None
        players = [agent("twodoku", "random")] * 2
        state = play_out(found.make_game(options), players, seed, chance=chance)
        assert validate(state.deal(), Balance.from_options(options)) == ()
        again = found.replayed(found.record_of(state))
        assert again.deal() == state.deal()
        plain = play_out(found.make_game(), players, seed)
        unbalanced += bool(validate(plain.deal(), Balance.from_options(options)))
    assert unbalanced  # without the dealer the same games are not all balanced


def test_competitive_balance_plays_a_balanced_deal_and_health_reads_deal_classes() -> None:
    results = list(play_games("competitive", ("random", "random"), 6, 1, {"balance": 1}))
    for result in results:
        assert result.deal == "advantage 0-1 bits"
        assert advantage("draft", competitive_deal("draft", result.seed).pool) <= 1
    report = health_report("competitive", ("random", "random"), results, 1, {"balance": 1})
    (only,) = report.by_deal
    assert only.label == "advantage 0-1 bits" and only.games == 6
    assert only.role_wins["Black"] == report.role_wins["Black"]
    plain = list(play_games("competitive", ("random", "random"), 12, 1))
    classes = health_report("competitive", ("random", "random"), plain, 1).by_deal
    assert sum(c.games for c in classes) == 12 and len(classes) > 1
    for found in classes:
        these = [g for g in plain if g.deal == found.label]
        black = sum(g.winner is not None and dict(g.roles)["Black"] == g.winner for g in these)
        assert found.role_wins["Black"].successes == black


def test_the_sequential_mode_stops_when_the_intervals_are_narrow() -> None:
    # The solver bot beats the random bot whoever starts: the intervals narrow quickly.
    report = health("sumodoku", ("random", "solver"), games=400, seed=0, width=0.3)
    assert report.stopped == "width" and report.games < 400
    assert all(w.width <= 0.3 for w in (*report.seat_wins, report.first_player_wins))
    shorter = health("sumodoku", ("random", "solver"), games=report.games - 1, seed=0, width=0.3)
    assert shorter.stopped == "budget"


def test_a_ladder_rates_every_pair_in_both_seats() -> None:
    found = ladder("sumodoku", ("random", "solver"), games=6, seed=1)
    assert pairs(("random", "solver")) == [("random", "solver")]
    (pairing,) = found.pairings
    assert pairing.agents == ("random", "solver") and pairing.games == 6
    assert [w.trials for w in pairing.wins] == [3, 3]
    assert found.ratings["solver"].elo > 0 == found.ratings["random"].elo
    assert found.ratings["solver"].games == 6
    assert found.to_json()["games_per_pair"] == 6


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: list(play_games("sumodoku", ("random",), 1)), DokuspecError, "give 2 agents"),
        (lambda: list(play_games("sumodoku", "random", 1)), TypeError, "a sequence of names"),
        (lambda: agent("sumodoku", "nobody"), DokuspecError, "unknown agent 'nobody'"),
        (lambda: play_games("sumodoku", ("random", "random"), -1), DokuspecError, "0 or more"),
        (
            lambda: play_games("sumodoku", ("random", "random"), 1, options={"x": 3}),
            DokuspecError,
            "option 'x'",
        ),
        (lambda: health("sumodoku", ("random", "random"), 2, width=0), DokuspecError, "width"),
        (lambda: ladder("sumodoku", ("random", "solver"), games=3), DokuspecError, "even"),
        (lambda: ladder("sumodoku", ("random",), games=2), DokuspecError, "two or more agents"),
        (lambda: kit("nosuchgame"), DokuspecError, "no game named 'nosuchgame'"),
        (lambda: kit("sumodoku").option_set("nope"), DokuspecError, "unknown option set"),
    ],
)
def test_bad_arguments_are_refused(call: object, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        call()  # type: ignore[operator]


# -- the commands --------------------------------------------------------------------------------


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_health_prints_an_80_column_report() -> None:
    code, out, err = run("sumodoku", "health", "--agents", "random,solver", "--games", "6")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "6 games, seed 0: random (Player 1) vs solver (Player 2)"
    assert all(len(line) <= 80 for line in lines)
    report = health("sumodoku", ("random", "solver"), 6)
    assert f"{'Player 2 wins':<28}{100 * report.seat_wins[1].estimate:>5.1f}%" in out


def test_health_json_gives_each_game_then_the_summary() -> None:
    code, out, err = run(
        "sumodoku", "health", "--agents", "random,solver", "--games", "3", "--json"
    )
    assert (code, err) == (0, "")
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["index"] for row in rows[:3]] == [0, 1, 2]
    assert rows[3]["summary"]["games"] == 3 and rows[3]["summary"]["agents"] == ["random", "solver"]


def test_health_takes_option_sets_and_options() -> None:
    code, out, err = run(
        "sumodoku", "health", "--agents", "random,random", "--games", "2",
        "--option-set", "sudoku-x", "--option", "first_player=2", "--json",
    )  # fmt: skip
    assert (code, err) == (0, "")
    summary = json.loads(out.splitlines()[-1])["summary"]
    assert summary["options"] == {"x": True, "first_player": 2}
    assert summary["first_player_wins"]["successes"] == summary["seat_wins"][1]["successes"]


def test_ladder_prints_ratings_within_80_columns() -> None:
    code, out, err = run("sumodoku", "ladder", "--agents", "random,solver", "--games", "2")
    assert (code, err) == (0, "")
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "random v solver" in out and "anchor" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("health", "--agents", "random,bogus"), "unknown agent 'bogus'"),
        (("health", "--option", "first_player=3", "--games", "1"), "'first_player': 3"),
        (("health", "--option", "oops"), "give an option as NAME=VALUE"),
        (("health", "--option-set", "nope"), "unknown option set 'nope'"),
        (("health", "--width", "0"), "--width"),
        (("ladder", "--games", "3", "--agents", "random,solver"), "even number"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args: tuple[str, ...], message: str) -> None:
    code, out, err = run("sumodoku", *args)
    assert (code, out) == (2, "")
    assert err.startswith("dokuspec: error: ") and err.count("\n") == 1
    assert message in err


# -- loopholes -----------------------------------------------------------------------------------


def test_the_search_finds_the_own_mistake_exploit_of_the_literal_su8() -> None:
    # Against a player who never notices a mistake, the exploit wins every game by finding
    # its own mistake (SU-8 read literally); under the revised SU-8 it cannot.
    (literal,), found = loopholes(
        "sumodoku",
        ("own-mistake-wins",),
        games=6,
        policies=("own-mistake",),
        opponents=("strong-unaware",),
    )
    assert (literal.option_set, literal.policy, literal.opponent) == (
        "own-mistake-wins",
        "own-mistake",
        "strong-unaware",
    )
    assert literal.wins.successes == 6 and literal.wins.low > 0.6
    assert literal.endings == {"SU-8": 6}
    (revised,), _ = loopholes(
        "sumodoku", ("tabletop",), games=2, policies=("own-mistake",), opponents=("strong-unaware",)
    )
    assert revised.endings.get("SU-8", 0) == 0 and revised.wins.low < 0.6
    wins = [f for f in found if f.kind == "wins"]
    assert [(f.trial.option_set, f.rules) for f in wins] == [("own-mistake-wins", ("SU-8",))]
    state = kit("sumodoku").replayed(wins[0].sample)
    assert state.result is not None and state.result.reason == "mistake-found"  # type: ignore[attr-defined]


def test_the_search_reports_how_two_doku_ends() -> None:
    done, found = loopholes("twodoku", ("default",), games=2)
    assert [t.policy for t in done] == ["strong", "always-pass", "pot-cycler"]
    endings = {(f.trial.policy, f.rules) for f in found if f.kind == "ending"}
    assert ("strong", ("TD-9 no play",)) in endings  # how strong play ends
    assert ("always-pass", ("TD-9 no play",)) not in endings  # the same way: no news
    for finding in found:
        again = kit("twodoku").replayed(finding.sample)
        assert again.is_terminal()


def test_checked_games_are_replayed_by_the_rules_engine() -> None:
    for name, agents in (
        ("sumodoku", ("random", "solver")),
        ("competitive", ("random", "greedy")),
        ("twodoku", ("random", "inference")),
    ):
        plain = list(play_games(name, agents, 2, seed=4))
        checked = list(play_games(name, agents, 2, seed=4, checked=True))
        assert plain == checked


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 3}, "even number"),
        ({"policies": ("nobody",)}, "unknown exploit 'nobody'"),
        ({"opponents": ("nobody",)}, "unknown agent 'nobody'"),
        ({"option_sets": ("nope",)}, "unknown option set 'nope'"),
    ],
)
def test_bad_searches_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(DokuspecError, match=message):
        loopholes("twodoku", **kwargs)


def test_loopholes_prints_trials_and_findings_within_80_columns(tmp_path: Path) -> None:
    code, out, err = run(
        "twodoku", "loopholes", "--games", "2", "--option-set", "short",
        "--policy", "always-pass", "--records", str(tmp_path),
    )  # fmt: skip
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "twodoku loopholes: 2 games per trial, seed 0"
    assert all(len(line) <= 80 for line in lines)
    assert "1 findings" in lines
    assert [p.name for p in tmp_path.iterdir()] == ["finding-00.json"]
    kit("twodoku").replayed((tmp_path / "finding-00.json").read_text())


@pytest.mark.parametrize("name", PLAYED)
def test_every_exploit_plays_whole_games_under_its_option_sets(name: str) -> None:
    found = kit(name)
    for exploit in found.exploits:
        option_set = exploit.options[0] if exploit.options else "default"
        options = found.option_set(option_set)
        (result,) = play_games(name, (exploit.name, "random"), 1, 5, options, checked=True)
        assert result.ending in found.endings and result.agents == (exploit.name, "random")


def test_an_agent_named_by_reference_loads_when_it_is_made(monkeypatch: pytest.MonkeyPatch) -> None:
    found = kit("sumodoku")
    assert found.agents["openspiel-mcts"] == "dokuspec.openspiel.agents:sumodoku_mcts"

    def missing(reference: str) -> object:
        raise ImportError(f"No module named {reference.split(':', maxsplit=1)[0]!r}")

    monkeypatch.setattr(games, "load_reference", missing)
    agent.cache_clear()
    try:
        with pytest.raises(DokuspecError, match="'openspiel-mcts' cannot be loaded"):
            agent("sumodoku", "openspiel-mcts")
    finally:
        agent.cache_clear()
