"""Write the figures and the numbers of the handbook's Two-Doku chapter.

Run from the repository root (after installing dokuspec)::

    python scripts/make_twodoku_figures.py           # write the files
    python scripts/make_twodoku_figures.py --check   # compare, write nothing

Writes the SVG pictures under ``docs/figures/twodoku/`` and, under
``docs/generated/``, the record of every computed fact
(``twodoku-facts.json``), the deal shown and the view of the worked
example in their JSON forms (``twodoku-deal.json``, ``twodoku-view.json``)
and the reStructuredText pieces that
``docs/rules/twodoku.rst`` includes (``twodoku-*.inc``). Nothing in them is
typed by hand, and every fact is checked against a second reading:

* a deal from a fixed seed (TD-2 to TD-4, TD-16):
  :func:`dokuspec.twodoku.deal`, judged by :func:`dokuspec.twodoku.validate`
  and checked here to hold ten of each digit and two piles of equal sum;
* the exact numbers of fair deals of its face-down draw:
  :func:`dokuspec.twodoku.count_fair_deals` (the spec's generating
  function), checked against the engine's own count
  (:func:`dokuspec.engine.twodoku.fair_deal_count`);
* the acceptance rate of "shuffle the 82 and deal again until fair",
  measured by shuffling the 82 dominoes left by that draw, and checked to lie
  within five standard errors of the exact probability;
* the acceptance probability of every one of the 12,870 face-down draws
  (the engine's counts), its lowest and highest (checked against the
  spec's counts) and its mean over the draws, weighted by how likely each
  draw is, checked to equal exactly the spec's count for all 90 dominoes
  with the 8 face-down and the 2 of the pot set aside together;
* how often a uniform fair deal meets each balance option (TD-15), over
  many deals of that draw, each validated with the options it meets; and a
  deal the solver balances, validated with its option;
* a worked example of hidden information (TD-11): a game the engine plays
  from a fixed seed, one player's view, and what
  :func:`dokuspec.twodoku.inference.infer_face_down` concludes from it, with
  the SAT backend and with Z3 (which must agree), checked against the
  face-down digits the engine really dealt, and the game's record checked
  to replay;
* what colouring in lines does (:func:`colouring_facts`): :data:`COLOURING_GAMES`
  games played to the start of play by the inference bot colouring in lines
  against the inference bot spreading its colour out, and for each player how
  many of their squares have a face-down domino in their row, column or box;
  one of those views is drawn;
* the statistics of the bots' games (:func:`statistics`, recorded in
  ``twodoku-stats.json``): :data:`STATS_GAMES` games of each pairing of the
  two bots (:mod:`dokuspec.twodoku.bots`, Red's bot first), played by
  :func:`dokuspec.twodoku.simulation.play_game` (game ``index`` of the run
  with :data:`STATS_SEED`, which is also game ``index`` of
  :func:`~dokuspec.twodoku.simulation.simulate`) and counted by
  :func:`~dokuspec.twodoku.simulation.summarise`. Each game's result is
  worked out again from its piles (TD-10) and must be the engine's, and
  each game's record is replayed and must give the same state. The summary
  of the first :data:`STATS_SAMPLE` games of each pairing is recorded too,
  so that the tests can play those again.

When two readings disagree the script writes nothing, prints ``refused:``
and why, and exits with status 1. With ``--check`` it writes nothing,
prints the files that differ from what it would write (or that it would no
longer write) and exits with status 1 if there are any. The run takes
about four minutes: two counting the fair deals of every draw, and a
minute and a half playing the statistics' games on two cores (``--jobs``,
default: every core; two and a half minutes of processor time).
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import Any

import _figures
from _figures import DisagreementError, facts_json, figure, list_table, number

from dokuspec import twodoku
from dokuspec.engine import twodoku as engine
from dokuspec.engine.base import CHANCE, replay
from dokuspec.render.twodoku import deal_svg, deal_text, position_svg, view_svg
from dokuspec.solvers import CACHE
from dokuspec.spec.twodoku import fair_deals as spec_fair
from dokuspec.twodoku import inference as twodoku_inference
from dokuspec.twodoku import simulation
from dokuspec.twodoku.bots import InferenceBot
from dokuspec.twodoku.simulation import ENDINGS, GameResult, summarise
from dokuspec.vocabulary.twodoku import (
    COPIES,
    DIGITS,
    FACE_DOWN_COUNT,
    FULL_SET,
    POT_SIZE,
    Deal,
    Dominoes,
    Position,
    Square,
    View,
)

ROOT = Path(__file__).resolve().parent.parent
FIGURES = Path("docs/figures/twodoku")
GENERATED = Path("docs/generated")
FACTS = GENERATED / "twodoku-facts.json"
STATS = GENERATED / "twodoku-stats.json"

# The deal shown: dokuspec.twodoku.deal(DEAL_SEED), with its default options.
DEAL_SEED = 1
# Shuffles of the 82 dominoes left by that deal's face-down draw, from this seed.
SHUFFLES = 100_000
SHUFFLE_SEED = 1
# Uniform fair deals of that draw (seeds 0 to BALANCE_DEALS - 1) checked against each option.
BALANCE_DEALS = 10_000
# The balance options whose share of fair deals is measured, by how they are written.
BALANCES: tuple[tuple[str, Any], ...] = (
    ("``max_digit_count_gap=1``", twodoku.Balance(max_digit_count_gap=1)),
    ("``max_digit_count_gap=2``", twodoku.Balance(max_digit_count_gap=2)),
    ("``max_digit_count_gap=3``", twodoku.Balance(max_digit_count_gap=3)),
    ("``max_digit_count_gap=4``", twodoku.Balance(max_digit_count_gap=4)),
    ("``equal_high_count``", twodoku.Balance(equal_high_count=True)),
)
# The balanced deal shown: dokuspec.twodoku.deal(BALANCED_SEED, balance=BALANCED).
BALANCED_SEED = 1
BALANCED = twodoku.Balance(max_digit_count_gap=1, equal_high_count=True)


# The game of the worked example: chance from the seed; in the colouring and
# placing phases both players choose uniformly at random among their legal
# actions with random.Random(seed); in the play phase each player plays a
# domino of their pile, chosen uniformly among the plays on a square TD-7
# allows that clash with no face-up domino, and ends the turn when there is
# none (never taking or returning a domino). The first seed from HIDDEN_SEED
# on whose game reaches, with Red to move, a view with at least three
# dominoes still face down, one revealed before, one face-down domino whose
# digit Red can name and a play Red can tell is a certain hidden clash, is
# shown (at the first such moment of its game).
HIDDEN_SEED = 1
OBSERVER = 0  # Red

# The colourings compared: games 0 to COLOURING_GAMES - 1 (engine seed = the game's
# number) played to the start of play by the inference bot colouring in lines against
# the inference bot spreading its colour, the lines bot Red in even games and Blue in
# odd ones, each bot with random.Random(2 * game + its seat). Game 0 is shown.
COLOURING_GAMES = 100


# -- the facts ---------------------------------------------------------------------------


def deal_facts() -> dict[str, Any]:
    """The deal of :data:`DEAL_SEED`, validated and checked by plain arithmetic."""
    deal = twodoku.deal(DEAL_SEED)
    problems = twodoku.validate(deal)
    if problems:
        raise DisagreementError(f"deal({DEAL_SEED}) breaks the rules: {problems}")
    everything = Counter([*deal.pot, *deal.red, *deal.blue, *(f.digit for f in deal.face_down)])
    if everything != Counter(dict.fromkeys(DIGITS, COPIES)):
        raise DisagreementError(f"deal({DEAL_SEED}) does not hold ten of each digit")
    if sum(deal.red) != sum(deal.blue) or len(deal.red) != len(deal.blue):
        raise DisagreementError(f"deal({DEAL_SEED}) is not fair")
    return {
        "seed": DEAL_SEED,
        "deal": deal.to_json(),
        "face down": str(deal.face_down_dominoes()),
        "pile sum": sum(deal.red),
        "pot sum": sum(deal.pot),
    }


def count_facts(draw: Dominoes) -> dict[str, Any]:
    """The exact counts of the fair deals of a face-down draw, by the spec and by the engine."""
    counted = twodoku.count_fair_deals(draw)
    if engine.fair_deal_count(draw) != counted.fair:
        raise DisagreementError(f"{draw}: the spec and the engine count different fair deals")
    left = len(FULL_SET) - len(draw)
    pile = (left - POT_SIZE) // 2
    total = math.factorial(left) // (
        math.factorial(POT_SIZE) * math.factorial(pile) * math.factorial(pile)
    )
    if counted.total != total:
        raise DisagreementError(f"{draw}: {counted.total} deals in all, not {total}")
    return {
        "face down": str(draw),
        "fair": counted.fair,
        "total": counted.total,
        "multisets": counted.multisets,
        "pots": len(counted.by_pot),
    }


def shuffle_facts(draw: Dominoes, counts: Mapping[str, Any]) -> dict[str, Any]:
    """Shuffle the dominoes a draw leaves and deal, :data:`SHUFFLES` times: how often is it fair?"""
    left = list(FULL_SET - draw)
    rng = random.Random(SHUFFLE_SEED)
    fair = 0
    for _ in range(SHUFFLES):
        rng.shuffle(left)
        pile = (len(left) - POT_SIZE) // 2
        if sum(left[POT_SIZE : POT_SIZE + pile]) == sum(left[POT_SIZE + pile :]):
            fair += 1
    exact = counts["fair"] / counts["total"]
    error = math.sqrt(exact * (1 - exact) / SHUFFLES)
    if abs(fair / SHUFFLES - exact) > 5 * error:
        raise DisagreementError(
            f"{fair} of {SHUFFLES} shuffles were fair, far from the exact {exact:.4%}"
        )
    return {"seed": SHUFFLE_SEED, "shuffles": SHUFFLES, "fair": fair}


def every_draw() -> Iterable[tuple[tuple[int, ...], int]]:
    """Every face-down draw as digit counts, with its number of physical draws."""
    for counts in itertools.product(range(FACE_DOWN_COUNT + 1), repeat=9):
        if sum(counts) == FACE_DOWN_COUNT:
            yield counts, math.prod(math.comb(COPIES, n) for n in counts)


def draws_facts() -> dict[str, Any]:
    """The acceptance probability of every face-down draw: lowest, highest and mean.

    The engine counts every draw; the lowest and highest are counted again by
    the spec, and the mean, weighted by the physical draws, must equal the
    spec's count for all 90 dominoes with 10 set aside (the 8 face-down and
    the pot): that is the chance that a shuffle of all 90 deals fair piles.
    """
    found = []
    weighted = Fraction(0)
    draws = 0
    for counts, ways in every_draw():
        draw = Dominoes.from_counts(counts)
        probability = Fraction(engine.fair_deal_count(draw), _all_deals())
        found.append((probability, str(draw)))
        weighted += ways * probability
        draws += ways
    mean = weighted / draws
    if draws != math.comb(len(FULL_SET), FACE_DOWN_COUNT):
        raise DisagreementError(f"{draws} draws counted, not C(90, 8)")
    aside = spec_fair.count_fair_deals(FULL_SET.counts(), pot_size=FACE_DOWN_COUNT + POT_SIZE)
    if Fraction(aside.fair, aside.total) != mean:
        raise DisagreementError("the mean over the draws is not the count with 10 set aside")
    found.sort()
    extremes = {}
    for name, (probability, draw) in (("lowest", found[0]), ("highest", found[-1])):
        counted = twodoku.count_fair_deals(Dominoes.parse(draw))
        if Fraction(counted.fair, counted.total) != probability:
            raise DisagreementError(f"{draw}: the spec and the engine count differently")
        extremes[name] = {"face down": draw, "fair": counted.fair}
    return {
        "draws": len(found),
        "mean": {"fair": aside.fair, "total": aside.total},
        **extremes,
    }


def _all_deals() -> int:
    """Every deal of the 82 dominoes a draw leaves: 82! / (2! 40! 40!)."""
    return math.factorial(82) // (2 * math.factorial(40) ** 2)


def balance_facts(draw: Dominoes) -> dict[str, Any]:
    """How many of :data:`BALANCE_DEALS` uniform fair deals of ``draw`` meet each option."""
    sample = [twodoku.deal(seed, face_down=draw) for seed in range(BALANCE_DEALS)]
    met = []
    for label, balance in BALANCES:
        count = 0
        for deal in sample:
            gaps = [abs(deal.red.count(d) - deal.blue.count(d)) for d in DIGITS]
            high = [sum(pile.count(d) for d in (7, 8, 9)) for pile in (deal.red, deal.blue)]
            plain = (
                balance.max_digit_count_gap is None or max(gaps) <= balance.max_digit_count_gap
            ) and (not balance.equal_high_count or high[0] == high[1])
            judged = not twodoku.validate(deal, balance)
            if plain != judged:
                raise DisagreementError(f"{label}: validate() judges a deal otherwise")
            count += judged
        met.append({"option": label, "deals": count})
    balanced = twodoku.deal(BALANCED_SEED, balance=BALANCED)
    if twodoku.validate(balanced, BALANCED):
        raise DisagreementError(f"deal({BALANCED_SEED}, balance={BALANCED}) is not balanced")
    red, blue = balanced.pile("red"), balanced.pile("blue")
    return {
        "deals": BALANCE_DEALS,
        "solver tries": twodoku.SOLVER_TRIES,
        "met": met,
        "balanced": {
            "seed": BALANCED_SEED,
            "balance": str(BALANCED),
            "red": red.counts(),
            "blue": blue.counts(),
            "sum": red.total,
        },
    }


def _play_turn(state: Any, player: int, rng: random.Random) -> Any:
    """A play on an allowed square that clashes with no face-up domino, or the end of the turn."""
    view = state.view(player)
    plays = [
        engine.PlayDomino(digit, square)
        for square in state.allowed_squares(player)
        for digit in view.pile.distinct()
        if all(view.face_up.get(peer) != digit for peer in square.peers)
    ]
    return rng.choice(plays) if plays else engine.EndTurn()


def _planned(state: Any, view: View) -> list[tuple[Square, int]]:
    """Every play the observer could make now: a digit of the pile on a square TD-7 allows."""
    return [(s, d) for s in state.allowed_squares(OBSERVER) for d in view.pile.distinct()]


def _worth_showing(state: Any, view: View) -> bool:
    """At least three dominoes face down, one revealed before, one whose digit the observer
    can name, and a play the observer can tell is a certain hidden clash."""
    if len(view.face_down) < 3 or not any(getattr(e, "revealed", None) for e in view.events):
        return False
    inference = twodoku_inference.infer_face_down(view, plays=_planned(state, view))
    named = any(len(domino.possible) == 1 for domino in inference.dominoes)
    return named and any(play.verdict == "hidden-clash" for play in inference.plays)


def hidden_facts() -> dict[str, Any]:
    """The worked example of hidden information: a view, its inference and the truth."""
    game = engine.TwoDoku()
    for seed in range(HIDDEN_SEED, HIDDEN_SEED + 100):
        state = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance_outcome())
            elif state.phase != "play":
                state.apply_action(rng.choice(state.legal_actions(player)))
            elif player == OBSERVER:
                view = state.view(OBSERVER)
                if _worth_showing(state, view):
                    return _example(seed, state, view)
                state.apply_action(_play_turn(state, player, rng))
            else:
                state.apply_action(_play_turn(state, player, rng))
    raise DisagreementError(f"no game from seed {HIDDEN_SEED} on reaches a view worth showing")


def _coloured(game: int) -> Any:
    """Game ``game`` of the colourings compared, at the start of play (see
    :data:`COLOURING_GAMES`)."""
    state = engine.TwoDoku().new_initial_state(game)
    lines = game % 2
    bots = [InferenceBot(), InferenceBot()]
    bots[lines] = InferenceBot(colouring="lines")
    rngs = [random.Random(2 * game + seat) for seat in (0, 1)]
    while state.phase != "play":
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(bots[player](state, player, rngs[player]))
    return state


def colouring_facts() -> dict[str, Any]:
    """How many of each player's 36 squares have a face-down domino in their row, column
    or box once play begins, colouring in lines against spreading out; game 0's view."""
    exposed: dict[str, list[int]] = {"lines": [], "spread": []}
    for game in range(COLOURING_GAMES):
        state = _coloured(game)
        position = state.position()
        down = {f.square for f in position.face_down}
        for seat, squares in enumerate(state.colours()):
            count = sum(1 for square in squares if square.peers & down)
            exposed["lines" if seat == game % 2 else "spread"].append(count)
    summary = {
        name: {
            "mean": round(sum(counts) / len(counts), 1),
            "lowest": min(counts),
            "highest": max(counts),
        }
        for name, counts in exposed.items()
    }
    return {
        "games": COLOURING_GAMES,
        "exposed": summary,
        "view": _coloured(0).view(0).to_json(),
    }


