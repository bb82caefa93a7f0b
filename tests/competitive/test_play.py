"""Competitive Sudoku deals, bots, simulation and records (dokuspec.competitive).

Deals are checked against the rule text (CS-1 to CS-5) by checks written
here, beside validate_deal; outcomes against the engine's own account of
each ending; summaries against counts made by hand.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from dokuspec import competitive
from dokuspec.competitive import (
    ENDINGS,
    MODES,
    Card,
    Cards,
    CompetitiveSudoku,
    CompetitiveSudokuState,
    Deal,
    GameResult,
    GreedyBot,
    RandomBot,
    RecordFileError,
    Violation,
    deal,
    deal_of,
    game_seed,
    make_bot,
    outcome,
    play_game,
    record_name,
    record_text,
    replay_record,
    simulate,
    summarise,
    validate_deal,
)
from dokuspec.competitive import bots as bots_module
from dokuspec.engine.base import CHANCE, SIMULTANEOUS, Action, GameOptionError, State
from dokuspec.engine.competitive import Draw, Pick, Place, Swap, Take, TakeDeck, deal_draws, dealing
from dokuspec.errors import DokuspecError, NotationError, PositionError
from dokuspec.vocabulary.competitive import CARD_BY_INDEX

# -- deals ---------------------------------------------------------------------------------------


def card(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(card(t) for t in text.split())


def rules_hold(found: Deal) -> None:
    """The rule text's conditions on a deal, checked directly (not through validate_deal)."""
    copies = found.copies_per_colour
    # CS-2: draws pair by pair; sums equal until the last pair; the higher sum is Black.
    first, second = found.draws
    assert len(first) == len(second) >= 1
    assert max(Counter(first + second).values()) <= copies
    sums = [
        (sum(c.rank for c in first[:n]), sum(c.rank for c in second[:n]))
        for n in range(1, len(first) + 1)
    ]
    assert all(a == b for a, b in sums[:-1])
    a, b = sums[-1]
    if found.toss:
        assert a == b and 2 * len(first) == 18 * copies
    else:
        assert a != b and found.black == (0 if a > b else 1)
    if found.mode == "twins":  # CS-4
        assert not found.pool
        red, black = found.hands[found.red], found.hands[found.black]
        assert len(red) == len(black) == 5
        assert all(c.colour == "r" for c in red) and all(c.colour == "b" for c in black)
        assert sorted(c.rank for c in red) == sorted(c.rank for c in black)
        assert max(Counter(red).values()) <= copies
    else:  # CS-3, CS-5
        assert found.hands == (Cards(), Cards())
        reds = [c for c in found.pool if c.colour == "r"]
        blacks = [c for c in found.pool if c.colour == "b"]
        assert len(reds) == len(blacks) == 5
        assert max(found.pool.counts().values()) <= copies
        if found.mode == "twins-draft":
            assert sorted(c.rank for c in reds) == sorted(c.rank for c in blacks)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("copies", [1, 2, 4])
def test_deals_are_legal_over_many_seeds_cs1_to_cs5(mode: str, copies: int) -> None:
    seen = set()
    blacks = Counter()
    for seed in range(150):
        found = deal(mode, seed, copies_per_colour=copies)
        assert found.mode == mode and found.copies_per_colour == copies
        assert validate_deal(found) == ()
        rules_hold(found)
        seen.add(found)
        blacks[found.black] += 1
    # Different seeds give different deals, and either seat can be Black.
    assert len(seen) >= 140
    assert blacks[0] > 30 and blacks[1] > 30


def test_the_standard_deck_deals_second_copies() -> None:
    # With 2 copies a pool may hold a card twice (CS-1, CS-3); with 1 copy never.
    assert any(max(deal("draft", s).pool.counts().values()) == 2 for s in range(100))
    assert all(
        max(deal("draft", s, copies_per_colour=1).pool.counts().values()) == 1 for s in range(50)
    )


def test_a_deal_is_reproduced_by_its_seed() -> None:
    for mode in MODES:
        for seed in (0, 1, 7, 2**64 - 1):
            assert deal(mode, seed) == deal(mode, seed)


def test_a_game_of_the_same_seed_starts_with_the_deal_whatever_the_players() -> None:
    for mode in MODES:
        result, state = play_game(3, 11, mode, ("random", "random"))
        assert deal_of(state) == deal(mode, result.seed)
        assert outcome(state).black == deal(mode, result.seed).black


def _states_deal(mode: str, copies: int, seed: int) -> tuple[State, Deal]:
    """The deal as the engine's states draw it: every chance node's seeded pick."""
    state = CompetitiveSudoku(mode=mode, copies_per_colour=copies).new_initial_state(seed)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome())
    return state, deal_of(state)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("copies", [1, 2, 3, 4])
