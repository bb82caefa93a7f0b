"""One convention for the text and JSON forms of every public value (the notation page).

``str(x)`` is the text and ``X.parse(text)`` reads it back; ``x.to_json()``
is the JSON value (a dict or a list, never text) and ``X.from_json(value)``
reads it back. Every class of the three public game modules that has one of
these methods is listed here with an example, so a new one cannot slip by
without being held to the convention.
"""

from __future__ import annotations

import importlib
import inspect
import json
import random
from collections.abc import Callable

import pytest

from dokuspec import competitive, sumodoku, twodoku

MODULES = ("dokuspec.sumodoku", "dokuspec.competitive", "dokuspec.twodoku")
METHODS = ("to_json", "from_json", "parse")


def _twodoku_game() -> twodoku.TwoDokuState:
    """A game of Two-Doku after its first turns of play."""
    state = twodoku.TwoDoku().new_initial_state(5)
    chooser = random.Random(5)
    while state.view(0).phase != "play" or len(state.view(0).events) < 3:
        if state.is_chance_node():
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(chooser.choice(state.legal_actions()))
    return state


# A value of every class that reads its own forms back (parse or from_json).
EXAMPLES: dict[str, Callable[[], object]] = {
    "sumodoku.Board": lambda: sumodoku.Board.parse("1" + "." * 80),
    "sumodoku.Piece": lambda: sumodoku.Piece.parse("r4c7=3"),
    "sumodoku.Position": lambda: sumodoku.Position.parse(
        json.dumps({"board": "." * 80 + "1", "x": True, "consecutive": ["r1c1-r1c2"]})
    ),
    "competitive.Card": lambda: competitive.Card.parse("b9"),
    "competitive.Cards": lambda: competitive.Cards.parse("r1 b2 r3"),
    "competitive.Deal": lambda: competitive.deal("twins-draft", 7),
    "competitive.Deck": lambda: competitive.Deck.parse("standard"),
    "competitive.Grid": lambda: competitive.Grid.parse("r1 r2 r3 / b1 b2 b3 / r1 r2 .."),
    "competitive.Pool": lambda: competitive.Pool.parse("red: r3 | r5 r7"),
    "competitive.Stack": lambda: competitive.Stack.parse("r1 r2"),
    "twodoku.Balance": lambda: twodoku.Balance.parse("max_digit_count_gap=1"),
    "twodoku.Colouring": lambda: twodoku.deal(1).colouring(),
    "twodoku.Deal": lambda: twodoku.deal(1),
    "twodoku.Dominoes": lambda: twodoku.Dominoes.parse("1 1 3 9"),
    "twodoku.Position": lambda: _twodoku_game().position(),
    "twodoku.Square": lambda: twodoku.Square.parse("r8c3"),
    "twodoku.View": lambda: _twodoku_game().view(0),
}


def _public_classes() -> dict[str, type]:
    found: dict[str, type] = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for attribute in module.__all__:
            value = getattr(module, attribute)
            if inspect.isclass(value) and any(hasattr(value, m) for m in METHODS):
                found[f"{name.removeprefix('dokuspec.')}.{attribute}"] = value
    return found


PUBLIC = _public_classes()


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_no_to_json_returns_text(name: str) -> None:
    cls = PUBLIC[name]
    if not hasattr(cls, "to_json"):
        return
    returned = str(inspect.signature(cls.to_json).return_annotation)
    assert returned.startswith(("dict[", "list[")), f"{name}.to_json() returns {returned}"


def test_every_class_that_reads_its_forms_has_an_example() -> None:
    readers = {n for n, c in PUBLIC.items() if hasattr(c, "parse") or hasattr(c, "from_json")}
    assert readers == set(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_text_and_json_forms_read_back(name: str) -> None:
    value = EXAMPLES[name]()
    cls = PUBLIC[name]
    assert type(value) is cls
    if hasattr(cls, "parse"):
        assert cls.parse(str(value)) == value
    if hasattr(cls, "to_json"):
        data = value.to_json()  # type: ignore[attr-defined]
        assert isinstance(data, dict | list)
        assert json.loads(json.dumps(data)) == data
        if hasattr(cls, "from_json"):
            assert cls.from_json(json.loads(json.dumps(data))) == value
