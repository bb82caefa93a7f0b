"""Information-set Monte Carlo tree search over the engine protocol, for every game.

:class:`ISMCTS` is a bot (``bot(state, player, rng) -> action``) that
searches any :class:`~dokuspec.engine.base.State`: single-observer
information-set MCTS (P. I. Cowling, E. J. Powley and D. Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE Transactions on
Computational Intelligence and AI in Games 4(2), 2012), with

* a *determinization* per iteration: the hidden information is drawn again
  from the searching player's information state
  (:meth:`~dokuspec.engine.base.State.resample_from_infostate`; a game of
  perfect information gives a copy), so the search never reads what its
  player cannot see;
* one tree per decision whose nodes are the searching player's view of
  the action sequence; an action's statistics count how often it was
  *available* as well as chosen, and selection is UCB1 over the available
  actions (the "subset-armed bandit" of the paper);
* chance nodes resolved with the *exact* probabilities of
  :meth:`~dokuspec.engine.base.State.chance_outcomes`, drawn with the
  search's own generator (never the state's seed, which would show the
  search the future draws), without nodes of their own (open loop);
* simultaneous nodes searched with decoupled UCT (M. Lanctot, V. Lisý and
  M. H. M. Winands, "Monte Carlo Tree Search in Simultaneous Move Games
  with Applications to Goofspiel", CGW 2013): each player chooses by its
  own statistics, the child is the joint action;
* rewards that are each player's *score* of a game: 1 for a win (a return
  above every other player's), 0.5 for a draw (shared with others), 0 for a
  loss; each player maximises its own expected score, its chance of winning
  (the margin of a win does not count, as in matches and ladders).

A game brings its knowledge through :class:`Knowledge`: the actions worth
searching (``candidates``: the legal actions by default), the value of a
state the game can judge without search (``evaluate``), the policy of the
playouts (``rollout``) and a decision taken without search when one action
is clearly right (``decide``). Every function is a module-level function
of the game's package, so that an agent pickles for a process pool.

The search is exactly reproducible: with a fixed number of ``iterations``
every choice depends only on the state and the ``rng`` the bot is called
with; a time limit (``seconds``) is offered for interactive use and is
not reproducible.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from dokuspec.engine.base import CHANCE, SIMULTANEOUS, TERMINAL, Action, State
from dokuspec.errors import DokuspecError, quote

__all__ = [
    "ISMCTS",
    "Knowledge",
    "legal_candidates",
    "random_rollout",
    "sample_chance",
    "scores",
]

#: ``candidates(state, player, rng)``: the actions the search weighs for ``player``.
Candidates = Callable[[Any, int, random.Random], Sequence[Action]]
#: ``evaluate(state, rng)``: each player's expected score 0-1 (1 a win, 0.5 a draw), when the
#: game can judge the state; else None.
Evaluate = Callable[[Any, random.Random], Sequence[float] | None]
#: ``rollout(state, player, rng)``: ``player``'s action in a playout.
Rollout = Callable[[Any, int, random.Random], Action]
#: ``decide(state, player, rng)``: an action to take without search, or None.
Decide = Callable[[Any, int, random.Random], Action | None]
#: ``playout(state, rng)``: play ``state`` on to its end (or a judged state); each player's
#: expected score 0-1.
Playout = Callable[[Any, random.Random], Sequence[float]]
#: ``key(state)``: what the candidates depend on (an information state's key).
Key = Callable[[Any], Hashable]
#: ``effort(state, player)``: the share of the iterations a decision is worth, above 0, at most 1.
Effort = Callable[[Any, int], float]


def legal_candidates(state: State, player: int, rng: random.Random) -> Sequence[Action]:
    """The candidates by default: ``state.legal_actions(player)``."""
    del rng
    return state.legal_actions(player)


def random_rollout(state: State, player: int, rng: random.Random) -> Action:
    """The playout policy by default: uniform among ``state.legal_actions(player)``."""
    return rng.choice(state.legal_actions(player))


def scores(returns: Sequence[float]) -> list[float]:
    """Each player's score of a finished game: 1 a win (the only best return), a share of 1
    for a best return shared by several (0.5 each in a two-player draw), 0 a loss."""
    best = max(returns)
    winners = sum(1 for r in returns if r == best)
    return [1.0 / winners if r == best else 0.0 for r in returns]


def sample_chance(state: State, rng: random.Random) -> Action:
    """A chance outcome of ``state`` drawn with ``rng`` by its exact probabilities.

    The outcomes' probabilities are :class:`fractions.Fraction` values: the draw is
    an integer below their common denominator, so it is exact.
    """
    outcomes = state.chance_outcomes()
    scale = math.lcm(*(p.denominator for _, p in outcomes))
    pick = rng.randrange(scale)
    for action, probability in outcomes:
        pick -= int(probability * scale)
        if pick < 0:
            return action
    return outcomes[-1][0]  # pragma: no cover - the probabilities sum to 1


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What a game tells the search (all optional; see the module).

    Attributes:
        candidates: the actions searched for a player; a subset of what the
            state accepts (legal actions and open actions such as a claim).
        evaluate: each player's expected score (0 to 1: 1 a win, 0.5 a
            draw) in a state the game can judge without playing on (a leaf
            of the search), or ``None``.
        rollout: the playouts' policy.
        decide: an action taken at once, without search (a win in one move,
            a forced move), or ``None`` to search.
        playout: plays a state on in the game's own way and gives each
            player's expected score (as ``evaluate``); replaces ``rollout``
            and ``evaluate`` in the playouts (``evaluate`` still judges the
            tree's nodes).
        key: what ``candidates`` depends on: a node of the tree computes
            the candidates once per key (so that candidates drawn at random
            stay the same at a node); ``None``: every time.
        effort: the share (above 0, at most 1) of the agent's iterations that a
            decision is worth; ``None``: all of them.
        rollout_limit: the most actions of a playout; a playout cut short is
            scored by ``evaluate`` if it can, else as a draw (0.5 each).
    """

    candidates: Candidates = legal_candidates
    evaluate: Evaluate | None = None
    rollout: Rollout = random_rollout
    decide: Decide | None = None
    playout: Playout | None = None
    key: Key | None = None
    effort: Effort | None = None
    rollout_limit: int = 1000


