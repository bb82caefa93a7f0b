"""Write the figures and the numbers of the handbook's Sumodoku chapter.

Run from the repository root (after installing dokuspec)::

    python scripts/make_sumodoku_figures.py           # write the files
    python scripts/make_sumodoku_figures.py --check   # compare, write nothing

Writes the SVG pictures under ``docs/figures/sumodoku/`` and, under
``docs/generated/``, the record of every computed fact
(``sumodoku-facts.json``), the record of the game shown
(``sumodoku-game.json``, in the game record's JSON form) and the
reStructuredText pieces that ``docs/rules/sumodoku.rst`` includes
(``sumodoku-*.inc``). Nothing in them is typed by hand: every position
shown is one the engine (:mod:`dokuspec.engine.sumodoku`) reached in a
game played here from a fixed seed, and every fact is checked against a
second reading:

* a game between two careful players (each places a piece chosen at random
  among its safe moves, :func:`dokuspec.sumodoku.safe_moves`, and claims
  "Sudoku!" as soon as the claim window opens with the completion
  :func:`dokuspec.sumodoku.check` finds): the engine judges the claim
  (SU-10); the filling is checked again by the engine's rule checker and by
  the SAT model, the record replays to the same state, and the number of
  valid moves of each turn is counted by the engine and by the fast search;
* a game of a careful Player 1 against a Player 2 who places a random valid
  piece: the safe and losing moves of Player 2 just before their first
  losing move (every losing move confirmed by Z3, every safe move's witness
  checked by the engine's rule checker), the impossible position after it
  with its explanation (SU-18) by the SAT backend and by Z3, the explanation
  checked to be impossible on its own and minimal by the other backend,
  its smallest explanation (SU-30) by both backends, of the same size, and a
  claim made then,
  which the engine judges failed;
* a tabletop game (SU-4) of two players who place a random piece of their
  own on a random empty cell, valid or not, and point out the opponent's
  invalid placement at once (SU-7): the engine's reason against the
  explanation of the board by the SAT backend and by Z3.

When two readings disagree the script writes nothing, prints ``refused:``
and why, and exits with status 1. With ``--check`` it writes nothing,
prints the files that differ from what it would write (or that it would no
longer write) and exits with status 1 if there are any.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from dokuspec import sumodoku
from dokuspec.engine.base import CHANCE, Action, replay
from dokuspec.engine.sumodoku import (
    Claim,
    Concede,
    Place,
    PointOut,
    Sumodoku,
    SumodokuState,
    is_valid,
    read_record,
    record_json,
    record_text,
    violations,
)
from dokuspec.render.sumodoku import board_svg, board_text
from dokuspec.solvers import CACHE
from dokuspec.sumodoku.search import valid_colours
from dokuspec.vocabulary.sumodoku import Board, Piece, Position

ROOT = Path(__file__).resolve().parent.parent
FIGURES = Path("docs/figures/sumodoku")
GENERATED = Path("docs/generated")
FACTS = GENERATED / "sumodoku-facts.json"

# The game between two careful players: the first seed from CAREFUL_SEED on
# whose game ends with a successful claim (each player's choices are drawn
# with random.Random(seed)).
CAREFUL_SEED = 1
# The game of a careful Player 1 against a random Player 2: the first seed
# from MIXED_SEED on in which Player 2's first losing move is the placement
# just before Player 1's first turn in the claim window, so that Player 1
# could claim at once.
MIXED_SEED = 1
# The tabletop game: the first seed from TABLETOP_SEED on whose first
# invalid placement comes after at least MISTAKE_AFTER placements.
TABLETOP_SEED = 1
MISTAKE_AFTER = 12
# How many seeds each search tries before it refuses.
SEEDS = 200


class DisagreementError(RuntimeError):
    """Two readings of the rules gave different answers: nothing is written."""


# -- the players ---------------------------------------------------------------------------


def careful(state: SumodokuState, player: int, rng: random.Random) -> Action:
    """Claim with a completion as soon as the claim window opens and one exists;
    otherwise a random safe move (a random valid move when none is safe)."""
    if state.claim_open(player):
        verdict = sumodoku.check(state.position)
        if verdict.status == "completable":
            assert verdict.completion is not None
            return Claim(verdict.completion, 0)
    safe = [m for m in sumodoku.safe_moves(state, player + 1) if m.safe]
    if safe:
        move = rng.choice(safe)
        return Place(move.row, move.col, move.colour)
    return careless(state, player, rng)


def careless(state: SumodokuState, player: int, rng: random.Random) -> Action:
    """A random valid move; never a claim. Concede with no valid move (SU-6)."""
    moves = state.valid_moves(player)
    return rng.choice(moves) if moves else Concede()


def tabletop(state: SumodokuState, player: int, rng: random.Random) -> Action:
    """Point out the opponent's invalid last placement at once; otherwise a random own
    piece on a random empty cell, valid or not (SU-4 ``"tabletop"``, SU-7)."""
    target = state.point_out_target()
    if target is not None:
        return PointOut(target.row, target.col)
    placements = [a for a in state.legal_actions(player) if isinstance(a, Place)]
    return rng.choice(placements) if placements else Concede()


Player = Callable[[SumodokuState, int, random.Random], Action]


def play(
    game: Sumodoku,
    seed: int,
    players: tuple[Player, Player],
    stop: Callable[[SumodokuState, Action], bool] | None = None,
) -> tuple[SumodokuState, Action | None]:
    """Play from ``seed`` until the end, or until ``stop(state, action)`` holds before
    ``action`` is applied (then that action is returned, not applied)."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome())
            continue
        action = players[player](state, player, rng)
        if stop is not None and stop(state, action):
            return state, action
        state.apply_action(action)
    return state, None


