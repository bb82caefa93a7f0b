"""Two-Doku positions: where a player may play, and which views a game can show.

The rules of the play phase that concern one position (TD-6 to TD-8), as
direct definitions on plain data (squares are indices 0-80, row by row;
digits 1-9): :func:`allowed_squares` (TD-7: the player's own empty squares
first, then the white ones, then any), :func:`visible_clashes` and
:func:`face_down_peers` (TD-8: a played digit clashes with equal digits in
its row, column and box); and :func:`check_view`, which replays a view's
play-phase record on the public board and refuses one no game can show
(TD-2 to TD-9, TD-11, TD-17).

What a player can know (TD-11) is in :mod:`~dokuspec.spec.twodoku.facts`,
and the constraint models that answer with it in
:mod:`~dokuspec.spec.twodoku.position_models`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Literal, Protocol, TypeAlias

from dokuspec.vocabulary.twodoku import (
    BLUE,
    COPIES,
    FACE_DOWN_EACH,
    PILE_SIZE,
    PLAYERS,
    POT_SIZE,
    RED,
    SQUARES_EACH,
    Dominoes,
    MemberError,
    Play,
    Return,
    Square,
    Take,
    View,
    counted,
    other_player,
    player_index,
    player_name,
)

__all__ = [
    "DIGITS",
    "FACE_DOWN_COUNT",
    "HIGH",
    "PEERS",
    "UNITS",
    "Tier",
    "allowed_squares",
    "check_view",
    "face_down_peers",
    "square_name",
    "visible_clashes",
]

DIGITS: Final = range(1, 10)
"""The digits 1-9 (TD-1)."""

HIGH: Final = (7, 8, 9)
"""The digits the ``equal_high_count`` balance option counts (TD-15)."""

FACE_DOWN_COUNT: Final = 8
"""Face-down dominoes in a game (TD-3)."""

# -- the board ----------------------------------------------------------------------------------


def square_name(index: int) -> str:
    """The name of square ``index`` (0-80, row by row): ``"r3c5"``."""
    return f"r{index // 9 + 1}c{index % 9 + 1}"


def _units() -> tuple[tuple[str, tuple[int, ...]], ...]:
    rows = [(f"row {r + 1}", tuple(9 * r + c for c in range(9))) for r in range(9)]
    columns = [(f"column {c + 1}", tuple(9 * r + c for r in range(9))) for c in range(9)]
    boxes = [
        (
            f"box {b + 1}",
            tuple(9 * (3 * (b // 3) + r) + 3 * (b % 3) + c for r in range(3) for c in range(3)),
        )
        for b in range(9)
    ]
    return tuple(rows + columns + boxes)


UNITS: Final = _units()
"""The 27 units as ``(name, squares)``, rows 1-9, columns 1-9, boxes 1-9 (row by row)."""

PEERS: Final = tuple(
    frozenset(s for _, members in UNITS if i in members for s in members) - {i} for i in range(81)
)
"""The 20 squares sharing a row, column or box with square ``i``, at ``PEERS[i]``."""

# -- TD-7 and TD-8, directly ----------------------------------------------------------------------

Tier: TypeAlias = Literal["own", "white", "any"]
"""Which clause of TD-7 applies, the player's own colour, white squares or any empty square."""


def allowed_squares(
    empty: Iterable[int], own: Iterable[int], other: Iterable[int]
) -> tuple[Tier | None, tuple[int, ...]]:
    """Where a player may play (TD-7).

    While an empty square carries the player's colour (a square with both
    colours counts for both players), only such squares; else the empty
    white squares (neither colour); else any empty square.

    Args:
        empty: the empty squares (indices 0-80).
        own: the squares the player coloured.
        other: the squares the opponent coloured.

    Returns:
        ``(tier, squares)``: which clause applies and the allowed squares,
        sorted; ``(None, ())`` when no square is empty.
    """
    free = sorted(set(empty))
    mine = set(own)
    theirs = set(other)
    coloured = [s for s in free if s in mine]
    if coloured:
        return "own", tuple(coloured)
    white = [s for s in free if s not in mine and s not in theirs]
    if white:
        return "white", tuple(white)
    if free:
        return "any", tuple(free)
    return None, ()