def _example(seed: int, state: Any, view: View) -> dict[str, Any]:
    if replay(state.record()) != state:
        raise DisagreementError(f"seed {seed}: the game's record replays differently")
    planned = _planned(state, view)
    # The reasons ``explain`` gives are one unsat core, which depends on what the
    # compiled solver learnt before: start from freshly compiled solvers.
    CACHE.clear()
    answers = {
        backend: twodoku_inference.infer_face_down(
            view, plays=planned, backend=backend, explain=True
        )
        for backend in ("sat", "z3")
    }
    sat, z3 = answers["sat"], answers["z3"]
    if not sat.complete or not z3.complete:
        raise DisagreementError("the inference did not decide every digit")
    for mine, theirs in zip(sat.dominoes, z3.dominoes, strict=True):
        if (mine.square, mine.possible) != (theirs.square, theirs.possible):
            raise DisagreementError(f"{mine.square}: SAT and Z3 infer different digits")
    if [p.verdict for p in sat.plays] != [p.verdict for p in z3.plays]:
        raise DisagreementError("SAT and Z3 judge the planned plays differently")
    deal = state.deal()
    truth = {Square(f.row, f.col): f.digit for f in deal.face_down}
    for domino in sat.dominoes:
        if truth[domino.square] not in domino.possible:
            raise DisagreementError(f"{domino.square} holds {truth[domino.square]}, ruled out")
    dealt_pile = view.initial_pile
    dealt_pot = view.initial_pot
    assert dealt_pile is not None and dealt_pot is not None
    face_down_sum = FULL_SET.total - 2 * dealt_pile.total - dealt_pot.total
    if face_down_sum != sum(truth.values()):
        raise DisagreementError("the face-down digits do not sum to what the fair deal implies")
    revealed = {s: truth[s] for s in truth if s in view.face_up}
    verdicts = Counter(play.verdict for play in sat.plays)
    certain = [
        {"square": str(p.square), "digit": p.digit, "against": [str(s) for s in p.against]}
        for p in sat.plays
        if p.verdict == "hidden-clash"
    ]
    named = next(d for d in sat.dominoes if len(d.possible) == 1)
    return {
        "seed": seed,
        "turns": state.turns,
        "events": len(view.events),
        "view": view.to_json(),
        "position": state.position().to_json(),
        "initial pile sum": dealt_pile.total,
        "initial pot sum": dealt_pot.total,
        "face-down sum": face_down_sum,
        "revealed": {str(s): d for s, d in sorted(revealed.items())},
        "dominoes": [
            {
                "square": str(d.square),
                "placed by": d.placed_by,
                "possible": list(d.possible),
                "truth": truth[d.square],
            }
            for d in sat.dominoes
        ],
        "named": {
            "square": str(named.square),
            "digit": named.possible[0],
            "reasons": {str(k): list(v) for k, v in sorted(named.reasons.items())},
        },
        "plays": {verdict: verdicts[verdict] for verdict in sorted(verdicts)},
        "certain clashes": certain,
    }