def placements(state: SumodokuState) -> list[Piece]:
    """The pieces placed so far, in order."""
    return [
        action.piece
        for entry in state.history()
        for action in entry.actions
        if isinstance(action, Place)
    ]


def check_record(state: SumodokuState, name: str) -> None:
    if read_record(record_text(state), source=name) != state or replay(state.record()) != state:
        raise DisagreementError(f"{name}: the game's record replays differently")


def move_counts(state: SumodokuState) -> tuple[int, int]:
    """The valid moves of the player to move, by the engine and by the fast search."""
    player = state.current_player()
    hand = state.hand(player)
    by_search = sum(
        1
        for mask in valid_colours(state.position)
        for colour in range(1, 10)
        if mask >> colour & 1 and hand[colour - 1]
    )
    return len(state.valid_moves(player)), by_search


# -- the facts -----------------------------------------------------------------------------


def careful_facts() -> dict[str, Any]:
    """Two careful players; the game ends with a successful claim (SU-10)."""
    game = Sumodoku()
    for seed in range(CAREFUL_SEED, CAREFUL_SEED + SEEDS):
        state, _ = play(game, seed, (careful, careful))
        if state.result is not None and state.result.reason == "claim-succeeded":
            break
    else:
        raise DisagreementError(f"no careful game from seed {CAREFUL_SEED} on ends with a claim")
    check_record(state, "the careful game")
    claim = state.history()[-1].actions[0]
    assert isinstance(claim, Claim)
    # the board before the claim: replay every action but the last
    before = Sumodoku().new_initial_state(seed)
    for entry in state.history()[:-1]:
        for action in entry.actions:
            before.apply_action(action)
    filling = claim.filling
    if violations(filling) or not is_valid(filling):
        raise DisagreementError("the engine accepted a claim whose filling breaks a rule")
    certified = sumodoku.check(Position(filling))
    if certified.status != "completable" or certified.completion != filling:
        raise DisagreementError("the SAT model does not accept the claim's filling")
    counts = []
    replayed = Sumodoku().new_initial_state(seed)
    for entry in state.history()[:-1]:
        engine_count, search_count = move_counts(replayed)
        if engine_count != search_count:
            raise DisagreementError(
                f"turn {len(counts) + 1}: the engine counts {engine_count} valid moves, "
                f"the fast search {search_count}"
            )
        safe = sum(1 for m in sumodoku.safe_moves(replayed, entry.player + 1) if m.safe)
        counts.append({"player": entry.player + 1, "valid": engine_count, "safe": safe})
        for action in entry.actions:
            replayed.apply_action(action)
    assert state.result is not None
    return {
        "seed": seed,
        "board": str(before.board),
        "moves": [str(piece) for piece in placements(state)],
        "turn": state.turn_number(0),
        "limit": Sumodoku().claim_time_limit(state.turn_number(0)),
        "filling": str(filling),
        "result": {**state.result.to_json(), "detail": state.result.detail},
        "counts": counts,
        "record": record_json(state),
    }


