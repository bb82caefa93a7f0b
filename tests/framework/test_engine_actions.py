"""Exact contracts of the action base (``dokuspec.engine.base.Action``): a kind and fields
declared, the JSON form, its reading with located errors, pickling and the shown text."""

from __future__ import annotations

import copy
import copyreg
import json
import pickle
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

import pytest

from dokuspec.engine.base import (
    Action,
    IllegalActionError,
    JSONValue,
    RecordError,
    action_kinds,
    read_action,
    shown_json,
)


@dataclass(frozen=True, slots=True)
class Mark(Action):
    """A declared kind: its fields are its JSON members."""

    kind: ClassVar[str] = "mark"

    row: int
    cells: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Stop(Action):
    kind: ClassVar[str] = "stop"


@dataclass(frozen=True, slots=True)
class Pair(Action):
    """A kind whose JSON members are not its fields."""

    kind: ClassVar[str] = "pair"
    json_members: ClassVar[tuple[str, ...] | None] = ("both",)

    low: int
    high: int

    def json_values(self) -> dict[str, JSONValue]:
        return {"both": [self.low, self.high]}

    @classmethod
    def from_members(cls, values: Mapping[str, object]) -> Action:
        low, high = values["both"]  # type: ignore[misc]
        return cls(low, high)


@dataclass(frozen=True, slots=True)
class Old(Action):
    """An action in the form before the base derived the JSON form."""

    word: str

    def to_json(self) -> dict[str, JSONValue]:
        return {"type": "old", "word": self.word}


