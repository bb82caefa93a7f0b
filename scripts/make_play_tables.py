"""Make the handbook's "Rules in play" tables: health, ladder and loopholes of every game.

Run from the repository's root::

    python scripts/make_play_tables.py            # play every game (tens of minutes), write
    python scripts/make_play_tables.py --check    # render the recorded games, compare

Every game with a play kit (:mod:`dokuspec.play`) is played with seeded
agents: a health report of the strong agent against itself under each
option set of its kit, a ladder of the kit's agents, and the loophole search
over the option sets of :data:`LOOPHOLE_SETS`. Every game is played
``checked`` (its record replayed by the game's own reader, the rules engine,
to the same outcome), so the script stops with an error when the agents and
the rules engines disagree. The numbers are recorded in
``docs/generated/play-GAME.json``; the tables (``play-GAME-*.inc``) are
rendered from them. ``--check`` renders the recorded numbers and compares
them with the files, and plays the recorded sample games again (the first
two of each health report), which must give the same results: a change of
the agents or the rules that changes the games shows as stale.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from scipy.stats import fisher_exact

from dokuspec import games as registry
from dokuspec.play import loopholes as loophole_search
from dokuspec.play.health import health_report
from dokuspec.play.kit import kit
from dokuspec.play.ladder import ladder_report, pairs
from dokuspec.play.matches import play_game, play_games
from dokuspec.render.play import intervals_svg

ROOT = Path(__file__).resolve().parent.parent
GENERATED = ROOT / "docs" / "generated"
FIGURES = ROOT / "docs" / "figures" / "play"
SEED = 2026
HEALTH_GAMES = {"sumodoku": 40, "competitive": 60, "twodoku": 200}
LADDER_GAMES = {"sumodoku": 10, "competitive": 20, "twodoku": 20}
LADDER = {"sumodoku": ("random", "solver", "strong-fast", "strong")}
OPENSPIEL_LADDER = {"sumodoku": "openspiel-mcts"}
"""Agents the ladder adds where OpenSpiel is installed (the ``openspiel`` extra)."""
LOOPHOLE_GAMES = 10
LOOPHOLE_SETS = {
    "sumodoku": ("default", "tabletop", "own-mistake-wins"),
    "competitive": ("default",),
    "twodoku": ("default", "short"),
}
SAMPLE = 2
BALANCE = {"competitive": ("default", 400), "sumodoku": ("odd-even-random-colours", 120)}
"""Per game, the option set and games of the larger run that weighs its deal classes."""


def games() -> list[str]:
    return [
        spec.name
        for spec in registry.installed()
        if spec.play is not None and spec.name in HEALTH_GAMES
    ]


def health_entry(
    game: str, name: str, workers: int, *, quick: bool = False, count: int | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The health report of the strong agent against itself under the option set ``name``
    (``count`` games, else the game's usual number), and its sample games."""
    found = kit(game)
    options = found.option_set(name)
    print(f"{game}: health under {name}", file=sys.stderr, flush=True)
    played = list(
        play_games(
            game,
            ("strong", "strong"),
            2 if quick else count or HEALTH_GAMES[game],
            SEED,
            options,
            checked=True,
            workers=workers,
        )
    )
    report = health_report(game, ("strong", "strong"), played, SEED, options)
    return report.to_json(), [g.to_json() for g in played[:SAMPLE]]


def compute(game: str, workers: int, *, quick: bool = False) -> dict[str, Any]:
    """Play everything for ``game`` and return the record (see the module); ``quick``: two
    games of each kind only (a trial run that is not written)."""

    found = kit(game)
    record: dict[str, Any] = {"game": game, "seed": SEED, "health": {}, "samples": {}}
    for name in found.option_sets:
        record["health"][name], record["samples"][name] = health_entry(
            game, name, workers, quick=quick
        )
    record["ladder"] = ladder_entry(game, workers, quick=quick)
    record["loopholes"] = loopholes_entry(game, quick=quick)
    if game in BALANCE:
        record["balance"] = balance_entry(game, workers, quick=quick)
    return record


