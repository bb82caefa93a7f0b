"""The view of one player: everything that player has seen (TD-11), the engine's observation."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from dokuspec.errors import DokuspecError, quote
from dokuspec.vocabulary.twodoku.dominoes import Dominoes, _dominoes_of
from dokuspec.vocabulary.twodoku.events import Event, Play, Return, Take, _event
from dokuspec.vocabulary.twodoku.members import MemberError, _check_digit, _member
from dokuspec.vocabulary.twodoku.players import (
    COPIES,
    DIGITS,
    PHASES,
    PLAYERS,
    SQUARES_EACH,
    _check_player,
    _is_int,
    counted,
    player_index,
    player_name,
)
from dokuspec.vocabulary.twodoku.position import (
    FaceDown,
    _face_up_of,
    _json_dominoes,
    _json_face_up,
    _view_face_down,
)
from dokuspec.vocabulary.twodoku.schema import _dumps, _read_json
from dokuspec.vocabulary.twodoku.squares import Square, _square_of

__all__ = [
    "View",
]


@dataclass(frozen=True, slots=True, init=False)
class View:
    """Everything one player has seen of a game (TD-11): the engine's observation.

    Attributes:
        player: whose view (``"red"``/``"blue"``).
        phase: one of :data:`PHASES`.
        to_move: whose turn it is, or ``None`` (chance, or the game is over).
        red_squares: the squares Red has coloured so far (36 once coloured).
        blue_squares: the squares Blue has coloured so far.
        face_down: the dominoes still face down, digits unknown, sorted by square.
        face_up: the face-up dominoes on the board, by square.
        pot: the pot now.
        pile: the player's own pile now.
        pile_sizes: ``(red, blue)`` pile sizes now (public).
        initial_pot: the pot as dealt, ``None`` before the deal.
        initial_pile: the player's pile as dealt, ``None`` before the deal.
        events: every take, play and return of the play phase, in order.

    The constructor checks each field and what the fields say of each
    other on their own (TD-1 to TD-3, TD-11); whether the phase, whose turn
    it is, the events and the board agree with the rules is for
    :func:`dokuspec.twodoku.check_view`.

    Raises:
        TypeError: a field of the wrong type.
        MemberError: (a :class:`~dokuspec.errors.PositionError`) naming the
            field at fault by its JSON path: an unknown phase or player; a
            square coloured twice by one player or more than 36 squares; a
            face-down domino showing its digit, two on one square, more than
            8, or more than 4 placed by one player (TD-3); a square both
            face up and face down; a negative pile size, or the own pile's
            size not its pile size; more than ten of a digit in sight (TD-1).
    """

    player: str
    phase: str
    to_move: str | None
    red_squares: frozenset[Square]
    blue_squares: frozenset[Square]
    face_down: tuple[FaceDown, ...]
    face_up: Mapping[Square, int]
    pot: Dominoes
    pile: Dominoes
    pile_sizes: tuple[int, int]
    initial_pot: Dominoes | None
    initial_pile: Dominoes | None
    events: tuple[Event, ...]

    def __init__(
        self,
        player: str,
        phase: str,
        to_move: str | None,
        red_squares: Iterable[Square],
        blue_squares: Iterable[Square],
        face_down: Iterable[FaceDown],
        face_up: Mapping[Square, int],
        pot: Dominoes,
        pile: Dominoes,
        pile_sizes: tuple[int, int],
        initial_pot: Dominoes | None,
        initial_pile: Dominoes | None,
        events: Iterable[Event] = (),
    ) -> None:
        with _member("player"):
            _check_player(player, "the player")
        if phase not in PHASES:
            raise MemberError(
                ("phase",), f"the phase is one of {', '.join(PHASES)}, not {quote(phase)}"
            )
        if to_move is not None:
            with _member("to_move"):
                _check_player(to_move, "to_move")
        coloured = []
        for key, name, squares in (
            ("red_squares", "Red", red_squares),
            ("blue_squares", "Blue", blue_squares),
        ):
            if isinstance(squares, str | bytes) or not isinstance(squares, Iterable):
                raise TypeError(f"{key} is an iterable of Squares, not {type(squares).__name__}")
            items = [_square_of(item, f"each of {key}") for item in squares]
            seen: set[Square] = set()
            for index, square in enumerate(items):
                if square in seen:
                    raise MemberError((key, index), f"{name} coloured {square} twice (TD-2)")
                seen.add(square)
            if len(items) > SQUARES_EACH:
                raise MemberError(
                    (key,), f"{name} coloured {len(items)} squares; at most {SQUARES_EACH} (TD-2)"
                )
            coloured.append(frozenset(items))
        reds, blues = coloured
        downs = _view_face_down(face_down)
        if not isinstance(face_up, Mapping):
            raise TypeError(
                f"face_up is a mapping of Square to digit, not {type(face_up).__name__}"
            )
        for square, digit in face_up.items():
            with _member("face_up", square=_square_of(square, "a face-up domino's square")):
                _check_digit(digit, "a face-up digit")
        ups = _face_up_of(face_up)
        both = sorted(f.square for f in downs if f.square in ups)
        if both:
            raise MemberError(
                ("face_down",), f"{both[0]} holds a face-up and a face-down domino", square=both[0]
            )
        _dominoes_of(pot, "the pot")
        _dominoes_of(pile, "the pile")
        if not (
            isinstance(pile_sizes, tuple)
            and len(pile_sizes) == 2
            and all(_is_int(n) for n in pile_sizes)
        ):
            raise TypeError("pile_sizes is a pair of ints (red, blue)")
        for who, size in zip(PLAYERS, pile_sizes, strict=True):
            if size < 0:
                raise MemberError(("pile_sizes", who), f"a pile size is 0 or more, not {size}")
        own = pile_sizes[player_index(player)]
        if len(pile) != own:
            raise MemberError(
                ("pile_sizes", player),
                f"{player_name(player)}'s pile holds {counted(len(pile), 'domino', 'dominoes')}"
                f" but its size is {own}",
            )
        for name, value in (("initial_pot", initial_pot), ("initial_pile", initial_pile)):
            if value is not None:
                _dominoes_of(value, name)
        if isinstance(events, str | bytes) or not isinstance(events, Iterable):
            raise TypeError(f"events is an iterable of events, not {type(events).__name__}")
        happened = tuple(events)
        for event in happened:
            if not isinstance(event, Take | Play | Return):
                raise TypeError(f"events holds Take, Play and Return, not {type(event).__name__}")
        in_sight = [("face_up", Dominoes(ups.values())), ("pot", pot), ("pile", pile)]
        for digit in DIGITS:
            number = sum(dominoes.count(digit) for _, dominoes in in_sight)
            if number > COPIES:
                where = next(key for key, dominoes in reversed(in_sight) if digit in dominoes)
                raise MemberError(
                    (where,),
                    f"{number} dominoes of digit {digit} are in sight (on the board, in the pot "
                    f"and in the pile); the game has {COPIES} (TD-1)",
                )
        fields: tuple[tuple[str, object], ...] = (
            ("player", player),
            ("phase", phase),
            ("to_move", to_move),
            ("red_squares", reds),
            ("blue_squares", blues),
            ("face_down", downs),
            ("face_up", ups),
            ("pot", pot),
            ("pile", pile),
            ("pile_sizes", pile_sizes),
            ("initial_pot", initial_pot),
            ("initial_pile", initial_pile),
            ("events", happened),
        )
        for name, field_value in fields:
            object.__setattr__(self, name, field_value)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash(_dumps(self.to_json()))

    def to_json(self) -> dict[str, Any]:
        """The JSON object of the view schema."""
        return {
            "player": self.player,
            "phase": self.phase,
            "to_move": self.to_move,
            "red_squares": [s.to_json() for s in sorted(self.red_squares)],
            "blue_squares": [s.to_json() for s in sorted(self.blue_squares)],
            "face_down": [
                {"row": f.square.row, "col": f.square.col, "placed_by": f.placed_by}
                for f in self.face_down
            ],
            "face_up": [
                {"row": s.row, "col": s.col, "digit": d} for s, d in sorted(self.face_up.items())
            ],
            "pot": self.pot.to_json(),
            "pile": self.pile.to_json(),
            "pile_sizes": {"red": self.pile_sizes[0], "blue": self.pile_sizes[1]},
            "initial_pot": None if self.initial_pot is None else self.initial_pot.to_json(),
            "initial_pile": None if self.initial_pile is None else self.initial_pile.to_json(),
            "events": [e.to_json() for e in self.events],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> View:
        """Build a view from its JSON object (checked against the view schema).

        Raises:
            TypeError: ``data`` is not a mapping.
            NotationError: not of the view schema (JSON path named).
            PositionError: well formed but impossible (see :class:`View`).
        """
        return cls._build(_read_json("view", data, "View.from_json()"))

    @classmethod
    def parse(cls, text: str) -> View:
        """Read a view's JSON text; errors name the JSON path, line and column.

        Raises:
            TypeError: ``text`` is not a str.
            NotationError: not JSON, or not of the view schema.
            MemberError: well formed but impossible (see :class:`View`); the
                message names the member's line and column.
        """
        data = _read_json("view", text, "View.parse()", text=True)
        try:
            return cls._build(data)
        except MemberError as error:
            raise error.located(text) from None

    @classmethod
    def _build(cls, data: Mapping[str, Any]) -> View:
        def squares(key: str) -> list[Square]:
            return [Square(r, c) for r, c in data[key]]

        return cls(
            data["player"],
            data["phase"],
            data["to_move"],
            squares("red_squares"),
            squares("blue_squares"),
            (FaceDown(Square(f["row"], f["col"]), f["placed_by"]) for f in data["face_down"]),
            _json_face_up(data["face_up"]),
            Dominoes(data["pot"]),
            Dominoes(data["pile"]),
            (data["pile_sizes"]["red"], data["pile_sizes"]["blue"]),
            _json_dominoes(data["initial_pot"]),
            _json_dominoes(data["initial_pile"]),
            (_event(e) for e in data["events"]),
        )

    def __str__(self) -> str:
        return _dumps(self.to_json())

    def _repr_svg_(self) -> str | None:
        """The view as an SVG document, which Jupyter shows (``None`` if it cannot be drawn)."""
        from dokuspec.render.twodoku import view_svg  # noqa: PLC0415 - drawing loads when used

        try:
            return view_svg(self)
        except DokuspecError:  # an impossible value: Jupyter shows the plain repr instead
            return None
