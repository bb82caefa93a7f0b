"""Observation tensors: fixed-size vectors of numbers made from the engines' observations.

Each encoder reads only :attr:`Observation.data
<dokuspec.engine.base.Observation.data>`, what the engine lets one player
see (MD-9, TD-11; everything is public in Sumodoku and Competitive Sudoku),
so a tensor can never carry more than the observation: in Two-Doku no
face-down digit reaches it. Every encoder returns a list of exactly
:func:`tensor_size` numbers; one-hot blocks use 0 and 1, counts their value.
A game declares its encoder in its OpenSpiel declaration
(:attr:`dokuspec.openspiel.spec.OpenSpielSpec.encode`); the helpers here
make the blocks encoders share. Nothing here needs OpenSpiel.
"""

from __future__ import annotations

from dokuspec.engine.base import JSONValue
from dokuspec.openspiel.codec import declaration

__all__ = ["actor", "data_object", "encode", "ints", "one_hot", "tensor_size"]


def one_hot(size: int, index: int | None) -> list[float]:
    """``size`` numbers, 1 at ``index`` and 0 elsewhere (all 0 for ``None``)."""
    vector = [0.0] * size
    if index is not None:
        vector[index] = 1.0
    return vector


def actor(value: JSONValue) -> list[float]:
    """The player or marker to act, one-hot: player 0, player 1, chance, simultaneous, none."""
    slots = {0: 0, 1: 1, -1: 2, -2: 3}
    index = slots.get(value, 4) if isinstance(value, int) else 4
    return one_hot(5, index)


def data_object(data: JSONValue) -> dict[str, JSONValue]:
    """An observation's data as the JSON object it is.

    Raises:
        TypeError: it is not an object.
    """
    if not isinstance(data, dict):
        raise TypeError(f"an observation's data is a JSON object, not {type(data).__name__}")
    return data


def ints(value: JSONValue) -> list[int]:
    """The integers of a JSON list, in order (other items left out)."""
    assert isinstance(value, list)
    return [int(v) for v in value if isinstance(v, int)]


def tensor_size(game: str) -> int:
    """The length of ``game``'s observation tensor.

    Raises:
        UnknownActionError: no OpenSpiel declaration for that game.
    """
    return declaration(game).tensor_size


def encode(game: str, data: JSONValue) -> list[float]:
    """The observation tensor of one observation's ``data`` (its JSON form).

    Raises:
        UnknownActionError: no OpenSpiel declaration for that game.
        AssertionError: ``data`` has not the shape the engine gives (a bug).
    """
    declared = declaration(game)
    vector, size = declared.encode(data), declared.tensor_size
    if len(vector) != size:
        raise AssertionError(f"{game}: a tensor of {len(vector)} numbers, not {size}")
    return vector