# The statistics: STATS_GAMES games (indices 0 to STATS_GAMES - 1 of the run with
# seed STATS_SEED) of every pairing of the bots (Red's bot first), with the
# default options.
STATS_SEED = 1
STATS_GAMES = 500
STATS_SAMPLE = 5
PAIRINGS = (
    ("random", "random"),
    ("inference", "random"),
    ("random", "inference"),
    ("inference", "inference"),
)


def _replay(text: str, where: str) -> Any:
    return simulation.replay_record(text, source=where)


def stats_game(task: tuple[int, int]) -> GameResult:
    """Game ``index`` of pairing ``number`` (:data:`PAIRINGS`) of the statistics run, its
    result and its record checked."""
    number, index = task
    bots = PAIRINGS[number]
    where = f"{' v '.join(bots)}, game {index}"
    return _figures.checked_game(
        where,
        partial(simulation.play_game, index, STATS_SEED, bots),
        _replay,
        simulation.record_text,
    )


def setting_stats(games: Sequence[GameResult]) -> dict[str, Any]:
    """The summary of a pairing's games."""
    return {"summary": _figures.counted(summarise(games).to_json(), len(games))}


def statistics(
    games: int = STATS_GAMES, sample: int = STATS_SAMPLE, jobs: int = 1
) -> dict[str, Any]:
    """The statistics of :data:`PAIRINGS`, ``games`` games each, the first ``sample`` summed
    apart; ``jobs`` processes play them."""
    return _figures.statistics(
        stats_game,
        [{"bots": list(bots)} for bots in PAIRINGS],
        setting_stats,
        STATS_SEED,
        games,
        sample,
        jobs,
    )


