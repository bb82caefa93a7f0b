"""The conformance suite: random games that every registered game must pass.

One suite holds every game of :mod:`dokuspec.engine` to the engine protocol
(:mod:`dokuspec.engine.base`), checking at every state of random playouts
the invariants OpenSpiel checks for its own games. Each check has a name,
which a failure reports:

``length``
    The history never grows past :meth:`~dokuspec.engine.base.Game.max_game_length`.
``returns``
    :meth:`~dokuspec.engine.base.State.returns` has one number per player,
    each within :meth:`~dokuspec.engine.base.Game.min_utility` and
    :meth:`~dokuspec.engine.base.Game.max_utility`.
``terminal``
    A state is terminal exactly when its current player is
    :data:`~dokuspec.engine.base.TERMINAL`; a terminal state offers no legal
    action to anyone, no open action and no chance outcome; a state that is
    not terminal offers its actor(s) at least one listed action, and open
    actions (:meth:`~dokuspec.engine.base.State.open_actions`) only to them.
``chance``
    At a chance node the outcomes are distinct, each has an exact
    probability (:class:`~fractions.Fraction`) above 0, the probabilities sum
    to exactly 1, and the legal actions are the outcomes; elsewhere there
    are no chance outcomes.
``action-json``
    Every legal action has a one-line text and a JSON form that the game
    reads back to an equal action.
``clone``
    A clone equals its state, and acting on the clone leaves the state as
    it was.
``observation``
    Every observation is JSON-able and belongs to its player; for each
    player, a state re-drawn from their information state
    (:meth:`~dokuspec.engine.base.State.resample_from_infostate`: same public
    history and same private information, other hidden information drawn
    again) looks the same to them, as data and as text, and offers them the
    same legal actions when it is their turn.
``illegal-action``
    Actions seen elsewhere in the game but not legal here raise
    :class:`~dokuspec.engine.base.IllegalActionError` and leave the state
    exactly as it was (compared field by field, not with the game's own
    ``==``).
``simultaneous``
    :meth:`~dokuspec.engine.base.State.apply_actions` refuses, leaving the
    state unchanged, a joint action with one action too few or too many at
    a simultaneous node, and any joint action elsewhere.
``record``
    The game record, written to JSON text and read back, replays to an
    equal state (checked after 0, 1, 2, 4, 8, ... steps and at the end of
    the game, since each replay costs the whole history).
``seed``
    The same seed picks the same chance outcome at the same node, and the
    same seed and the same choices give the same game again.

The players choose uniformly at random among their legal actions with a
generator seeded by a *policy seed*; chance outcomes come from
:meth:`~dokuspec.engine.base.State.sample_chance_outcome`, driven by the
game's *seed*. Both seeds come from Hypothesis (:func:`playouts`), so a
failure shrinks to a short game and is reported with both seeds and the
history. Every failure is a :class:`ConformanceError`, an
:class:`AssertionError`.
"""

from __future__ import annotations

import json
import pickle
import random
import textwrap
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction

import hypothesis
from hypothesis import given
from hypothesis import strategies as st

from dokuspec.engine.base import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Action,
    Game,
    GameRecord,
    HistoryEntry,
    IllegalActionError,
    State,
    load_game,
    replay,
)
from dokuspec.errors import DiscrepancyError
from dokuspec.seeds import check_seed

__all__ = [
    "CHECKS",
    "ConformanceError",
    "check_game",
    "check_playout",
    "playouts",
]

CHECKS = (
    "length",
    "returns",
    "terminal",
    "chance",
    "action-json",
    "clone",
    "observation",
    "illegal-action",
    "simultaneous",
    "record",
    "seed",
)
"""The names of the checks, in the order they run on each state."""

_ILLEGAL_TRIES = 3
"""How many actions seen elsewhere are tried as illegal actions at each state."""


