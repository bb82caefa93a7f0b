"""``dokuspec GAME health`` and ``ladder``: the rules in play, for every game with a play kit.

The commands are made per game (:func:`play_commands`) and added to the
game's group when it is loaded (:mod:`dokuspec.cli.app`), so a game from
another package that declares a play kit gets them too. Each game streams
as it finishes (a progress bar on a terminal, a JSON line per game with
``--json``); the summary, with 95% intervals, comes at the end, or after the
games done when interrupted.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from dokuspec.cli.io import Status, guarded, shown, standard_output
from dokuspec.cli.shared import (
    GamesType,
    SeedType,
    WorkersType,
    plain_console,
    print_plain,
    stream_games,
)
from dokuspec.errors import DokuspecError

__all__ = ["health_command", "ladder_command", "play_commands"]

_WIDTH = 80


class _OptionType(click.ParamType):  # type: ignore[type-arg]
    """A game option as ``NAME=VALUE``; the value read as JSON when it is JSON, else as text."""

    name = "name=value"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        name, equals, text = str(value).partition("=")
        if not equals or not name.strip():
            self.fail(f"{shown(str(value))!r}: give an option as NAME=VALUE", param, ctx)
        try:
            parsed = json.loads(text)
        except ValueError:
            parsed = text
        return (name.strip(), parsed)


class _NamesType(click.ParamType):  # type: ignore[type-arg]
    """Agents' names separated by commas."""

    name = "agent[,agent...]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        names = tuple(name.strip() for name in str(value).split(","))
        if not all(names):
            self.fail(f"{shown(str(value))!r}: give agents' names separated by commas", param, ctx)
        return names


def _options(
    game: str, option_set: str | None, pairs: tuple[tuple[str, Any], ...]
) -> dict[str, Any]:
    from dokuspec.play.kit import kit  # noqa: PLC0415 - the game's agents load on use

    options = kit(game).option_set(option_set or "default")
    options.update(dict(pairs))
    return options


def _common(function: Callable[..., Any]) -> Callable[..., Any]:
    for decorator in reversed(
        (
            click.option(
                "--seed",
                type=SeedType(),
                default="0",
                show_default=True,
                help="The run's seed; each deal's seed is derived from it.",
            ),
            click.option(
                "--option-set",
                "option_set",
                metavar="NAME",
                default=None,
                help="One of the game's named option sets (see the handbook's 'Rules in play').",
            ),
            click.option(
                "--option",
                "option_pairs",
                type=_OptionType(),
                multiple=True,
                help="A game option, NAME=VALUE (VALUE as JSON, else text); "
                "repeat for more. Applied over --option-set.",
            ),
            click.option(
                "--json",
                "as_json",
                is_flag=True,
                help="One JSON object per game, then the summary.",
            ),
            click.option(
                "--workers",
                type=WorkersType(),
                default="1",
                show_default=True,
                help="Local processes that play the games. The results are the same.",
            ),
            click.option(
                "--scheduler",
                metavar="ADDRESS",
                default=None,
                help="Play on a Dask cluster (tcp://host:port); needs the 'cluster' "
                "extra. The results are the same.",
            ),
        )
    ):
        function = decorator(function)
    return function


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(interval: Any) -> str:
    if not interval.trials:
        return "-"
    return f"{_percent(interval.estimate):>6}  {_percent(interval.low)}-{_percent(interval.high)}"