# -- the files ---------------------------------------------------------------------------


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _share(share: float) -> str:
    """A share as a percentage with one decimal; over 99.9 % is not rounded up to 100."""
    return "over 99.9 %" if share > 0.999 else f"{100 * share:.1f} %"


def _percent(fair: int, total: int, places: int = 2) -> str:
    return f"{100 * fair / total:.{places}f} %"


def deal_figure(facts: Mapping[str, Any]) -> str:
    deal = Deal.from_json(facts["deal"])
    return deal_svg(deal, title=f"deal({facts['seed']})")


def deal_include(facts: Mapping[str, Any]) -> str:
    deal = Deal.from_json(facts["deal"])
    out = figure(
        FIGURES,
        "deal",
        "A deal: the board with both colourings and eight face-down dominoes, and the digit"
        " counts of the pot, both piles and the face-down dominoes.",
        f"``dokuspec.twodoku.deal({facts['seed']})``: both piles sum to"
        f" {facts['pile sum']}, the pot to {facts['pot sum']}; the face-down digits are"
        f" {facts['face down']}.",
    )
    out += [
        "The same deal as text (:func:`~dokuspec.render.twodoku.deal_text`):",
        "",
        ".. code-block:: text",
        "",
        *(f"   {line}" if line else "" for line in deal_text(deal).split("\n")),
    ]
    return "\n".join(out) + "\n"


