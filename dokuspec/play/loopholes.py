"""Loopholes, found by search: simple policies that beat strong play, or games that end by one rule.

For each option set of a game's kit (:attr:`~dokuspec.play.kit.PlayKit.option_sets`)
:func:`loopholes` plays each of the kit's scripted exploit policies
(:attr:`~dokuspec.play.kit.PlayKit.exploits`) against each opponent of the
kit's :attr:`~dokuspec.play.kit.PlayKit.loophole_opponents` (the strong agent,
and whatever models of table play the game adds), in both seats on shared
deals, and the opponent against itself (the baseline). It reports a
:class:`Finding`:

* ``"wins"``: the policy's win rate has a 95% Wilson interval whose lower end
  is above ``threshold`` (60% by default): it beats the opponent far more
  than a strong player should;
* ``"ending"``: one rule ends more than ``dominance`` (80% by default) of the
  baseline's games (how strong play ends), or of a policy's games when that
  rule is not the baseline's,

each with the rule IDs involved and a sample game record (the first game
that shows it), replayable with ``dokuspec GAME replay``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from dokuspec.engine.base import JSONValue
from dokuspec.engine.playout import play_out
from dokuspec.errors import DokuspecError, quote
from dokuspec.play.kit import agent, kit
from dokuspec.play.matches import MatchGame, play_games
from dokuspec.play.stats import Interval, wilson_interval

__all__ = ["Finding", "Trial", "dominant", "findings", "loopholes", "search", "trials"]


@dataclass(frozen=True, slots=True)
class Trial:
    """A policy's games against an opponent under one option set.

    Attributes:
        option_set: the option set's name.
        policy: the policy (an exploit's name, or the opponent's for the baseline).
        opponent: the agent it played.
        games: the games, the policy in seat 0 in the even ones.
        wins: the policy's wins, with the interval.
        endings: games per ending.
    """

    option_set: str
    policy: str
    opponent: str
    games: tuple[MatchGame, ...]
    wins: Interval
    endings: dict[str, int]

    def to_json(self) -> dict[str, JSONValue]:
        """``{"option_set", "policy", "opponent", "games", "wins", "endings"}``."""
        return {
            "option_set": self.option_set,
            "policy": self.policy,
            "opponent": self.opponent,
            "games": len(self.games),
            "wins": dict(self.wins.to_json()),
            "endings": dict(self.endings),
        }


@dataclass(frozen=True, slots=True)
class Finding:
    """A loophole: a trial whose policy wins too often, or whose games end by one rule.

    Attributes:
        kind: ``"wins"`` or ``"ending"`` (see the module).
        trial: the games that show it.
        rules: the rule IDs involved: the endings of the policy's wins
            (``"wins"``), or the dominant ending (``"ending"``).
        share: the policy's win rate (``"wins"``) or the dominant ending's
            share of the games (``"ending"``).
        sample: the game record (JSON text) of the first game that shows it.
        sample_index: that game's index in the trial.
    """

    kind: str
    trial: Trial
    rules: tuple[str, ...]
    share: float
    sample: str
    sample_index: int

    def to_json(self) -> dict[str, JSONValue]:
        """``{"kind", "trial", "rules", "share", "sample_index", "sample"}``."""
        return {
            "kind": self.kind,
            "trial": self.trial.to_json(),
            "rules": list(self.rules),
            "share": self.share,
            "sample_index": self.sample_index,
            "sample": self.sample,
        }


def _trial(game: str, option_set: str, policy: str, opponent: str, games: int, seed: int) -> Trial:
    options = kit(game).option_set(option_set)
    played = tuple(play_games(game, (policy, opponent), games, seed, options, alternate=True))
    won = sum(g.winner is not None and g.agents[g.winner] == policy for g in played)
    if policy == opponent:  # the baseline: seat 0's wins
        won = sum(g.winner == 0 for g in played)
    endings: dict[str, int] = {}
    for result in played:
        endings[result.ending] = endings.get(result.ending, 0) + 1
    return Trial(option_set, policy, opponent, played, wilson_interval(won, len(played)), endings)


def _record(game: str, option_set: str, result: MatchGame) -> str:
    """The record of ``result``'s game, played again from its seed with its agents, and
    checked: the rules engine replays it to the same outcome.

    Raises:
        RuntimeError: the replayed record ends otherwise (the agents and the
            rules engine disagree: a bug, never expected).
    """
    found = kit(game)
    state = play_out(
        found.make_game(found.option_set(option_set)),
        [agent(game, name) for name in result.agents],
        result.seed,
    )
    text = found.record_of(state)
    again = found.outcome(found.replayed(text))
    if (again.winner, again.ending, again.turns) != (result.winner, result.ending, result.turns):
        raise RuntimeError(
            f"internal error: game {result.index} of {option_set} ended {result.ending} "
            f"(winner {result.winner}), its record replays to {again.ending} "
            f"(winner {again.winner})"
        )
    return text


def trials(
    game: str,
    option_sets: Sequence[str] | None = None,
    games: int = 20,
    seed: int = 0,
    *,
    policies: Sequence[str] | None = None,
    opponents: Sequence[str] | None = None,
) -> Iterator[Trial]:
    """Every trial of the search, in order: per option set, the baseline of each opponent,
    then each exploit tried under that set against each opponent.

    Args:
        game: an installed game with a play kit.
        option_sets: the option sets to search (default: all of the kit's).
        games: games per trial, an even number (both seats on each deal).
        seed: the run's seed.
        policies: the exploits to try (default: all); a baseline runs only
            when the opponent's own name is among them (or by default).
        opponents: the opponents (default: the kit's ``loophole_opponents``).

    Raises:
        DokuspecError: an unknown option set, exploit or opponent; an odd
            number of games or fewer than 2.
    """
    found = kit(game)
    names = tuple(found.option_sets) if option_sets is None else tuple(option_sets)
    for name in names:
        found.option_set(name)
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise DokuspecError(f"games per trial are an even number, 2 or more, not {quote(games)}")
    exploits = {exploit.name: exploit for exploit in found.exploits}
    chosen = tuple(exploits) if policies is None else tuple(policies)
    rivals = found.loophole_opponents if opponents is None else tuple(opponents)
    for policy in chosen:
        if policy not in exploits and policy not in rivals:
            raise DokuspecError(
                f"unknown exploit {quote(policy)} (exploits: {', '.join(exploits)})"
            )
    for rival in rivals:
        agent(game, rival)
    for name in names:
        for opponent in rivals:
            if policies is None or opponent in chosen:
                yield _trial(game, name, opponent, opponent, games, seed)
        for policy in chosen:
            exploit = exploits.get(policy)
            if exploit is None or (exploit.options and name not in exploit.options):
                continue
            for opponent in rivals:
                yield _trial(game, name, policy, opponent, games, seed)


def dominant(trial: Trial, dominance: float = 0.8) -> str | None:
    """The ending of more than ``dominance`` of the trial's games, or ``None``."""
    if not trial.games:
        return None
    ending, count = max(trial.endings.items(), key=lambda item: (item[1], item[0]))
    return ending if count / len(trial.games) > dominance else None


def findings(
    game: str,
    trial: Trial,
    *,
    threshold: float = 0.6,
    dominance: float = 0.8,
    usual: str | None = None,
) -> list[Finding]:
    """The findings a trial shows (see the module).

    Args:
        game: the game.
        trial: its games.
        threshold: the win rate whose interval's lower end makes a finding.
        dominance: the share of games one ending must exceed to make a finding.
        usual: the baseline's dominant ending (the opponent against itself
            under the same option set): a policy whose games end that way
            makes no ending finding, since that is how strong play ends.
    """
    found: list[Finding] = []
    played = trial.games
    baseline = trial.policy == trial.opponent
    if not baseline and trial.wins.low > threshold:
        won = [g for g in played if g.winner is not None and g.agents[g.winner] == trial.policy]
        rules = tuple(sorted({g.ending for g in won}))
        found.append(
            Finding(
                "wins",
                trial,
                rules,
                trial.wins.estimate,
                _record(game, trial.option_set, won[0]),
                won[0].index,
            )
        )
    ending = dominant(trial, dominance)
    if ending is not None and (baseline or ending != usual):
        first = next(g for g in played if g.ending == ending)
        found.append(
            Finding(
                "ending",
                trial,
                (ending,),
                trial.endings[ending] / len(played),
                _record(game, trial.option_set, first),
                first.index,
            )
        )
    return found


def loopholes(
    game: str,
    option_sets: Sequence[str] | None = None,
    games: int = 20,
    seed: int = 0,
    *,
    policies: Sequence[str] | None = None,
    opponents: Sequence[str] | None = None,
    threshold: float = 0.6,
    dominance: float = 0.8,
) -> tuple[list[Trial], list[Finding]]:
    """Run the search (:func:`trials`) and read its findings (:func:`findings`).

    Args:
        game, option_sets, games, seed, policies, opponents: as :func:`trials`.
        threshold: the win rate whose interval's lower end makes a finding.
        dominance: the share of games one ending must exceed to make a finding.

    Returns:
        Every trial, and every finding.

    Raises:
        As :func:`trials`.
    """
    done: list[Trial] = []
    found: list[Finding] = []
    for trial, these in search(
        game,
        option_sets,
        games,
        seed,
        policies=policies,
        opponents=opponents,
        threshold=threshold,
        dominance=dominance,
    ):
        done.append(trial)
        found.extend(these)
    return done, found


def search(
    game: str,
    option_sets: Sequence[str] | None = None,
    games: int = 20,
    seed: int = 0,
    *,
    policies: Sequence[str] | None = None,
    opponents: Sequence[str] | None = None,
    threshold: float = 0.6,
    dominance: float = 0.8,
) -> Iterator[tuple[Trial, list[Finding]]]:
    """Each trial of :func:`trials` with its findings, as it finishes; a policy's ending
    is weighed against the baseline of its opponent and option set (see :func:`findings`).

    Raises:
        As :func:`trials`.
    """
    usual: dict[tuple[str, str], str | None] = {}
    for trial in trials(game, option_sets, games, seed, policies=policies, opponents=opponents):
        if trial.policy == trial.opponent:
            usual[(trial.option_set, trial.opponent)] = dominant(trial, dominance)
        yield (
            trial,
            findings(
                game,
                trial,
                threshold=threshold,
                dominance=dominance,
                usual=usual.get((trial.option_set, trial.opponent)),
            ),
        )