def health_lines(report: Any) -> list[str]:
    """A health report as lines of at most 80 columns."""
    agents = " vs ".join(
        f"{agent} ({seat})" for agent, seat in zip(report.agents, report.seats, strict=True)
    )
    noun = "game" if report.games == 1 else "games"
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in report.options.items()) or "none"
    lines = [
        f"{report.games:,} {noun}, seed {report.seed}: {agents}",
        f"options: {options}",
        "",
        f"{'':<28}{'rate':>6}  95% interval",
    ]
    for seat, wins in zip(report.seats, report.seat_wins, strict=True):
        lines.append(f"{seat + ' wins':<28}{_interval(wins)}")
    lines.append(f"{'first player wins':<28}{_interval(report.first_player_wins)}")
    for role, wins in report.role_wins.items():
        lines.append(f"{role[:23] + ' wins':<28}{_interval(wins)}")
    lines.append(f"{'draws':<28}{_interval(report.draws)}")
    lines.append("")
    lines.append(f"{'ending':<14}{'':<50}{'games':>8}{'share':>8}")
    from dokuspec.play.kit import kit  # noqa: PLC0415 - loaded with the report

    words = kit(report.game).endings
    for ending, count in report.endings.items():
        share = _percent(count / report.games) if report.games else "-"
        lines.append(f"{ending[:13]:<14}{words.get(ending, '')[:49]:<50}{count:>8,}{share:>8}")
    if report.by_deal:
        role = next(iter(report.role_wins), None)
        column = f"{role} wins" if role is not None else f"{report.seats[0]} wins"
        lines.append("")
        lines.append(f"{'by deal':<28}{'games':>6}  {column[:22]} (95% interval)")
        for found in report.by_deal:
            wins = found.role_wins[role] if role is not None else found.seat_wins[0]
            lines.append(f"{found.label[:27]:<28}{found.games:>6,}  {_interval(wins)}")
    if report.lengths:
        n = report.lengths
        lines.append("")
        lines.append(
            f"turns: min {n['min']:g}, quartiles {n['q1']:g} / {n['median']:g} / {n['q3']:g}, "
            f"max {n['max']:g}, mean {n['mean']:.1f}"
        )
    if report.width is not None:
        reached = {
            "width": "reached",
            "budget": "not reached (the budget ran out)",
            "interrupted": "not reached (interrupted)",
        }[report.stopped]
        lines.append(f"interval width {report.width:g}: {reached}")
    return [line[:_WIDTH] for line in lines]


def health_command(game: str) -> click.Command:
    """``dokuspec GAME health``: win rates with 95% intervals, endings, lengths."""

    @click.command(name="health", short_help="Win rates with 95% intervals, endings, lengths.")
    @click.option(
        "--agents",
        type=_NamesType(),
        default="strong,strong",
        show_default=True,
        help="The agent in each seat, seat 0 (the first player by default) first.",
    )
    @click.option(
        "--games",
        type=GamesType(),
        default="100",
        show_default=True,
        help="How many games to play (the budget with --width).",
    )
    @click.option(
        "--width",
        type=click.FloatRange(0, 1, min_open=True),
        default=None,
        help="Sequential mode: stop once every 95% interval of a win rate is at "
        "most this wide (0.1: ten points), or at the budget.",
    )
    @_common
    def command(
        agents: tuple[str, ...],
        games: int,
        width: float | None,
        seed: int,
        option_set: str | None,
        option_pairs: tuple[tuple[str, Any], ...],
        as_json: bool,
        workers: int,
        scheduler: str | None,
    ) -> None:
        """Who wins, how games end and how long they last, with 95% intervals.

        Plays GAMES games between the agents, each in its seat, and prints
        each seat's and the first player's win rate with its Wilson interval,
        the draws, the games per ending (rule ID) and their lengths.
        """
        from dokuspec.play.health import health_games, health_report  # noqa: PLC0415

        with guarded():
            out = standard_output()
            options = _options(game, option_set, option_pairs)
            results = health_games(
                game,
                agents,
                games,
                seed,
                options,
                width=width,
                workers=workers,
                scheduler=scheduler,
            )

            def summarise(done: list[Any]) -> None:
                report = health_report(
                    game, agents, done, seed, options, width=width, interrupted=len(done) < games
                )
                if as_json:
                    out.write(json.dumps({"summary": report.to_json()}) + "\n")
                    return
                console = plain_console(out)
                for text in health_lines(report):
                    print_plain(console, text)

            stream_games(out, results, games, None, as_json=as_json, summarise=summarise)
        sys.exit(Status.OK)

    return command