def test_deal_draws_the_states_picks(mode: str, copies: int) -> None:
    # deal() draws the chance outcomes without states (deal_draws); the states' own
    # picks, read back from the game, are the reference.
    longer = 0
    for seed in [*range(40), 2**64 - 1]:
        state, expected = _states_deal(mode, copies, seed)
        assert deal(mode, seed, copies_per_colour=copies) == expected
        draws = deal_draws(mode, copies, seed)
        history = [entry.actions[0] for entry in state.history()]
        assert [CARD_BY_INDEX[c] for c in (*draws.who, *draws.dealt)] == [
            a.card for a in history if isinstance(a, Draw)
        ]
        longer += len(draws.who) > 2
    assert longer  # a tie on the first draws (CS-2) is among the seeds


def test_deal_draws_a_toss_as_the_states_do(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every draw of the who-is-Black phase forced to tie (r1, b1, r2, b2, ...): the
    # toss is then the seed's pick at step 18, as on a state given the same draws.
    order = iter(c for r in range(9) for c in (r, r + 9))
    real = dealing.draw_by_counts

    def forced(seed: int, step: int, counts: list[int]) -> int:
        return next(order) if step < 18 else real(seed, step, counts)

    monkeypatch.setattr(dealing, "draw_by_counts", forced)
    for seed in range(6):
        order = iter(c for r in range(9) for c in (r, r + 9))
        draws = deal_draws("twins", 1, seed)
        state = CompetitiveSudoku(mode="twins", copies_per_colour=1).new_initial_state(seed)
        for index in draws.who:
            state.apply_action(Draw(CARD_BY_INDEX[index]))
        toss = state.sample_chance_outcome()
        assert draws.toss and len(draws.who) == 18
        assert draws.black == toss.player  # type: ignore[attr-defined]


def test_deal_of_before_the_deal_is_refused() -> None:
    state = CompetitiveSudoku().new_initial_state(0)
    with pytest.raises(PositionError, match="not complete"):
        deal_of(state)
    with pytest.raises(TypeError):
        deal_of("a state")  # type: ignore[arg-type]


def test_a_toss_deal_is_read_back() -> None:
    # One copy of each card: every draw ties until the 18 cards are out; a toss decides.
    state = CompetitiveSudoku(mode="twins", copies_per_colour=1).new_initial_state(0)
    order = [f"{c}{r}" for r in range(1, 10) for c in ("r", "b")]
    for text in order:
        state.apply_action(Draw(card(text)))
    tossed = state.chance_outcomes()[1][0]
    state.apply_action(tossed)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome())
    found = deal_of(state)
    assert found.toss and found.black == 1
    assert found.draws == (cards("r1 r2 r3 r4 r5 r6 r7 r8 r9"), cards("b1 b2 b3 b4 b5 b6 b7 b8 b9"))
    assert validate_deal(found) == ()
    assert "a toss made player 1 Black" in str(found)
    assert Deal.from_json(found.to_json()) == found


def test_deal_arguments_are_checked() -> None:
    with pytest.raises(GameOptionError, match="mode"):
        deal("chess", 0)
    with pytest.raises(GameOptionError, match="copies_per_colour"):
        deal("draft", 0, copies_per_colour=5)
    with pytest.raises(TypeError):
        deal("draft", "0")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        deal(3, 0)  # type: ignore[arg-type]


def test_deal_json_round_trip() -> None:
    for mode in MODES:
        for seed in range(30):
            found = deal(mode, seed)
            text = json.dumps(found.to_json())
            assert Deal.from_json(json.loads(text)) == found


def test_deal_json_form() -> None:
    found = Deal(
        mode="draft",
        black=1,
        draws=(cards("r5"), cards("b9")),
        toss=False,
        pool=Cards.parse("r1 r2 r3 r4 r5 b1 b2 b3 b4 b4"),
        hands=(Cards(), Cards()),
    )
    assert found.to_json() == {
        "mode": "draft",
        "copies_per_colour": 2,
        "black": 1,
        "draws": [["r5"], ["b9"]],
        "toss": False,
        "pool": "b1 b2 b3 b4 b4 r1 r2 r3 r4 r5",
        "hands": ["-", "-"],
    }
    assert str(found).splitlines() == [
        "draft deal, standard deck: player 1 is Black (CS-2)",
        "who is Black: player 0 drew r5; player 1 drew b9",
        "draft pool: b1 b2 b3 b4 b4 r1 r2 r3 r4 r5",
    ]


