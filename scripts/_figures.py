"""What the handbook's figure scripts share: reStructuredText pieces, statistics, writing.

Each chapter's script (``scripts/make_{competitive,twodoku,sumodoku}_figures.py``)
computes its facts (``gather``), renders them as files (``render``: path
from the repository root -> text) and hands itself to :func:`main`, which
writes the files that changed and removes the ones no longer written, or
with ``--check`` only names them. A script refuses to write anything when
two readings of the rules disagree: it raises :class:`DisagreementError`,
and :func:`main` prints ``refused:`` and why. The statistics of the bots'
games are played by :func:`statistics`, the same way for every game.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, TypeVar

from dokuspec.parallel import ordered_map

T = TypeVar("T")
S = TypeVar("S")


class DisagreementError(RuntimeError):
    """Two readings of the rules gave different answers: nothing is written."""


def number(value: int) -> str:
    """``12,870``: an integer with thousands separators."""
    return f"{value:,}"


def list_table(
    header: Sequence[str], rows: Iterable[Sequence[str]], *, title: str = "", widths: str = ""
) -> list[str]:
    """The lines of a ``list-table`` directive with one header row."""
    out = [f".. list-table::{' ' + title if title else ''}", "   :header-rows: 1"]
    if widths:
        out.append(f"   :widths: {widths}")
    out.append("")
    for row in (header, *rows):
        first, *rest = row
        out.append(f"   * - {first}")
        out.extend(f"     - {cell}" for cell in rest)
    return out


def figure(figures: Path, name: str, alt: str, caption: str) -> list[str]:
    """The lines of a ``figure`` directive for ``figures/name.svg`` (``figures`` under docs/)."""
    return [
        f".. figure:: /{figures.relative_to('docs')}/{name}.svg",
        f"   :alt: {alt}",
        "",
        f"   {caption}",
        "",
    ]


def facts_json(facts: Mapping[str, Any]) -> str:
    """Facts as JSON text: keys sorted, indented, ending with a newline."""
    return json.dumps(facts, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def orphans(
    files: Mapping[Path, str], root: Path, figures: Path, generated: Path, prefix: str
) -> list[Path]:
    """Generated files on disk (the SVGs under ``figures``, the files under ``generated``
    whose names start with ``prefix``) that ``files`` no longer holds."""
    found = [*(root / figures).glob("*.svg"), *(root / generated).glob(f"{prefix}*")]
    return sorted(path.relative_to(root) for path in found if path.relative_to(root) not in files)


def orphans_of(
    root: Path, figures: Path, generated: Path, prefix: str
) -> Callable[[Mapping[Path, str], Path], list[Path]]:
    """A script's ``orphans(files, root=root)``: :func:`orphans` of its folders and prefix."""

    def found(files: Mapping[Path, str], root: Path = root) -> list[Path]:
        """Generated files on disk that the script's ``render`` no longer writes."""
        return orphans(files, root, figures, generated, prefix)

    return found


def command(name: str) -> Callable[[Sequence[str] | None, Callable[[str], None]], int]:
    """A script's ``main(argv=None, out=print)``: :func:`main` of the module called ``name``
    (the script's ``__name__``), looked up when it runs."""

    def run(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
        return main(argv, out, sys.modules[name])

    return run


def stale(files: Mapping[Path, str], root: Path) -> list[Path]:
    """The files whose checked-in text differs from ``files`` (or that are missing)."""
    return [
        path
        for path, text in sorted(files.items())
        if not (root / path).is_file() or (root / path).read_text(encoding="utf-8") != text
    ]


def checked_game(
    where: str,
    play: Callable[[], tuple[T, S]],
    replay: Callable[[str, str], S],
    record: Callable[[S], str],
) -> T:
    """A game of the statistics, checked: its result, from ``play()`` (the result and the
    final state).

    Refuses (:class:`DisagreementError`, naming the game by ``where``) when
    the simulation finds the engine's result other than the rules' (it
    raises :class:`RuntimeError`) or when the game's record, ``record(state)``,
    replayed by ``replay(text, where)``, gives another state.
    """
    try:
        result, state = play()
    except RuntimeError as error:
        raise DisagreementError(f"{where}: {error}") from error
    if replay(record(state), where) != state:
        raise DisagreementError(f"{where}: the game's record replays differently")
    return result


def counted(summary: Mapping[str, Any], games: int, key: str = "endings") -> Mapping[str, Any]:
    """``summary`` (a summary's JSON form), once its counts by ``key`` are checked to add up
    to ``games``."""
    if sum(summary[key].values()) != games:
        raise DisagreementError("the summary does not count every game once")
    return summary


def statistics(
    play: Callable[[tuple[int, int]], T],
    settings: Sequence[Mapping[str, Any]],
    summarise: Callable[[Sequence[T]], dict[str, Any]],
    seed: int,
    games: int,
    sample: int,
    jobs: int = 1,
) -> dict[str, Any]:
    """The statistics of the bots' games: ``games`` games of each setting, summed.

    Args:
        play: plays game ``index`` of setting ``number`` (a position in
            ``settings``) of the run with ``seed``, given ``(number, index)``;
            a module-level function, so that other processes can run it.
        settings: what each setting is, as it is recorded (its bots, options...).
        summarise: what is recorded of a setting's games.
        seed: the run's seed, recorded.
        games: how many games of each setting, from index 0.
        sample: the first games of each setting summed apart too, so that
            the tests can play them again and compare.
        jobs: how many processes play the games
            (:func:`dokuspec.parallel.ordered_map`).

    Returns:
        ``{"seed", "games", "sample", "settings"}``: each setting's record
        with ``"all"`` (the summary of its games) and ``"sample"``.
    """
    tasks = [(number, index) for number in range(len(settings)) for index in range(games)]
    played = list(ordered_map(play, tasks, workers=jobs))
    found = []
    for number, setting in enumerate(settings):
        mine = played[number * games : (number + 1) * games]
        found.append({**setting, "all": summarise(mine), "sample": summarise(mine[:sample])})
    return {"seed": seed, "games": games, "sample": sample, "settings": found}


def main(argv: Sequence[str] | None, out: Callable[[str], None], script: ModuleType) -> int:
    """Compute a chapter's files and write them under the repository root, or with ``--check``
    compare.

    Args:
        argv: the command line's arguments (``None``: ``sys.argv``).
        out: where each line of the report goes.
        script: the figure script's module. The first line of its docstring
            describes the command; ``ROOT`` is the repository root, read at
            the call; ``gather(jobs=...)`` computes the facts (it may raise
            :class:`DisagreementError`), ``render(facts)`` gives the files to
            write (path from ``ROOT`` -> text), and ``orphans(files, root)``
            the generated files on disk that they no longer hold.

    Returns:
        0, or 1 when the script refused or (with ``--check``) a file differs.
    """
    parser = argparse.ArgumentParser(description=(script.__doc__ or "").split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="processes that play the bots' games (default: every core)",
    )
    args = parser.parse_args(argv)
    root: Path = script.ROOT
    try:
        written: Mapping[Path, str] = script.render(script.gather(jobs=max(1, args.jobs)))
    except DisagreementError as error:
        out(f"refused: {error}")
        return 1
    different = stale(written, root)
    extra: list[Path] = script.orphans(written, root)
    if args.check:
        for path in different:
            out(f"stale: {path}")
        for path in extra:
            out(f"not written by this script: {path}")
        return 1 if different or extra else 0
    for path in different:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(written[path], encoding="utf-8")
        out(f"wrote {path}")
    for path in extra:
        (root / path).unlink()
        out(f"removed {path}")
    return 0