class ConformanceError(DiscrepancyError):
    """A game broke the engine protocol in a random playout.

    Attributes:
        check: the name of the failed check (one of :data:`CHECKS`).
        game: the game, with its options (``repr``).
        seed: the game's seed.
        policy_seed: the seed of the players' random choices.
        history: the steps played before the failure, as text.
        problem: what is wrong.
    """

    def __init__(
        self,
        check: str,
        game: str,
        seed: int,
        policy_seed: int,
        history: tuple[HistoryEntry, ...],
        problem: str,
    ) -> None:
        self.check = check
        self.game = game
        self.seed = seed
        self.policy_seed = policy_seed
        self.history = tuple(_entry_text(entry) for entry in history)
        self.problem = problem
        steps = "; ".join(self.history) or "(none)"
        wrapped = textwrap.fill(
            f"history ({len(history)} steps): {steps}",
            width=78,
            initial_indent="  ",
            subsequent_indent="    ",
        )
        super().__init__(
            f"conformance check {check!r} failed for {game} "
            f"(seed {seed}, policy seed {policy_seed}): {problem}\n{wrapped}"
        )


def _entry_text(entry: HistoryEntry) -> str:
    if entry.player == CHANCE:
        return f"chance: {entry.actions[0]}"
    if entry.player == SIMULTANEOUS:
        return "all: " + ", ".join(str(action) for action in entry.actions)
    return f"p{entry.player}: {entry.actions[0]}"


def _frozen(state: State) -> tuple[int, object, bytes]:
    """A fingerprint of the state, to tell whether the very same object changed.

    The history is append-only (its entries are frozen values), so its
    length and last entry stand for it; every other field is pickled. This
    keeps the check linear in the game's length rather than quadratic.
    """
    fields = dict(vars(state))
    history = fields.pop("_history")
    assert isinstance(history, list)
    last = history[-1] if history else None
    return len(history), last, pickle.dumps(fields, protocol=pickle.HIGHEST_PROTOCOL)