GOOD = deal("twins-draft", 5).to_json()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"extra": 1}, r"^\$: unknown key 'extra'"),
        ({"black": True}, r"^\$\.black: an integer, not true"),
        ({"black": 1.0}, r"^\$\.black: an integer, not 1\.0"),
        ({"copies_per_colour": "2"}, r"^\$\.copies_per_colour: an integer"),
        ({"toss": 0}, r"^\$\.toss: true or false"),
        ({"mode": None}, r"^\$\.mode: a mode is a string, not null"),
        ({"draws": [["r5"]]}, r"^\$\.draws: a list of two lists"),
        ({"draws": [["x5"], ["b9"]]}, r"^\$\.draws\[0\]\[0\]: 'x5' is not a card"),
        ({"draws": [["r5"], [9]]}, r"^\$\.draws\[1\]\[0\]: a card is a string"),
        ({"pool": ["r1"]}, r"^\$\.pool: cards are a string"),
        ({"pool": "r1 r10"}, r"^\$\.pool: 'r10' is not a card"),
        ({"hands": ["-"]}, r"^\$\.hands: a list of two strings"),
    ],
)
def test_deal_json_is_read_strictly(change: dict[str, object], message: str) -> None:
    data = {**GOOD, **change}
    with pytest.raises(NotationError, match=message):
        Deal.from_json(data)


def test_deal_json_missing_key_and_non_object() -> None:
    data = dict(GOOD)
    del data["toss"]
    with pytest.raises(NotationError, match=r"^\$: the key 'toss' is missing"):
        Deal.from_json(data)
    with pytest.raises(NotationError, match=r"^\$: a deal is a JSON object, not a list"):
        Deal.from_json([GOOD])


def test_deal_json_refuses_an_impossible_deal() -> None:
    # Twins Draft: 11 cards, 6 of them red, ranks unlike in each colour, three r1 and b1.
    data = {**GOOD, "pool": "r1 r1 r1 b1 b1 b1 r2 b2 r3 b3 r4"}
    with pytest.raises(PositionError) as caught:
        Deal.from_json(data)
    message = str(caught.value)
    assert message.startswith(
        "not a possible deal (4 violations): pool-size: the draft pool holds 10 cards, "
        "not 11 (CS-5); pool-colours: "
    )
    assert "; pool-twins: " in message
    assert "pool-copies: the deck holds 2 copies of each card, but the pool holds b1 x3, r1 x3" in (
        message
    )


def make_deal(**changes: object) -> Deal:
    fields: dict[str, object] = {
        "mode": "draft",
        "black": 1,
        "draws": (cards("r5"), cards("b9")),
        "toss": False,
        "pool": Cards.parse("r1 r2 r3 r4 r5 b1 b2 b3 b4 b5"),
        "hands": (Cards(), Cards()),
        "copies_per_colour": 2,
    }
    fields.update(changes)
    return Deal(**fields)  # type: ignore[arg-type]


def codes(found: Deal) -> tuple[str, ...]:
    return tuple(v.code for v in validate_deal(found))


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({}, ()),
        ({"mode": "chess"}, ("mode",)),
        ({"copies_per_colour": 5}, ("copies",)),
        ({"black": 2}, ("black",)),
        ({"black": 0}, ("draws-black",)),
        ({"draws": (cards("r5 r1"), cards("b9 b1"))}, ("draws-decided-early",)),
        ({"draws": (cards("r5"), cards("b5"))}, ("draws-undecided",)),
        ({"draws": (cards("r5 r2"), cards("b5 b3"))}, ()),
        ({"draws": (cards("r5 r5 r5"), cards("b5 b5 b6"))}, ("draws-copies",)),
        ({"draws": (cards("r5"), cards("b9 b1"))}, ("draws-count",)),
        ({"draws": ((), ())}, ("draws-count",)),
        ({"draws": (cards("r5"), cards("b5")), "toss": True}, ("toss",)),
        ({"toss": True}, ("toss",)),
        ({"pool": Cards.parse("r1 r2 r3 r4 r5 b1 b2 b3 b4")}, ("pool-size", "pool-colours")),
        ({"pool": Cards.parse("r1 r2 r3 r4 r5 r6 b2 b3 b4 b5")}, ("pool-colours",)),
        ({"pool": Cards.parse("r1 r1 r1 r4 r5 b1 b2 b3 b4 b5")}, ("pool-copies",)),
        ({"hands": (Cards.parse("r1"), Cards())}, ("hands-in-draft",)),
        ({"mode": "twins-draft"}, ()),
        (
            {"mode": "twins-draft", "pool": Cards.parse("r1 r2 r3 r4 r5 b1 b2 b3 b4 b6")},
            ("pool-twins",),
        ),
        (
            {
                "mode": "twins",
                "pool": Cards(),
                "hands": (Cards.parse("r1 r2 r2 r5 r9"), Cards.parse("b1 b2 b2 b5 b9")),
            },
            (),
        ),
        (
            {
                "mode": "twins",
                "pool": Cards(),
                "hands": (Cards.parse("b1 b2 b2 b5 b9"), Cards.parse("r1 r2 r2 r5 r9")),
            },
            ("hand-colours", "hand-colours"),
        ),
        (
            {"mode": "twins", "hands": (Cards.parse("r1 r2 r2 r2 r9"), Cards.parse("b1 b2 b2 b5"))},
            ("pool-in-twins", "hand-size", "hands-twins", "hand-copies"),
        ),
    ],
)
def test_validate_deal_names_every_violation(
    changes: dict[str, object], expected: tuple[str, ...]
) -> None:
    found = make_deal(**changes)
    assert codes(found) == expected
    assert all(code in competitive.VIOLATION_CODES for code in codes(found))