def _mixed_stop(state: SumodokuState, action: Action) -> bool:
    """Player 2's first losing move, when it is their placement just before Player 1's
    first turn in the claim window."""
    if state.current_player() != 1 or not isinstance(action, Place):
        return False
    low, _ = state._game.claim_window  # type: ignore[attr-defined]
    if state.turn_number(0) + 1 != low:
        after = state.clone()
        after.apply_action(action)
        if sumodoku.propose(after.position).status == "impossible":
            raise _TooEarlyError
        return False
    after = state.clone()
    after.apply_action(action)
    return sumodoku.check(after.position).status == "impossible"


class _TooEarlyError(Exception):
    """Player 2 made the board impossible too early for the example."""


def mixed_facts() -> dict[str, Any]:
    """A careful Player 1, a random Player 2: safe and losing moves, an impossible
    position explained, and a claim that fails."""
    game = Sumodoku()
    for seed in range(MIXED_SEED, MIXED_SEED + SEEDS):
        try:
            state, action = play(game, seed, (careful, careless), stop=_mixed_stop)
        except _TooEarlyError:
            continue
        if action is not None:
            break
    else:
        raise DisagreementError(f"no mixed game from seed {MIXED_SEED} on fits the example")
    assert isinstance(action, Place)
    before = state.position
    moves = sumodoku.safe_moves(state, 2)
    if {(m.row, m.col, m.colour) for m in moves} != {
        (p.row, p.col, p.colour) for p in state.valid_moves(1)
    }:
        raise DisagreementError("safe_moves and the engine list different valid moves")
    if any(m.safe is None for m in moves):
        raise DisagreementError("safe_moves left a move undecided")
    losing = [m for m in moves if m.safe is False]
    for move in moves:
        piece = Piece(move.row, move.col, move.colour)
        after = before.board.place(piece)
        if move.safe:
            witness = move.witness
            if (
                witness is None
                or not is_valid(witness)
                or any(a and a != b for a, b in zip(after.cells, witness.cells, strict=True))
            ):
                raise DisagreementError(f"{piece}: its witness is not a completion")
        elif sumodoku.check(Position(after), backend="z3").status != "impossible":
            raise DisagreementError(f"{piece}: SAT says losing, Z3 does not")
    if (action.row, action.col, action.colour) not in {(m.row, m.col, m.colour) for m in losing}:
        raise DisagreementError(f"{action.piece}: impossible after it, yet not a losing move")
    shown = [str(p) for p in placements(state)]
    state.apply_action(action)
    impossible = state.position
    # An unsat core depends on what the compiled solver learnt before: start afresh.
    CACHE.clear()
    why = {backend: sumodoku.explain(impossible, backend=backend) for backend in ("sat", "z3")}
    least = {
        backend: sumodoku.explain(impossible, backend=backend, smallest=True)
        for backend in ("sat", "z3")
    }
    for backend, minimal in why.items():
        for verdict in (minimal, least[backend]):
            if verdict.status != "impossible" or not verdict.minimal or verdict.conflict is None:
                raise DisagreementError(f"{backend}: the position is not explained as impossible")
        if not least[backend].smallest:
            raise DisagreementError(f"{backend}: the smallest explanation is not proven smallest")
    sizes = {backend: len(verdict.conflict or ()) for backend, verdict in least.items()}
    if sizes["sat"] != sizes["z3"]:
        raise DisagreementError(f"the smallest explanations differ in size: {sizes}")
    if any(len(why[b].conflict or ()) < sizes[b] for b in why):
        raise DisagreementError("a minimal explanation is smaller than the smallest")
    for backend, verdict in (*why.items(), *((f"{b} smallest", v) for b, v in least.items())):
        _confirm(verdict.conflict or (), "sat" if backend.startswith("z3") else "z3", backend)
    claim = failed_claim(state, before, action)
    claimed = state.clone()
    claimed.apply_action(claim)
    assert claimed.result is not None
    if claimed.result.reason != "claim-failed" or not violations(claim.filling):
        raise DisagreementError("the engine judged a claim on an impossible board otherwise")
    # the rest of the game, as the two players play it
    finished, _ = play(game, seed, (careful, careless))
    check_record(finished, "the mixed game")
    assert finished.result is not None
    by_cell: dict[str, list[int]] = {}
    for move in losing:
        by_cell.setdefault(f"r{move.row}c{move.col}", []).append(move.colour)
    return {
        "seed": seed,
        "moves": shown,
        "board": str(before.board),
        "valid": len(moves),
        "safe": len(moves) - len(losing),
        "losing": by_cell,
        "move": str(action.piece),
        "impossible": str(impossible.board),
        "conflict": {backend: [str(p) for p in v.conflict or ()] for backend, v in why.items()},
        "smallest": {backend: [str(p) for p in v.conflict or ()] for backend, v in least.items()},
        "claim": {
            "turn": claimed.turn_number(0),
            "filling": str(claim.filling),
            "detail": claimed.result.detail,
        },
        "end": {
            **finished.result.to_json(),
            "detail": finished.result.detail,
            "turns": [finished.turn_number(0), finished.turn_number(1)],
        },
    }