class Bare(Action):
    """No dataclass and no kind."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bare)

    def __hash__(self) -> int:
        return 0


KINDS = action_kinds(Mark, Stop, Pair)


def test_the_json_form_is_the_kind_then_the_fields_in_order() -> None:
    assert Mark(3, (1, 2)).to_json() == {"type": "mark", "row": 3, "cells": [1, 2]}
    assert list(Mark(3, (1, 2)).to_json()) == ["type", "row", "cells"]
    assert Stop().to_json() == {"type": "stop"}
    assert Pair(1, 2).to_json() == {"type": "pair", "both": [1, 2]}
    assert Old("hi").to_json() == {"type": "old", "word": "hi"}
    assert (Mark.member_names(), Stop.member_names(), Pair.member_names()) == (
        ("row", "cells"),
        (),
        ("both",),
    )


def test_a_class_without_a_kind_has_no_derived_json_form() -> None:
    with pytest.raises(TypeError, match=r"^Bare declares no kind \(the JSON form's type\)$"):
        Bare().to_json()


@pytest.mark.parametrize("action", [Mark(3, (1, 2)), Stop(), Pair(1, 2)])
def test_every_json_form_reads_back_to_an_equal_action(action: Action) -> None:
    data = json.loads(json.dumps(action.to_json()))
    read = read_action(data, KINDS, make=None)
    assert read == action
    assert type(read) is type(action)


@pytest.mark.parametrize("action", [Mark(3, (1, 2)), Stop(), Pair(1, 2), Old("hi"), Bare()])
def test_actions_pickle_and_copy_to_equal_actions(action: Action) -> None:
    assert pickle.loads(pickle.dumps(action)) == action
    assert copy.deepcopy(action) == action


def test_a_declared_action_pickles_as_its_class_and_fields() -> None:
    assert Mark(3, (1, 2)).__reduce_ex__(4) == (Mark, (3, (1, 2)))
    assert Stop().__reduce_ex__(4) == (Stop, ())


def test_a_class_declared_late_gets_its_json_form_and_pickle_form_when_first_used() -> None:
    # Declared here, after every other class: the base reads its fields when it is first
    # used (its JSON form, its pickle form), not when the class is made.
    @dataclass(frozen=True, slots=True)
    class Late(Action):
        kind: ClassVar[str] = "late"

        row: int
        col: int

    assert Late(4, 5).to_json() == {"type": "late", "row": 4, "col": 5}
    assert Late(4, 5).__reduce_ex__(4) == (Late, (4, 5))


def test_a_field_outside_init_is_pickled_as_python_pickles_it() -> None:
    @dataclass(frozen=True)
    class Counted(Action):
        kind: ClassVar[str] = "counted"

        row: int
        seen: int = field(default=0, init=False)

    assert Counted(2).__reduce_ex__(4) != (Counted, (2, 0))
    assert Counted(2).__reduce_ex__(4)[0] is not Counted


def test_an_action_that_is_no_dataclass_has_no_members_and_pickles_as_python_does() -> None:
    class Plain(Action):
        kind: ClassVar[str] = "plain"

        def __eq__(self, other: object) -> bool:
            return isinstance(other, Plain)

        def __hash__(self) -> int:
            return 1

    assert Plain().json_values() == {}
    assert Plain().to_json() == {"type": "plain"}
    assert Plain().__reduce_ex__(4)[0] is copyreg.__newobj__  # as Python pickles it


def test_an_action_with_its_own_reduce_is_pickled_its_way() -> None:
    @dataclass(frozen=True)
    class Own(Action):
        kind: ClassVar[str] = "own"

        row: int

        def __reduce__(self) -> tuple[object, ...]:
            return (Own, (self.row,), None)

    assert Own(3).__reduce_ex__(4) == (Own, (3,), None)
    assert Own.__reduce__ is not Action.__reduce__


def test_an_illegal_action_names_the_player_in_the_games_words() -> None:
    assert str(IllegalActionError("g", "x", 1, "why", names=("Red", "Blue"))) == (
        "g: illegal action x for Blue: why"
    )
    assert str(IllegalActionError("g", "x", 1, "why")) == "g: illegal action x for player 1: why"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([1], "$: an action is a JSON object, not a list of 1 items"),
        ({"row": 1}, "$.type: null is not an action type (mark, pair, stop)"),
        ({"type": 7}, "$.type: 7 is not an action type (mark, pair, stop)"),
        (
            {"type": "x" * 50},
            '$.type: "' + "x" * 39 + '"... is not an action type (mark, pair, stop)',
        ),
        ({"type": "stop", "row": 1}, '$: a stop action has no member "row"'),
        ({"type": "mark", "cells": []}, '$: a mark action needs "row"'),
    ],
)
def test_a_bad_form_is_refused_with_its_json_path(data: object, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        read_action(data, KINDS)
    assert str(caught.value) == message


def test_members_are_read_in_order_and_the_kind_makes_the_action() -> None:
    seen: list[tuple[str, str, object]] = []

    def member(kind: str, key: str, value: object) -> object:
        seen.append((kind, key, value))
        if key == "cells":
            raise RecordError(f"$.cells: {shown_json(value)} is not a list")
        return value

    with pytest.raises(RecordError, match=r"^\$\.cells: 5 is not a list$"):
        read_action({"type": "mark", "cells": 5, "row": 1}, KINDS, member=member)
    assert seen == [("mark", "row", 1), ("mark", "cells", 5)]
    made = read_action(
        {"type": "stop"}, KINDS, make=lambda kind, values: Mark(len(kind), tuple(values))
    )
    assert made == Mark(4, ())


def test_the_shown_text_of_a_value_is_short_json() -> None:
    assert shown_json("abc") == '"abc"'
    assert shown_json("x" * 40) == '"' + "x" * 40 + '"'
    assert shown_json("x" * 41) == '"' + "x" * 39 + '"...'
    assert shown_json(True) == "true"
    assert shown_json(None) == "null"
    assert shown_json(1.5) == "1.5"
    assert shown_json(12) == "12"
    assert shown_json(10**400) == "an integer of about 401 digits"
    assert shown_json({"a": 1}) == "a dict of 1 items"
    assert shown_json({1, 2}) == "a set of 2 items"


def test_kinds_are_declared_once() -> None:
    assert action_kinds(Mark, Stop, Pair) == {"mark": Mark, "stop": Stop, "pair": Pair}
    again = type(Stop)("Again", (Stop,), {})
    with pytest.raises(ValueError, match=r"^two kinds of action are named 'stop'$"):
        action_kinds(Mark, Stop, again)
    with pytest.raises(ValueError, match=r"^two kinds of action are named 'mark'$"):
        action_kinds(Mark, Mark.__class__("Again", (Mark,), {}))
    with pytest.raises(TypeError, match=r"^Old declares no kind$"):
        action_kinds(Old)
