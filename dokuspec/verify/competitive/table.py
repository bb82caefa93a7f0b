"""A Competitive Sudoku game's table: every card accounted for, the public views agreeing.

:func:`check_table` (CS-1, CS-7, CS-8, CS-12..CS-16): every card of the
deck accounted for in a game state, exactly as many times as the deck holds
it, and the public views of the state (both observations, the
:meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.table`) agreeing.
"""

from __future__ import annotations

from collections import Counter

from dokuspec.engine import competitive as engine
from dokuspec.engine.base import CHANCE, JSONValue
from dokuspec.verify.competitive.errors import CardConservationError, ObservationError
from dokuspec.vocabulary.competitive import (
    ALL_CARDS,
    BLACK,
    CARD_BY_INDEX,
    RED,
    Card,
    Cards,
    Grid,
    Pool,
)

__all__ = [
    "check_table",
]

_BEFORE_DECKS = frozenset({"who is Black", "deal", "draft", "placement"})
"""The phases before the Decks are made (CS-7): the cards are in the deck, the deal or a hand."""

_DECK_DRAWS = frozenset({"table", "deck draw", "refill", "flood draw"})
"""The chance phases that draw from a Deck (CS-8, CS-10, CS-13, CS-14)."""


def _data(state: engine.CompetitiveSudokuState, player: int = 0) -> dict[str, JSONValue]:
    """The data of a player's observation."""
    data = state.observation(player).data
    assert isinstance(data, dict)
    return data


def _game(state: engine.CompetitiveSudokuState) -> engine.CompetitiveSudoku:
    game = state.game
    if not isinstance(game, engine.CompetitiveSudoku):
        raise TypeError(f"a Competitive Sudoku state is needed, not one of {game.name}")
    return game


def _where(state: engine.CompetitiveSudokuState) -> str:
    """The game and the step, for a message: seed, options, steps and the last one."""
    steps = state.history()
    last = ""
    if steps:
        last = " (the last: " + "; ".join(str(a) for a in steps[-1].actions) + ")"
    game = state.game
    defaults = {option.name: option.default for option in game.option_specs}
    options = ", ".join(
        f"{name}={value}"
        for name, value in sorted(game.options.items())
        if name == "mode" or value != defaults.get(name)
    )
    return f"seed {state.seed} ({options}): after {len(steps)} steps{last}"


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def _located(data: dict[str, JSONValue]) -> dict[str, Counter[Card]]:
    """The cards in each public place of an observation, by place."""
    places: dict[str, Counter[Card]] = {}

    def text(value: JSONValue) -> str:
        assert isinstance(value, str)
        return value

    def pair(key: str) -> list[JSONValue]:
        value = data[key]
        assert isinstance(value, list)
        return value

    for seat, value in enumerate(pair("grids")):
        places[f"player {seat}'s Grid"] = Counter(Grid.parse(text(value)).contents())
    for value in pair("pools"):
        pool = Pool.parse(text(value))
        places[f"the {'red' if pool.colour == RED else 'black'} Pool"] = Counter(pool.cards())
    for seat, value in enumerate(pair("discards")):
        places[f"player {seat}'s Discard Pile"] = Counter(Cards.parse(text(value)))
    for seat, value in enumerate(pair("hands")):
        places[f"player {seat}'s hand"] = Counter(Cards.parse(text(value)))
    places["the draft pool"] = Counter(Cards.parse(text(data["draft_pool"])))
    drawn = data["drawn"]
    places["the card drawn"] = Counter([Card.parse(text(drawn))] if drawn is not None else [])
    return places


def _count_text(card: Card, places: dict[str, Counter[Card]]) -> str:
    held = [f"{place} {counts[card]}" for place, counts in places.items() if counts[card]]
    return ", ".join(held) or "nowhere"