def test_violations_are_sentences_citing_the_rule() -> None:
    found = make_deal(black=0, pool=Cards.parse("r1 r2 r3 r4 r5 b1 b2 b3 b4"))
    assert validate_deal(found) == (
        Violation(
            "draws-black",
            "player 1 drew the higher sum (9 against 5), so player 1 is Black, not player 0 (CS-2)",
        ),
        Violation("pool-size", "the draft pool holds 10 cards, not 9 (CS-3)"),
        Violation(
            "pool-colours",
            "the draft pool holds 5 red and 5 black cards, not 5 red and 4 black (CS-3)",
        ),
    )


def test_deal_types_are_checked() -> None:
    with pytest.raises(TypeError):
        make_deal(black=True)
    with pytest.raises(TypeError):
        make_deal(pool="r1 r2")
    with pytest.raises(TypeError):
        make_deal(draws=(["r5"], ["b9"]))
    with pytest.raises(TypeError):
        validate_deal("deal")  # type: ignore[arg-type]


# -- bots ----------------------------------------------------------------------------------------


def play(state: State, *steps: Action | tuple[Action, ...]) -> State:
    for step in steps:
        if isinstance(step, tuple):
            state.apply_actions(step)
        else:
            state.apply_action(step)
    return state


def draw(text: str) -> Draw:
    return Draw(card(text))


def red_to_win() -> CompetitiveSudokuState:
    """Red (seat 1) holds r1 r1 b1 / r2 r2 b2 / r3 r3 r9; b3 (which completes three
    triplet rows) is the top of Stack 1 of the black Pool; it is Red's turn."""
    state = CompetitiveSudoku().new_initial_state(0)
    play(state, draw("r9"), draw("r1"))  # seat 0 is Black
    play(state, *(draw(t) for t in ("r1", "r1", "r2", "r2", "r3", "b1", "b2", "b3", "b4", "b5")))
    blacks, reds = ("b1", "b2", "b3", "b4", "b5"), ("r1", "r1", "r2", "r2", "r3")
    for black, red in zip(blacks, reds, strict=True):
        play(state, Pick(card(black)), Pick(card(red)))
    for n, (black, red) in enumerate(zip(blacks, reds, strict=True), 1):
        play(state, (Place(card(black), n), Place(card(red), (1, 2, 4, 5, 7)[n - 1])))
    play(state, draw("r3"), draw("r4"), draw("b1"), draw("b2"))
    play(state, Take("b", 1), Place(card("b1"), 3), draw("b3"))
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 6))
    play(state, Take("b", 1), Place(card("b2"), 6), draw("b6"))
    play(state, TakeDeck(), draw("b8"), Place(card("b8"), 7))
    play(state, Take("r", 1), Place(card("r3"), 8), draw("r5"))
    play(state, TakeDeck(), draw("b7"), Place(card("b7"), 8))
    play(state, TakeDeck(), draw("r9"), Place(card("r9"), 9))
    play(state, TakeDeck(), draw("b9"), Place(card("b9"), 9))
    assert isinstance(state, CompetitiveSudokuState)
    return state


def test_the_greedy_bot_takes_an_available_winning_card() -> None:
    state = red_to_win()
    assert str(state.grid(1)) == "r1 r1 b1 / r2 r2 b2 / r3 r3 r9"
    assert str(state.table().pools[1]) == "black: b3 | b6"
    assert state.current_player() == 1
    assert len(state.legal_actions()) == 5  # four Stacks and the Deck
    bot = GreedyBot()
    for seed in range(10):
        rng = random.Random(seed)
        assert bot(state, 1, rng) == Take("b", 1)
        after = state.clone()
        after.apply_action(Take("b", 1))
        put = bot(after, 1, rng)
        assert isinstance(put, Swap) and (put.card, put.position) == (card("b3"), 9)
        after.apply_action(put)
        assert after.is_terminal() and after.returns() == (0, 20)


def test_the_greedy_bot_does_not_change_the_state() -> None:
    state = red_to_win()
    before = state.clone()
    GreedyBot()(state, 1, random.Random(0))
    assert state == before