def _confirm(conflict: Iterable[Piece], backend: str, whose: str) -> None:
    """The other backend finds ``conflict`` impossible on its own, and each piece needed."""
    pieces = list(conflict)
    if sumodoku.check(Position(Board().only(pieces)), backend=backend).status != "impossible":
        raise DisagreementError(f"{backend} completes the {whose} explanation's pieces")
    for piece in pieces:
        rest = Position(Board().only(p for p in pieces if p != piece))
        if sumodoku.check(rest, backend=backend).status != "completable":
            raise DisagreementError(f"the {whose} explanation without {piece} is still impossible")


def failed_claim(state: SumodokuState, before: Position, move: Place) -> Claim:
    """The claim Player 1 makes after Player 2's losing ``move``: a completion of the board
    before it, with the piece of ``move`` kept and the colour it displaced put where a
    piece of the moved colour stood, so that it uses exactly the remaining pieces."""
    verdict = sumodoku.check(before)
    assert verdict.completion is not None
    cells = bytearray(verdict.completion.cells)
    cell = move.cell
    displaced = cells[cell]
    cells[cell] = move.colour
    board = state.board.cells
    spot = next(i for i in range(81) if not board[i] and i != cell and cells[i] == move.colour)
    cells[spot] = displaced
    return Claim(Board(bytes(cells)), 60)


def tabletop_facts() -> dict[str, Any]:
    """Two tabletop players; the first invalid placement is pointed out at once (SU-7)."""
    game = Sumodoku(enforcement="tabletop")
    for seed in range(TABLETOP_SEED, TABLETOP_SEED + SEEDS):
        state, _ = play(game, seed, (tabletop, tabletop))
        if len(placements(state)) > MISTAKE_AFTER:
            break
    else:
        raise DisagreementError(f"no tabletop game from seed {TABLETOP_SEED} on fits")
    check_record(state, "the tabletop game")
    assert state.result is not None
    if state.result.reason != "pointed-out":
        raise DisagreementError(f"the tabletop game ended {state.result.reason}")
    mistake = placements(state)[-1]
    broken = [v for v in violations(state.board) if mistake in v.pieces]
    if not broken:
        raise DisagreementError(f"{mistake} was pointed out but breaks no rule")
    CACHE.clear()
    why = {backend: sumodoku.explain(state.position, backend=backend) for backend in ("sat", "z3")}
    conflicts = {backend: sorted(v.conflict or ()) for backend, v in why.items()}
    if conflicts["sat"] != conflicts["z3"] or conflicts["sat"] != sorted(broken[0].pieces):
        raise DisagreementError(
            f"the explanations {conflicts} are not the clashing pair {broken[0].pieces}"
        )
    return {
        "seed": seed,
        "moves": [str(p) for p in placements(state)],
        "board": str(state.board),
        "mistake": str(mistake),
        "conflict": [str(p) for p in conflicts["sat"]],
        "rule": broken[0].rule,
        "result": {**state.result.to_json(), "detail": state.result.detail},
    }