def _snapshot(value: object) -> object:
    """Everything ``value`` holds, as comparable nested tuples (independent of ``==``).

    Frozen dataclasses (actions, history entries) are values and compare
    with their own ``==``; everything else is taken apart field by field.
    """
    if isinstance(value, str | int | float | bool | Fraction) or value is None:
        return value
    params = getattr(value, "__dataclass_params__", None)
    if params is not None and params.frozen:
        return value  # a value object (an action): compared with ==
    if isinstance(value, list | tuple):
        return (type(value).__name__, tuple(_snapshot(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple(sorted((repr(k), _snapshot(v)) for k, v in value.items())))
    if isinstance(value, set | frozenset):
        return (type(value).__name__, frozenset(value))
    fields: dict[str, object] = {}
    if hasattr(value, "__dict__"):
        fields.update(vars(value))
    for klass in type(value).__mro__:
        for slot in getattr(klass, "__slots__", ()):
            if hasattr(value, slot):
                fields[slot] = getattr(value, slot)
    if fields:
        return (type(value).__qualname__, _snapshot(fields))
    return value


class _Playout:
    """One random game under check: its seeds, the actions seen, the failure report."""

    def __init__(self, game: Game, seed: int, policy_seed: int) -> None:
        self.game = game
        self.seed = seed
        self.policy_seed = policy_seed
        self.policy = random.Random(f"policy:{policy_seed}")
        self.checks_rng = random.Random(f"checks:{policy_seed}")
        self.seen: dict[Action, None] = {}
        self.state: State | None = None

    def fail(self, check: str, problem: str) -> ConformanceError:
        history = self.state.history() if self.state is not None else ()
        return ConformanceError(
            check, repr(self.game), self.seed, self.policy_seed, history, problem
        )

    @contextmanager
    def checking(self, check: str) -> Iterator[None]:
        """Turn an unexpected exception raised by the game into a failure of ``check``."""
        try:
            yield
        except ConformanceError:
            raise
        except Exception as error:
            raise self.fail(check, f"raised {type(error).__name__}: {error}") from error

    def expect(self, check: str, condition: bool, problem: str) -> None:
        if not condition:
            raise self.fail(check, problem)

    # -- the checks --------------------------------------------------------------------------

    def check_state(self, state: State) -> None:
        self.state = state
        game = self.game
        players = range(game.num_players())
        with self.checking("length"):
            length = len(state.history())
            self.expect(
                "length",
                length <= game.max_game_length(),
                f"{length} steps, but max_game_length() is {game.max_game_length()}",
            )
        with self.checking("returns"):
            returns = tuple(state.returns())
            self.expect(
                "returns",
                len(returns) == game.num_players(),
                f"returns() {returns} has not one value per player",
            )
            low, high = game.min_utility(), game.max_utility()
            for player, value in enumerate(returns):
                self.expect(
                    "returns",
                    isinstance(value, int | float | Fraction) and not isinstance(value, bool),
                    f"player {player}'s return {value!r} is not a number",
                )
                self.expect(
                    "returns",
                    low <= value <= high,
                    f"player {player}'s return {value} is outside [{low}, {high}]",
                )
        current = state.current_player()
        with self.checking("terminal"):
            self.expect(
                "terminal",
                current in (CHANCE, SIMULTANEOUS, TERMINAL) or current in players,
                f"current_player() {current} is neither a player nor a marker",
            )
            self.expect(
                "terminal",
                state.is_terminal() == (current == TERMINAL),
                f"is_terminal() is {state.is_terminal()} but current_player() is {current}",
            )
            if current == TERMINAL:
                for player in players:
                    offered = state.legal_actions(player)
                    self.expect(
                        "terminal",
                        not offered,
                        f"the finished game offers player {player} {_shown(offered)}",
                    )
                self.expect(
                    "terminal",
                    not state.legal_actions() and not state.chance_outcomes(),
                    "the finished game offers actions or chance outcomes",
                )
                for player in players:
                    self.expect(
                        "terminal",
                        not state.open_actions(player),
                        f"the finished game offers player {player} open actions "
                        f"{state.open_actions(player)}",
                    )
            elif current == SIMULTANEOUS:
                for player in players:
                    self.expect(
                        "terminal",
                        bool(state.legal_actions(player)),
                        f"player {player} has no legal action at the simultaneous node",
                    )
            else:
                self.expect(
                    "terminal", bool(state.legal_actions()), "the game is stuck: no legal action"
                )
        with self.checking("terminal"):
            for player in players:
                if current not in (player, SIMULTANEOUS):
                    self.expect(
                        "terminal",
                        not state.open_actions(player),
                        f"player {player} is offered open actions "
                        f"{state.open_actions(player)} when it is not their turn",
                    )
        with self.checking("chance"):
            self.check_chance(state, current)
        actions = self.actions_here(state, current)
        with self.checking("action-json"):
            for action in actions:
                text = str(action)
                self.expect(
                    "action-json",
                    bool(text) and "\n" not in text,
                    f"action {action!r} has no one-line text",
                )
                data = json.loads(json.dumps(action.to_json()))
                back = game.action_from_json(data)
                self.expect(
                    "action-json", back == action, f"{action} reads back from JSON as {back}"
                )
        with self.checking("clone"):
            self.check_clone(state, current)
        with self.checking("observation"):
            for player in players:
                self.check_observation(state, player, current)
        with self.checking("illegal-action"):
            self.check_illegal(state, actions)
        with self.checking("simultaneous"):
            self.check_joint(state, current)
        steps = len(state.history())
        # Replaying costs the whole history, so records are replayed at 0, 1, 2,
        # 4, 8, ... steps and at the end: O(n log n) per game, not O(n^2).
        if state.is_terminal() or steps & (steps - 1) == 0:
            self.check_record(state)
        if current == CHANCE:
            with self.checking("seed"):
                first, second = state.sample_chance_outcome(), state.sample_chance_outcome()
                self.expect(
                    "seed",
                    first == second,
                    f"the same seed at the same node gave {first}, then {second}",
                )
        for action in actions:
            self.seen.setdefault(action, None)

    def check_record(self, state: State) -> None:
        game = self.game
        with self.checking("record"):
            record = state.record()
            self.expect(
                "record", record.game == game.name, f"the record names the game {record.game!r}"
            )
            text = json.dumps(record.to_json())
            replayed = replay(GameRecord.from_json(json.loads(text)))
            self.expect(
                "record",
                _snapshot(replayed) == _snapshot(state) and replayed == state,
                f"the record replays to a different state: {replayed} instead of {state}",
            )

    def check_chance(self, state: State, current: int) -> None:
        outcomes = state.chance_outcomes()
        if current != CHANCE:
            self.expect("chance", not outcomes, "chance outcomes at a node that is not chance")
            return
        self.expect("chance", bool(outcomes), "a chance node without outcomes")
        actions = [action for action, _ in outcomes]
        self.expect(
            "chance",
            len(set(actions)) == len(actions),
            f"duplicate chance outcomes: {_shown(actions)}",
        )
        for action, probability in outcomes:
            self.expect(
                "chance",
                isinstance(probability, Fraction) and 0 < probability <= 1,
                f"outcome {action} has probability {probability!r}, not a Fraction in (0, 1]",
            )
        total = sum((probability for _, probability in outcomes), Fraction(0))
        self.expect("chance", total == 1, f"the chance probabilities sum to {total}, not 1")
        self.expect(
            "chance",
            tuple(state.legal_actions()) == tuple(actions),
            "the legal actions at the chance node are not its outcomes",
        )

    def actions_here(self, state: State, current: int) -> tuple[Action, ...]:
        if current == SIMULTANEOUS:
            found: dict[Action, None] = {}
            for player in range(self.game.num_players()):
                found.update(dict.fromkeys(state.legal_actions(player)))
            return tuple(found)
        return tuple(state.legal_actions())

    def joint(self, state: State) -> tuple[Action, ...]:
        return tuple(
            self.checks_rng.choice(state.legal_actions(player))
            for player in range(self.game.num_players())
        )

    def step(self, state: State, rng: random.Random) -> None:
        current = state.current_player()
        if current == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        elif current == SIMULTANEOUS:
            state.apply_actions(
                [rng.choice(state.legal_actions(p)) for p in range(self.game.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))

    def check_clone(self, state: State, current: int) -> None:
        before = _frozen(state)
        clone = state.clone()
        self.expect("clone", clone is not state, "clone() returned the state itself")
        self.expect(
            "clone",
            clone == state and _snapshot(clone) == _snapshot(state),
            f"the clone {clone} differs from the state {state}",
        )
        if current != TERMINAL:
            self.step(clone, random.Random(self.checks_rng.random()))
            self.expect(
                "clone",
                _frozen(state) == before,
                "acting on the clone changed the state: they share data",
            )

    def check_observation(self, state: State, player: int, current: int) -> None:
        seen = state.observation(player)
        self.expect(
            "observation", seen.player == player, f"observation({player}) is for {seen.player}"
        )
        self.expect(
            "observation",
            json.loads(json.dumps(seen.data)) == seen.data and isinstance(seen.text, str),
            f"observation({player}) is not JSON-able data with a text",
        )
        other = state.resample_from_infostate(player, self.checks_rng)
        self.expect(
            "observation",
            type(other) is type(state)
            and other.game == state.game
            and [e.player for e in other.history()] == [e.player for e in state.history()]
            and other.current_player() == current,
            f"resample_from_infostate({player}) changed the public history: {other}",
        )
        theirs = other.observation(player)
        self.expect(
            "observation",
            theirs.data == seen.data,
            f"player {player} sees hidden information in the data: {seen.data} here, "
            f"{theirs.data} in {other}, a state they cannot tell apart",
        )
        self.expect(
            "observation",
            theirs.text == seen.text,
            f"player {player} sees hidden information in the text: {seen.text!r} here, "
            f"{theirs.text!r} in {other}, a state they cannot tell apart",
        )
        if current in (player, SIMULTANEOUS):
            mine, other_legal = state.legal_actions(player), other.legal_actions(player)
            self.expect(
                "observation",
                mine == other_legal,
                f"player {player}'s legal actions depend on hidden information: "
                f"{_shown(mine)} here, {_shown(other_legal)} in {other}",
            )

    def check_illegal(self, state: State, legal: tuple[Action, ...]) -> None:
        allowed = set(legal)
        candidates = [action for action in self.seen if action not in allowed]
        tries = self.checks_rng.sample(candidates, min(_ILLEGAL_TRIES, len(candidates)))
        for action in tries:
            before = _frozen(state)
            try:
                state.apply_action(action)
            except IllegalActionError:
                pass
            else:
                raise self.fail("illegal-action", f"the illegal action {action} was accepted")
            self.expect(
                "illegal-action",
                _frozen(state) == before,
                f"the illegal action {action} changed the state before it was refused",
            )

    def check_joint(self, state: State, current: int) -> None:
        count = self.game.num_players()
        if current == SIMULTANEOUS:
            joint = self.joint(state)
            wrong = [joint[:-1], (*joint, joint[-1])]
        elif self.seen:
            wrong = [tuple(self.checks_rng.choice(list(self.seen)) for _ in range(count))]
        else:
            return
        for actions in wrong:
            before = _frozen(state)
            try:
                state.apply_actions(actions)
            except IllegalActionError:
                pass
            else:
                raise self.fail(
                    "simultaneous",
                    f"apply_actions accepted {len(actions)} actions for {count} players "
                    f"at a node where current_player() is {current}: {_shown(actions)}",
                )
            self.expect(
                "simultaneous",
                _frozen(state) == before,
                f"the refused joint action {_shown(actions)} changed the state",
            )


def _shown(actions: object) -> str:
    if isinstance(actions, list | tuple):
        return "[" + ", ".join(str(action) for action in actions) + "]"
    return str(actions)


def check_playout(game: Game, seed: int, policy_seed: int) -> GameRecord:
    """Play one random game of ``game`` and check every state (all of :data:`CHECKS`).

    Args:
        game: the game, with its options.
        seed: the seed of :meth:`~dokuspec.engine.base.Game.new_initial_state`,
            an integer 0 to ``2**64 - 1`` (:mod:`dokuspec.seeds`).
        policy_seed: the seed of the players' uniformly random choices, the same.

    Returns:
        The record of the finished game.

    Raises:
        TypeError: a seed is not an int.
        DokuspecError: a seed outside 0 to ``2**64 - 1``.
        ConformanceError: a check failed (named in the error, with both
            seeds and the history up to the failing state).
    """
    check_seed(seed)
    check_seed(policy_seed, "the policy seed")
    playout = _Playout(game, seed, policy_seed)
    with playout.checking("seed"):
        first = game.new_initial_state(seed)
        playout.expect(
            "seed",
            first == game.new_initial_state(seed),
            "two initial states with the same seed differ",
        )
    state = first
    while True:
        playout.check_state(state)
        if state.is_terminal():
            break
        playout.step(state, playout.policy)
    record = state.record()
    again = _Playout(game, seed, policy_seed)
    with again.checking("seed"):
        other = game.new_initial_state(seed)
        while not other.is_terminal() and len(other.history()) <= len(state.history()):
            again.step(other, again.policy)
        playout.expect(
            "seed",
            other.record() == record,
            f"the same seeds gave another game: {[_entry_text(e) for e in other.history()]}",
        )
    return record


def playouts() -> st.SearchStrategy[tuple[int, int]]:
    """Pairs ``(seed, policy_seed)`` for :func:`check_playout`; they shrink toward 0."""
    seeds = st.integers(min_value=0, max_value=2**32 - 1)
    return st.tuples(seeds, seeds)


def check_game(
    game: Game | str | Callable[[], Game],
    *,
    games: int | None = None,
    seed: int | None = None,
    settings: hypothesis.settings | None = None,
) -> None:
    """Play random games of ``game`` with Hypothesis and check every state.

    Usable from any test: ``check_game("minidoku")``. Failures shrink to a
    small pair of seeds; only the first distinct failure is reported.

    Args:
        game: a game, a registered name, or a function making the game.
        games: how many games to play; by default the active Hypothesis
            profile's ``max_examples``.
        seed: a seed for Hypothesis's choice of games, for a reproducible
            run, an integer 0 to ``2**64 - 1``; by default Hypothesis chooses.
        settings: Hypothesis settings to start from instead of the active
            profile.

    Raises:
        ConformanceError: a check failed (see :data:`CHECKS`).
        RegistryError: ``game`` is a name no game is registered under.
        TypeError, DokuspecError: ``seed`` is not a seed
            (:func:`dokuspec.seeds.check_seed`).
    """
    if seed is not None:
        check_seed(seed)
    if isinstance(game, str):
        game = load_game(game)
    elif not isinstance(game, Game):
        game = game()
    chosen = hypothesis.settings(
        settings if settings is not None else hypothesis.settings(),
        report_multiple_bugs=False,
        deadline=None,
    )
    if games is not None:
        chosen = hypothesis.settings(chosen, max_examples=games)
    target = game

    @chosen
    @given(playouts())
    def run(seeds: tuple[int, int]) -> None:
        check_playout(target, *seeds)

    if seed is not None:
        run = hypothesis.seed(seed)(run)
    run()
