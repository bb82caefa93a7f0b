"""Write the figures and the numbers of the handbook's Sumodoku chapter.

Run from the repository root (after installing dokuspec)::

    python scripts/make_sumodoku_figures.py           # write the files
    python scripts/make_sumodoku_figures.py --check   # compare, write nothing

Writes the SVG pictures under ``docs/figures/sumodoku/`` and, under
``docs/generated/``, the record of every computed fact of the worked
examples (``sumodoku-facts.json``), the statistics of the bots' games
(``sumodoku-stats.json``), the record of the game shown
(``sumodoku-game.json``, in the game record's JSON form) and the
reStructuredText pieces that ``docs/rules/sumodoku.rst`` includes
(``sumodoku-*.inc``). Nothing in them is typed by hand. Every game is one
the library's bots (:mod:`dokuspec.sumodoku.bots`, ruling SU-34) play
through :func:`dokuspec.sumodoku.simulation.play_game`: game ``index`` of
the run with a stated seed, which is also game ``index`` of
:func:`~dokuspec.sumodoku.simulation.simulate` with that seed. Every fact is
checked against a second reading:

* a game of the solver bot against itself that ends with a successful claim
  (SU-10): the engine judges the claim; the filling is checked again by the
  engine's rule checker and by the SAT model, the record replays to the same
  state, and the number of valid moves of each turn is counted by the
  engine and by the fast search;
* a game of the solver bot (Player 1) against the random bot (Player 2):
  the safe and losing moves of Player 2 just before their first losing move
  (every losing move confirmed by Z3, every safe move's witness checked by
  the engine's rule checker), the impossible position after it with its
  explanation (SU-18) by the SAT backend and by Z3, the explanation checked
  to be impossible on its own and minimal by the other backend, its
  smallest explanation (SU-30) by both backends, of the same size; and a
  claim Player 1 makes then, which the engine judges failed. No bot makes
  that claim (the solver bot claims only when a claim wins): it is the one
  move written here, and the chapter says so;
* a tabletop game (SU-4) of the solver bot against the random bot, which
  places any of its pieces on any empty cell: the random bot's invalid
  placement, pointed out at once by the solver bot (SU-7), the engine's
  reason against the explanation of the board by the SAT backend and by Z3;
* the statistics (:func:`statistics`): :data:`STATS_GAMES` games of each
  pairing of the two bots in each enforcement (:data:`SETTINGS`), counted
  by :func:`dokuspec.sumodoku.simulation.summarise`, with the own turn of
  every claim; each game's record is replayed and must give the same
  state, and each claim is checked to be the game's last action, by the
  claimant, in the claim window. The summary of the first
  :data:`STATS_SAMPLE` games of each setting is recorded too, so that the
  tests can play those again and compare.

When two readings disagree the script writes nothing, prints ``refused:``
and why, and exits with status 1. With ``--check`` it writes nothing,
prints the files that differ from what it would write (or that it would no
longer write) and exits with status 1 if there are any. The worked examples
take seconds; the statistics about a minute and a half on two cores
(``--jobs``, default: every core).
"""

from __future__ import annotations

import statistics as stats
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import _figures
from _figures import DisagreementError, facts_json, figure, list_table