def ladder_lines(ladder: Any) -> list[str]:
    """A ladder as lines of at most 80 columns."""
    from dokuspec.play.kit import kit  # noqa: PLC0415

    seats = kit(ladder.game).seats
    options = ", ".join(f"{k}={json.dumps(v)}" for k, v in ladder.options.items()) or "none"
    ratings = ladder.ratings
    lines = [
        f"{ladder.game} ladder: {ladder.games_per_pair:,} games per pair, seed {ladder.seed}",
        f"options: {options}",
        "",
        f"{'rank':<6}{'agent':<16}{'Elo':>7}  {'95% interval':<17}{'games':>7}{'score':>9}",
    ]
    for rank, rating in enumerate(ratings.ratings, start=1):
        span = (
            "anchor"
            if rating.name == ratings.anchor
            else f"{rating.low:+.0f} to {rating.high:+.0f}"
        )
        lines.append(
            f"{rank:<6}{rating.name[:15]:<16}{rating.elo:>+7.0f}  {span:<17}{rating.games:>7,}"
            f"{rating.score:>9g}"
        )
    elo, low, high = ratings.seat_advantage
    lines.append(f"{seats[0]}'s advantage: {elo:+.0f} Elo ({low:+.0f} to {high:+.0f})")
    lines.append("")
    lines.append(f"{'A v B':<32}{'A wins as ' + seats[0]:<24}{'A wins as ' + seats[1]:<24}")
    for pairing in ladder.pairings:
        a, b = pairing.agents
        name = f"{a[:14]} v {b[:14]}"
        first, second = (
            f"{_percent(w.estimate)} ({_percent(w.low)}-{_percent(w.high)})" for w in pairing.wins
        )
        lines.append(f"{name:<32}{first:<24}{second:<24}")
    return [line.rstrip()[:_WIDTH] for line in lines]


def ladder_command(game: str) -> click.Command:
    """``dokuspec GAME ladder``: ratings with 95% intervals from every pair's games."""

    @click.command(name="ladder", short_help="Ratings of agents with 95% intervals.")
    @click.option(
        "--agents",
        type=_NamesType(),
        default=None,
        help="The agents to rate, the first rated 0 (default: the game's ladder).",
    )
    @click.option(
        "--games",
        type=GamesType(),
        default="20",
        show_default=True,
        help="Games per pair, an even number: each deal in both seats.",
    )
    @_common
    def command(
        agents: tuple[str, ...] | None,
        games: int,
        seed: int,
        option_set: str | None,
        option_pairs: tuple[tuple[str, Any], ...],
        as_json: bool,
        workers: int,
        scheduler: str | None,
    ) -> None:
        """Rate agents: Bradley-Terry (Elo) ratings with 95% intervals, both seats.

        Every pair of agents plays GAMES games on shared deals, the seats
        exchanged every other game. The first agent is rated 0; each pair's
        table gives the first agent's win rate in each seat.
        """
        from dokuspec.play.kit import kit  # noqa: PLC0415
        from dokuspec.play.ladder import ladder_games, ladder_report, pairs  # noqa: PLC0415

        with guarded():
            out = standard_output()
            options = _options(game, option_set, option_pairs)
            names = kit(game).ladder if agents is None else agents
            results = ladder_games(
                game, names, games, seed, options, workers=workers, scheduler=scheduler
            )
            total = games * len(pairs(names))

            def summarise(done: list[Any]) -> None:
                try:
                    ladder = ladder_report(game, names, done, seed, options, games_per_pair=games)
                except DokuspecError as error:  # an interrupted run that rates nobody yet
                    print_plain(plain_console(out), f"no ratings: {error}")
                    return
                if as_json:
                    out.write(json.dumps({"summary": ladder.to_json()}) + "\n")
                    return
                console = plain_console(out)
                for text in ladder_lines(ladder):
                    print_plain(console, text)

            stream_games(out, results, total, None, as_json=as_json, summarise=summarise)
        sys.exit(Status.OK)

    return command


def trial_line(trial: Any) -> str:
    """One trial of the loophole search as a line of at most 80 columns."""
    endings = ", ".join(f"{k} {v}" for k, v in trial.endings.items())
    line = (
        f"{trial.option_set[:16]:<17}{trial.policy[:15]:<16}{trial.opponent[:15]:<16}"
        f"{_percent(trial.wins.estimate):>6} {_percent(trial.wins.low):>6}  {endings}"
    )
    return line[:_WIDTH]