class _Stats:
    """An action's statistics at a node: visits, total reward, times available."""

    __slots__ = ("available", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 0


class _Node:
    """A node of the tree: per acting player, each action's statistics; the children."""

    __slots__ = ("children", "options", "stats")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, _Stats]] = {}
        self.children: dict[object, _Node] = {}
        self.options: dict[object, Sequence[Action]] = {}


@dataclass(frozen=True, slots=True)
class ISMCTS:
    """A search agent for any game of the engine protocol (see the module).

    Attributes:
        name: its name in reports (``"strong"``).
        iterations: determinized iterations per decision, 1 to 1,000,000.
        knowledge: the game's knowledge (:class:`Knowledge`).
        exploration: UCB1's constant ``c`` (rewards are 0-1), 0 to 10.
        seconds: a time limit per decision in seconds, or ``None``: the
            search stops after ``iterations`` or at the limit, whichever
            comes first (a limit makes the choices depend on the machine).

    Raises:
        TypeError: a wrong argument type.
        DokuspecError: a value out of range.
    """

    name: str
    iterations: int
    knowledge: Knowledge = field(default_factory=Knowledge)
    exploration: float = 0.7
    seconds: float | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise TypeError("an agent's name is a non-empty str")
        count = self.iterations
        if isinstance(count, bool) or not isinstance(count, int):
            raise TypeError(f"iterations is an int, not {type(count).__name__}")
        if not 1 <= count <= 10**6:
            raise DokuspecError(f"iterations are 1-1,000,000, not {quote(count)}")
        if not isinstance(self.knowledge, Knowledge):
            raise TypeError(f"knowledge is a Knowledge, not {type(self.knowledge).__name__}")
        c = self.exploration
        if isinstance(c, bool) or not isinstance(c, int | float) or not 0 <= c <= 10:
            raise DokuspecError(f"exploration is a number 0-10, not {quote(c)}")
        limit = self.seconds
        if limit is not None and (
            isinstance(limit, bool) or not isinstance(limit, int | float) or not limit > 0
        ):
            raise DokuspecError(f"seconds is a number above 0 or None, not {quote(limit)}")

    def __call__(self, state: State, player: int, rng: random.Random) -> Action:
        """The action of ``player`` in ``state``: the most visited at the root.

        Raises:
            DokuspecError: ``player`` is not to act in ``state``.
        """
        current = state.current_player()
        if current not in (player, SIMULTANEOUS):
            raise DokuspecError(f"player {player} has no action to choose here")
        knowledge = self.knowledge
        if knowledge.decide is not None:
            chosen = knowledge.decide(state, player, rng)
            if chosen is not None:
                return chosen
        options = knowledge.candidates(state, player, rng)
        if not options:
            raise DokuspecError(f"player {player} has no action to choose from")
        if len(options) == 1:
            return options[0]
        root = _Node()
        if knowledge.key is not None:
            root.options[(player, knowledge.key(state))] = options
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        iterations = self.iterations
        if knowledge.effort is not None:
            share = min(1.0, max(0.0, float(knowledge.effort(state, player))))
            iterations = max(1, round(iterations * share))
        for _ in range(iterations):
            self._iterate(root, state.resample_from_infostate(player, rng), rng)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        # The most visited candidate; among equals the better average, then the first.
        table = root.stats.get(player, {})
        chosen_action, chosen_key = options[0], (-1, -math.inf)
        for action in options:
            stats = table.get(action)
            if stats is not None and stats.visits:
                key = (stats.visits, stats.reward / stats.visits)
                if key > chosen_key:
                    chosen_action, chosen_key = action, key
        return chosen_action

    # -- one iteration -------------------------------------------------------------------------

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        knowledge = self.knowledge
        game = state.game
        players = game.num_players()
        path: list[tuple[_Node, int, Action]] = []
        node = root
        expanded = False
        judged: Sequence[float] | None = None
        while not expanded:
            current = state.current_player()
            if current == TERMINAL:
                break
            if current == CHANCE:
                state.apply_action(sample_chance(state, rng))
                continue
            if knowledge.evaluate is not None and path:
                judged = knowledge.evaluate(state, rng)
                if judged is not None:
                    break
            if current == SIMULTANEOUS:
                joint: list[Action] = []
                for p in range(players):
                    action, new = self._select(node, state, p, rng)
                    joint.append(action)
                    path.append((node, p, action))
                    expanded = expanded or new
                key: object = tuple(joint)
                state.apply_actions(joint)
            else:
                action, expanded = self._select(node, state, current, rng)
                path.append((node, current, action))
                key = (current, action)
                state.apply_action(action)
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                expanded = True
            node = child
        if judged is not None:
            rewards: Sequence[float] = judged
        elif state.current_player() == TERMINAL:
            rewards = scores(state.returns())
        elif knowledge.playout is not None:
            rewards = knowledge.playout(state, rng)
        else:
            rewards = self._playout(state, rng, players)
        for at, p, action in path:
            stats = at.stats[p][action]
            stats.visits += 1
            stats.reward += rewards[p]

    def _select(
        self, node: _Node, state: State, player: int, rng: random.Random
    ) -> tuple[Action, bool]:
        """UCB1 among ``player``'s available actions; an untried one first (expansion)."""
        knowledge = self.knowledge
        if knowledge.key is None:
            options = knowledge.candidates(state, player, rng)
        else:
            key = (player, knowledge.key(state))
            found = node.options.get(key)
            if found is None:
                found = node.options[key] = knowledge.candidates(state, player, rng)
            options = found
        if not options:  # an engine that offers no action: take what the state lists
            options = state.legal_actions(player)
        table = node.stats.setdefault(player, {})
        untried: list[Action] = []
        for action in options:
            stats = table.get(action)
            if stats is None:
                stats = table[action] = _Stats()
            stats.available += 1
            if stats.visits == 0:
                untried.append(action)
        if untried:
            return rng.choice(untried), True
        c = self.exploration
        best_value = -math.inf
        best: list[Action] = []
        for action in options:
            stats = table[action]
            value = stats.reward / stats.visits + c * math.sqrt(
                math.log(stats.available) / stats.visits
            )
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return (best[0] if len(best) == 1 else rng.choice(best)), False

    def _playout(self, state: State, rng: random.Random, players: int) -> Sequence[float]:
        """Play on with the rollout policy; each player's score (see :func:`scores`)."""
        knowledge = self.knowledge
        for _ in range(knowledge.rollout_limit):
            current = state.current_player()
            if current == TERMINAL:
                return scores(state.returns())
            if knowledge.evaluate is not None and current != CHANCE:
                judged = knowledge.evaluate(state, rng)
                if judged is not None:
                    return judged
            if current == CHANCE:
                state.apply_action(sample_chance(state, rng))
            elif current == SIMULTANEOUS:
                state.apply_actions([knowledge.rollout(state, p, rng) for p in range(players)])
            else:
                state.apply_action(knowledge.rollout(state, current, rng))
        if state.current_player() == TERMINAL:
            return scores(state.returns())
        if knowledge.evaluate is not None:
            judged = knowledge.evaluate(state, rng)
            if judged is not None:
                return judged
        return [0.5] * players
