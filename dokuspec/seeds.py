"""Seeds and game indices: the one domain every seed of dokuspec takes.

A *seed* is an integer from 0 to ``2**64 - 1`` (:data:`SEED_MAX`,
18446744073709551615): a game's seed (``new_initial_state(seed)``, a deal's,
a record's ``"seed"``), a run's seed (``simulate``, ``game_seed``), the
verification campaign's and the conformance suite's seeds, and every
``--seed`` of the command line. A game's *index* in a run is an integer 0 or
more. Every entry point checks its seeds and indices with
:func:`check_seed` and :func:`check_index`, so the same value is refused
the same way everywhere: ``bool`` or a non-``int`` with :class:`TypeError`,
a value outside the domain with a
:class:`~dokuspec.errors.DokuspecError` naming the argument.
"""

from __future__ import annotations

from dokuspec.errors import DokuspecError, quote

__all__ = ["SEED_MAX", "check_index", "check_seed"]

SEED_MAX = 2**64 - 1
"""The largest seed, 18446744073709551615; the smallest is 0."""


def check_seed(seed: object, what: str = "the seed") -> int:
    """``seed``, checked: an integer from 0 to :data:`SEED_MAX`.

    Args:
        seed: the value given.
        what: how messages name the argument (``"the run's seed"``).

    Returns:
        ``seed``.

    Raises:
        TypeError: ``seed`` is a bool or not an int.
        DokuspecError: ``seed`` is negative or above :data:`SEED_MAX`:
            ``the seed is an integer 0 to 18446744073709551615, not -1``.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"{what} is an int, not {type(seed).__name__}")
    if not 0 <= seed <= SEED_MAX:
        raise DokuspecError(f"{what} is an integer 0 to {SEED_MAX}, not {quote(seed)}")
    return seed


def check_index(index: object, what: str = "a game's index") -> int:
    """``index``, checked: an integer 0 or more.

    Raises:
        TypeError: ``index`` is a bool or not an int.
        DokuspecError: ``index`` is negative: ``a game's index is 0 or more, not -1``.
    """
    if isinstance(index, bool) or not isinstance(index, int):
        raise TypeError(f"{what} is an int, not {type(index).__name__}")
    if index < 0:
        raise DokuspecError(f"{what} is 0 or more, not {quote(index)}")
    return index