# -- the files -----------------------------------------------------------------------------


def _list_table(
    header: Sequence[str], rows: Iterable[Sequence[str]], *, widths: str = ""
) -> list[str]:
    out = [".. list-table::", "   :header-rows: 1"]
    if widths:
        out.append(f"   :widths: {widths}")
    out.append("")
    for row in (header, *rows):
        first, *rest = row
        out.append(f"   * - {first}")
        out.extend(f"     - {cell}" for cell in rest)
    return out


def _figure(name: str, alt: str, caption: str) -> list[str]:
    return [
        f".. figure:: /{FIGURES.relative_to('docs')}/{name}.svg",
        f"   :alt: {alt}",
        "",
        f"   {caption}",
        "",
    ]


def _pieces(names: Iterable[str]) -> list[Piece]:
    return [Piece.parse(name) for name in names]


def _text_block(text: str) -> list[str]:
    return [
        ".. code-block:: text",
        "",
        *(f"   {line}" if line else "" for line in text.split("\n")),
    ]


def game_figure(facts: Mapping[str, Any]) -> str:
    moves = _pieces(facts["moves"])
    return board_svg(
        Board(facts["board"]),
        moves=moves,
        title=f"Seed {facts['seed']}: {len(moves)} placements, Player 1 to move",
    )


def claim_figure(facts: Mapping[str, Any]) -> str:
    board = Board(facts["board"])
    added = [i for i in range(81) if not board.cells[i]]
    return board_svg(
        Board(facts["filling"]),
        highlight=added,
        title=f"Player 1's filling on own turn {facts['turn']}",
    )


def safe_figure(facts: Mapping[str, Any]) -> str:
    cells = [Piece.parse(f"{cell}=1") for cell in facts["losing"]]
    return board_svg(
        Board(facts["board"]),
        highlight=[(p.row - 1) * 9 + p.col - 1 for p in cells],
        title="Player 2 to move: cells with a losing move",
    )


def impossible_figure(facts: Mapping[str, Any]) -> str:
    return board_svg(
        Board(facts["impossible"]),
        highlight=_pieces(facts["smallest"]["sat"]),
        moves=_pieces([facts["move"]]),
        title=f"After {facts['move']}: impossible",
    )


def mistake_figure(facts: Mapping[str, Any]) -> str:
    return board_svg(
        Board(facts["board"]),
        highlight=_pieces(facts["conflict"]),
        moves=_pieces(facts["moves"]),
        title=f"Tabletop, seed {facts['seed']}: {facts['mistake']} pointed out",
    )


def game_include(facts: Mapping[str, Any]) -> str:
    out = _figure(
        "game",
        "The board after 30 placements, each piece numbered in the order it was placed.",
        f"The game of seed {facts['seed']} between two careful players, just before"
        f" Player 1's own turn {facts['turn']}: the placements are numbered in order.",
    )
    counts = facts["counts"]
    rows = [
        (
            str(i + 1),
            f"{first['valid']} / {first['safe']}",
            f"{second['valid']} / {second['safe']}",
        )
        for i, (first, second) in enumerate(zip(counts[::2], counts[1::2], strict=True))
    ]
    out += [
        "Before each placement, the valid moves of the player to move (SU-3) and how many of"
        " them are safe, leaving the board completable (SU-15):",
        "",
        *_list_table(
            ("Own turn", "Player 1: valid / safe", "Player 2: valid / safe"),
            rows,
            widths="20 40 40",
        ),
    ]
    return "\n".join(out) + "\n"