def fair_include(facts: Mapping[str, Any]) -> str:
    counts = facts["counts"]
    shuffled = facts["shuffles"]
    draws = facts["solved"]["draws"]
    mean = draws["mean"]
    rows = [
        ("Deals of the 82, pieces counted (2 + 40 + 40)", number(counts["total"])),
        ("Fair deals, pieces counted", number(counts["fair"])),
        ("Chance that a shuffle is fair", _percent(counts["fair"], counts["total"], 3)),
        (
            f"Shuffles that were fair, of {number(shuffled['shuffles'])}",
            f"{number(shuffled['fair'])} ({_percent(shuffled['fair'], shuffled['shuffles'], 3)})",
        ),
        ("Fair deals, digit multisets counted", number(counts["multisets"])),
        ("Pots that occur in a fair deal", str(counts["pots"])),
    ]
    out = list_table((f"Face-down draw {counts['face down']}", "Count"), rows, widths="70 30")
    lowest, highest = draws["lowest"], draws["highest"]
    total = _all_deals()
    out += [
        "",
        *list_table(
            ("Over every face-down draw", "Chance that a shuffle is fair"),
            [
                (
                    f"lowest: {lowest['face down']}",
                    _percent(lowest["fair"], total, 3),
                ),
                (
                    f"highest: {highest['face down']}",
                    _percent(highest["fair"], total, 3),
                ),
                (
                    f"mean over the {number(math.comb(90, 8))} draws of 8 of the 90",
                    _percent(mean["fair"], mean["total"], 3),
                ),
            ],
            widths="70 30",
        ),
    ]
    return "\n".join(out) + "\n"