def visible_clashes(face_up: Mapping[int, int], square: int, digit: int) -> tuple[int, ...]:
    """The face-up dominoes that a ``digit`` played on ``square`` clashes with (TD-8), sorted."""
    return tuple(sorted(s for s in PEERS[square] if face_up.get(s) == digit))


def face_down_peers(face_down: Iterable[int], square: int) -> tuple[int, ...]:
    """The face-down squares in ``square``'s row, column or box, sorted."""
    peers = PEERS[square]
    return tuple(sorted(s for s in face_down if s in peers))


def _shared_unit(a: int, b: int) -> str:
    """The name of the first unit (row, column, box) holding both squares."""
    return next(name for name, members in UNITS if a in members and b in members)


@dataclass(frozen=True, slots=True)
class _Record:
    squares: tuple[int, ...]
    hidden: tuple[bool, ...]
    revealed: tuple[tuple[int, int, str], ...]
    excluded: tuple[tuple[int, int, str], ...]
    needed: tuple[tuple[int, int], ...]  # per digit: (least dealt to the opponent, event)


# -- what a view must agree with ------------------------------------------------------------------


def check_view(view: View) -> None:
    """Refuse a view that no game of Two-Doku can show its player (TD-2 to TD-9, TD-11).

    A view is everything one player has seen (TD-11); its members must agree
    with each other and with the rules:

    * **the phase** (one of :data:`~dokuspec.vocabulary.twodoku.PHASES`)
      says what exists: while colouring (TD-2) the players have coloured
      equally many squares, or Red one more, fewer than 36 each, and nothing
      else is on the board, in the pot or in a pile; while placing (TD-3)
      both have coloured 36 squares and fewer than 8 face-down dominoes lie
      on white squares, Red's four placed before any of Blue's; while
      dealing (TD-4) all 8 are placed and the pot is empty or dealt (2
      dominoes), the piles not yet; in the play and over phases the deal is
      complete (the pot of 2 and the player's pile of 40 as dealt), the
      dominoes still face down lie on white squares, and only then are
      there events;
    * **whose turn it is** (``to_move``) follows from the phase and what is
      on the board: the player to colour (Red when both have coloured
      equally many squares, TD-2), to place (Red until four are placed,
      TD-3), nobody while dealing (chance) or once the game is over; in the
      play phase, from the events (below), ``None`` only while a hidden
      clash turns a face-down domino face up (TD-8);
    * **the events** are the turns of play, Red's first (TD-5), the players
      alternating (TD-9). A turn (TD-6) is at most one take, then at most
      one play, then, only after a take from the pot and no successful
      play, at most one domino put into the pot; a successful play, a failed
      play without a take from the pot and a return end it. A pass shows no
      event: consecutive events of one player that cannot be one turn are
      two turns with a pass of the opponent between them, and a turn that
      ended without an event of the next player before an event of its own
      player's is followed by such a pass. The game is over (TD-9) as soon
      as a turn ends with its player's pile empty or two turns in a row end
      without a successful play (ruling TD-13), so no event follows that,
      and a view of the play phase is not at such a point; once it is over,
      it may also have ended by the turn limit (ruling TD-14), which a view
      does not know;
    * **the board and the piles** are what the events make of the deal:
      each take, play (its result: TD-7, TD-8, ruling TD-17; the domino it
      reveals) and return replayed on the face-up dominoes, the pot, the
      player's pile and both pile sizes gives the view's own (every
      face-down domino turned face up only once, the 8 of TD-3 in all).

    Args:
        view: a :class:`~dokuspec.vocabulary.twodoku.View`.

    Raises:
        TypeError: ``view`` is not a View.
        MemberError: (a :class:`~dokuspec.errors.PositionError`) naming the
            member at fault by its JSON path (``$.to_move``,
            ``$.events[4].result``) and why; :meth:`MemberError.located
            <dokuspec.vocabulary.twodoku.MemberError.located>` finds it in
            the view's JSON text.
    """
    if not isinstance(view, View):
        raise TypeError(f"check_view() takes a View, not {type(view).__name__}")
    if view.phase in ("play", "over"):
        _replay(view)
    else:
        _check_setup(view)


