"""The named techniques of step-by-step explanations, each found in a fixed order.

Each function looks at the pencil marks (``dokuspec.sumodoku.pencil._Board``) and
returns the first step of its technique that applies (or, for the ``_all``
generators, each in turn), with the premises and rule instances a person
needs to check it; :func:`named_step` tries them in the order of
:data:`~dokuspec.sumodoku.pencil.TECHNIQUES`, simplest first (the order of
Sudoku Explainer's difficulty scale, the variants' border deductions with the
naked singles). Nothing here changes the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations

from dokuspec.engine.sumodoku.rules import ALL_COLOURS, MARKED
from dokuspec.sumodoku.pencil import (
    RATINGS,
    Step,
    _Board,
    _colours,
    _piece,
    _Premises,
    _step,
    _words,
)
from dokuspec.vocabulary.sumodoku import border_name, cell_name

__all__ = ["named_step"]


def _supply(board: _Board) -> Step | None:
    for colour, out in enumerate(board.position.out, 1):
        if out:
            premises = _Premises()
            premises.rule(f"supply of colour {colour}")
            left = 9 - out
            return _step(
                "supply",
                premises,
                f"colour {colour} has {out} out of the game: {left} pieces cannot fill 9 rows",
                contradiction=True,
            )
    return None


def _broken(board: _Board) -> Step | None:
    colours = board.colours
    for unit, members in enumerate(board.units):
        seen: dict[int, int] = {}
        for cell in members:
            colour = colours[cell]
            if colour in seen:
                premises = _Premises()
                board.fact(seen[colour], premises)
                board.fact(cell, premises)
                premises.rule(board.names[unit])
                return _step(
                    "broken rule",
                    premises,
                    f"{board.names[unit]} holds colour {colour} twice: "
                    f"{cell_name(seen[colour])} and {cell_name(cell)}",
                    contradiction=True,
                )
            if colour:
                seen[colour] = cell
    for cell in range(81):
        colour = colours[cell]
        if colour and not board.allowed[cell] >> colour & 1:
            premises = _Premises()
            board.fact(cell, premises)
            kind = "odd" if board.parity[cell] == "o" else "even"
            premises.rule(f"{cell_name(cell)} is {kind}")
            return _step(
                "broken rule",
                premises,
                f"{cell_name(cell)} is {kind} but holds colour {colour}",
                contradiction=True,
            )
    for (a, b), rule in board.border_rules.items():
        if colours[a] and colours[b] and not _agree(board, a, b, colours[a], colours[b]):
            premises = _Premises()
            board.fact(a, premises)
            board.fact(b, premises)
            premises.rule(rule)
            return _step(
                "broken rule",
                premises,
                f"{cell_name(a)} and {cell_name(b)} hold colours {colours[a]} and {colours[b]},"
                f" which the {rule.rsplit(' ', 1)[0]} forbids",
                contradiction=True,
            )
    return None


def _kind(board: _Board, a: int, b: int) -> int:
    for other, kind in board.neighbours[a]:
        if other == b:
            return kind
    raise AssertionError((a, b))


def _support(board: _Board, a: int, b: int, colour: int) -> int:
    """The colours cell ``b`` may hold next to ``colour`` on cell ``a``."""
    near = board.next_to[colour]
    return near if _kind(board, a, b) == MARKED else ALL_COLOURS & ~near


def _agree(board: _Board, a: int, b: int, first: int, second: int) -> bool:
    return bool(_support(board, a, b, first) >> second & 1)


def _no_place(board: _Board) -> Step | None:
    for unit in range(len(board.units)):
        missing = ALL_COLOURS & ~board.held(unit)
        if not missing:
            continue
        empties = board.empties(unit)
        possible = 0
        for cell in empties:
            possible |= board.cand[cell]
        lost = missing & ~possible
        if lost:
            colour = _colours(lost)[0]
            premises = _Premises()
            premises.rule(board.names[unit])
            board.occupied(board.units[unit], premises)
            for cell in empties:
                board.absent(cell, colour, premises)
            return _step(
                "no place left",
                premises,
                f"colour {colour} has no place left in {board.names[unit]}",
                contradiction=True,
            )
    return None


def _no_colour(board: _Board) -> Step | None:
    for cell in range(81):
        if not board.colours[cell] and not board.cand[cell]:
            premises = _Premises()
            for colour in range(1, 10):
                board.absent(cell, colour, premises)
            return _step(
                "no colour left",
                premises,
                f"{cell_name(cell)} has no colour left",
                contradiction=True,
            )
    return None


def _hidden_single(board: _Board) -> Step | None:
    order = list(range(18, 27)) + list(range(18)) + list(range(27, len(board.units)))
    for unit in order:
        missing = ALL_COLOURS & ~board.held(unit)
        if not missing:
            continue
        empties = board.empties(unit)
        for colour in _colours(missing):
            places = [c for c in empties if board.cand[c] >> colour & 1]
            if len(places) == 1:
                (cell,) = places
                premises = _Premises()
                premises.rule(board.names[unit])
                board.occupied(board.units[unit], premises)
                for other in empties:
                    if other != cell:
                        board.absent(other, colour, premises)
                return _step(
                    "hidden single",
                    premises,
                    f"colour {colour} has one place left in {board.names[unit]}: {cell_name(cell)}",
                    places=(_piece(cell, colour),),
                    level="hidden single (box)" if 18 <= unit < 27 else "hidden single",
                )
    return None


def _naked_single(board: _Board) -> Step | None:
    for cell in range(81):
        mask = board.cand[cell]
        if mask and not mask & (mask - 1):
            colour = mask.bit_length() - 1
            premises = _Premises()
            for other in range(1, 10):
                if other != colour:
                    board.absent(cell, other, premises)
            return _step(
                "naked single",
                premises,
                f"{cell_name(cell)} has one colour left: {colour}",
                places=(_piece(cell, colour),),
            )
    return None


def _border(board: _Board) -> Step | None:
    colours = board.colours
    for filled_first in (True, False):
        for (a, b), rule in board.border_rules.items():
            for here, there in ((a, b), (b, a)):
                if colours[here] or bool(colours[there]) != filled_first:
                    continue
                reach = (1 << colours[there]) if colours[there] else board.cand[there]
                lost = [
                    k
                    for k in _colours(board.cand[here])
                    if not _support(board, here, there, k) & reach
                ]
                if not lost:
                    continue
                premises = _Premises()
                premises.rule(rule)
                if colours[there]:
                    board.fact(there, premises)
                    why = f"{cell_name(there)} holds {colours[there]}"
                else:
                    needed = 0
                    for k in lost:
                        needed |= _support(board, here, there, k)
                    for k in _colours(needed):
                        board.absent(there, k, premises)
                    why = f"{cell_name(there)} can only take {_words(_colours(reach))}"
                what = rule.rsplit(" ", 1)[0]
                return _step(
                    "border",
                    premises,
                    f"across the {what} {border_name((a, b))}, {why}: {cell_name(here)} is "
                    f"not {_words(lost)}",
                    eliminates=tuple(_piece(here, k) for k in lost),
                )
    return None


def _unit_pairs(board: _Board) -> list[tuple[int, int]]:
    found = []
    sets = [set(u) for u in board.units]
    for u in range(len(board.units)):
        for v in range(len(board.units)):
            if u != v and len(sets[u] & sets[v]) >= 2:
                found.append((u, v))
    # boxes first (pointing), then lines into boxes (claiming)
    found.sort(key=lambda pair: (not 18 <= pair[0] < 27, pair))
    return found


def _locked_all(board: _Board) -> Iterator[Step]:
    for u, v in _unit_pairs(board):
        inside = set(board.units[u]) & set(board.units[v])
        missing = ALL_COLOURS & ~board.held(u)
        for colour in _colours(missing):
            bit = 1 << colour
            places = [c for c in board.empties(u) if board.cand[c] & bit]
            if not places or not set(places) <= inside:
                continue
            targets = [c for c in board.units[v] if c not in inside and board.cand[c] & bit]
            if not targets:
                continue
            premises = _Premises()
            premises.rule(board.names[u])
            premises.rule(board.names[v])
            board.occupied((c for c in board.units[u] if c not in inside), premises)
            for cell in board.empties(u):
                if cell not in inside:
                    board.absent(cell, colour, premises)
            pointing = 18 <= u < 27
            yield _step(
                "locked candidates",
                premises,
                f"in {board.names[u]}, colour {colour} can only go where it meets "
                f"{board.names[v]}, so no other cell of {board.names[v]} takes it: "
                + ", ".join(cell_name(c) for c in targets)
                + f" not {colour}",
                eliminates=tuple(_piece(c, colour) for c in targets),
                level="locked candidates (pointing)"
                if pointing
                else "locked candidates (claiming)",
            )


_SUBSET_NAMES = {2: "pair", 3: "triple", 4: "quad"}


def _naked_subset(board: _Board, size: int) -> Step | None:
    for unit in range(len(board.units)):
        empties = board.empties(unit)
        if len(empties) < 2 * size:
            continue
        small = [c for c in empties if 2 <= bin(board.cand[c]).count("1") <= size]
        for cells in combinations(small, size):
            union = 0
            for c in cells:
                union |= board.cand[c]
            if bin(union).count("1") != size:
                continue
            targets = [
                (c, k) for c in empties if c not in cells for k in _colours(board.cand[c] & union)
            ]
            if not targets:
                continue
            premises = _Premises()
            premises.rule(board.names[unit])
            for c in cells:
                for k in _colours(ALL_COLOURS & ~union):
                    board.absent(c, k, premises)
            name = f"naked {_SUBSET_NAMES[size]}"
            return _step(
                name,
                premises,
                f"{_words([cell_name(c) for c in cells])} take colours "
                f"{_words(_colours(union))} between them ({name} in {board.names[unit]}), so no "
                "other cell of it does: " + ", ".join(f"{cell_name(c)}≠{k}" for c, k in targets),
                eliminates=tuple(_piece(c, k) for c, k in targets),
            )
    return None


def _hidden_subset_all(board: _Board, size: int, direct: bool = False) -> Iterator[Step]:
    """Hidden subsets of ``size`` colours, in units with more than twice as many empty cells
    (else the naked subset of the other cells is the simpler step), or, ``direct``, more than
    ``size``, as Sudoku Explainer looks for them."""
    for unit in range(len(board.units)):
        empties = board.empties(unit)
        if len(empties) <= (size if direct else 2 * size):
            continue
        missing = _colours(ALL_COLOURS & ~board.held(unit))
        if len(missing) <= size:
            continue
        where = {k: [c for c in empties if board.cand[c] >> k & 1] for k in missing}
        chosen = [k for k in missing if 2 <= len(where[k]) <= size]
        for colours in combinations(chosen, size):
            cells = sorted({c for k in colours for c in where[k]})
            if len(cells) != size:
                continue
            keep = sum(1 << k for k in colours)
            targets = [(c, k) for c in cells for k in _colours(board.cand[c] & ~keep)]
            if not targets:
                continue
            premises = _Premises()
            premises.rule(board.names[unit])
            board.occupied(board.units[unit], premises)
            for c in empties:
                if c not in cells:
                    for k in colours:
                        board.absent(c, k, premises)
            name = f"hidden {_SUBSET_NAMES[size]}"
            yield _step(
                name,
                premises,
                f"in {board.names[unit]}, colours {_words(list(colours))} can only go in "
                f"{_words([cell_name(c) for c in cells])} ({name}), so those cells take no "
                "other colour: " + ", ".join(f"{cell_name(c)}≠{k}" for c, k in targets),
                eliminates=tuple(_piece(c, k) for c, k in targets),
            )


_FISH = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}


def _fish(board: _Board, size: int) -> Step | None:
    for base_first, cover_first in ((0, 9), (9, 0)):
        for colour in range(1, 10):
            bit = 1 << colour
            lines = []
            for base in range(base_first, base_first + 9):
                if board.held(base) & bit:
                    continue
                spots = {
                    (c // 9 if base_first else c % 9)
                    for c in board.units[base]
                    if board.cand[c] & bit
                }
                if 2 <= len(spots) <= size:
                    lines.append((base, spots))
            for chosen in combinations(lines, size):
                covers = set().union(*(spots for _, spots in chosen))
                if len(covers) != size:
                    continue
                bases = [base for base, _ in chosen]
                base_cells = {c for base in bases for c in board.units[base]}
                targets = [
                    c
                    for cover in sorted(covers)
                    for c in board.units[cover_first + cover]
                    if c not in base_cells and board.cand[c] & bit
                ]
                if not targets:
                    continue
                premises = _Premises()
                for base in bases:
                    premises.rule(board.names[base])
                cover_units = [cover_first + cover for cover in sorted(covers)]
                for unit in cover_units:
                    premises.rule(board.names[unit])
                cover_cells = {c for unit in cover_units for c in board.units[unit]}
                for base in bases:
                    board.occupied((c for c in board.units[base] if c not in cover_cells), premises)
                    for c in board.empties(base):
                        if c not in cover_cells:
                            board.absent(c, colour, premises)
                name = _FISH[size]
                return _step(
                    name,
                    premises,
                    f"colour {colour} in {_words([board.names[b] for b in bases])} can only "
                    f"go in {_words([board.names[u] for u in cover_units])} ({name}), so "
                    "not elsewhere in those: "
                    + ", ".join(cell_name(c) for c in targets)
                    + f" not {colour}",
                    eliminates=tuple(_piece(c, colour) for c in targets),
                )
    return None


def _locked(board: _Board) -> Step | None:
    return next(_locked_all(board), None)


def _hidden_subset(board: _Board, size: int) -> Step | None:
    return next(_hidden_subset_all(board, size), None)


def _direct_locked(board: _Board, pointing: bool) -> Step | None:
    """Locked candidates that leave a hidden single of their colour in another unit of the
    kind of the first, crossing the second (Sudoku Explainer's direct pointing, 1.7, and
    direct claiming, 1.9)."""
    wanted = RATINGS["locked candidates (pointing)" if pointing else "locked candidates (claiming)"]
    for step in _locked_all(board):
        if step.level != wanted:
            continue
        first, second = (_unit_number(board, name) for name in step.rules[:2])
        colour = step.eliminates[0].colour
        bit = 1 << colour
        removed = {(p.row - 1) * 9 + p.col - 1 for p in step.eliminates}
        crossing = set(board.units[second])
        for third in range(len(board.units)):
            if (
                third == first
                or _unit_kind(board, third) != _unit_kind(board, first)
                or not crossing & set(board.units[third])
                or board.held(third) & bit
            ):
                continue
            places = [c for c in board.units[third] if board.cand[c] & bit]
            left = [c for c in places if c not in removed]
            if len(places) > 1 and len(left) == 1:
                name = "direct pointing" if pointing else "direct claiming"
                return replace(
                    step,
                    level=RATINGS[f"locked candidates ({name})"],
                    text=step.text
                    + f", which leaves colour {colour} one place in {board.names[third]}",
                )
    return None


def _direct_hidden(board: _Board, size: int) -> Step | None:
    """A hidden pair or triple whose cells, taking only its colours, leave another colour one
    place in the unit (Sudoku Explainer's direct hidden pair, 2.0, and triple, 2.5)."""
    for step in _hidden_subset_all(board, size, direct=True):
        unit = _unit_number(board, step.rules[0])
        cells = {(p.row - 1) * 9 + p.col - 1 for p in step.eliminates}
        held = board.held(unit)
        for colour in sorted({p.colour for p in step.eliminates}):
            if held >> colour & 1:
                continue
            places = [c for c in board.units[unit] if board.cand[c] >> colour & 1]
            left = [c for c in places if c not in cells]
            if len(places) > 1 and len(left) == 1:
                name = "hidden pair (direct)" if size == 2 else "hidden triple (direct)"
                return replace(
                    step,
                    level=RATINGS[name],
                    text=step.text
                    + f", which leaves colour {colour} one place in {board.names[unit]}",
                )
    return None


def _unit_number(board: _Board, name: str) -> int:
    return board.names.index(name)


def _sees(board: _Board, a: int, b: int) -> int | None:
    """A unit holding both cells, or ``None``."""
    for unit in board.cell_units[a]:
        if b in board.units[unit]:
            return unit
    return None


def _unit_kind(board: _Board, unit: int) -> str:
    return board.names[unit].split(" ")[0]


def _turbot_all(board: _Board) -> Iterator[Step]:
    """Two strong links of one colour (units where it has two places), one end of each seeing
    the other's: one of the two far ends holds the colour, so no cell seeing both does."""
    for colour in range(1, 10):
        bit = 1 << colour
        links = []
        for unit in range(len(board.units)):
            if board.held(unit) & bit:
                continue
            places = [c for c in board.units[unit] if board.cand[c] & bit]
            if len(places) == 2:
                links.append((unit, places))
        for (u, first), (v, second) in combinations(links, 2):
            if set(first) & set(second):
                continue
            for near, far in ((first[0], first[1]), (first[1], first[0])):
                for other, end in ((second[0], second[1]), (second[1], second[0])):
                    bridge = _sees(board, near, other)
                    if bridge is None:
                        continue
                    targets = [
                        c
                        for c in range(81)
                        if board.cand[c] & bit
                        and c not in (near, far, other, end)
                        and _sees(board, c, far) is not None
                        and _sees(board, c, end) is not None
                    ]
                    if not targets:
                        continue
                    premises = _Premises()
                    for unit in (u, v):
                        premises.rule(board.names[unit])
                        board.occupied(board.units[unit], premises)
                        for c in board.empties(unit):
                            if c not in (near, far, other, end):
                                board.absent(c, colour, premises)
                    premises.rule(board.names[bridge])
                    for c in targets:
                        for end_cell in (far, end):
                            seen = _sees(board, c, end_cell)
                            assert seen is not None
                            premises.rule(board.names[seen])
                    kinds = {_unit_kind(board, u), _unit_kind(board, v)}
                    if kinds <= {"row", "column"}:
                        name = "skyscraper" if len(kinds) == 1 else "two-string kite"
                    else:
                        name = "turbot fish"
                    level = 4.3 if kinds & {"main", "anti-diagonal"} else None
                    step = _step(
                        name,
                        premises,
                        f"colour {colour} has two places in {board.names[u]} and two in "
                        f"{board.names[v]}; {cell_name(near)} and {cell_name(other)} share "
                        f"{board.names[bridge]}, so {cell_name(far)} or {cell_name(end)} holds "
                        f"it ({name}): "
                        + ", ".join(cell_name(c) for c in targets)
                        + f" not {colour}",
                        eliminates=tuple(_piece(c, colour) for c in targets),
                    )
                    yield step if level is None else replace(step, level=level)


def _wing_all(board: _Board, size: int) -> Iterator[Step]:
    """XY-wing (``size`` 2: a pivot with two colours) and XYZ-wing (3: with three): two
    pincers of two colours each, seen by the pivot, share a colour z with it (XYZ) or not
    (XY); whichever way the pivot goes, a pincer (or the pivot) holds z."""
    count = [bin(m).count("1") for m in board.cand]
    for pivot in range(81):
        if count[pivot] != size:
            continue
        pincers = [
            c
            for c in board.peers[pivot]
            if count[c] == 2
            and bin(board.cand[c] & board.cand[pivot]).count("1") == (1 if size == 2 else 2)
        ]
        for a, b in combinations(pincers, 2):
            shared = board.cand[a] & board.cand[b]
            if bin(shared).count("1") != 1:
                continue
            z = shared.bit_length() - 1
            if size == 2:
                if (
                    shared & board.cand[pivot]
                    or (board.cand[a] | board.cand[b]) & ~shared != board.cand[pivot]
                ):
                    continue
            elif (board.cand[a] | board.cand[b]) != board.cand[pivot]:
                continue
            holders = (a, b) if size == 2 else (a, b, pivot)
            targets = [
                c
                for c in range(81)
                if board.cand[c] >> z & 1
                and c not in (a, b, pivot)
                and all(_sees(board, c, h) is not None for h in holders)
            ]
            if not targets:
                continue
            premises = _Premises()
            for cell in (pivot, a, b):
                for colour in _colours(ALL_COLOURS & ~board.cand[cell]):
                    board.absent(cell, colour, premises)
            for cell in (a, b):
                unit = _sees(board, pivot, cell)
                assert unit is not None
                premises.rule(board.names[unit])
            for c in targets:
                for h in holders:
                    unit = _sees(board, c, h)
                    assert unit is not None
                    premises.rule(board.names[unit])
            name = "xy-wing" if size == 2 else "xyz-wing"
            yield _step(
                name,
                premises,
                f"pivot {cell_name(pivot)} ({_words(_colours(board.cand[pivot]))}) with "
                f"{cell_name(a)} ({_words(_colours(board.cand[a]))}) and {cell_name(b)} "
                f"({_words(_colours(board.cand[b]))}): one of them holds {z} ({name}), so no "
                "cell seeing them all does: "
                + ", ".join(cell_name(c) for c in targets)
                + f" not {z}",
                eliminates=tuple(_piece(c, z) for c in targets),
            )


def named_step(board: _Board) -> Step | None:
    """The simplest named step available on ``board`` (no trial), or ``None``.

    The techniques are tried in the order of Sudoku Explainer's scale
    (:data:`~dokuspec.sumodoku.pencil.RATINGS`), the variants' border deductions
    (SU-14, SU-37) with the naked singles; the contradictions (SU-3, SU-9, SU-12
    to SU-15) first. ``board`` (the pencil marks of ``dokuspec.sumodoku.pencil``)
    is not changed. Raises nothing."""
    return (
        _supply(board)
        or _broken(board)
        or _no_place(board)
        or _no_colour(board)
        or _hidden_single(board)
        or _direct_locked(board, pointing=True)
        or _direct_locked(board, pointing=False)
        or _direct_hidden(board, 2)
        or _naked_single(board)
        or _border(board)
        or _direct_hidden(board, 3)
        or _locked(board)
        or _naked_subset(board, 2)
        or _fish(board, 2)
        or _hidden_subset(board, 2)
        or _naked_subset(board, 3)
        or _fish(board, 3)
        or _hidden_subset(board, 3)
        or next(_turbot_all(board), None)
        or next(_wing_all(board, 2), None)
        or next(_wing_all(board, 3), None)
        or _naked_subset(board, 4)
        or _fish(board, 4)
        or _hidden_subset(board, 4)
    )