def balance_include(facts: Mapping[str, Any]) -> str:
    balance = facts["balance"]
    tries = facts["balance"]["solver tries"]
    rows = []
    for row in balance["met"]:
        share = row["deals"] / balance["deals"]
        rows.append(
            (
                row["option"],
                number(row["deals"]),
                f"{100 * share:.1f} %",
                _share(1 - (1 - share) ** tries),
            )
        )
    header = (
        "Option (TD-15)",
        f"Fair deals that meet it, of {number(balance['deals'])}",
        "Share",
        f"One of {tries} fair deals meets it",
    )
    out = list_table(header, rows, widths="28 28 16 28")
    shown = balance["balanced"]
    counts = [
        (
            name,
            *(str(n) for n in shown[key]),
            str(sum(d * n for d, n in zip(DIGITS, shown[key], strict=True))),
        )
        for name, key in (("Red", "red"), ("Blue", "blue"))
    ]
    out += [
        "",
        f"``dokuspec.twodoku.deal({shown['seed']}, balance=Balance.parse("
        f'"{shown["balance"]}"))`` deals these piles, digit by digit:',
        "",
        *list_table(("Pile", *map(str, DIGITS), "sum"), counts),
    ]
    return "\n".join(out) + "\n"


def view_figure(facts: Mapping[str, Any]) -> str:
    view = View.from_json(facts["view"])
    squares = [Square.parse(d["square"]) for d in facts["dominoes"]]
    return view_svg(view, highlight=squares, title=f"Red's view after {facts['turns']} turns")


def truth_figure(facts: Mapping[str, Any]) -> str:
    position = Position.from_json(facts["position"])
    squares = [Square.parse(d["square"]) for d in facts["dominoes"]]
    return position_svg(position, highlight=squares, title="What was really dealt")


def colouring_figure(facts: Mapping[str, Any]) -> str:
    view = View.from_json(facts["view"])
    return view_svg(view, title="Red coloured in lines, Blue spread out")


def colouring_include(facts: Mapping[str, Any]) -> str:
    lines, spread = facts["exposed"]["lines"], facts["exposed"]["spread"]
    out = figure(
        FIGURES,
        "colouring",
        "Red's view at the start of play: Red's squares gathered in rows and columns,"
        " Blue's spread out, the face-down dominoes among Blue's squares.",
        "Red's view at the start of play of game 0 of the comparison below: Red (the"
        " inference bot colouring in lines) against Blue (the inference bot spreading"
        " its colour out).",
    )
    out += [
        f"Over {facts['games']} such games (the bot colouring in lines Red in half of"
        " them, Blue in the other half), the squares of a player that have a face-down"
        " domino in their row, column or box when play begins, of 36:",
        "",
        *list_table(
            ("Colouring", "Mean", "Fewest", "Most"),
            [
                ("in lines", f"{lines['mean']:.1f}", str(lines["lowest"]), str(lines["highest"])),
                (
                    "spread out",
                    f"{spread['mean']:.1f}",
                    str(spread["lowest"]),
                    str(spread["highest"]),
                ),
            ],
        ),
    ]
    return "\n".join(out).rstrip("\n") + "\n"


def hidden_view_include(facts: Mapping[str, Any]) -> str:
    out = figure(
        FIGURES,
        "view",
        "Red's view: the board with the face-down dominoes as question marks, Red's pile,"
        " the pot, the pile sizes and the last events.",
        f"Red's view after {facts['turns']} turns of the game of seed {facts['seed']};"
        " the dominoes still face down are outlined.",
    )
    return "\n".join(out).rstrip("\n") + "\n"


def hidden_digits_include(facts: Mapping[str, Any]) -> str:
    rows = [
        (
            domino["square"],
            domino["placed by"].capitalize(),
            ", ".join(map(str, domino["possible"])),
        )
        for domino in facts["dominoes"]
    ]
    out = list_table(("Face-down domino", "Placed by", "Digits it can hold, for Red"), rows)
    named = facts["named"]
    digit = min(named["reasons"], key=int)
    out += [
        "",
        f"Why {named['square']} cannot hold the digit {digit}, as"
        " :func:`~dokuspec.twodoku.inference.infer_face_down` explains it with ``explain=True``"
        " (facts that rule the digit out together):",
        "",
        *(f"* {reason}" for reason in named["reasons"][digit]),
    ]
    return "\n".join(out) + "\n"