def checked(bot: competitive.Bot) -> competitive.Bot:
    """``bot``, with every choice checked against the legal actions before it is played."""

    class Checked:
        name = bot.name
        decisions = 0

        def __call__(self, state: CompetitiveSudokuState, seat: int, rng: random.Random) -> Action:
            action = bot(state, seat, rng)
            assert action in state.legal_actions(seat), (str(state), seat, action)
            Checked.decisions += 1
            return action

    return Checked()


@pytest.mark.parametrize(
    ("mode", "options"),
    [
        ("draft", {}),
        ("twins", {}),
        ("twins-draft", {}),
        ("draft", {"copies_per_colour": 1, "max_turns": 25}),
        ("twins", {"copies_per_colour": 3, "equal_value_concede": "conceder_wins"}),
    ],
)
def test_the_greedy_bot_makes_only_legal_moves(mode: str, options: dict[str, object]) -> None:
    bots = (checked(GreedyBot()), checked(RandomBot()))
    for index in range(2):
        _, state = play_game(index, 5, mode, bots, options)  # type: ignore[arg-type]
        assert state.is_terminal()
    both = (checked(GreedyBot()), checked(GreedyBot()))
    _, state = play_game(0, 6, mode, both, options)  # type: ignore[arg-type]
    assert state.is_terminal()


def test_the_random_bot_is_uniform_and_seeded() -> None:
    state = red_to_win()
    legal = state.legal_actions(1)
    bot = RandomBot()
    counts = Counter(bot(state, 1, random.Random(seed)) for seed in range(5000))
    assert set(counts) == set(legal)
    assert all(900 <= n <= 1100 for n in counts.values())  # 1000 expected each
    assert bot(state, 1, random.Random(7)) == bot(state, 1, random.Random(7))


def test_bots_refuse_wrong_arguments() -> None:
    state = red_to_win()
    for bot in (RandomBot(), GreedyBot()):
        with pytest.raises(DokuspecError, match="no action"):
            bot(state, 0, random.Random(0))  # it is seat 1's turn
        with pytest.raises(TypeError):
            bot(state, 1, 0)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            bot("state", 1, random.Random(0))  # type: ignore[arg-type]
    assert make_bot("random").name == "random"
    assert make_bot("greedy").name == "greedy"
    with pytest.raises(DokuspecError, match="unknown bot 'smart'"):
        make_bot("smart")
    with pytest.raises(DokuspecError, match="best_calls"):
        GreedyBot(best_calls=10)
    with pytest.raises(TypeError):
        GreedyBot(conflict_limit=1.5)  # type: ignore[arg-type]


# -- outcomes ------------------------------------------------------------------------------------

# The engine's own account of each ending (its observation's "ending"), against outcome().
ENGINE_WORDS = {
    "win": "completed a winning hand",
    "concede": "conceded with",
    "concede-hands": "conceded: both score their hands",
    "both-conceded": "both players conceded",
    "turn-limit": "turns were played",
    "trade-limit": "both continued after",
    "nothing-to-trade": "no card is outside the Grids",
}


def test_outcomes_agree_with_the_engine_s_account() -> None:
    seen = Counter()
    runs = [
        ("draft", {}, 150),
        ("twins", {"equal_value_concede": "conceder_wins"}, 100),
        ("twins-draft", {"max_turns": 20}, 40),
        ("draft", {"max_trades": 0}, 60),
        ("twins", {"copies_per_colour": 1, "max_trades": 5}, 60),
    ]
    for mode, options, games in runs:
        for index in range(games):
            result, state = play_game(index, 1, mode, ("random", "random"), options)
            found = outcome(state)
            data = state.observation(0).data
            assert isinstance(data, dict)
            assert ENGINE_WORDS[found.ending] in str(data["ending"])
            assert list(found.scores) == data["result"]
            assert (found.turns, found.trades, found.black) == (
                data["turns"],
                data["trades"],
                data["black"],
            )
            assert result.ending == found.ending and result.scores == found.scores
            if found.ending in ("win", "concede"):
                assert found.winner is not None and found.scores[found.winner] > 0
            elif found.scores[0] == found.scores[1]:
                assert found.winner is None
            seen[found.ending] += 1
    assert set(seen) >= {"concede", "concede-hands", "both-conceded", "turn-limit", "trade-limit"}


def test_the_winning_hand_outcome_and_the_first_mover() -> None:
    state = red_to_win()
    play(state, Take("b", 1), Swap(card("b3"), 9, 1))
    found = outcome(state)
    # Draft mode: Red (seat 1) moves first (CS-9); seat 0 is Black.
    assert found == competitive.Outcome("win", 1, (0, 20), 0, 1, 8, 0)


def test_outcome_of_an_unfinished_game_is_refused() -> None:
    with pytest.raises(PositionError, match="not over"):
        outcome(red_to_win())