def ladder_entrants(game: str) -> tuple[str, ...]:
    """The agents of ``game``'s ladder: the kit's (or :data:`LADDER`'s), and OpenSpiel's
    MCTS where it is installed."""
    entrants = LADDER.get(game, kit(game).ladder)
    if game in OPENSPIEL_LADDER and importlib.util.find_spec("pyspiel") is not None:
        entrants = (*entrants, OPENSPIEL_LADDER[game])
    return entrants


def ladder_entry(game: str, workers: int, *, quick: bool = False) -> dict[str, Any]:
    """The ladder of :func:`ladder_entrants`, every pair on shared deals in both seats."""
    entrants = ladder_entrants(game)
    print(f"{game}: ladder of {', '.join(entrants)}", file=sys.stderr, flush=True)
    per_pair = 2 if quick else LADDER_GAMES[game]
    results = []
    for pair in pairs(entrants):
        results.extend(
            play_games(game, pair, per_pair, SEED, alternate=True, checked=True, workers=workers)
        )
    return ladder_report(game, entrants, results, SEED, games_per_pair=per_pair).to_json()


def balance_entry(game: str, workers: int, *, quick: bool = False) -> dict[str, Any]:
    """The larger health run of :data:`BALANCE`, read by its deal classes."""
    name, count = BALANCE[game]
    report, samples = health_entry(game, name, workers, quick=quick, count=count)
    return {"option_set": name, "report": report, "samples": samples}


def render_balance(record: Mapping[str, Any]) -> str:
    """The win rates by class of deal of a game's balance run."""
    entry = record["balance"]
    report = entry["report"]
    roles = list(report["role_wins"])
    who = roles[0] if roles else report["seats"][0]
    rows = [
        [
            found["label"],
            str(found["games"]),
            _interval(found["role_wins"][who] if roles else found["seat_wins"][0]),
            _interval(found["first_player_wins"]),
        ]
        for found in report["by_deal"]
    ]
    overall = report["role_wins"][who] if roles else report["seat_wins"][0]
    rows.append(
        [
            "all deals",
            str(report["games"]),
            _interval(overall),
            _interval(report["first_player_wins"]),
        ]
    )
    return (
        f"The strong agent against itself, {report['games']} games under ``{entry['option_set']}`` "
        f"(seed {record['seed']}), by class of deal; rates with their 95% Wilson intervals.\n\n"
        + _table(["Deal", "Games", f"{who} wins", "First player wins"], rows)
    )


def loopholes_entry(game: str, *, quick: bool = False) -> dict[str, Any]:
    """The loophole search's trials and findings for ``game`` (the samples left out)."""
    print(f"{game}: loopholes", file=sys.stderr, flush=True)
    trials, findings = loophole_search.loopholes(
        game, LOOPHOLE_SETS[game], 2 if quick else LOOPHOLE_GAMES, SEED
    )
    return {
        "games": LOOPHOLE_GAMES,
        "trials": [t.to_json() for t in trials],
        "findings": [
            {k: v for k, v in f.to_json().items() if k not in ("sample",)} for f in findings
        ],
    }


def _percent(value: float) -> str:
    return f"{100 * value:.1f}%"


def _interval(data: Mapping[str, Any]) -> str:
    if not data["trials"]:
        return "–"
    return f"{_percent(data['estimate'])} ({_percent(data['low'])}–{_percent(data['high'])})"


def _fisher(rate: Mapping[str, Any], baseline: Mapping[str, Any]) -> str:
    """The p-value of Fisher's exact test that two win rates are equal, two-sided."""
    table = [
        [rate["successes"], rate["trials"] - rate["successes"]],
        [baseline["successes"], baseline["trials"] - baseline["successes"]],
    ]
    return f"{fisher_exact(table).pvalue:.2g}"


