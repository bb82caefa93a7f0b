"""Golden playthroughs: one seeded game of an engine written out step by step, as text.

A playthrough (after OpenSpiel's ``playthroughs/``) records everything a
player or a program meets in one whole game: at each step the player to
act, the legal actions or the chance outcomes with their probabilities,
the action taken and a digest of the state's text and of every player's
observation (text and JSON); at every :attr:`Playthrough.shown_every`-th
step and at the end, the state's text and the observations in full; then
the returns and the game record. Kept in the repository
(``tests/playthroughs/NAME.txt``) and compared with a fresh one by the
tests, it catches any drift in the notation, the observations, the action
spaces or the rules' outcomes: a change that moves one of them shows as a
diff of that file, to be accepted (written again) or fixed.

Actions are chosen by a :class:`random.Random` seeded with the playthrough's
seed, uniformly among the legal actions (the first player's at a
simultaneous node, then the second's), chance outcomes by their exact
probabilities. Long lists (a Sumodoku state has hundreds of legal
actions) are written as their count, their first few and a digest
(SHA-256 of the whole list, 16 hex digits), so the file stays readable
and still changes with any item.

Write them again with ``python -m dokuspec.verify.playthrough --write DIRECTORY``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from dokuspec.engine.base import CHANCE, SIMULTANEOUS, Action, JSONValue, State, load_game
from dokuspec.files import write_text_file

__all__ = ["LIST_HEAD", "PLAYTHROUGHS", "Playthrough", "playthrough", "write_playthroughs"]

LIST_HEAD = 8
"""How many items of a long list a playthrough shows before its digest."""


@dataclass(frozen=True, slots=True)
class Playthrough:
    """One game to play through: a registered game's name, its options, a seed and a limit.

    Attributes:
        game: the engine's registered name.
        seed: the seed of the initial state and of the choices, 0 to ``2**32 - 1``.
        options: the game's options (JSON values).
        shown_every: the steps whose state and observations are written in
            full (every so many, from step 0); the others show digests.
    """

    game: str
    seed: int
    options: dict[str, JSONValue] = field(default_factory=dict)
    shown_every: int = 40

    @property
    def file_name(self) -> str:
        """The name of the golden file, ``NAME.txt``."""
        return f"{self.game}.txt"


PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough("minidoku", seed=1),
    Playthrough("sumodoku", seed=1, options={"enforcement": "tabletop"}),
    Playthrough("competitive", seed=1),
    Playthrough("twodoku", seed=1),
)
"""The golden playthroughs of dokuspec's own games (``tests/playthroughs/``)."""


def _digest(items: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(items).encode()).hexdigest()[:16]


def _items(label: str, items: Sequence[str]) -> list[str]:
    """A list on its lines: whole when short, else its count, first items and digest."""
    if len(items) <= LIST_HEAD:
        return [f"{label} ({len(items)}): " + " | ".join(items)]
    head = " | ".join(items[:LIST_HEAD])
    return [f"{label} ({len(items)}, sha256 {_digest(items)}): {head} | ..."]


def _json(value: JSONValue) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _action(action: Action) -> str:
    return f"{action} {_json(action.to_json())}"


def _indented(text: str) -> list[str]:
    return ["    " + line if line else "" for line in text.splitlines()]


def _seen(state: State, full: bool) -> list[str]:
    """The state's text and every player's observation: in full, or as digests."""
    texts = [("state", str(state))]
    for player in range(state.game.num_players()):
        observation = state.observation(player)
        texts.append((f"observation {player}", observation.text))
        texts.append((f"observation {player} json", _json(observation.data)))
    if not full:
        return ["  seen: " + ", ".join(f"{label} {_digest([text])}" for label, text in texts)]
    lines: list[str] = []
    for label, text in texts:
        if label.endswith("json"):
            lines.append(f"  {label}: {text}")
        else:
            lines.append(f"  {label}:")
            lines += _indented(text)
    return lines


def playthrough(spec: Playthrough) -> str:
    """The playthrough's text (lines of at most a few hundred characters, ending in a newline).

    Raises:
        RegistryError: no game of that name; GameOptionError: a bad option.
    """
    game = load_game(spec.game, **spec.options)
    rng = random.Random(spec.seed)
    state = game.new_initial_state(spec.seed)
    lines = [
        f"game: {spec.game}",
        f"options: {_json(game.options)}",
        f"seed: {spec.seed}",
        f"num_players: {game.num_players()}",
        f"utility: {game.min_utility():g} to {game.max_utility():g}",
        f"max_game_length: {game.max_game_length()}",
    ]
    step = 0
    while not state.is_terminal():
        if step > game.max_game_length():
            raise AssertionError(f"{spec.game}: longer than its max_game_length")
        current = state.current_player()
        lines += ["", f"step {step}: player {current}"]
        lines += _seen(state, step % spec.shown_every == 0)
        if current == CHANCE:
            outcomes = state.chance_outcomes()
            lines += _items("  chance outcomes", [f"{a} {Fraction(p)}" for a, p in outcomes])
            chosen = rng.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0]
            lines.append(f"  outcome: {_action(chosen)}")
            state.apply_action(chosen)
        elif current == SIMULTANEOUS:
            joint = []
            for player in range(game.num_players()):
                legal = state.legal_actions(player)
                lines += _items(f"  legal actions of {player}", [str(a) for a in legal])
                joint.append(rng.choice(legal))
            lines.append("  actions: " + " ; ".join(_action(a) for a in joint))
            state.apply_actions(joint)
        else:
            legal = state.legal_actions()
            lines += _items("  legal actions", [str(a) for a in legal])
            chosen = rng.choice(legal)
            lines.append(f"  action: {_action(chosen)}")
            state.apply_action(chosen)
        step += 1
    lines += ["", f"after {step} steps:"]
    lines += _seen(state, True)
    lines.append(f"returns: {' '.join(f'{r:g}' for r in state.returns())}")
    lines.append(f"record: {_json(state.record().to_json())}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def write_playthroughs(
    directory: Path, playthroughs: Sequence[Playthrough] = PLAYTHROUGHS
) -> list[Path]:
    """Write each playthrough to ``directory/NAME.txt``; the paths written."""
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for spec in playthroughs:
        path = directory / spec.file_name
        write_text_file(str(path), playthrough(spec))
        written.append(path)
    return written


def _main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m dokuspec.verify.playthrough",
        description="Write the golden playthroughs of dokuspec's own games.",
    )
    parser.add_argument("--write", metavar="DIRECTORY", required=True, type=Path)
    args = parser.parse_args(argv)
    for path in write_playthroughs(args.write):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(_main())