def _mover(player: str | None) -> str:
    return "nobody" if player is None else player_name(player)


def _check_setup(view: View) -> None:
    """The checks of :func:`check_view` for a view of the colouring, placing or dealing phase."""
    phase = view.phase
    reds, blues = len(view.red_squares), len(view.blue_squares)
    placed = len(view.face_down)
    to_move: str | None
    if phase == "colouring":
        if reds == blues == SQUARES_EACH:
            raise MemberError(
                ("phase",),
                f"both players have coloured {SQUARES_EACH} squares, which ends the colouring "
                "(TD-2): the phase is 'placing'",
            )
        if reds - blues not in (0, 1):
            raise MemberError(
                ("red_squares" if reds > blues else "blue_squares",),
                f"Red has coloured {counted(reds, 'square')} and Blue {blues}: the players "
                "colour one square each in turn, Red first (TD-2)",
            )
        to_move = RED if reds == blues else BLUE
        why = (
            f"Red has coloured {counted(reds, 'square')} and Blue {blues}, and they colour in "
            "turn, Red first (TD-2)"
        )
        if view.face_down:
            raise MemberError(
                ("face_down",),
                f"a face-down domino lies on {view.face_down[0].square} before the colouring "
                "is over: they are placed after it (TD-3)",
                square=view.face_down[0].square,
            )
    else:
        for key, name, count in (("red_squares", "Red", reds), ("blue_squares", "Blue", blues)):
            if count != SQUARES_EACH:
                raise MemberError(
                    (key,),
                    f"{name} has coloured {counted(count, 'square')}: the colouring ends with "
                    f"{SQUARES_EACH} each (TD-2), before the {phase} phase",
                )
        _check_white(view)
        if phase == "placing":
            if placed == FACE_DOWN_COUNT:
                raise MemberError(
                    ("phase",),
                    f"all {FACE_DOWN_COUNT} face-down dominoes are placed, which ends the "
                    "placing (TD-3): the phase is 'dealing'",
                )
            early = [f for f in view.face_down if f.placed_by == BLUE]
            reds_placed = placed - len(early)
            if early and reds_placed < FACE_DOWN_EACH:
                raise MemberError(
                    ("face_down",),
                    f"Blue placed the face-down domino on {early[0].square} before Red had "
                    f"placed {FACE_DOWN_EACH}: Red places {FACE_DOWN_EACH}, then Blue (TD-3)",
                    square=early[0].square,
                )
            to_move = RED if placed < FACE_DOWN_EACH else BLUE
            why = (
                f"{counted(placed, 'face-down domino', 'face-down dominoes')} placed, and Red "
                f"places {FACE_DOWN_EACH}, then Blue (TD-3)"
            )
        else:
            if placed != FACE_DOWN_COUNT:
                raise MemberError(
                    ("face_down",),
                    f"{counted(placed, 'face-down domino', 'face-down dominoes')} placed: the "
                    f"deal follows the {FACE_DOWN_COUNT}th (TD-3, TD-4)",
                )
            to_move = None
            why = "the deal is dealt by chance (TD-4)"
    if view.to_move != to_move:
        raise MemberError(
            ("to_move",), f"{_mover(to_move)} is to move, not {_mover(view.to_move)}: {why}"
        )
    if view.face_up:
        square = min(view.face_up)
        raise MemberError(
            ("face_up",),
            f"a domino is face up on {square} in the {phase} phase: dominoes are played in the "
            "play phase (TD-5, TD-6)",
            square=square,
        )
    if len(view.pot) not in ((0, POT_SIZE) if phase == "dealing" else (0,)):
        raise MemberError(
            ("pot",),
            f"the pot holds {counted(len(view.pot), 'domino', 'dominoes')} in the {phase} phase: "
            f"{POT_SIZE} are dealt to it after the face-down dominoes are placed (TD-4)",
        )
    for player, size in zip(PLAYERS, view.pile_sizes, strict=True):
        if size:
            raise MemberError(
                ("pile_sizes", player),
                f"{player_name(player)}'s pile holds {counted(size, 'domino', 'dominoes')} in the "
                f"{phase} phase: the piles are dealt last, as the play phase begins (TD-4)",
            )
    for key in ("initial_pot", "initial_pile"):
        if getattr(view, key) is not None:
            raise MemberError(
                (key,),
                f"the deal is complete only in the play phase (TD-4), not in the {phase} phase",
            )
    if view.events:
        raise MemberError(
            ("events", 0),
            f"an event in the {phase} phase: takes, plays and returns are the play phase's (TD-6)",
        )


