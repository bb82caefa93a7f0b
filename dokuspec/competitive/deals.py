"""Competitive Sudoku deals: who is Black (CS-2) and the cards each mode deals (CS-3 to CS-5).

:func:`deal` plays the chance nodes of the engine
(:class:`~dokuspec.engine.competitive.CompetitiveSudoku`) from
``new_initial_state(seed)`` up to the first decision, so a deal follows the
engine's distribution exactly and a seed gives the deal the game of that seed
starts with. :func:`deal_of` reads the deal back from any later state of a
game.

A :class:`Deal` is a frozen value with a JSON form and a text form. Its
constructor checks types only; :func:`validate_deal` lists everything that
makes a deal impossible under the rules, each as a :class:`Violation` with a
stable code.
"""

from __future__ import annotations

import functools
import textwrap
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dokuspec.engine.base import CHANCE, GameOptionError, State
from dokuspec.engine.competitive import (
    MODES,
    CompetitiveSudoku,
    CompetitiveSudokuState,
    Toss,
    deal_draws,
)
from dokuspec.errors import DokuspecError, NotationError, PositionError, quote
from dokuspec.seeds import check_seed
from dokuspec.vocabulary.competitive import BLACK, CARD_BY_INDEX, RED, Card, Cards, Deck

__all__ = [
    "BALANCE_TRIES",
    "DEAL_KEYS",
    "VIOLATION_CODES",
    "Deal",
    "Violation",
    "balanced_seed",
    "deal",
    "deal_of",
    "validate_deal",
]

_MAX_COPIES = 4
"""The most copies of each card the game accepts (its ``copies_per_colour`` option, CS-1)."""

_HAND = 5  # cards each player receives (CS-3 to CS-5)

BALANCE_TRIES = 10_000
"""Deals :func:`balanced_seed` draws before it refuses a margin no deal meets."""

DEAL_KEYS = ("mode", "copies_per_colour", "black", "draws", "toss", "pool", "hands")
"""The keys of a deal's JSON form, all required, in the order :meth:`Deal.to_json` writes them."""

VIOLATION_CODES = (
    "mode",
    "copies",
    "black",
    "draws-count",
    "draws-copies",
    "draws-decided-early",
    "draws-undecided",
    "draws-black",
    "toss",
    "pool-size",
    "pool-colours",
    "pool-twins",
    "pool-copies",
    "pool-in-twins",
    "hands-in-draft",
    "hand-size",
    "hand-colours",
    "hands-twins",
    "hand-copies",
)
"""Every code :func:`validate_deal` can report, in the order it checks them."""


@dataclass(frozen=True, slots=True)
class Violation:
    """One reason a deal is impossible.

    Attributes:
        code: a stable code from :data:`VIOLATION_CODES` (``"pool-size"``).
        message: a sentence naming the cards or counts and the rule.
    """

    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


def _check_cards_tuple(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, tuple):
        raise TypeError(f"{what} is a tuple of Card values, not {type(value).__name__}")
    for item in value:
        if not isinstance(item, Card):
            raise TypeError(f"{what} holds Card values, not {type(item).__name__}")
    return value