from dokuspec import sumodoku
from dokuspec.engine.base import HistoryEntry, replay
from dokuspec.engine.sumodoku import (
    REASONS,
    Claim,
    Place,
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
from dokuspec.sumodoku.simulation import GameResult, play_game, summarise
from dokuspec.vocabulary.sumodoku import Board, Piece, Position

ROOT = Path(__file__).resolve().parent.parent
FIGURES = Path("docs/figures/sumodoku")
GENERATED = Path("docs/generated")
FACTS = GENERATED / "sumodoku-facts.json"
STATS = GENERATED / "sumodoku-stats.json"

# Each worked example is game `index` of the run with its seed
# (dokuspec.sumodoku.simulation.play_game(index, seed, bots, options)): the
# first index from 0 on whose game fits the example.
#
# The solver bot against itself: a game that ends with a successful claim.
CLAIM_SEED = 1
CLAIM_BOTS = ("solver", "solver")
# The solver bot (Player 1) against the random bot (Player 2): a game in
# which Player 2's first losing move is the placement just before Player 1's
# first turn in the claim window, so that Player 1 could claim at once.
MIXED_SEED = 1
MIXED_BOTS = ("solver", "random")
# Tabletop, the solver bot against the random bot: a game whose invalid
# placement, pointed out at once, comes after at least MISTAKE_AFTER placements.
TABLETOP_SEED = 1
TABLETOP_BOTS = ("solver", "random")
TABLETOP_OPTIONS: dict[str, Any] = {"enforcement": "tabletop"}
MISTAKE_AFTER = 12
# How many games each search tries before it refuses.
GAMES = 200

# The statistics: STATS_GAMES games (indices 0 to STATS_GAMES - 1 of the run
# with seed STATS_SEED) of every pairing in every enforcement.
STATS_SEED = 1
STATS_GAMES = 500
STATS_SAMPLE = 10
PAIRINGS = (("random", "random"), ("solver", "random"), ("random", "solver"), ("solver", "solver"))
ENFORCEMENTS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("strict", {}),
    ("tabletop", {"enforcement": "tabletop"}),
    ("tabletop, observer 1/2", {"enforcement": "tabletop", "observer": 0.5}),
)
SETTINGS = tuple((name, options, bots) for name, options in ENFORCEMENTS for bots in PAIRINGS)


# -- the games -----------------------------------------------------------------------------


def find_game(
    seed: int,
    bots: tuple[str, str],
    options: Mapping[str, Any],
    fits: Callable[[GameResult, SumodokuState], bool],
    what: str,
) -> tuple[int, GameResult, SumodokuState]:
    """The first game ``index`` of the run with ``seed`` whose result and final state fit."""
    for index in range(GAMES):
        result, state = play_game(index, seed, bots, dict(options))
        if fits(result, state):
            return index, result, state
    raise DisagreementError(f"none of the first {GAMES} games of run {seed} {what}")


def steps(
    state: SumodokuState, options: Mapping[str, Any], seed: int
) -> Iterator[tuple[SumodokuState, HistoryEntry]]:
    """The game of ``state`` again, from its start: the state before each step and the step.

    The same state object is yielded each time, changed in between: clone it to keep it.
    """
    again = Sumodoku(**dict(options)).new_initial_state(seed)
    for entry in state.history():
        yield again, entry
        for action in entry.actions:
            again.apply_action(action)


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


def _game(seed: int, index: int, result: GameResult, bots: Sequence[str]) -> dict[str, Any]:
    """Which game it is: its run's seed, its index, its own seed and its bots."""
    return {"run": seed, "index": index, "seed": result.seed, "bots": list(bots)}


# -- the facts -----------------------------------------------------------------------------


def claim_facts() -> dict[str, Any]:
    """The solver bot against itself; the game ends with a successful claim (SU-10)."""
    index, result, state = find_game(
        CLAIM_SEED,
        CLAIM_BOTS,
        {},
        lambda result, _: result.reason == "claim-succeeded",
        "ends with a claim",
    )
    check_record(state, "the claim game")
    claim = state.history()[-1].actions[0]
    assert isinstance(claim, Claim)
    filling = claim.filling
    if violations(filling) or not is_valid(filling):
        raise DisagreementError("the engine accepted a claim whose filling breaks a rule")
    certified = sumodoku.check(Position(filling))
    if certified.status != "completable" or certified.completion != filling:
        raise DisagreementError("the SAT model does not accept the claim's filling")
    counts = []
    before = state
    for replayed, entry in steps(state, {}, result.seed):
        if isinstance(entry.actions[0], Claim):
            before = replayed
            break
        engine_count, search_count = move_counts(replayed)
        if engine_count != search_count:
            raise DisagreementError(
                f"turn {len(counts) + 1}: the engine counts {engine_count} valid moves, "
                f"the fast search {search_count}"
            )
        safe = sum(1 for m in sumodoku.safe_moves(replayed, entry.player + 1) if m.safe)
        counts.append({"player": entry.player + 1, "valid": engine_count, "safe": safe})
    assert state.result is not None
    return {
        **_game(CLAIM_SEED, index, result, CLAIM_BOTS),
        "board": str(before.board),
        "moves": [str(piece) for piece in placements(state)],
        "turn": state.turn_number(0),
        "limit": Sumodoku().claim_time_limit(state.turn_number(0)),
        "filling": str(filling),
        "seconds": claim.seconds,
        "result": {**state.result.to_json(), "detail": state.result.detail},
        "counts": counts,
        "record": record_json(state),
    }