def _check_white(view: View) -> None:
    """The dominoes still face down lie on white squares (TD-3)."""
    for face_down in view.face_down:
        colours = [
            name
            for name, squares in (("Red", view.red_squares), ("Blue", view.blue_squares))
            if face_down.square in squares
        ]
        if colours:
            raise MemberError(
                ("face_down",),
                f"the face-down domino on {face_down.square} lies on a square "
                f"{' and '.join(colours)} coloured: they are placed on white squares (TD-3)",
                square=face_down.square,
            )


@dataclass
class _Turn:
    """A turn of play as the events show it (TD-6): whose, which events, how far it went."""

    player: str
    events: list[int]  # event numbers, from 1
    took: str | None = None  # "pot" or "board"
    played: bool = False
    placed: bool = False
    closed: bool = False  # ended by itself: a successful play, a failed one, a return
    note: str = ""  # for a pass, which no event shows: where it was

    def text(self) -> str:
        name = player_name(self.player)
        if not self.events:
            return f"{name}'s pass{self.note}"
        if len(self.events) == 1:
            return f"{name}'s turn of event {self.events[0]}"
        return f"{name}'s turn of events {self.events[0]} to {self.events[-1]}"

    def refuses(self, event: Take | Play | Return) -> str | None:
        """Why ``event``, of this turn's player, cannot be this turn's next step (else None)."""
        if self.closed:
            how = (
                "a successful play"
                if self.placed
                else "a failed play"
                if self.played and self.took != "pot"
                else "a domino put into the pot"
            )
            return f"{self.text()} ended with {how}"
        if isinstance(event, Take):
            if self.took is not None:
                return "a turn has one take"
            if self.played:
                return "a turn's take comes before its play"
        elif isinstance(event, Play) and self.played:
            return "a turn has one play"
        return None


