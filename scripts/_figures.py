"""What the handbook's figure scripts share: reStructuredText pieces, writing and checking.

Each chapter's script (``scripts/make_{competitive,twodoku,sumodoku}_figures.py``)
computes its facts, renders them as files (``render``: path from the
repository root -> text) and hands them to :func:`main`, which writes the
files that changed and removes the ones no longer written, or with
``--check`` only names them. A script refuses to write anything when two
readings of the rules disagree: it raises :class:`DisagreementError`, and
:func:`main` prints ``refused:`` and why.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any


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


def stale(files: Mapping[Path, str], root: Path) -> list[Path]:
    """The files whose checked-in text differs from ``files`` (or that are missing)."""
    return [
        path
        for path, text in sorted(files.items())
        if not (root / path).is_file() or (root / path).read_text(encoding="utf-8") != text
    ]


def main(
    argv: Sequence[str] | None,
    out: Callable[[str], None],
    *,
    description: str,
    root: Path,
    files: Callable[[argparse.Namespace], Mapping[Path, str]],
    orphans_of: Callable[[Mapping[Path, str], Path], list[Path]],
    arguments: Callable[[argparse.ArgumentParser], None] | None = None,
) -> int:
    """Compute a chapter's files and write them under ``root``, or with ``--check`` compare.

    Args:
        argv: the command line's arguments (``None``: ``sys.argv``).
        out: where each line of the report goes.
        description: the command's one-line description.
        root: the repository root.
        files: the files to write (path from ``root`` -> text), given the parsed
            arguments; may raise :class:`DisagreementError`.
        orphans_of: the generated files under ``root`` that a set of files no
            longer holds.
        arguments: adds the script's own options to the parser.

    Returns:
        0, or 1 when the script refused or (with ``--check``) a file differs.
    """
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    if arguments is not None:
        arguments(parser)
    args = parser.parse_args(argv)
    try:
        written = files(args)
    except DisagreementError as error:
        out(f"refused: {error}")
        return 1
    different = stale(written, root)
    extra = orphans_of(written, root)
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