def first_losing(result: GameResult, state: SumodokuState) -> tuple[SumodokuState, Place] | None:
    """The state before Player 2's first losing move and the move, when that move is the
    placement just before Player 1's first turn in the claim window; else ``None``."""
    low, _ = Sumodoku().claim_window
    for before, entry in steps(state, {}, result.seed):
        action = entry.actions[0]
        if entry.player != 1 or not isinstance(action, Place):
            continue
        after = before.clone()
        after.apply_action(action)
        if sumodoku.check(after.position).status == "impossible":
            return (before.clone(), action) if before.turn_number(0) + 1 == low else None
    return None


def mixed_facts() -> dict[str, Any]:
    """The solver bot against the random bot: safe and losing moves, an impossible
    position explained, and a claim that fails."""
    index, result, finished = find_game(
        MIXED_SEED,
        MIXED_BOTS,
        {},
        lambda result, state: first_losing(result, state) is not None,
        "has Player 2's first losing move just before the claim window",
    )
    found = first_losing(result, finished)
    assert found is not None
    state, action = found
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
    # the rest of the game, as the bots played it
    check_record(finished, "the mixed game")
    if placements(finished)[: len(shown) + 1] != [*map(Piece.parse, shown), action.piece]:
        raise DisagreementError("the mixed game replays to other placements")
    assert finished.result is not None
    by_cell: dict[str, list[int]] = {}
    for move in losing:
        by_cell.setdefault(f"r{move.row}c{move.col}", []).append(move.colour)
    return {
        **_game(MIXED_SEED, index, result, MIXED_BOTS),
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
            "seconds": claim.seconds,
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
    """The claim Player 1 makes after Player 2's losing ``move`` (no bot would make it): a
    completion of the board before it, with the piece of ``move`` kept and the colour it
    displaced put where a piece of the moved colour stood, so that it uses exactly the
    remaining pieces."""
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


def _pointed_out_late(result: GameResult, state: SumodokuState) -> bool:
    return result.reason == "pointed-out" and len(placements(state)) > MISTAKE_AFTER


def tabletop_facts() -> dict[str, Any]:
    """Tabletop, the solver bot against the random bot; the random bot's invalid
    placement is pointed out at once (SU-7)."""
    index, result, state = find_game(
        TABLETOP_SEED,
        TABLETOP_BOTS,
        TABLETOP_OPTIONS,
        _pointed_out_late,
        f"has a mistake pointed out after {MISTAKE_AFTER} placements",
    )
    check_record(state, "the tabletop game")
    assert state.result is not None
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
        **_game(TABLETOP_SEED, index, result, TABLETOP_BOTS),
        "moves": [str(p) for p in placements(state)],
        "board": str(state.board),
        "mistake": str(mistake),
        "conflict": [str(p) for p in conflicts["sat"]],
        "rule": broken[0].rule,
        "result": {**state.result.to_json(), "detail": state.result.detail},
    }


# -- the statistics ------------------------------------------------------------------------


def _claimant(result: GameResult) -> int | None:
    """The engine's number of the player who claimed (0 or 1); ``None`` without a claim."""
    if result.reason == "claim-succeeded":
        return result.winner - 1
    if result.reason == "claim-failed":
        return 2 - result.winner
    return None