# -- simulation ----------------------------------------------------------------------------------


def test_simulation_is_reproducible() -> None:
    for mode in MODES:
        first = list(simulate(40, 9, mode))
        assert list(simulate(40, 9, mode)) == first
        assert [r.index for r in first] == list(range(40))
        assert len({r.seed for r in first}) == 40
    greedy = list(simulate(3, 2, "twins", ("greedy", "random")))
    assert list(simulate(3, 2, "twins", ("greedy", "random"))) == greedy


def test_simulation_results_do_not_depend_on_the_order_of_games() -> None:
    bots = ("greedy", "greedy")
    forward = list(simulate(3, 4, "draft", bots))
    # The greedy bot's answers must not depend on the solver's earlier queries:
    # forget the answers it kept, then play the games the other way round.
    for cached in (bots_module._outs, bots_module._completable, bots_module._best):
        cached.cache_clear()
    backward = [play_game(i, 4, "draft", bots)[0] for i in reversed(range(3))]
    assert backward[::-1] == forward
    randoms = list(simulate(30, 4, "twins-draft"))
    shuffled = list(range(30))
    random.Random(0).shuffle(shuffled)
    alone = {i: play_game(i, 4, "twins-draft")[0] for i in shuffled}
    assert [alone[i] for i in range(30)] == randoms


def test_game_seeds_depend_on_the_run_seed_and_the_index() -> None:
    seeds = {game_seed(s, i) for s in range(20) for i in range(50)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**63 for s in seeds)
    assert game_seed(3, 4) == game_seed(3, 4) != game_seed(4, 3)
    with pytest.raises(TypeError):
        game_seed(1.0, 0)  # type: ignore[arg-type]


def test_simulation_streams_and_writes_each_record_as_its_game_finishes(tmp_path: Path) -> None:
    results = simulate(3, 0, "draft", records=tmp_path / "records")
    assert (tmp_path / "records").is_dir() and not list((tmp_path / "records").iterdir())
    first = next(results)
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == ["game-000000.json"]
    rest = list(results)
    assert [r.index for r in [first, *rest]] == [0, 1, 2]
    names = sorted(p.name for p in (tmp_path / "records").iterdir())
    assert names == [record_name(i) for i in range(3)]  # no temporary file left


def test_records_replay_to_the_results(tmp_path: Path) -> None:
    results = list(simulate(6, 8, "twins", ("greedy", "random"), records=tmp_path))
    for result in results:
        path = tmp_path / record_name(result.index)
        text = path.read_text(encoding="utf-8")
        state = replay_record(text, source=str(path))
        found = outcome(state)
        assert (found.ending, found.winner, found.scores, found.black, found.first) == (
            result.ending,
            result.winner,
            result.scores,
            result.black,
            result.first,
        )
        assert state.seed == result.seed
        data = json.loads(text)
        assert data["result"] == list(result.scores)
        assert record_text(state) == text


def test_records_are_never_overwritten(tmp_path: Path) -> None:
    taken = tmp_path / record_name(1)
    taken.write_text("precious", encoding="utf-8")
    with pytest.raises(DokuspecError, match=r"holds .*game-000001\.json already"):
        simulate(3, 0, "draft", records=tmp_path)
    assert taken.read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == [record_name(1)]
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    with pytest.raises(DokuspecError, match="not a directory"):
        simulate(1, 0, "draft", records=a_file)


def test_simulate_checks_its_arguments_at_once() -> None:
    with pytest.raises(DokuspecError, match="unknown mode"):
        simulate(1, 0, "chess")
    with pytest.raises(DokuspecError, match="unknown bot"):
        simulate(1, 0, "draft", ("random", "smart"))
    with pytest.raises(DokuspecError, match="0 or more"):
        simulate(-1, 0, "draft")
    with pytest.raises(DokuspecError, match="mode="):
        simulate(1, 0, "draft", options={"mode": "twins"})
    with pytest.raises(GameOptionError, match="max_turns"):
        simulate(1, 0, "draft", options={"max_turns": 0})
    with pytest.raises(TypeError):
        simulate(1, 0, "draft", "random")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        simulate(True, 0, "draft")  # type: ignore[arg-type]
    assert list(simulate(0, 0, "draft")) == []


def test_game_options_reach_the_games() -> None:
    results = list(simulate(20, 0, "draft", options={"max_turns": 3}))
    assert all(r.ending == "turn-limit" and r.turns == 3 for r in results)
    assert all(r.scores == (0, 0) and r.winner is None for r in results)