def check_table(state: engine.CompetitiveSudokuState) -> None:
    """Check that a game state accounts for the whole deck, and that its public views agree.

    Conservation (CS-1): with ``c`` copies of each card,

    * before the Decks are made (who is Black, the deal, the draft, the
      placement): the cards in the hands, the draft pool and the Grids are
      the cards dealt (in the Twins modes each dealt red card with its black
      twin, CS-4, CS-5), and never more than ``c`` of a card; the cards
      drawn to find who is Black are all drawn from one deck;
    * from then on (CS-7 onwards): the Grids, the Pools, the Decks, the
      Discard Piles and the card drawn hold every card exactly ``c`` times;
      the red Deck holds only red cards and the black Deck only black ones,
      as many as the public Deck sizes say (the red cards are Red's Deck
      until the first trade, Black's after, CS-16);
    * at a chance node that draws from a Deck, the outcomes' probabilities
      times the Deck's size are the Deck's copies of each card; at a chance
      node of the deal, the copies of each card not yet drawn.

    The Decks' contents are hidden from the players (only their sizes are
    public), so they are read from the state's private ``_deck`` counts and
    confirmed by the chance outcomes where a Deck is drawn from.

    Public views (CS-8: nothing on the table is hidden): both players'
    observations are the same; :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.table`,
    :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.grid` and
    :meth:`~dokuspec.engine.competitive.CompetitiveSudokuState.drawn` agree
    with the observation's Grids, Pools, Deck sizes, Discard Piles and card
    drawn.

    Raises:
        CardConservationError: a card is held more or fewer times than the deck
            holds it; the message names the seed, the step, the card, where
            it is and how many times.
        ObservationError: two public views differ; the message names both.
    """
    data = _data(state)
    _check_views(state, data)
    copies = _game(state).copies_per_colour
    places = _located(data)
    phase = data["phase"]
    where = _where(state)
    if phase in _BEFORE_DECKS:
        _check_before_decks(state, data, places, copies, where)
    else:
        _check_decks(state, data, places, copies, where)


def _check_views(state: engine.CompetitiveSudokuState, data: dict[str, JSONValue]) -> None:
    where = _where(state)
    other = _data(state, 1)
    if other != data:
        keys = sorted(key for key in data if data[key] != other.get(key))
        raise ObservationError(
            f"{where}: the two players' observations differ in {keys}, though nothing is "
            f"hidden (CS-8): player 0 sees {[data[k] for k in keys]}, player 1 "
            f"{[other.get(k) for k in keys]}"
        )
    grids, pools, decks, discards = data["grids"], data["pools"], data["decks"], data["discards"]
    assert isinstance(grids, list) and isinstance(pools, list)
    assert isinstance(decks, list) and isinstance(discards, list)
    black = state.black
    red = 0 if black is None else 1 - black
    seats = (red, 1 - red)
    table = state.table()
    views: list[tuple[str, object, object]] = [
        ("Grids", table.grids, tuple(Grid.parse(str(grids[s])) for s in seats)),
        ("Pools", table.pools, (Pool.parse(str(pools[0])), Pool.parse(str(pools[1])))),
        ("Deck sizes", table.decks, tuple(decks[s] for s in seats)),
        ("Discard Piles", table.discards, tuple(Cards.parse(str(discards[s])) for s in seats)),
    ]
    for seat in (0, 1):
        views.append((f"player {seat}'s Grid", state.grid(seat), Grid.parse(str(grids[seat]))))
    drawn = data["drawn"]
    views.append(("card drawn", state.drawn(), None if drawn is None else Card.parse(str(drawn))))
    for what, shown, observed in views:
        if shown != observed:
            raise ObservationError(
                f"{where}: the {what}: the state's table shows {_shown(shown)}, "
                f"the observation {_shown(observed)}"
            )


def _shown(value: object) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(str(item) for item in value) + ")"
    return str(value)


def _deal_outcomes(state: engine.CompetitiveSudokuState) -> list[tuple[Card, int, int]]:
    """At a chance node that draws a card: ``(card, numerator, denominator)`` of each outcome."""
    found = []
    for action, probability in state.chance_outcomes():
        if isinstance(action, engine.Draw):
            found.append((action.card, probability.numerator, probability.denominator))
    return found


def _check_before_decks(
    state: engine.CompetitiveSudokuState,
    data: dict[str, JSONValue],
    places: dict[str, Counter[Card]],
    copies: int,
    where: str,
) -> None:
    dealt_texts = data["dealt"]
    assert isinstance(dealt_texts, list)
    dealt = [Card.parse(str(text)) for text in dealt_texts]
    expected = Counter(dealt)
    if _game(state).mode != "draft":
        expected.update(Card(BLACK, card.rank) for card in dealt)
    held: Counter[Card] = Counter()
    for counts in places.values():
        held.update(counts)
    for card in ALL_CARDS:
        if held[card] != expected[card]:
            raise CardConservationError(
                f"{where}: {card} is held {_times(held[card])} ({_count_text(card, places)}) "
                f"but was dealt {_times(expected[card])}"
            )
        if held[card] > copies:
            raise CardConservationError(
                f"{where}: {card} is held {_times(held[card])}, but the deck holds {copies}"
            )
    who = data["who_is_black"]
    assert isinstance(who, list)
    drawn: Counter[Card] = Counter()
    for cards in who:
        assert isinstance(cards, list)
        drawn.update(Card.parse(str(text)) for text in cards)
    for card, count in drawn.items():
        if count > copies:
            raise CardConservationError(
                f"{where}: {card} was drawn {_times(count)} to find who is Black (CS-2), but the "
                f"deck holds {copies}"
            )
    if state.current_player() != CHANCE:
        return
    taken = drawn if data["phase"] == "who is Black" else Counter(dealt)
    for card, numerator, denominator in _deal_outcomes(state):
        left = copies - taken[card]
        if numerator * _left_total(state, data, taken, copies) != left * denominator:
            raise CardConservationError(
                f"{where}: {card} is drawn with probability {numerator}/{denominator}, but "
                f"{left} of the cards left are {card}"
            )