def _replay(view: View) -> _Record:
    """Replay ``view``'s events on the public state (:func:`check_view` for the play and over
    phases); the facts they imply."""
    observer = view.player
    for key, name, coloured in (
        ("red_squares", "Red", view.red_squares),
        ("blue_squares", "Blue", view.blue_squares),
    ):
        if len(coloured) != SQUARES_EACH:
            raise MemberError(
                (key,),
                f"{name} has coloured {counted(len(coloured), 'square')}: the colouring ends with "
                f"{SQUARES_EACH} each (TD-2), before the {view.phase} phase",
            )
    _check_white(view)
    for key, dealt, size in (
        ("initial_pot", view.initial_pot, POT_SIZE),
        ("initial_pile", view.initial_pile, PILE_SIZE),
    ):
        if dealt is None:
            raise MemberError(
                (key,), f"the deal is complete in the {view.phase} phase (TD-4): it is known"
            )
        if len(dealt) != size:
            raise MemberError(
                (key,),
                f"{counted(len(dealt), 'domino', 'dominoes')}: a deal gives each player "
                f"{PILE_SIZE} and the pot {POT_SIZE} (TD-4)",
            )
    assert view.initial_pile is not None and view.initial_pot is not None
    both = view.initial_pile + view.initial_pot
    short = [d for d in DIGITS if both.count(d) > COPIES]
    if short:
        raise MemberError(
            ("initial_pile",),
            f"the pile and the pot as dealt hold {both.count(short[0])} {short[0]}s; "
            f"the game has {COPIES} (TD-1)",
        )
    colours = {
        "red": {s.index for s in view.red_squares},
        "blue": {s.index for s in view.blue_squares},
    }
    still_down = {f.square.index for f in view.face_down}
    revealed_squares: set[int] = set()
    for number, event in enumerate(view.events):
        if isinstance(event, Play) and event.revealed is not None:
            turned = event.revealed.index
            if turned in still_down or turned in revealed_squares:
                where = "is still face down" if turned in still_down else "was revealed before"
                raise MemberError(
                    ("events", number, "revealed"),
                    f"{event.revealed} is revealed, but it {where}: a revealed domino is face "
                    "up for good (TD-8)",
                )
            revealed_squares.add(turned)
    if len(still_down) + len(revealed_squares) != FACE_DOWN_COUNT:
        raise MemberError(
            ("face_down",),
            f"{len(still_down)} dominoes are face down and the events reveal "
            f"{len(revealed_squares)}: the game has {FACE_DOWN_COUNT} (TD-3)",
        )
    face_down = still_down | revealed_squares
    squares = tuple(sorted(face_down))
    board: dict[int, int] = {}
    pot = Counter(view.initial_pot)
    pile = Counter(view.initial_pile)
    sizes = [PILE_SIZE, PILE_SIZE]
    balance = [0] * 9  # the opponent's pile now minus as dealt, per digit
    needed = [(0, 0)] * 9
    revealed: list[tuple[int, int, str]] = []
    excluded: list[tuple[int, int, str]] = []
    turn = _Turn(RED, [])  # Red plays first (TD-5)
    before: _Turn | None = None  # the turn before it, once there is one

    def shown(player: str, digit: int, number: int, what: str) -> None:
        """``player`` shows ``digit`` from their pile in event ``number``."""
        if player == observer:
            if pile[digit] < 1:
                raise MemberError(
                    ("events", number - 1, "digit"),
                    f"{player_name(observer)} {what} a {digit} but holds none",
                )
        else:
            least = 1 - balance[digit - 1]
            if least > needed[digit - 1][0]:
                needed[digit - 1] = (least, number)

    def leaves(player: str, digit: int) -> None:
        if player == observer:
            pile[digit] -= 1
        else:
            balance[digit - 1] -= 1
        sizes[player_index(player)] -= 1

    def arrives(player: str, digit: int) -> None:
        if player == observer:
            pile[digit] += 1
        else:
            balance[digit - 1] += 1
        sizes[player_index(player)] += 1

    def ends(ended: _Turn, where: tuple[str | int, ...], lead: str) -> None:
        """``ended`` is over: refuse at ``where`` if that ended the game (TD-9, ruling TD-13)."""
        nonlocal before
        if not sizes[player_index(ended.player)]:
            raise MemberError(
                where,
                f"{lead}: {player_name(ended.player)}'s pile was empty after event "
                f"{ended.events[-1] if ended.events else 0} (TD-9)",
            )
        if not ended.placed and before is not None and not before.placed:
            raise MemberError(
                where,
                f"{lead}: {before.text()} and {ended.text()} both ended without a "
                "successful play (TD-9, TD-13)",
            )
        before = ended

    for number, event in enumerate(view.events, start=1):
        player = event.player
        path: tuple[str | int, ...] = ("events", number - 1)
        over = f"no event {number} can follow: the game was over"
        if player != turn.player:
            if not turn.events:
                turn.note = f" before event {number}"
            ends(turn, path, over)
            turn = _Turn(player, [])
        else:
            refused = turn.refuses(event)
            if refused is not None:
                if isinstance(event, Return):
                    raise MemberError(
                        path,
                        f"{player_name(player)} puts a {event.digit} into the pot, but "
                        f"{refused}: a domino goes into the pot only after a take from the pot "
                        "in the same turn (TD-6)",
                    )
                ends(turn, path, over)
                between = f" between events {turn.events[-1]} and {number}"
                why = f"{refused}, so event {number} begins another turn of {player_name(player)}"
                ends(_Turn(other_player(player), [], note=f"{between} ({why}; TD-6)"), path, over)
                turn = _Turn(player, [])
        if isinstance(event, Return) and turn.took != "pot":
            raise MemberError(
                path,
                f"{player_name(player)} puts a {event.digit} into the pot without a take from "
                "the pot earlier in the turn: a domino goes into the pot only after one (TD-6)",
            )
        turn.events.append(number)
        if isinstance(event, Take):
            if event.source == "pot":
                if pot[event.digit] < 1:
                    raise MemberError(
                        ("events", number - 1, "digit"),
                        f"{player_name(player)} takes a {event.digit} from the pot, which holds "
                        "none",
                    )
                pot[event.digit] -= 1
            else:
                assert event.square is not None
                square = event.square.index
                if board.get(square) != event.digit:
                    raise MemberError(
                        path,
                        f"{player_name(player)} takes a {event.digit} from {event.square}, where "
                        "no face-up domino of that digit lies (TD-6)",
                    )
                del board[square]
            arrives(player, event.digit)
            turn.took = event.source
        elif isinstance(event, Return):
            shown(player, event.digit, number, "puts into the pot")
            leaves(player, event.digit)
            pot[event.digit] += 1
            turn.closed = True
        else:
            assert isinstance(event, Play)
            turn.played = True
            turn.closed = event.result == "placed" or turn.took != "pot"
            digit, square = event.digit, event.square.index
            shown(player, digit, number, "plays")
            empty = set(range(81)) - set(board) - face_down
            _, allowed = allowed_squares(empty, colours[player], colours[other_player(player)])
            where = f"{player_name(player)}'s {digit} on {event.square}"
            result = (*path, "result")
            if square not in empty:
                raise MemberError(path, f"{where}: the square is not empty (TD-6, TD-24)")
            if square not in allowed:
                if event.result != "not-allowed":
                    raise MemberError(
                        result, f"{where} is {event.result}, but TD-7 forbids that square"
                    )
                continue
            if event.result == "not-allowed":
                raise MemberError(result, f"{where} is not-allowed, but TD-7 allows that square")
            clashes = visible_clashes(board, square, digit)
            if clashes:
                if event.result != "clash":
                    raise MemberError(
                        result,
                        f"{where} is {event.result}, but it clashes with the face-up "
                        f"{digit} on {square_name(clashes[0])} (TD-8)",
                    )
                continue
            if event.result == "clash":
                raise MemberError(
                    result, f"{where} is a clash, but no face-up domino clashes (TD-8)"
                )
            peers = face_down_peers(face_down, square)
            if event.result == "hidden-clash":
                assert event.revealed is not None
                turned = event.revealed.index
                if turned not in peers:
                    raise MemberError(
                        (*path, "revealed"),
                        f"{where} reveals {event.revealed}, which is not face down in its "
                        "row, column or box (TD-8)",
                    )
                reason = (
                    f"{event.revealed} was turned face up by {player_name(player)}'s {digit} "
                    f"on {event.square} in event {number}, a hidden clash (TD-8)"
                )
                revealed.append((turned, digit, reason))
                face_down.discard(turned)
                board[turned] = digit
                continue
            for peer in peers:
                excluded.append(
                    (
                        peer,
                        digit,
                        f"{player_name(player)}'s {digit} on {event.square} was placed in event "
                        f"{number}, so {square_name(peer)} in its {_shared_unit(square, peer)} "
                        f"cannot be {digit} (TD-8)",
                    )
                )
            board[square] = digit
            turn.placed = True
            leaves(player, digit)
    _check_end(view, board, face_down, pot, pile, sizes)
    _check_turn(view, turn, ends)
    return _Record(
        squares,
        tuple(s in face_down for s in squares),
        tuple(revealed),
        tuple(excluded),
        tuple(needed),
    )