def test_result_json() -> None:
    result = next(simulate(1, 0, "twins"))
    data = result.to_json()
    assert list(data) == [
        "index",
        "seed",
        "mode",
        "bots",
        "winner",
        "ending",
        "scores",
        "black",
        "first",
        "turns",
        "trades",
    ]
    assert data["bots"] == ["random", "random"] and data["index"] == 0
    assert json.loads(json.dumps(data)) == data


# -- summaries -----------------------------------------------------------------------------------


def result(
    ending: str, winner: int | None, scores: tuple[int, int], black: int, first: int
) -> GameResult:
    return GameResult(
        0, 0, "draft", ("random", "greedy"), ending, winner, scores, black, first, 30, 0
    )  # type: ignore[arg-type]


def test_summary_arithmetic_on_hand_made_results() -> None:
    results = [
        result("win", 1, (0, 20), black=1, first=0),  # Black wins, second player
        result("win", 0, (4, 17), black=0, first=0),  # Black and the first player win
        result("concede", 0, (6, 0), black=1, first=0),  # the first player wins
        result("concede-hands", 1, (3, 5), black=0, first=1),  # the first player wins
        result("both-conceded", None, (0, 0), black=0, first=1),
        result("turn-limit", None, (0, 0), black=1, first=0),
        result("concede-hands", None, (4, 4), black=1, first=0),
    ]
    summary = summarise(results)
    assert summary.games == 7
    assert summary.endings == {
        "win": 2,
        "concede": 1,
        "concede-hands": 2,
        "both-conceded": 1,
        "turn-limit": 1,
        "trade-limit": 0,
        "nothing-to-trade": 0,
    }
    assert list(summary.endings) == list(ENDINGS)
    assert summary.wins == (2, 2)
    assert summary.draws == 3
    assert summary.first_wins == 3
    assert summary.black_wins == 2
    assert summary.score_totals == (17, 46)
    assert summary.first_win_rate == 3 / 7
    assert summary.black_win_rate == 2 / 7
    assert summary.mean_scores == (17 / 7, 46 / 7)
    data = summary.to_json()
    assert data["draws"] == 3 and data["mean_scores"] == [17 / 7, 46 / 7]


def test_summary_of_no_games() -> None:
    summary = summarise([])
    assert (summary.games, summary.wins, summary.draws) == (0, (0, 0), 0)
    assert summary.first_win_rate is None and summary.black_win_rate is None
    assert summary.mean_scores is None
    assert summary.to_json()["first_win_rate"] is None
    with pytest.raises(TypeError):
        summarise(["win"])  # type: ignore[list-item]


def test_summary_of_a_simulation_counts_every_game() -> None:
    results = list(simulate(60, 1, "twins"))
    summary = summarise(results)
    assert sum(summary.endings.values()) == 60
    assert summary.wins[0] == sum(r.winner == 0 for r in results)
    assert summary.score_totals[1] == sum(r.scores[1] for r in results)


# -- records -------------------------------------------------------------------------------------


def finished_record() -> str:
    _, state = play_game(0, 3, "draft")
    return record_text(state)


def located(text: str | bytes) -> RecordFileError:
    with pytest.raises(RecordFileError) as caught:
        replay_record(text, source="game.json")
    return caught.value


def test_a_record_replays_to_an_equal_state() -> None:
    _, state = play_game(2, 3, "twins-draft", ("greedy", "random"))
    again = replay_record(record_text(state).encode("utf-8"))
    assert again == state
    assert replay_record("\ufeff" + record_text(state)) == state


def test_bad_json_is_located() -> None:
    error = located('{"game": "competitive",\n  "seed": 1,,\n}')
    assert (error.line, error.column, error.path) == (2, 13, None)
    assert (
        str(error) == "game.json:2:13: not JSON: Expecting property name enclosed in double quotes"
    )
    error = located(b'{"game": \xff}')
    assert (error.line, error.column) == (1, 10)
    assert "not UTF-8" in str(error)


def test_a_bad_card_is_located_at_its_step() -> None:
    text = finished_record()
    lines = text.splitlines()
    number = next(n for n, line in enumerate(lines) if '"pick"' in line)
    step = number - 5  # the actions start on line 6 (index 5)
    lines[number] = lines[number].replace('"card": "', '"card": "x', 1)
    error = located("\n".join(lines))
    assert error.path == f"$.actions[{step}].action.card"
    assert (error.line, error.column) == (number + 1, lines[number].index('"x') + 1)
    assert str(error).startswith(f"game.json:{number + 1}:{error.column}: $.actions[{step}]")
    assert "is not a card" in str(error)


def test_an_illegal_step_is_located() -> None:
    lines = finished_record().splitlines()
    number = next(n for n, line in enumerate(lines) if '"pick"' in line)
    lines[number] = (
        lines[number]
        .replace('"type": "pick"', '"type": "pass"', 1)
        .replace(', "card": "' + lines[number].split('"card": "')[1][:2] + '"', "")
    )
    error = located("\n".join(lines))
    assert error.path == f"$.actions[{number - 5}]"
    assert error.line == number + 1
    assert "illegal action pass" in str(error)