def claim_include(facts: Mapping[str, Any]) -> str:
    out = _figure(
        "claim",
        "The full board Player 1 submitted; the pieces the claim added are outlined.",
        f"The claim: the filling Player 1 submitted on own turn {facts['turn']}; the"
        " pieces the claim added are outlined.",
    )
    out += [f"The engine's judgement: *{facts['result']['detail']}* (``claim-succeeded``)."]
    return "\n".join(out) + "\n"


def safe_include(facts: Mapping[str, Any]) -> str:
    out = _figure(
        "safe",
        "The board before Player 2's losing move; the cells where some move of Player 2 is"
        " losing are outlined.",
        f"The game of seed {facts['seed']}, Player 2 to move: {facts['valid']} valid moves,"
        f" {facts['safe']} safe, {facts['valid'] - facts['safe']} losing (outlined cells).",
    )
    rows = [(cell, ", ".join(map(str, colours))) for cell, colours in facts["losing"].items()]
    out += _list_table(("Cell", "Losing colours for Player 2"), rows, widths="30 70")
    return "\n".join(out) + "\n"


def impossible_include(facts: Mapping[str, Any]) -> str:
    out = _figure(
        "impossible",
        "The board after the losing move; the pieces of the explanation are outlined.",
        f"After Player 2's {facts['move']} (numbered 1) the board is impossible; the"
        " pieces of its smallest explanation are outlined.",
    )
    out += [
        "The same position on the terminal (:func:`~dokuspec.render.sumodoku.board_text`),"
        " the smallest explanation's pieces marked:",
        "",
        *_text_block(
            board_text(
                Board(facts["impossible"]), highlight=_pieces(facts["smallest"]["sat"])
            ).rstrip("\n")
        ),
    ]
    return "\n".join(out) + "\n"


def mistake_include(facts: Mapping[str, Any]) -> str:
    out = _figure(
        "mistake",
        "A tabletop game's board, the placements numbered; the invalid last piece and the"
        " piece it clashes with are outlined.",
        f"The tabletop game of seed {facts['seed']}: placement {len(facts['moves'])},"
        f" {facts['mistake']}, breaks {facts['rule']}; the two clashing pieces are outlined.",
    )
    return "\n".join(out) + "\n"


def substitutions_include(facts: Mapping[str, Any]) -> str:
    """Numbers the chapter's prose uses, as substitutions (``|su-careful-seed|``)."""
    careful_ = facts["careful"]
    mixed = facts["mixed"]
    table = facts["tabletop"]
    values = {
        "su-careful-seed": str(careful_["seed"]),
        "su-careful-turn": str(careful_["turn"]),
        "su-careful-placements": str(len(careful_["moves"])),
        "su-careful-limit": f"{careful_['limit']:g}",
        "su-careful-detail": careful_["result"]["detail"],
        "su-careful-first-valid": str(careful_["counts"][0]["valid"]),
        "su-careful-last-valid": str(careful_["counts"][-1]["valid"]),
        "su-careful-last-safe": str(careful_["counts"][-1]["safe"]),
        "su-careful-min-safe": str(min(c["safe"] for c in careful_["counts"])),
        "su-mixed-seed": str(mixed["seed"]),
        "su-mixed-placements": str(len(mixed["moves"])),
        "su-mixed-valid": str(mixed["valid"]),
        "su-mixed-safe": str(mixed["safe"]),
        "su-mixed-losing": str(mixed["valid"] - mixed["safe"]),
        "su-mixed-losing-cells": str(len(mixed["losing"])),
        "su-mixed-move": mixed["move"],
        "su-mixed-conflict": " ".join(mixed["conflict"]["sat"]),
        "su-mixed-conflict-size": str(len(mixed["conflict"]["sat"])),
        "su-mixed-z3-conflict": " ".join(mixed["conflict"]["z3"]),
        "su-mixed-z3-conflict-size": str(len(mixed["conflict"]["z3"])),
        "su-mixed-smallest": " ".join(mixed["smallest"]["sat"]),
        "su-mixed-smallest-z3": " ".join(mixed["smallest"]["z3"]),
        "su-mixed-smallest-size": str(len(mixed["smallest"]["sat"])),
        "su-mixed-claim-turn": str(mixed["claim"]["turn"]),
        "su-mixed-claim-detail": mixed["claim"]["detail"],
        "su-mixed-end-reason": mixed["end"]["reason"],
        "su-mixed-end-detail": mixed["end"]["detail"],
        "su-mixed-end-winner": str(mixed["end"]["winner"]),
        "su-mixed-end-turns": " and ".join(map(str, mixed["end"]["turns"])),
        "su-tabletop-seed": str(table["seed"]),
        "su-tabletop-placements": str(len(table["moves"])),
        "su-tabletop-mistake": table["mistake"],
        "su-tabletop-conflict": " ".join(table["conflict"]),
        "su-tabletop-detail": table["result"]["detail"],
    }
    out = [".. Computed by scripts/make_sumodoku_figures.py: do not edit.", ""]
    out += [f".. |{name}| replace:: {value}" for name, value in sorted(values.items())]
    return "\n".join(out) + "\n"