class _Ends(Protocol):
    def __call__(self, ended: _Turn, where: tuple[str | int, ...], lead: str) -> None: ...


def _check_turn(view: View, turn: _Turn, ends: _Ends) -> None:
    """Whose turn it is after the events, and whether the game is over (TD-5, TD-6, TD-9)."""
    now, later = player_name(turn.player), player_name(other_player(turn.player))
    if view.phase == "over":
        if view.to_move is not None:
            raise MemberError(
                ("to_move",),
                f"nobody is to move once the game is over (TD-9), not {_mover(view.to_move)}",
            )
        return  # the game may have ended by the turn limit (TD-14), which a view does not know
    over = "the game is over"
    if view.to_move is None:
        if not view.face_down:
            raise MemberError(
                ("to_move",),
                "nobody is to move in the play phase only while a hidden clash turns a "
                "face-down domino face up (TD-8), and no domino is face down",
            )
        if not turn.played and not turn.closed:
            return  # the turn's player plays now
        ends(turn, ("phase",), over)  # the next player plays now
        return
    if view.to_move == turn.player:
        if not turn.closed:
            return  # the turn goes on
        ends(turn, ("phase",), over)
        ends(
            _Turn(other_player(turn.player), []),
            ("to_move",),
            f"{now} is to move only after a pass of {later}, which would have ended the game",
        )
        return
    ends(turn, ("phase",), over)