def test_a_wrong_result_is_located() -> None:
    text = finished_record()
    data = json.loads(text)
    data["result"] = [99, 99]
    error = located(json.dumps(data))
    assert error.path == "$.result"
    assert "the record says [99, 99]" in str(error)


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        (
            '{"game": "minidoku", "options": {}, "seed": 1, "actions": [], "result": null}',
            "$.game",
            "not a Competitive Sudoku record",
        ),
        (
            '{"game": "competitive", "options": {"max_turns": 0}, "seed": 1, "actions": [],'
            ' "result": null}',
            "$.options.max_turns",
            "max_turns",
        ),
        (
            '{"game": "competitive", "options": {}, "seed": "1", "actions": [], "result": null}',
            "$.seed",
            "is not of type 'integer'",
        ),
        ("[1]", "$", "is not of type 'object'"),
    ],
)
def test_record_shapes_are_checked(text: str, path: str, words: str) -> None:
    error = located(text)
    assert error.path == path
    assert words in str(error)
    assert error.line == 1


def test_an_unfinished_record_replays() -> None:
    state = CompetitiveSudoku().new_initial_state(5)
    for _ in range(7):
        state.apply_action(state.sample_chance_outcome())
    again = replay_record(record_text(state))
    assert again == state and not again.is_terminal()


def test_replay_record_refuses_other_types() -> None:
    with pytest.raises(TypeError):
        replay_record(["{}"])  # type: ignore[arg-type]


def test_every_step_of_a_record_is_one_line() -> None:
    _, state = play_game(0, 0, "twins")
    lines = record_text(state).splitlines()
    # "{", game, options, seed, "actions": [, one line per step, ], result, "}"
    assert len(lines) == len(state.history()) + 8
    steps = [json.loads(line.rstrip(",")) for line in lines[5:-3]]
    assert steps == [entry.to_json() for entry in state.history()]
    assert SIMULTANEOUS in {step["player"] for step in steps}


def test_the_table_is_drawn_within_80_columns() -> None:
    _, state = play_game(1, 0, "draft")
    text = competitive.table_text(state.table())
    assert all(len(line) <= 80 for line in text.splitlines())


def test_an_empty_records_path_is_refused() -> None:
    with pytest.raises(DokuspecError, match="the records directory is an empty path"):
        competitive.simulate(1, 0, "draft", records="")


def test_the_records_already_there_are_found_whatever_the_number_of_games(tmp_path: Path) -> None:
    # A billion names are never listed: what the directory holds decides.
    (tmp_path / "game-000123.json").write_text("{}")
    (tmp_path / "game-0123.json").write_text("{}")  # not a name simulate writes
    with pytest.raises(DokuspecError, match=r"game-000123\.json already"):
        competitive.simulate(10**9, 0, "draft", records=tmp_path)
    assert list(competitive.simulate(1, 0, "draft", records=tmp_path))  # 123 is not among 1 game


def test_records_get_the_mode_of_any_new_file(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        list(competitive.simulate(1, 0, "draft", records=tmp_path))
    finally:
        os.umask(mask)
    assert (tmp_path / "game-000000.json").stat().st_mode & 0o777 == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["game-000000.json"]  # no temporary left


# A record written before CS-20's revision, when the power series scored as a
# straight by default (game 13 of the run with seed 5, random against random):
# player 1 conceded and both scored their hands, player 1's worth 1 for a
# mixed power series, so the record's result is [2, 1].
OLD_RECORD = Path(__file__).parents[1] / "data" / "competitive-as-straight-record.json"


def test_a_record_written_before_the_power_series_revision_replays_to_its_result() -> None:
    """A record states every option, defaults included (CS-20, revised)."""
    text = OLD_RECORD.read_text(encoding="utf-8")
    assert '"power_series_points": "as_straight"' in text
    state = replay_record(text, source=OLD_RECORD.name)
    assert state.returns() == (2, 1)
    assert outcome(state).ending == "concede-hands"


def test_a_record_without_the_power_series_option_takes_the_default_and_its_result_is_checked() -> (
    None
):
    """A record without ``power_series_points`` is read with today's default, 0 (CS-20):
    a result that needs another reading is refused at ``$.result``, never replayed to
    another result."""
    data = json.loads(OLD_RECORD.read_text(encoding="utf-8"))
    del data["options"]["power_series_points"]
    error = located(json.dumps(data))
    assert error.path == "$.result"
    assert error.reason == "$.result: the record says [2, 1], the game gives [2, 0]"
    data["result"] = [2, 0]
    assert replay_record(json.dumps(data)).returns() == (2, 0)