def facts_json(facts: Mapping[str, Any]) -> str:
    return json.dumps(facts, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def gather() -> dict[str, Any]:
    """Every fact of the chapter."""
    return {
        "careful": careful_facts(),
        "mixed": mixed_facts(),
        "tabletop": tabletop_facts(),
    }


def render(facts: Mapping[str, Any]) -> dict[Path, str]:
    """Every file to write, by its path from the repository root."""
    careful_ = facts["careful"]
    return {
        FACTS: facts_json(facts),
        FIGURES / "game.svg": game_figure(careful_) + "\n",
        FIGURES / "claim.svg": claim_figure(careful_) + "\n",
        FIGURES / "safe.svg": safe_figure(facts["mixed"]) + "\n",
        FIGURES / "impossible.svg": impossible_figure(facts["mixed"]) + "\n",
        FIGURES / "mistake.svg": mistake_figure(facts["tabletop"]) + "\n",
        GENERATED / "sumodoku-game.json": record_text(read_record(careful_["record"])),
        GENERATED / "sumodoku-game.inc": game_include(careful_),
        GENERATED / "sumodoku-claim.inc": claim_include(careful_),
        GENERATED / "sumodoku-safe.inc": safe_include(facts["mixed"]),
        GENERATED / "sumodoku-impossible.inc": impossible_include(facts["mixed"]),
        GENERATED / "sumodoku-mistake.inc": mistake_include(facts["tabletop"]),
        GENERATED / "sumodoku-substitutions.inc": substitutions_include(facts),
    }


def orphans(files: Mapping[Path, str], root: Path = ROOT) -> list[Path]:
    """Generated files on disk that :func:`render` no longer writes."""
    found = [*(root / FIGURES).glob("*.svg"), *(root / GENERATED).glob("sumodoku-*")]
    return sorted(path.relative_to(root) for path in found if path.relative_to(root) not in files)


def stale(files: Mapping[Path, str], root: Path = ROOT) -> list[Path]:
    """The files whose checked-in text differs from ``files`` (or that are missing)."""
    return [
        path
        for path, text in sorted(files.items())
        if not (root / path).is_file() or (root / path).read_text(encoding="utf-8") != text
    ]


def main(argv: Sequence[str] | None = None, out: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    try:
        files = render(gather())
    except DisagreementError as error:
        out(f"refused: {error}")
        return 1
    different = stale(files)
    extra = orphans(files)
    if args.check:
        for path in different:
            out(f"stale: {path}")
        for path in extra:
            out(f"not written by this script: {path}")
        return 1 if different or extra else 0
    for path in different:
        (ROOT / path).parent.mkdir(parents=True, exist_ok=True)
        (ROOT / path).write_text(files[path], encoding="utf-8")
        out(f"wrote {path}")
    for path in extra:
        (ROOT / path).unlink()
        out(f"removed {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
