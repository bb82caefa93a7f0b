"""Write the handbook's intersphinx inventories from their plain-text sources.

Run from the repository root::

    python scripts/make_inventories.py           # write docs/_inventories/*.inv
    python scripts/make_inventories.py --check   # compare, write nothing

The handbook links to the documentation of Python, Hypothesis, python-sat
and Z3 through ``sphinx.ext.intersphinx``, which reads each project's
inventory (``objects.inv``: name, kind and page of every documented object).
The build must not need the network, so the inventories are checked in
(``docs/_inventories/<project>.inv``, named in ``intersphinx_mapping`` in
``docs/conf.py`` next to the project's published address). Each is made by
this script from a plain-text source beside it (``<project>.txt``) that lists
only the objects the handbook refers to, and says where every entry comes
from.

A source has comment lines (``#``), blank lines, two header lines and one
line per object, in the columns of a Sphinx inventory::

    project: Python
    version: 3.11
    collections.abc.Mapping  py:class  1  library/collections.abc.html#$  -

that is the name, ``domain:role``, the priority, the page and anchor relative
to the documentation's root (``$`` stands for the name) and the name to show
(``-``: the name itself; it may contain spaces).

The inventories are written with sphobjinv (objects sorted by kind and name).
``--check`` compares the objects of every checked-in inventory with its
source, not the compressed bytes, so another zlib cannot make it fail; it
also names an inventory without a source. Exit status: 0, or 1 when
``--check`` finds a stale or missing inventory, or 2 when a source is
malformed (one line naming the file and line).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import sphobjinv as soi

INVENTORIES = Path(__file__).resolve().parent.parent / "docs" / "_inventories"

_HEADER = re.compile(r"^(?P<key>project|version):(?:\s+(?P<value>.*?))?\s*$")
_ENTRY = re.compile(
    r"^(?P<name>\S+)\s+(?P<domain>[a-z]+):(?P<role>[a-z][a-z0-9-]*)\s+(?P<priority>-?\d+)"
    r"\s+(?P<uri>\S+)\s+(?P<dispname>\S.*?)\s*$"
)


class SourceError(ValueError):
    """A source file is malformed; the message names the file and the line."""


@dataclass(frozen=True, slots=True)
class Source:
    """One project's source: its name and version, and its objects as inventory lines."""

    project: str
    version: str
    objects: tuple[soi.DataObjStr, ...]

    def inventory(self) -> soi.Inventory:
        """The inventory of these objects, sorted by domain, role and name."""
        inventory = soi.Inventory()
        inventory.project = self.project
        inventory.version = self.version
        inventory.objects.extend(
            sorted(self.objects, key=lambda obj: (obj.domain, obj.role, obj.name))
        )
        return inventory


def read_source(path: Path) -> Source:
    """Parse a source file.

    Raises:
        SourceError: a line is neither a comment, a header nor an entry; a
            header is missing, empty or repeated; or an object (name, domain
            and role) is listed twice.
    """
    headers: dict[str, str] = {}
    objects: list[soi.DataObjStr] = []
    seen: dict[tuple[str, str, str], int] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        where = f"{path}, line {number}"
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        header = _HEADER.match(line)
        if header:
            key, value = header["key"], header["value"] or ""
            if key in headers:
                raise SourceError(f"{where}: a second {key!r} header")
            if not value:
                raise SourceError(f"{where}: the {key!r} header has no value")
            headers[key] = value
            continue
        entry = _ENTRY.match(line)
        if entry is None:
            raise SourceError(
                f"{where}: not 'name domain:role priority uri dispname': {line.strip()!r}"
            )
        key = (entry["name"], entry["domain"], entry["role"])
        if key in seen:
            raise SourceError(
                f"{where}: {entry['name']} ({entry['domain']}:{entry['role']}) "
                f"is already on line {seen[key]}"
            )
        seen[key] = number
        objects.append(
            soi.DataObjStr(
                name=entry["name"],
                domain=entry["domain"],
                role=entry["role"],
                priority=entry["priority"],
                uri=entry["uri"],
                dispname=entry["dispname"],
            )
        )
    for key in ("project", "version"):
        if key not in headers:
            raise SourceError(f"{path}: no {key!r} header")
    if not objects:
        raise SourceError(f"{path}: no objects")
    return Source(headers["project"], headers["version"], tuple(objects))


def inventory_text(source: Source) -> bytes:
    """The uncompressed text of the source's inventory (what ``objects.inv`` decompresses to)."""
    text: bytes = source.inventory().data_file(contract=True)
    return text


def compressed(source: Source) -> bytes:
    """The source's inventory as Sphinx reads it (``objects.inv`` format, zlib-compressed)."""
    data: bytes = soi.compress(inventory_text(source))
    return data


def is_current(path: Path, source: Source) -> bool:
    """Whether the inventory at ``path`` holds exactly the source's objects (False if it is
    missing or unreadable)."""
    if not path.is_file():
        return False
    try:
        text: bytes = soi.Inventory(fname_zlib=str(path)).data_file(contract=True)
    except Exception:  # any file sphobjinv cannot read is not the inventory wanted
        return False
    return text == inventory_text(source)


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    """Write (or with ``--check`` compare) every inventory under ``--directory``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    parser.add_argument(
        "--directory",
        type=Path,
        default=INVENTORIES,
        help="where the sources and inventories are (default: docs/_inventories)",
    )
    args = parser.parse_args(argv)
    directory: Path = args.directory
    sources = sorted(directory.glob("*.txt"))
    if not sources:
        out(f"error: no inventory sources (*.txt) in {directory}")
        return 2
    try:
        parsed = {path.with_suffix(".inv"): read_source(path) for path in sources}
    except SourceError as error:
        out(f"error: {error}")
        return 2
    orphans = sorted(set(directory.glob("*.inv")) - set(parsed))
    if args.check:
        stale = [target for target, source in parsed.items() if not is_current(target, source)]
        for target in stale:
            out(f"stale: {target} (run scripts/make_inventories.py)")
        for target in orphans:
            out(f"no source for {target}")
        return 1 if stale or orphans else 0
    for target, source in parsed.items():
        if is_current(target, source):
            continue
        target.write_bytes(compressed(source))
        out(f"wrote {target} ({len(source.objects)} objects)")
    for target in orphans:
        out(f"no source for {target} (left as it is)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