def _check_end(
    view: View,
    board: Mapping[int, int],
    face_down: set[int],
    pot: Counter[int],
    pile: Counter[int],
    sizes: Sequence[int],
) -> None:
    """Refuse a view whose board, pot and piles are not what its events make of the deal."""
    ups = {s.index: d for s, d in view.face_up.items()}
    for index in sorted(set(ups) | set(board)):
        if ups.get(index) != board.get(index):
            square = Square.from_index(index)
            made = "empty" if index not in board else f"a face-up {board[index]}"
            shown = "empty" if index not in ups else f"a face-up {ups[index]}"
            raise MemberError(
                ("face_up",),
                f"the events leave {square} {made}, but the view shows {shown}",
                square=square if index in ups else None,
            )
    downs = {f.square.index for f in view.face_down}
    if downs != face_down:
        index = min(downs ^ face_down)
        square = Square.from_index(index)
        state = "face down" if index in face_down else "turned face up"
        raise MemberError(
            ("face_down",),
            f"the events leave the domino on {square} {state}, but the view does not",
            square=square if index in downs else None,
        )
    for key, left, held in (
        ("pot", Dominoes(pot.elements()), view.pot),
        ("pile", Dominoes(pile.elements()), view.pile),
    ):
        if left != held:
            raise MemberError(
                (key,), f"the events leave {_holding(key, view.player)} {left}, not {held}"
            )
    for player, made_size, shown_size in zip(PLAYERS, sizes, view.pile_sizes, strict=True):
        if made_size != shown_size:
            raise MemberError(
                ("pile_sizes", player),
                f"the events leave {player_name(player)}'s pile with "
                f"{counted(made_size, 'domino', 'dominoes')}, not {shown_size}",
            )


def _holding(key: str, player: str) -> str:
    return "the pot" if key == "pot" else f"{player_name(player)}'s pile"