def stats_game(task: tuple[int, int]) -> tuple[GameResult, int | None]:
    """Game ``index`` of setting ``number`` (:data:`SETTINGS`) of the statistics run: its
    result and, for a claim, the claimant's own turn number (SU-10)."""
    number, index = task
    _, options, bots = SETTINGS[number]
    result, state = play_game(index, STATS_SEED, bots, options)
    where = f"{SETTINGS[number][0]}, {' v '.join(bots)}, game {index}"
    if read_record(record_text(state), source=where) != state:
        raise DisagreementError(f"{where}: the game's record replays differently")
    claimant = _claimant(result)
    if claimant is None:
        return result, None
    last = state.history()[-1]
    turn = state.turn_number(claimant)
    low, high = Sumodoku(**options).claim_window
    if last.player != claimant or not isinstance(last.actions[0], Claim):
        raise DisagreementError(f"{where}: ended {result.reason} without a claim")
    if not low <= turn <= high:
        raise DisagreementError(f"{where}: a claim on own turn {turn}, outside the window")
    return result, turn


def setting_stats(games: Sequence[tuple[GameResult, int | None]]) -> dict[str, Any]:
    """The summary of a setting's games and the own turns of their claims."""
    summary = summarise(result for result, _ in games).to_json()
    if sum(summary["reasons"].values()) != len(games):  # type: ignore[union-attr]
        raise DisagreementError("the summary does not count every game once")
    claims: dict[str, Counter[int]] = {"claim-succeeded": Counter(), "claim-failed": Counter()}
    for result, turn in games:
        if turn is not None:
            claims[result.reason][turn] += 1
    return {
        "summary": summary,
        "claim_turns": {
            reason: {str(turn): n for turn, n in sorted(turns.items())}
            for reason, turns in claims.items()
        },
    }


def statistics(
    games: int = STATS_GAMES, sample: int = STATS_SAMPLE, jobs: int = 1
) -> dict[str, Any]:
    """The statistics of :data:`SETTINGS`, ``games`` games each, the first ``sample`` summed
    apart; ``jobs`` processes play them."""
    settings = [
        {"enforcement": name, "options": dict(options), "bots": list(bots)}
        for name, options, bots in SETTINGS
    ]
    return _figures.statistics(stats_game, settings, setting_stats, STATS_SEED, games, sample, jobs)


# -- the files -----------------------------------------------------------------------------


def _pieces(names: Iterable[str]) -> list[Piece]:
    return [Piece.parse(name) for name in names]


def _text_block(text: str) -> list[str]:
    return [
        ".. code-block:: text",
        "",
        *(f"   {line}" if line else "" for line in text.split("\n")),
    ]


def _which(facts: Mapping[str, Any]) -> str:
    return f"game {facts['index']} of run {facts['run']}"


def game_figure(facts: Mapping[str, Any]) -> str:
    moves = _pieces(facts["moves"])
    return board_svg(
        Board(facts["board"]),
        moves=moves,
        title=f"Solver v solver, {_which(facts)}: {len(moves)} placements, Player 1 to move",
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
        title=f"Tabletop, {_which(facts)}: {facts['mistake']} pointed out",
    )


def game_include(facts: Mapping[str, Any]) -> str:
    out = figure(
        FIGURES,
        "game",
        "The board after 30 placements, each piece numbered in the order it was placed.",
        f"The solver bot against itself, {_which(facts)}, just before Player 1's own turn"
        f" {facts['turn']}: the placements are numbered in order.",
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
        *list_table(
            ("Own turn", "Player 1: valid / safe", "Player 2: valid / safe"),
            rows,
            widths="20 40 40",
        ),
    ]
    return "\n".join(out) + "\n"


def claim_include(facts: Mapping[str, Any]) -> str:
    out = figure(
        FIGURES,
        "claim",
        "The full board Player 1 submitted; the pieces the claim added are outlined.",
        f"The claim: the filling Player 1 submitted on own turn {facts['turn']}; the"
        " pieces the claim added are outlined.",
    )
    out += [f"The engine's judgement: *{facts['result']['detail']}* (``claim-succeeded``)."]
    return "\n".join(out) + "\n"


def safe_include(facts: Mapping[str, Any]) -> str:
    out = figure(
        FIGURES,
        "safe",
        "The board before Player 2's losing move; the cells where some move of Player 2 is"
        " losing are outlined.",
        f"The solver bot against the random bot, {_which(facts)}, Player 2 to move:"
        f" {facts['valid']} valid moves, {facts['safe']} safe,"
        f" {facts['valid'] - facts['safe']} losing (outlined cells).",
    )
    rows = [(cell, ", ".join(map(str, colours))) for cell, colours in facts["losing"].items()]
    out += list_table(("Cell", "Losing colours for Player 2"), rows, widths="30 70")
    return "\n".join(out) + "\n"