def hidden_plays_include(facts: Mapping[str, Any]) -> str:
    plays = facts["plays"]
    names = {
        "safe": "safe: succeeds whatever the face-down digits",
        "hidden-clash": "hidden clash: certainly fails and turns a domino face up",
        "uncertain": "uncertain: depends on the face-down digits",
        "clash": "clash with a face-up domino: fails, nothing revealed",
        "not-allowed": "not allowed by TD-7",
    }
    rows = [(names[verdict], str(plays[verdict])) for verdict in names if verdict in plays]
    return "\n".join(list_table(("Verdict", "Red's plays"), rows, widths="80 20")) + "\n"


def hidden_truth_include(facts: Mapping[str, Any]) -> str:
    rows = [
        (d["square"], ", ".join(map(str, d["possible"])), str(d["truth"]))
        for d in facts["dominoes"]
    ]
    out = figure(
        FIGURES,
        "truth",
        "The same position with the face-down digits the engine dealt, small and pale.",
        "The same moment as the engine knows it: the face-down digits and both piles.",
    )
    out += list_table(
        ("Face-down domino", "Digits it can hold, for Red", "Its digit, as dealt"), rows
    )
    return "\n".join(out) + "\n"


# The endings of the statistics' table, with the rules that end a game so.
WAYS = (
    ("pile-empty", "TD-9"),
    ("no-successful-play", "TD-9, TD-13"),
    ("max-turns", "TD-14"),
)


def stats_include(numbers: Mapping[str, Any]) -> str:
    """The table of the statistics: how the games ended, who won, how long they lasted."""
    if [ending for ending, _ in WAYS] != list(ENDINGS):
        raise DisagreementError("the statistics' table does not name every ending")
    games = numbers["games"]
    rows = []
    for setting in numbers["settings"]:
        summary = setting["all"]["summary"]
        if summary["games"] != games:
            raise DisagreementError(f"{' v '.join(setting['bots'])}: not {games} games")
        score = summary["mean_winning_score"]
        rows.append(
            (
                " v ".join(setting["bots"]),
                *(str(summary["endings"][ending]) for ending, _ in WAYS),
                str(summary["wins"]["red"]),
                str(summary["wins"]["blue"]),
                str(summary["draws"]),
                f"{summary['mean_turns']:.1f} ({summary['shortest']}-{summary['longest']})",
                "–" if score is None else f"{score:.1f}",
            )
        )
    header = (
        "Red v Blue",
        *(f"``{ending}`` ({rules})" for ending, rules in WAYS),
        "Red wins",
        "Blue wins",
        "Draws",
        "Turns: mean (fewest-most)",
        "Winner's score (mean)",
    )
    out = [
        f"How the {games} games of each pairing ended (the engine's endings), who won"
        " (TD-10), how many turns of play they lasted, and the winners' mean score:",
        "",
        *list_table(header, rows),
    ]
    return "\n".join(out) + "\n"


def _stats_values(numbers: Mapping[str, Any]) -> dict[str, str]:
    """The statistics' numbers the chapter's prose uses."""
    values = {
        "td-stats-seed": str(numbers["seed"]),
        "td-stats-games": str(numbers["games"]),
        "td-stats-last": str(numbers["games"] - 1),
        "td-stats-sample": str(numbers["sample"]),
        "td-stats-max-turns": str(engine.TwoDoku().options["max_turns"]),
    }
    for setting in numbers["settings"]:
        summary = setting["all"]["summary"]
        name = f"td-stats-{'-'.join(setting['bots'])}"
        values[f"{name}-red"] = str(summary["wins"]["red"])
        values[f"{name}-blue"] = str(summary["wins"]["blue"])
        values[f"{name}-stalled"] = str(summary["endings"]["no-successful-play"])
    return values