@dataclass(frozen=True, slots=True)
class Deal:
    """Who is Black and the cards of the deal, as a game of Competitive Sudoku starts.

    Seats are 0 and 1. The constructor checks the types only; a deal the
    rules do not allow can be built and is described by
    :func:`validate_deal`.

    Attributes:
        mode: ``"draft"`` (CS-3), ``"twins"`` (CS-4) or ``"twins-draft"`` (CS-5).
        black: the player (0 or 1) who is Black (CS-2); the other is Red.
        draws: the cards player 0 and player 1 drew to find who is Black, in
            the order drawn (one each, then one more each while the sums are
            equal, CS-2).
        toss: whether a toss decided, the deck having run out on equal sums.
        pool: the draft pool (10 cards in ``draft`` and ``twins-draft``;
            empty in ``twins``).
        hands: by player, the cards dealt (``twins``: Red's five red cards and
            Black's same ranks in black; empty in the draft modes, where the
            players pick from the pool).
        copies_per_colour: the copies of each card in the deck (CS-1).

    Raises:
        TypeError: a field of the wrong type.
    """

    mode: str
    black: int
    draws: tuple[tuple[Card, ...], tuple[Card, ...]]
    toss: bool
    pool: Cards
    hands: tuple[Cards, Cards]
    copies_per_colour: int = 2

    def __post_init__(self) -> None:
        if not isinstance(self.mode, str):
            raise TypeError(f"mode is a str, not {type(self.mode).__name__}")
        for name in ("black", "copies_per_colour"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} is an int, not {type(value).__name__}")
        if not isinstance(self.draws, tuple) or len(self.draws) != 2:
            raise TypeError("draws is a pair (player 0's cards, player 1's cards)")
        for player, cards in enumerate(self.draws):
            _check_cards_tuple(cards, f"draws[{player}]")
        if not isinstance(self.toss, bool):
            raise TypeError(f"toss is a bool, not {type(self.toss).__name__}")
        if not isinstance(self.pool, Cards):
            raise TypeError(f"pool is Cards, not {type(self.pool).__name__}")
        if not isinstance(self.hands, tuple) or len(self.hands) != 2:
            raise TypeError("hands is a pair (player 0's Cards, player 1's Cards)")
        for hand in self.hands:
            if not isinstance(hand, Cards):
                raise TypeError(f"hands holds Cards, not {type(hand).__name__}")

    @property
    def red(self) -> int:
        """The player who is Red (the one who is not Black)."""
        return 1 - self.black

    def to_json(self) -> dict[str, Any]:
        """The JSON form: every key of :data:`DEAL_KEYS`.

        ``{"mode": "draft", "copies_per_colour": 2, "black": 1, "draws":
        [["r5"], ["b9"]], "toss": false, "pool": "b1 b3 b5 b7 b9 r2 r4 r6 r8
        r9", "hands": ["-", "-"]}``: the cards of ``draws`` one string each
        in the order drawn; ``pool`` and ``hands`` as the text of
        :class:`~dokuspec.vocabulary.competitive.Cards` (``-`` for none).
        """
        return {
            "mode": self.mode,
            "copies_per_colour": self.copies_per_colour,
            "black": self.black,
            "draws": [[str(card) for card in cards] for cards in self.draws],
            "toss": self.toss,
            "pool": str(self.pool),
            "hands": [str(hand) for hand in self.hands],
        }

    @classmethod
    def from_json(cls, data: object) -> Deal:
        """Read :meth:`to_json`'s form; only a deal the rules allow is returned.

        Strict: exactly the keys of :data:`DEAL_KEYS`, ints written as
        integers (not ``1.0`` or ``true``), cards in their notation.

        Raises:
            NotationError: a key missing or unknown, a value of the wrong
                JSON type, or a card that cannot be read; the message starts
                with the JSON path (``$.draws[1][0]``).
            PositionError: a well-formed deal that :func:`validate_deal`
                refuses; the message lists every violation.
        """
        if not isinstance(data, Mapping):
            raise NotationError(f"$: a deal is a JSON object, not {_kind(data)}")
        for key in data:
            if key not in DEAL_KEYS:
                raise NotationError(f"$: unknown key {quote(key)} (a deal has {_keys_text()})")
        for key in DEAL_KEYS:
            if key not in data:
                raise NotationError(f"$: the key {quote(key)} is missing")
        mode = data["mode"]
        if not isinstance(mode, str):
            raise NotationError(f"$.mode: a mode is a string, not {_kind(mode)}")
        copies = _read_int(data["copies_per_colour"], "$.copies_per_colour")
        black = _read_int(data["black"], "$.black")
        toss = data["toss"]
        if not isinstance(toss, bool):
            raise NotationError(f"$.toss: true or false, not {_kind(toss)}")
        draws = data["draws"]
        if not isinstance(draws, list) or len(draws) != 2:
            raise NotationError("$.draws: a list of two lists of cards (player 0's, player 1's)")
        read_draws: list[tuple[Card, ...]] = []
        for player, cards in enumerate(draws):
            if not isinstance(cards, list):
                raise NotationError(f"$.draws[{player}]: a list of cards, not {_kind(cards)}")
            read_draws.append(
                tuple(_read_card(text, f"$.draws[{player}][{n}]") for n, text in enumerate(cards))
            )
        pool = _read_cards(data["pool"], "$.pool")
        hands = data["hands"]
        if not isinstance(hands, list) or len(hands) != 2:
            raise NotationError("$.hands: a list of two strings of cards (player 0's, player 1's)")
        read_hands = tuple(
            _read_cards(hand, f"$.hands[{player}]") for player, hand in enumerate(hands)
        )
        value = cls(
            mode=mode,
            black=black,
            draws=(read_draws[0], read_draws[1]),
            toss=toss,
            pool=pool,
            hands=(read_hands[0], read_hands[1]),
            copies_per_colour=copies,
        )
        violations = validate_deal(value)
        if violations:
            listed = "; ".join(str(v) for v in violations)
            count = len(violations)
            raise PositionError(
                f"not a possible deal ({count} violation{'s' if count > 1 else ''}): {listed}"
            )
        return value

    def __str__(self) -> str:
        """The deal in a few lines of at most 80 columns."""
        deck = str(Deck(self.copies_per_colour)) if 1 <= self.copies_per_colour <= 9 else "?"
        lines = [f"{self.mode} deal, {deck} deck: player {self.black} is Black (CS-2)"]
        drawn = "; ".join(
            f"player {player} drew {' '.join(str(c) for c in cards) or 'nothing'}"
            for player, cards in enumerate(self.draws)
        )
        lines.append(f"who is Black: {drawn}")
        if self.toss:
            tossed = f"a toss made player {self.black} Black"
            lines.append(f"equal sums until the deck ran out: {tossed}")
        if self.mode == "twins" or any(self.hands):
            for player, hand in enumerate(self.hands):
                role = "Black" if player == self.black else "Red"
                lines.append(f"{role} (player {player}) receives: {hand}")
        if self.mode != "twins" or self.pool:
            lines.append(f"draft pool: {self.pool}")
        wrapped: list[str] = []
        for line in lines:
            wrapped.extend(textwrap.wrap(line, 80, subsequent_indent="    ") or [""])
        return "\n".join(wrapped)