def finding_lines(finding: Any) -> list[str]:
    """A finding of the loophole search as lines of at most 80 columns."""
    trial = finding.trial
    what = (
        f"wins {_percent(finding.share)} (95% interval from {_percent(trial.wins.low)})"
        if finding.kind == "wins"
        else f"{_percent(finding.share)} of its games end by {finding.rules[0]}"
    )
    return [
        f"{trial.option_set}: {trial.policy} v {trial.opponent}"[:_WIDTH],
        f"  {what}; rules {', '.join(finding.rules)}; sample game {finding.sample_index}"[:_WIDTH],
    ]


def loopholes_command(game: str) -> click.Command:
    """``dokuspec GAME loopholes``: exploit policies against strong play, per option set."""

    @click.command(name="loopholes", short_help="Exploit policies against strong play.")
    @click.option(
        "--games",
        type=GamesType(),
        default="20",
        show_default=True,
        help="Games per trial, an even number: each deal in both seats.",
    )
    @click.option(
        "--seed",
        type=SeedType(),
        default="0",
        show_default=True,
        help="The run's seed; each deal's seed is derived from it.",
    )
    @click.option(
        "--option-set",
        "option_sets",
        metavar="NAME",
        multiple=True,
        help="An option set to search (repeat for more; default: all of the game's).",
    )
    @click.option(
        "--policy",
        "policies",
        metavar="NAME",
        multiple=True,
        help="An exploit to try, or an opponent for its baseline (repeat for more; default: all).",
    )
    @click.option(
        "--opponent",
        "opponents",
        metavar="NAME",
        multiple=True,
        help="An agent to pit the exploits against (repeat for more; default: the game's).",
    )
    @click.option(
        "--records",
        type=click.Path(file_okay=False),
        default=None,
        help="A directory for each finding's sample game record (finding-NN.json).",
    )
    @click.option("--json", "as_json", is_flag=True, help="One JSON object per trial.")
    def command(
        games: int,
        seed: int,
        option_sets: tuple[str, ...],
        policies: tuple[str, ...],
        opponents: tuple[str, ...],
        records: str | None,
        as_json: bool,
    ) -> None:
        """Search for loopholes: exploit policies against strong play, per option set.

        Each of the game's scripted exploits plays GAMES games against the
        strong agent (and the game's other opponents), both seats; so do the
        opponents against themselves. A policy whose win rate's 95% interval
        lies above 60% is a finding, and so is one rule that ends more than
        80% of the baseline's games, or of a policy's games when it is
        another rule than the baseline's.
        """
        from dokuspec.play.loopholes import search  # noqa: PLC0415

        with guarded():
            out = standard_output()
            console = plain_console(out)
            directory = None
            if records is not None:
                from pathlib import Path  # noqa: PLC0415

                directory = Path(records)
                directory.mkdir(parents=True, exist_ok=True)
            found: list[Any] = []
            if not as_json:
                print_plain(console, f"{game} loopholes: {games:,} games per trial, seed {seed}")
                print_plain(console, "")
                print_plain(
                    console,
                    f"{'option set':<17}{'policy':<16}{'opponent':<16}{'wins':>6} {'low':>6}"
                    "  endings",
                )
            try:
                for trial, these in search(
                    game,
                    option_sets or None,
                    games,
                    seed,
                    policies=policies or None,
                    opponents=opponents or None,
                ):
                    found.extend(these)
                    if as_json:
                        row = trial.to_json()
                        row["findings"] = [
                            {k: v for k, v in f.to_json().items() if k != "trial"} for f in these
                        ]
                        out.write(json.dumps(row) + "\n")
                    else:
                        print_plain(console, trial_line(trial))
            finally:
                if directory is not None:
                    from dokuspec.files import write_text_file  # noqa: PLC0415

                    for number, finding in enumerate(found):
                        write_text_file(
                            str(directory / f"finding-{number:02}.json"), finding.sample
                        )
                if not as_json:
                    print_plain(console, "")
                    print_plain(console, f"{len(found)} findings")
                    for finding in found:
                        for text in finding_lines(finding):
                            print_plain(console, text)
        sys.exit(Status.OK)

    return command


def play_commands(game: str) -> tuple[click.Command, ...]:
    """The commands of the rules in play for ``game``: ``health``, ``ladder``, ``loopholes``."""
    return (health_command(game), ladder_command(game), loopholes_command(game))