def substitutions_include(facts: Mapping[str, Any]) -> str:
    """Numbers the chapter's prose uses, as substitutions (``|td-fair|``)."""
    counts = facts["counts"]
    hidden = facts["hidden"]
    shuffled = facts["shuffles"]
    mean = facts["solved"]["draws"]["mean"]
    certain = hidden["certain clashes"]
    values = {
        "td-deal-seed": str(facts["deal"]["seed"]),
        "td-deal-face-down": facts["deal"]["face down"],
        "td-fair": number(counts["fair"]),
        "td-total": number(counts["total"]),
        "td-multisets": number(counts["multisets"]),
        "td-acceptance": _percent(counts["fair"], counts["total"], 3),
        "td-shuffles": number(shuffled["shuffles"]),
        "td-shuffles-fair": number(shuffled["fair"]),
        "td-measured": _percent(shuffled["fair"], shuffled["shuffles"], 3),
        "td-mean-acceptance": _percent(mean["fair"], mean["total"], 3),
        "td-shuffles-needed": f"{counts['total'] / counts['fair']:.0f}",
        "td-balance-deals": number(facts["balance"]["deals"]),
        "td-hidden-seed": str(hidden["seed"]),
        "td-hidden-turns": str(hidden["turns"]),
        "td-hidden-pile": str(hidden["initial pile sum"]),
        "td-hidden-pot": str(hidden["initial pot sum"]),
        "td-hidden-twice": str(2 * hidden["initial pile sum"]),
        "td-hidden-face-down-sum": str(hidden["face-down sum"]),
        "td-hidden-revealed": ", ".join(f"{s} = {d}" for s, d in hidden["revealed"].items()),
        "td-hidden-revealed-sum": str(sum(hidden["revealed"].values())),
        "td-hidden-revealed-count": _NUMBER_WORDS[len(hidden["revealed"])],
        "td-hidden-left": _NUMBER_WORDS[len(hidden["dominoes"])],
        "td-hidden-left-sum": str(hidden["face-down sum"] - sum(hidden["revealed"].values())),
        "td-hidden-named": hidden["named"]["square"],
        "td-hidden-named-digit": str(hidden["named"]["digit"]),
        "td-hidden-certain": ", ".join(f"{c['digit']} on {c['square']}" for c in certain) or "none",
    }
    values |= _stats_values(facts["statistics"])
    out = [".. Computed by scripts/make_twodoku_figures.py: do not edit.", ""]
    out += [f".. |{name}| replace:: {value}" for name, value in sorted(values.items())]
    return "\n".join(out) + "\n"


def solve() -> dict[str, Any]:
    """The facts that take long to compute: the acceptance of every face-down draw."""
    return {"draws": draws_facts()}


def gather(
    solved: Mapping[str, Any] | None = None,
    numbers: Mapping[str, Any] | None = None,
    jobs: int = 1,
) -> dict[str, Any]:
    """Every fact of the chapter.

    Args:
        solved: the facts :func:`solve` gives (the tests pass the recorded
            ones, and check their extremes again); ``None``: solved now.
        numbers: the statistics :func:`statistics` gives (the tests pass the
            recorded ones, and play a sample of them again); ``None``:
            computed now, last, by ``jobs`` processes.
    """
    dealt = deal_facts()
    draw = Dominoes.parse(dealt["face down"])
    counts = count_facts(draw)
    if solved is None:
        solved = solve()
    facts = {
        "deal": dealt,
        "counts": counts,
        "shuffles": shuffle_facts(draw, counts),
        "solved": dict(solved),
        "balance": balance_facts(draw),
        "hidden": hidden_facts(),
        "colouring": colouring_facts(),
    }
    facts["statistics"] = dict(statistics(jobs=jobs) if numbers is None else numbers)
    return facts


def render(facts: Mapping[str, Any]) -> dict[Path, str]:
    """Every file to write, by its path from the repository root."""
    examples = {name: value for name, value in facts.items() if name != "statistics"}
    return {
        FACTS: facts_json(examples),
        STATS: facts_json(facts["statistics"]),
        FIGURES / "deal.svg": deal_figure(facts["deal"]) + "\n",
        FIGURES / "view.svg": view_figure(facts["hidden"]) + "\n",
        FIGURES / "truth.svg": truth_figure(facts["hidden"]) + "\n",
        FIGURES / "colouring.svg": colouring_figure(facts["colouring"]) + "\n",
        GENERATED / "twodoku-colouring.inc": colouring_include(facts["colouring"]),
        GENERATED / "twodoku-deal.inc": deal_include(facts["deal"]),
        GENERATED / "twodoku-fair.inc": fair_include(facts),
        GENERATED / "twodoku-balance.inc": balance_include(facts),
        GENERATED / "twodoku-deal.json": str(Deal.from_json(facts["deal"]["deal"])) + "\n",
        GENERATED / "twodoku-view.json": str(View.from_json(facts["hidden"]["view"])) + "\n",
        GENERATED / "twodoku-hidden-view.inc": hidden_view_include(facts["hidden"]),
        GENERATED / "twodoku-hidden-digits.inc": hidden_digits_include(facts["hidden"]),
        GENERATED / "twodoku-hidden-plays.inc": hidden_plays_include(facts["hidden"]),
        GENERATED / "twodoku-hidden-truth.inc": hidden_truth_include(facts["hidden"]),
        GENERATED / "twodoku-substitutions.inc": substitutions_include(facts),
        GENERATED / "twodoku-stats.inc": stats_include(facts["statistics"]),
    }


orphans = _figures.orphans_of(ROOT, FIGURES, GENERATED, "twodoku-")
main = _figures.command(__name__)

if __name__ == "__main__":
    sys.exit(main())