def _left_total(
    state: engine.CompetitiveSudokuState,
    data: dict[str, JSONValue],
    taken: Counter[Card],
    copies: int,
) -> int:
    """The cards a draw of the deal (or of who is Black) chooses from."""
    if data["phase"] == "who is Black":
        return 18 * copies - sum(taken.values())
    colours = {card.colour for card, _, _ in _deal_outcomes(state)}
    if len(colours) != 1:
        raise CardConservationError(
            f"{_where(state)}: one draw of the deal offers cards of both colours"
        )
    colour = colours.pop()
    return 9 * copies - sum(n for card, n in taken.items() if card.colour == colour)


def _check_decks(
    state: engine.CompetitiveSudokuState,
    data: dict[str, JSONValue],
    places: dict[str, Counter[Card]],
    copies: int,
    where: str,
) -> None:
    # The Decks' contents are hidden (only their sizes are public): read the
    # state's private counts by card index, confirmed below by the chance
    # outcomes wherever a Deck is drawn from.
    private = state._deck
    decks = Counter({CARD_BY_INDEX[i]: n for i, n in enumerate(private) if n})
    places = {**places, "the Decks": decks}
    for place in ("the draft pool", "player 0's hand", "player 1's hand"):
        if places[place]:
            raise CardConservationError(
                f"{where}: {place} still holds {Cards(places[place].elements())} after the "
                "Decks were made (CS-7)"
            )
    for card in ALL_CARDS:
        held = sum(counts[card] for counts in places.values())
        if held != copies:
            raise CardConservationError(
                f"{where}: {card} is held {_times(held)} ({_count_text(card, places)}), but the "
                f"deck holds it {_times(copies)}"
            )
    sizes = data["decks"]
    assert isinstance(sizes, list)
    black = state.black
    assert black is not None
    red = 1 - black
    trades = data["trades"]
    holder = {RED: red if trades == 0 else black, BLACK: black if trades == 0 else red}
    for colour, word in ((RED, "red"), (BLACK, "black")):
        in_deck = sum(n for card, n in decks.items() if card.colour == colour)
        public_size = sizes[holder[colour]]
        if in_deck != public_size:
            raise CardConservationError(
                f"{where}: the {word} cards' Deck (in front of player {holder[colour]}) holds "
                f"{in_deck} cards, but its public size is {public_size}"
            )
    if state.current_player() == CHANCE and data["phase"] in _DECK_DRAWS:
        _check_deck_draw(state, decks, where)


def _check_deck_draw(
    state: engine.CompetitiveSudokuState, decks: Counter[Card], where: str
) -> None:
    """A draw from a Deck offers each card it holds, with probability copies / size."""
    outcomes = _deal_outcomes(state)
    colours = {card.colour for card, _, _ in outcomes}
    if len(colours) != 1:
        raise CardConservationError(f"{where}: one draw from a Deck offers both colours")
    colour = colours.pop()
    deck = {card: n for card, n in decks.items() if card.colour == colour}
    size = sum(deck.values())
    offered = {card for card, _, _ in outcomes}
    if offered != set(deck):
        raise CardConservationError(
            f"{where}: a draw from the {'red' if colour == RED else 'black'} Deck offers "
            f"{Cards(offered)}, but the Deck holds {Cards(Counter(deck).elements())}"
        )
    for card, numerator, denominator in outcomes:
        if numerator * size != deck[card] * denominator:
            raise CardConservationError(
                f"{where}: {card} is drawn with probability {numerator}/{denominator}, but the "
                f"Deck holds {deck[card]} of its {size} cards"
            )