def _table(header: list[str], rows: list[list[str]], widths: str | None = None) -> str:
    lines = [".. list-table::", "   :header-rows: 1"]
    if widths:
        lines.append(f"   :widths: {widths}")
    lines.append("")
    for row in [header, *rows]:
        lines.append(f"   * - {row[0]}")
        lines.extend(f"     - {cell}" for cell in row[1:])
    return "\n".join(lines) + "\n"


def render(record: Mapping[str, Any]) -> dict[Path, str]:
    """The tables of one game's record: ``{path: text}``."""
    game = record["game"]
    health = record["health"]
    first = next(iter(health.values()))
    seats = first["seats"]
    header = ["Option set", *[f"{s} wins" for s in seats], "First player wins", "p vs default"]
    roles = list(first["role_wins"])
    header += [f"{r} wins" for r in roles] + ["Draws", "Endings", "Turns (median)"]
    rows = []
    baseline = health["default"]["first_player_wins"]
    for name, report in health.items():
        endings = ", ".join(f"{k}: {v}" for k, v in report["endings"].items() if v)
        rows.append(
            [
                f"``{name}``",
                *[_interval(w) for w in report["seat_wins"]],
                _interval(report["first_player_wins"]),
                "–" if name == "default" else _fisher(report["first_player_wins"], baseline),
                *[_interval(report["role_wins"][r]) for r in roles],
                _interval(report["draws"]),
                endings,
                f"{report['lengths'].get('median', 0):g}",
            ]
        )
    games_each = first["games"]
    health_text = (
        f"The strong agent against itself, {games_each} games per option set "
        f"(seed {record['seed']}); rates with their 95% Wilson intervals; *p vs "
        "default*: Fisher's exact test (two-sided) that the first player wins as often "
        "as under ``default``.\n\n" + _table(header, rows)
    )
    ladder = record["ladder"]
    ratings = ladder["ratings"]
    rows = [
        [
            r["name"],
            f"{r['elo']:+.0f}",
            "anchor" if r["name"] == ratings["anchor"] else f"{r['low']:+.0f} to {r['high']:+.0f}",
            str(r["games"]),
            f"{r['score']:g}",
        ]
        for r in ratings["ratings"]
    ]
    advantage = ratings["seat_advantage"]
    ladder_text = (
        f"Every pair played {ladder['games_per_pair']} games on shared deals, the seats "
        f"exchanged every other game (seed {ladder['seed']}). Bradley-Terry ratings on the Elo "
        f"scale, ``{ratings['anchor']}`` rated 0; {seats[0]}'s advantage "
        f"{advantage['elo']:+.0f} Elo ({advantage['low']:+.0f} to {advantage['high']:+.0f}).\n\n"
        + _table(["Agent", "Elo", "95% interval", "Games", "Score"], rows)
        + "\n"
        + _table(
            ["A v B", f"A wins as {seats[0]}", f"A wins as {seats[1]}"],
            [
                [
                    f"{p['agents'][0]} v {p['agents'][1]}",
                    _interval(p["wins"][0]),
                    _interval(p["wins"][1]),
                ]
                for p in ladder["pairings"]
            ],
        )
    )
    search = record["loopholes"]
    rows = [
        [
            f"``{t['option_set']}``",
            t["policy"],
            t["opponent"],
            _interval(t["wins"]),
            ", ".join(f"{k}: {v}" for k, v in t["endings"].items()),
        ]
        for t in search["trials"]
    ]
    findings = search["findings"]
    finding_lines = [
        f"* ``{f['trial']['option_set']}``, {f['trial']['policy']} v {f['trial']['opponent']}: "
        + (
            f"wins {_percent(f['share'])} (95% interval from "
            f"{_percent(f['trial']['wins']['low'])}), by {', '.join(f['rules'])}"
            if f["kind"] == "wins"
            else f"{_percent(f['share'])} of its games end by {f['rules'][0]}"
        )
        for f in findings
    ]
    loopholes_text = (
        f"Each policy played {search['games']} games against each opponent, both seats "
        f"(seed {record['seed']}); an opponent against itself is the baseline (its wins are "
        "seat 0's).\n\n"
        + _table(["Option set", "Policy", "Opponent", "Policy wins", "Endings"], rows)
        + "\nFindings:\n\n"
        + ("\n".join(finding_lines) if finding_lines else "* none")
        + "\n"
    )
    title = {"sumodoku": "Sumodoku", "competitive": "Competitive Sudoku", "twodoku": "Two-Doku"}
    chart = intervals_svg(
        f"{title.get(game, game)}: the first player's wins, strong v strong",
        [
            (name, *(report["first_player_wins"][k] for k in ("estimate", "low", "high")))
            for name, report in health.items()
        ],
    )
    found = {
        FIGURES / f"{game}-first-player.svg": chart + "\n",
        GENERATED / f"play-{game}-health.inc": health_text,
        GENERATED / f"play-{game}-ladder.inc": ladder_text,
        GENERATED / f"play-{game}-loopholes.inc": loopholes_text,
    }
    if "balance" in record:
        found[GENERATED / f"play-{game}-balance.inc"] = render_balance(record)
    return found