def impossible_include(facts: Mapping[str, Any]) -> str:
    out = figure(
        FIGURES,
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
    out = figure(
        FIGURES,
        "mistake",
        "A tabletop game's board, the placements numbered; the invalid last piece and the"
        " piece it clashes with are outlined.",
        f"The tabletop game, {_which(facts)}: placement {len(facts['moves'])},"
        f" {facts['mistake']}, breaks {facts['rule']}; the two clashing pieces are outlined.",
    )
    return "\n".join(out) + "\n"


# The ways of winning in the order of the statistics' table, with the rule of each.
WAYS = (
    ("all-pieces-played", "SU-5"),
    ("no-valid-move", "SU-6"),
    ("pointed-out", "SU-7"),
    ("mistake-found", "SU-8"),
    ("claim-succeeded", "SU-10"),
    ("claim-failed", "SU-10"),
)


def _pairing(bots: Sequence[str]) -> str:
    return f"{bots[0]} v {bots[1]}"


def _turns(counted: Mapping[str, int]) -> list[int]:
    return [int(turn) for turn, n in counted.items() for _ in range(n)]


def stats_include(statistics_: Mapping[str, Any]) -> str:
    """The tables of the statistics: how the games end, then who wins them and when
    the claims are made (two tables, so that each fits the handbook's column)."""
    if {reason for reason, _ in WAYS} != set(REASONS):
        raise DisagreementError("the statistics' table does not name every way of winning")
    games = statistics_["games"]
    low, high = Sumodoku().claim_window
    out = [
        f"How the {games} games of each setting ended: the games won each way (the"
        " engine's reason and its rule).",
        "",
    ]
    rows = []
    for setting in statistics_["settings"]:
        summary = setting["all"]["summary"]
        if summary["games"] != games:
            raise DisagreementError(f"{setting['enforcement']}: not {games} games")
        rows.append(
            (
                setting["enforcement"],
                _pairing(setting["bots"]),
                *(str(summary["reasons"][reason]) for reason, _ in WAYS),
            )
        )
    header = (
        "Enforcement",
        "Player 1 v Player 2",
        *(f"``{reason}`` ({rule})" for reason, rule in WAYS),
    )
    out += list_table(header, rows)
    out += [
        "",
        "Who won, how long the games lasted, and the claims (SU-10): how many were made,"
        " how many succeeded, and on which own turn of the claimant (each player counts"
        f" their own turns; the window is {low} to {high}).",
        "",
    ]
    rows = []
    for setting in statistics_["settings"]:
        summary = setting["all"]["summary"]
        turns = setting["all"]["claim_turns"]
        made = _turns(turns["claim-succeeded"]) + _turns(turns["claim-failed"])
        spread = f"{min(made)} / {stats.median(made):g} / {max(made)}" if made else "–"
        rows.append(
            (
                setting["enforcement"],
                _pairing(setting["bots"]),
                str(summary["wins"]["1"]),
                str(summary["wins"]["2"]),
                f"{summary['mean_turns']:.1f}",
                str(len(made)),
                str(len(_turns(turns["claim-succeeded"]))),
                spread,
            )
        )
    out += list_table(
        (
            "Enforcement",
            "Player 1 v Player 2",
            "Player 1 wins",
            "Player 2 wins",
            "Turns (mean)",
            "Claims",
            "Succeeded",
            "Own turn: first / median / last",
        ),
        rows,
    )
    return "\n".join(out) + "\n"


def substitutions_include(facts: Mapping[str, Any]) -> str:
    """Numbers the chapter's prose uses, as substitutions (``|su-claim-run|``)."""
    claimed = facts["claimed"]
    mixed = facts["mixed"]
    table = facts["tabletop"]
    numbers = facts["statistics"]
    values = {
        "su-claim-run": str(claimed["run"]),
        "su-claim-index": str(claimed["index"]),
        "su-claim-turn": str(claimed["turn"]),
        "su-claim-placements": str(len(claimed["moves"])),
        "su-claim-limit": f"{claimed['limit']:g}",
        "su-claim-seconds": f"{claimed['seconds']:g}",
        "su-claim-detail": claimed["result"]["detail"],
        "su-claim-first-valid": str(claimed["counts"][0]["valid"]),
        "su-claim-last-valid": str(claimed["counts"][-1]["valid"]),
        "su-claim-last-safe": str(claimed["counts"][-1]["safe"]),
        "su-claim-min-safe": str(min(c["safe"] for c in claimed["counts"])),
        "su-mixed-run": str(mixed["run"]),
        "su-mixed-index": str(mixed["index"]),
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
        "su-mixed-claim-seconds": f"{mixed['claim']['seconds']:g}",
        "su-mixed-claim-detail": mixed["claim"]["detail"],
        "su-mixed-end-reason": mixed["end"]["reason"],
        "su-mixed-end-detail": mixed["end"]["detail"],
        "su-mixed-end-winner": str(mixed["end"]["winner"]),
        "su-mixed-end-turns": " and ".join(map(str, mixed["end"]["turns"])),
        "su-tabletop-run": str(table["run"]),
        "su-tabletop-index": str(table["index"]),
        "su-tabletop-placements": str(len(table["moves"])),
        "su-tabletop-mistake": table["mistake"],
        "su-tabletop-conflict": " ".join(table["conflict"]),
        "su-tabletop-detail": table["result"]["detail"],
        "su-stats-seed": str(numbers["seed"]),
        "su-stats-games": str(numbers["games"]),
        "su-stats-last": str(numbers["games"] - 1),
        "su-stats-sample": str(numbers["sample"]),
    }
    out = [".. Computed by scripts/make_sumodoku_figures.py: do not edit.", ""]
    out += [f".. |{name}| replace:: {value}" for name, value in sorted(values.items())]
    return "\n".join(out) + "\n"


def gather(numbers: Mapping[str, Any] | None = None, jobs: int = 1) -> dict[str, Any]:
    """Every fact of the chapter.

    Args:
        numbers: the statistics :func:`statistics` gives (the tests pass the
            recorded ones, and play a sample of them again); ``None``:
            computed now, after the worked examples, by ``jobs`` processes.
    """
    facts = {
        "claimed": claim_facts(),
        "mixed": mixed_facts(),
        "tabletop": tabletop_facts(),
    }
    facts["statistics"] = dict(statistics(jobs=jobs) if numbers is None else numbers)
    return facts


def render(facts: Mapping[str, Any]) -> dict[Path, str]:
    """Every file to write, by its path from the repository root."""
    claimed = facts["claimed"]
    examples = {name: value for name, value in facts.items() if name != "statistics"}
    return {
        FACTS: facts_json(examples),
        STATS: facts_json(facts["statistics"]),
        FIGURES / "game.svg": game_figure(claimed) + "\n",
        FIGURES / "claim.svg": claim_figure(claimed) + "\n",
        FIGURES / "safe.svg": safe_figure(facts["mixed"]) + "\n",
        FIGURES / "impossible.svg": impossible_figure(facts["mixed"]) + "\n",
        FIGURES / "mistake.svg": mistake_figure(facts["tabletop"]) + "\n",
        GENERATED / "sumodoku-game.json": record_text(read_record(claimed["record"])),
        GENERATED / "sumodoku-game.inc": game_include(claimed),
        GENERATED / "sumodoku-claim.inc": claim_include(claimed),
        GENERATED / "sumodoku-safe.inc": safe_include(facts["mixed"]),
        GENERATED / "sumodoku-impossible.inc": impossible_include(facts["mixed"]),
        GENERATED / "sumodoku-mistake.inc": mistake_include(facts["tabletop"]),
        GENERATED / "sumodoku-stats.inc": stats_include(facts["statistics"]),
        GENERATED / "sumodoku-substitutions.inc": substitutions_include(facts),
    }


orphans = _figures.orphans_of(ROOT, FIGURES, GENERATED, "sumodoku-")
main = _figures.command(__name__)

if __name__ == "__main__":
    sys.exit(main())