def _keys_text() -> str:
    return ", ".join(DEAL_KEYS)


def _kind(value: object) -> str:
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    return quote(value)


def _read_int(value: object, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotationError(f"{where}: an integer, not {_kind(value)}")
    return value


def _read_card(text: object, where: str) -> Card:
    if not isinstance(text, str):
        raise NotationError(f'{where}: a card is a string like "r5", not {_kind(text)}')
    try:
        return Card.parse(text)
    except NotationError as error:
        raise NotationError(f"{where}: {error.reason}") from None


def _read_cards(text: object, where: str) -> Cards:
    if not isinstance(text, str):
        raise NotationError(f'{where}: cards are a string like "r1 b2", not {_kind(text)}')
    try:
        return Cards.parse(text)
    except NotationError as error:
        raise NotationError(f"{where}: {error.reason}") from None


# -- dealing ---------------------------------------------------------------------------------


def deal(
    mode: str,
    seed: int,
    *,
    copies_per_colour: int = 2,
    balance: float | None = None,
    target: float = 0.0,
) -> Deal:
    """The deal the game of ``seed`` starts with: who is Black (CS-2), then the mode's cards.

    The engine's chance nodes are played from
    ``CompetitiveSudoku(mode=mode, copies_per_colour=...).new_initial_state(seed)``
    with :meth:`~dokuspec.engine.base.State.sample_chance_outcome` up to
    the first decision (a pick, or in ``twins`` the first placement), so
    the deal has exactly the engine's distribution and a game played from
    that seed starts with it, whatever its players do.

    With ``balance``, the deal is that of :func:`balanced_seed`: the first of
    a sequence of games drawn from ``seed`` whose advantage for Black
    (:func:`dokuspec.competitive.balance.advantage`) is within ``balance``
    bits of ``target``. Play the game of ``balanced_seed(...)`` to play that
    deal. (Red takes the first turn of play, CS-9, which the advantage does
    not count: between the strong agents, the players' chances are nearest
    at one to two bits; see the handbook's "Rules in play".)

    Args:
        mode: ``"draft"`` (CS-3), ``"twins"`` (CS-4) or ``"twins-draft"`` (CS-5).
        seed: the game's seed, an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        copies_per_colour: the copies of each card, 1-4 (CS-1).
        balance: how far the advantage may be from ``target``, in bits (0 or
            more), or ``None`` for any deal.
        target: the advantage aimed at, in bits (only with ``balance``).

    Returns:
        A :class:`Deal` that :func:`validate_deal` accepts.

    Raises:
        TypeError: ``mode`` not a str, ``seed`` or ``copies_per_colour`` not an
            int, ``balance`` not a number.
        DokuspecError: ``seed`` outside 0 to ``2**64 - 1``; no deal within
            ``balance`` in :data:`BALANCE_TRIES` draws.
        GameOptionError: an unknown mode, copies outside 1-4, a negative balance.
    """
    if balance is not None:
        seed = balanced_seed(
            mode, seed, balance, copies_per_colour=copies_per_colour, target=target
        )
    _game(mode, copies_per_colour)  # checks the options
    return _deal(mode, copies_per_colour, check_seed(seed))


def _game(mode: object, copies_per_colour: object) -> CompetitiveSudoku:
    if not isinstance(mode, str):
        raise TypeError(f"mode is a str, not {type(mode).__name__}")
    if isinstance(copies_per_colour, bool) or not isinstance(copies_per_colour, int):
        raise TypeError(f"copies_per_colour is an int, not {type(copies_per_colour).__name__}")
    return _options_game(mode, copies_per_colour)


@functools.lru_cache(maxsize=64)
def _options_game(mode: str, copies: int) -> CompetitiveSudoku:
    """The game of these options (checked by its constructor; a game does not change)."""
    return CompetitiveSudoku(mode=mode, copies_per_colour=copies)


def _deal(mode: str, copies: int, seed: int) -> Deal:
    """The deal of the game of ``seed`` with these (checked) options: the engine's chance
    picks up to the first decision (:func:`~dokuspec.engine.competitive.deal_draws`, the
    picks the states make; the tests compare the two)."""
    draws = deal_draws(mode, copies, seed)
    cards = [CARD_BY_INDEX[index] for index in draws.dealt]
    empty = Cards()
    pool, hands = empty, (empty, empty)
    if mode == "twins":
        twins = [CARD_BY_INDEX[index + 9] for index in draws.dealt]
        black_hand, red_hand = Cards(twins), Cards(cards)
        hands = (black_hand, red_hand) if draws.black == 0 else (red_hand, black_hand)
    elif mode == "twins-draft":
        pool = Cards([*cards, *(CARD_BY_INDEX[index + 9] for index in draws.dealt)])
    else:
        pool = Cards(cards)
    who = [CARD_BY_INDEX[index] for index in draws.who]
    return Deal(
        mode=mode,
        black=draws.black,
        draws=(tuple(who[0::2]), tuple(who[1::2])),
        toss=draws.toss,
        pool=pool,
        hands=hands,
        copies_per_colour=copies,
    )


def balanced_seed(
    mode: str, seed: int, balance: float, *, copies_per_colour: int = 2, target: float = 0.0
) -> int:
    """The seed of a game whose deal's advantage for Black is within ``balance`` bits of
    ``target`` (by default 0: a draft that favours neither player).

    Candidates are the games ``game_seed("competitive-balanced", seed, k)``
    for ``k = 0, 1, ...`` (:func:`~dokuspec.engine.records.game_seed`); the
    first whose deal's :func:`~dokuspec.competitive.balance.advantage` is
    within ``balance`` of ``target`` is chosen (each candidate's pool drawn by
    :func:`~dokuspec.engine.competitive.deal_draws`, its value read from the
    bundled table of draft values). The candidates are independent draws of
    the engine's deal, so the deal chosen has exactly the engine's
    distribution conditioned on its advantage being within the margin
    (rejection sampling): every balanced deal keeps its relative chance.

    Args:
        mode, copies_per_colour: the game's options (as :func:`deal`).
        seed: the seed the candidates are drawn from, 0 to ``2**64 - 1``.
        balance: how far from ``target`` the advantage may be, in bits, 0 or more.
        target: the advantage aimed at, in bits (a finite number).

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: a bad seed; no deal within ``balance`` among
            :data:`BALANCE_TRIES` candidates.
        GameOptionError: a bad mode or copies, a negative or non-finite balance.
    """
    from dokuspec.competitive.balance import draft_value  # noqa: PLC0415 - its tables load on use
    from dokuspec.engine.records import game_seed  # noqa: PLC0415

    _game(mode, copies_per_colour)  # checks the options
    check_seed(seed)
    if isinstance(balance, bool) or not isinstance(balance, int | float):
        raise TypeError(f"balance is a number of bits, not {type(balance).__name__}")
    if not 0 <= balance < float("inf"):
        raise GameOptionError("competitive", "balance", f"is 0 or more bits, not {balance!r}")
    if isinstance(target, bool) or not isinstance(target, int | float):
        raise TypeError(f"target is a number of bits, not {type(target).__name__}")
    if not -float("inf") < target < float("inf"):
        raise GameOptionError("competitive", "target", f"is a finite number, not {target!r}")
    if mode == "twins" and abs(target) > balance:  # every twins deal's advantage is 0
        raise DokuspecError(
            f"no twins deal within {balance} bits of an advantage of {target}: "
            "a twins deal's advantage is 0"
        )
    low, high = target - balance, target + balance
    for index in range(BALANCE_TRIES):
        candidate = game_seed("competitive-balanced", seed, index)
        if mode == "twins":  # every twins deal's advantage is 0 (checked above)
            return candidate
        # The pool's ranks, from the engine's picks without building the deal.
        dealt = deal_draws(mode, copies_per_colour, candidate).dealt
        ranks = [card % 9 + 1 for card in dealt]
        if mode == "twins-draft":  # each rank once in red, once in black (CS-5)
            ranks += ranks
        if low <= draft_value(ranks, copies_per_colour) <= high:
            return candidate
    raise DokuspecError(
        f"no {mode} deal within {balance} bits of an advantage of {target} in "
        f"{BALANCE_TRIES:,} draws; allow a larger margin"
    )


def deal_of(state: State) -> Deal:
    """The deal a game of Competitive Sudoku started with, read from any later state of it.

    The history's chance outcomes up to the first decision are played again
    on a new state of the same game and seed.

    Raises:
        TypeError: ``state`` is not a Competitive Sudoku state.
        PositionError: the deal is not complete yet (``state`` is still at
            its first chance nodes).
    """
    if not isinstance(state, CompetitiveSudokuState):
        raise TypeError(f"a Competitive Sudoku state is needed, not {type(state).__name__}")
    fresh = state.game.new_initial_state(state.seed)
    for entry in state.history():
        if fresh.current_player() != CHANCE:
            break
        fresh.apply_action(entry.actions[0])
    if fresh.current_player() == CHANCE:
        raise PositionError("the deal is not complete yet: the state is still at a chance node")
    assert isinstance(fresh, CompetitiveSudokuState)
    return _read_deal(fresh)


def _as_list(value: object) -> list[object]:
    assert isinstance(value, list)
    return value


def _read_deal(state: CompetitiveSudokuState) -> Deal:
    """The deal of a state at its first decision, read from what the players see (CS-8)."""
    data = state.observation(0).data
    assert isinstance(data, dict)
    who = data["who_is_black"]
    hands = data["hands"]
    pool = data["draft_pool"]
    black = data["black"]
    assert isinstance(who, list) and isinstance(hands, list)
    assert isinstance(pool, str) and isinstance(black, int)
    draws = [tuple(Card.parse(str(text)) for text in _as_list(player)) for player in who]
    options = state.game.options
    copies = options["copies_per_colour"]
    mode = options["mode"]
    assert isinstance(copies, int) and isinstance(mode, str)
    tossed = any(isinstance(entry.actions[0], Toss) for entry in state.history())
    return Deal(
        mode=mode,
        black=black,
        draws=(draws[0], draws[1]),
        toss=tossed,
        pool=Cards.parse(pool),
        hands=(Cards.parse(str(hands[0])), Cards.parse(str(hands[1]))),
        copies_per_colour=copies,
    )


# -- what the rules allow --------------------------------------------------------------------


def _over_copies(cards: Sequence[Card] | Cards, copies: int) -> list[str]:
    counts = Counter(cards)
    return [f"{card} x{n}" for card, n in sorted(counts.items()) if n > copies]


def _copies_word(copies: int) -> str:
    return f"{copies} {'copy' if copies == 1 else 'copies'}"


def validate_deal(deal: Deal) -> tuple[Violation, ...]:
    """Everything that makes ``deal`` impossible under the rules; empty for a possible deal.

    Checked in the order of :data:`VIOLATION_CODES`:

    * ``mode``: not one of ``draft``, ``twins``, ``twins-draft``;
      ``copies``: copies of each card outside 1-4 (CS-1); ``black``: a
      player other than 0 or 1.
    * Who is Black (CS-2): ``draws-count`` (the players drew different
      numbers of cards, or none), ``draws-copies`` (a card drawn more often
      than the deck holds it: the draws come from one deck), ``draws-decided-early``
      (the sums already differed before the last draw), ``draws-undecided``
      (equal sums at the end and no toss), ``draws-black`` (the higher sum
      is not Black's), ``toss`` (a toss although the deck had not run out on
      equal sums).
    * The draft modes: ``pool-size`` (not 10 cards), ``pool-colours`` (not 5
      red and 5 black, CS-3, CS-5), ``pool-twins`` (in ``twins-draft``, the
      red and the black cards not of the same ranks, CS-5), ``pool-copies``
      (a card more often than the deck holds it), ``hands-in-draft`` (cards
      dealt to a player: in these modes they pick).
    * ``twins`` (CS-4): ``pool-in-twins`` (a draft pool), ``hand-size`` (a
      hand not of 5 cards), ``hand-colours`` (Red's hand not all red, or
      Black's not all black), ``hands-twins`` (the two hands not of the same
      ranks), ``hand-copies`` (a card more often than the deck holds it).

    Returns:
        The violations, in that order.

    Raises:
        TypeError: ``deal`` is not a :class:`Deal`.
    """
    if not isinstance(deal, Deal):
        raise TypeError(f"a Deal is needed, not {type(deal).__name__}")
    found: list[Violation] = []

    def add(code: str, message: str) -> None:
        found.append(Violation(code, message))

    mode_known = deal.mode in MODES
    if not mode_known:
        add("mode", f"{quote(deal.mode)} is not a mode (draft, twins or twins-draft)")
    copies_known = 1 <= deal.copies_per_colour <= _MAX_COPIES
    copies = deal.copies_per_colour
    if not copies_known:
        add("copies", f"copies of each card are 1-{_MAX_COPIES}, not {copies} (CS-1)")
    black_known = deal.black in (0, 1)
    if not black_known:
        add("black", f"Black is player 0 or 1, not {deal.black} (CS-2)")
    _check_draws(deal, add, copies if copies_known else None, black_known)
    if not mode_known:
        return tuple(found)
    if deal.mode == "twins":
        _check_twins(deal, add, copies if copies_known else None, black_known)
    else:
        _check_pool(deal, add, copies if copies_known else None)
    return tuple(found)


def _check_draws(deal: Deal, add: Any, copies: int | None, black_known: bool) -> None:
    first, second = deal.draws
    if len(first) != len(second) or not first:
        add(
            "draws-count",
            f"both players draw the same number of cards, at least one each, not "
            f"{len(first)} and {len(second)} (CS-2)",
        )
        return
    if copies is not None:
        over = _over_copies(first + second, copies)
        if over:
            add(
                "draws-copies",
                f"the deck holds {_copies_word(copies)} of each card, but the draws hold "
                f"{', '.join(over)} (CS-1, CS-2)",
            )
    sums = [0, 0]
    for number, (a, b) in enumerate(zip(first, second, strict=True), 1):
        sums[0] += a.rank
        sums[1] += b.rank
        if sums[0] != sums[1] and number < len(first):
            add(
                "draws-decided-early",
                f"the sums differ after draw {number} ({sums[0]} and {sums[1]}), so nobody "
                f"draws again (CS-2)",
            )
            return
    if deal.toss:
        deck = None if copies is None else 18 * copies
        if sums[0] != sums[1] or (deck is not None and 2 * len(first) != deck):
            add(
                "toss",
                f"a toss decides only when the deck ran out on equal sums; here the sums are "
                f"{sums[0]} and {sums[1]} after {2 * len(first)} cards (CS-2)",
            )
        return
    if sums[0] == sums[1]:
        add(
            "draws-undecided",
            f"the sums are equal ({sums[0]}) after the last draw and no toss decided (CS-2)",
        )
    elif black_known and deal.black != (0 if sums[0] > sums[1] else 1):
        higher = 0 if sums[0] > sums[1] else 1
        add(
            "draws-black",
            f"player {higher} drew the higher sum ({max(sums)} against {min(sums)}), so "
            f"player {higher} is Black, not player {deal.black} (CS-2)",
        )


def _check_pool(deal: Deal, add: Any, copies: int | None) -> None:
    pool = deal.pool
    rule = "CS-3" if deal.mode == "draft" else "CS-5"
    if len(pool) != 2 * _HAND:
        add("pool-size", f"the draft pool holds 10 cards, not {len(pool)} ({rule})")
    reds, blacks = pool.of_colour(RED), pool.of_colour(BLACK)
    if len(reds) != _HAND or len(blacks) != _HAND:
        add(
            "pool-colours",
            f"the draft pool holds 5 red and 5 black cards, not {len(reds)} red and "
            f"{len(blacks)} black ({rule})",
        )
    if deal.mode == "twins-draft":
        red_ranks = sorted(card.rank for card in reds)
        black_ranks = sorted(card.rank for card in blacks)
        if red_ranks != black_ranks:
            add(
                "pool-twins",
                f"the pool holds each rank drawn once in red and once in black, but its red "
                f"ranks are {_ranks(red_ranks)} and its black ranks {_ranks(black_ranks)} (CS-5)",
            )
    if copies is not None:
        over = _over_copies(pool, copies)
        if over:
            add(
                "pool-copies",
                f"the deck holds {_copies_word(copies)} of each card, but the pool holds "
                f"{', '.join(over)} (CS-1)",
            )
    if any(deal.hands):
        add(
            "hands-in-draft",
            f"in {deal.mode} the players pick from the pool; no card is dealt to a hand, "
            f"but the hands hold {deal.hands[0]} and {deal.hands[1]} ({rule})",
        )


def _check_twins(deal: Deal, add: Any, copies: int | None, black_known: bool) -> None:
    if deal.pool:
        add("pool-in-twins", f"twins has no draft pool, but the pool holds {deal.pool} (CS-4)")
    for player, hand in enumerate(deal.hands):
        if len(hand) != _HAND:
            add("hand-size", f"player {player} receives 5 cards, not {len(hand)} (CS-4)")
    if black_known:
        for player, colour, word in ((deal.red, RED, "red"), (deal.black, BLACK, "black")):
            hand = deal.hands[player]
            wrong = [str(card) for card in hand if card.colour != colour]
            if wrong:
                role = "Red" if colour == RED else "Black"
                add(
                    "hand-colours",
                    f"{role} (player {player}) receives {word} cards only, not "
                    f"{' '.join(wrong)} (CS-4)",
                )
    ranks = [sorted(card.rank for card in hand) for hand in deal.hands]
    if ranks[0] != ranks[1]:
        add(
            "hands-twins",
            f"both players receive the same ranks, not {_ranks(ranks[0])} and "
            f"{_ranks(ranks[1])} (CS-4)",
        )
    if copies is not None:
        for player, hand in enumerate(deal.hands):
            over = _over_copies(hand, copies)
            if over:
                add(
                    "hand-copies",
                    f"the deck holds {_copies_word(copies)} of each card, but player {player} "
                    f"receives {', '.join(over)} (CS-1, CS-4)",
                )


def _ranks(ranks: Sequence[int]) -> str:
    return " ".join(str(rank) for rank in ranks) or "none"