def recorded(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GENERATED / f"play-{game}.json").read_text("utf-8"))
    return data


def replay_samples(record: Mapping[str, Any]) -> list[str]:
    """The recorded sample games played again: the ones that now differ."""

    game = record["game"]
    found = kit(game)
    differ = []
    sampled = list(record["samples"].items())
    if "balance" in record:
        sampled.append((record["balance"]["option_set"], record["balance"]["samples"]))
    for name, samples in sampled:
        for sample in samples:
            again = play_game(
                game, sample["agents"], record["seed"], sample["index"], found.option_set(name)
            )
            if again.to_json() != sample:
                differ.append(f"{game} {name} game {sample['index']}")
    return differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true", help="two games of each kind, no files")
    parser.add_argument(
        "--health",
        metavar="SET",
        action="append",
        help="play only the health report of this option set again, into the recorded games",
    )
    parser.add_argument(
        "--loopholes", action="store_true", help="run only the loophole search again"
    )
    parser.add_argument(
        "--balance", action="store_true", help="run only the deal classes' larger run again"
    )
    parser.add_argument("--ladder", action="store_true", help="play only the ladder again")
    parser.add_argument(
        "--render", action="store_true", help="write the tables of the recorded games, play none"
    )
    args = parser.parse_args(argv)
    chosen = args.game or games()
    stale = []
    for game in chosen:
        if args.check:
            record = recorded(game)
            for path, text in render(record).items():
                if not path.exists() or path.read_text("utf-8") != text:
                    stale.append(str(path.relative_to(ROOT)))
            stale.extend(replay_samples(record))
            continue
        if args.render:
            record = recorded(game)
        elif args.loopholes:
            record = recorded(game)
            record["loopholes"] = loopholes_entry(game)
        elif args.health:
            record = recorded(game)
            for name in args.health:
                record["health"][name], record["samples"][name] = health_entry(
                    game, name, args.workers
                )
            order = [name for name in kit(game).option_sets if name in record["health"]]
            record["health"] = {name: record["health"][name] for name in order}
            record["samples"] = {name: record["samples"][name] for name in order}
        elif args.ladder:
            record = recorded(game)
            record["ladder"] = ladder_entry(game, args.workers)
        elif args.balance:
            record = recorded(game)
            if game in BALANCE:
                record["balance"] = balance_entry(game, args.workers)
        else:
            record = compute(game, args.workers, quick=args.quick)
        if args.quick:
            render(record)
            continue
        (GENERATED / f"play-{game}.json").write_text(json.dumps(record, indent=1) + "\n", "utf-8")
        FIGURES.mkdir(parents=True, exist_ok=True)
        for path, text in render(record).items():
            path.write_text(text, "utf-8")
    if stale:
        print("stale: " + ", ".join(stale) + " (run python scripts/make_play_tables.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
