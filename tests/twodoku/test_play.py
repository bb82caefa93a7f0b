"""Two-Doku bots, simulation, summaries and records (dokuspec.twodoku.bots, .simulation).

The bots' plays are checked against the engine's own reading of TD-7 and the
full board (which the bots never see); the pile sums the inference bot
reasons with, against the engine's piles; results against the engine's
result; summaries against counts made by hand.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from pathlib import Path

import pytest

from dokuspec.engine.base import CHANCE, Action, GameOptionError
from dokuspec.engine.twodoku import (
    ENDINGS,
    Colour,
    EndTurn,
    PlaceFaceDown,
    PlayDomino,
    ReturnToPot,
    TakeFromBoard,
    TakeFromPot,
    TwoDoku,
    TwoDokuState,
)
from dokuspec.errors import DokuspecError
from dokuspec.solvers import Budget
from dokuspec.twodoku.bots import BOT_NAMES, Bot, InferenceBot, RandomBot, make_bot
from dokuspec.twodoku.inference import _digits_left, infer_face_down
from dokuspec.twodoku.positions import valid_plays
from dokuspec.twodoku.simulation import (
    GameResult,
    RecordFileError,
    Summary,
    game_seed,
    play_game,
    record_name,
    record_text,
    replay_record,
    simulate,
    state_after_turns,
    summarise,
)
from dokuspec.vocabulary.twodoku import PLAYERS, Play, Square

# -- helpers ---------------------------------------------------------------------------------------


def state_at(seed: int, steps: int, bots: tuple[Bot, Bot] | None = None) -> TwoDokuState:
    """A game of ``bots`` (random by default) after ``steps`` steps (or finished earlier)."""
    players = bots or (RandomBot(), RandomBot())
    state = TwoDoku().new_initial_state(seed)
    rngs = (random.Random(seed), random.Random(seed + 1))
    for _ in range(steps):
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        elif player >= 0:
            state.apply_action(players[player](state, player, rngs[player]))
        else:
            break
    return state


def play_phase_state(seed: int) -> TwoDokuState:
    """The first state of the play phase (Red to move), after random colouring and placement."""
    state = TwoDoku().new_initial_state(seed)
    rng = random.Random(seed)
    while state.phase != "play":
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance_outcome())
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def piles(state: TwoDokuState) -> tuple[int, int]:
    """The true pile sums (red, blue), from the full position."""
    position = state.position()
    red, blue = position.pile("red"), position.pile("blue")
    assert red is not None and blue is not None
    return red.total, blue.total


# -- the random bot --------------------------------------------------------------------------------


def test_the_random_bot_is_uniform_and_seeded() -> None:
    state = TwoDoku().new_initial_state(0)
    legal = state.legal_actions(0)
    assert len(legal) == 81 and all(isinstance(a, Colour) for a in legal)
    bot = RandomBot()
    counts = Counter(bot(state, 0, random.Random(seed)) for seed in range(16_200))
    assert set(counts) == set(legal)
    assert all(130 <= n <= 270 for n in counts.values())  # 200 expected each
    assert bot(state, 0, random.Random(7)) == bot(state, 0, random.Random(7))


def test_the_random_bot_chooses_among_every_legal_action_of_a_turn() -> None:
    state = play_phase_state(3)
    legal = state.legal_actions(0)
    kinds = {type(a) for a in legal}
    assert {PlayDomino, EndTurn} <= kinds and kinds & {TakeFromPot, TakeFromBoard}
    chosen = {RandomBot()(state, 0, random.Random(seed)) for seed in range(4000)}
    assert chosen <= set(legal)
    assert {type(a) for a in chosen} == kinds
    # Most plays of a uniform choice land where TD-7 forbids them.
    allowed = set(state.allowed_squares(0))
    plays = [a for a in chosen if isinstance(a, PlayDomino)]
    assert any(a.square not in allowed for a in plays) and any(a.square in allowed for a in plays)


@pytest.mark.parametrize("bot", [RandomBot(), InferenceBot()])
def test_bots_refuse_wrong_arguments(bot: Bot) -> None:
    state = play_phase_state(1)
    with pytest.raises(DokuspecError, match="no action"):
        bot(state, 1, random.Random(0))  # Red is to move
    with pytest.raises(DokuspecError, match="0 \\(Red\\) or 1 \\(Blue\\)"):
        bot(state, 2, random.Random(0))
    with pytest.raises(TypeError):
        bot(state, 0, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        bot(state, True, random.Random(0))
    with pytest.raises(TypeError):
        bot("state", 0, random.Random(0))  # type: ignore[arg-type]


def test_bots_by_name() -> None:
    assert BOT_NAMES == ("random", "inference", "strong")
    assert make_bot("random").name == "random" and isinstance(make_bot("random"), RandomBot)
    assert make_bot("inference").name == "inference"
    assert isinstance(make_bot("inference"), InferenceBot)
    with pytest.raises(
        DokuspecError, match="unknown bot 'smart' \\(bots: random, inference, strong\\)"
    ):
        make_bot("smart")
    with pytest.raises(TypeError):
        make_bot(1)  # type: ignore[arg-type]
    with pytest.raises(DokuspecError, match="backend"):
        InferenceBot(backend="minisat")
    with pytest.raises(DokuspecError, match="conflict_limit"):
        InferenceBot(conflict_limit=0)
    with pytest.raises(TypeError):
        InferenceBot(conflict_limit=1.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        InferenceBot().decide("view", [EndTurn()], random.Random(0))  # type: ignore[arg-type]
    _, over = play_game(0, 0)
    with pytest.raises(DokuspecError, match="over phase"):
        InferenceBot().decide(over.view(0), [EndTurn()], random.Random(0))
    with pytest.raises(DokuspecError, match="no legal action"):
        InferenceBot().decide(over.view(0), [], random.Random(0))


# -- the inference bot -------------------------------------------------------------------------


class Watched:
    """An inference bot whose every play is checked against the full state before it is made."""

    name = "inference"

    def __init__(self, *, verdicts: bool = False) -> None:
        self.bot = InferenceBot()
        self.verdicts = verdicts
        self.plays = 0
        self.safe_choices = 0
        self.closings = 0

    def __call__(self, state: TwoDokuState, player: int, rng: random.Random) -> Action:
        action = self.bot(state, player, rng)
        assert action in state.legal_actions(player), (str(state), action)
        if isinstance(action, PlayDomino):
            self.plays += 1
            # TD-7: a square the engine allows; TD-8: no face-up domino of the digit nearby.
            assert action.square in state.allowed_squares(player), (str(state), action)
            face_up = state.position().face_up
            assert all(face_up.get(p) != action.digit for p in action.square.peers), action
            if self.verdicts:
                self.check_verdict(state, player, action)
        return action

    def check_verdict(self, state: TwoDokuState, player: int, action: PlayDomino) -> None:
        """A certainly safe play when there is one (infer_face_down's verdicts), the highest."""
        view = state.view(player)
        moves = valid_plays(view).moves()
        verdicts = {
            (p.square, p.digit): p.verdict for p in infer_face_down(view, plays=moves).plays
        }
        assert verdicts[(action.square, action.digit)] != "hidden-clash"
        safe = [digit for (_, digit), verdict in verdicts.items() if verdict == "safe"]
        if safe:
            assert verdicts[(action.square, action.digit)] == "safe", action
            assert action.digit == max(safe), action
            self.safe_choices += 1


@pytest.mark.slow
def test_the_inference_bot_never_plays_where_td7_forbids_or_a_face_up_domino_clashes() -> None:
    watched = Watched()
    pairings: list[tuple[Bot, Bot]] = [
        (watched, watched),
        (watched, RandomBot()),
        (watched, watched),
        (RandomBot(), watched),
    ]
    for index in range(40):
        bots = pairings[index % 4]
        _, state = play_game(index, 17, bots)
        assert state.is_terminal()
    assert watched.plays >= 300  # the check ran on many plays


def test_the_inference_bot_plays_a_certainly_safe_play_when_there_is_one_the_highest() -> None:
    watched = Watched(verdicts=True)
    for index in range(8):
        play_game(index, 23, (watched, watched))
    assert watched.safe_choices >= 20, watched.safe_choices


def test_the_inference_bot_beats_the_random_bot() -> None:
    # 40 games, 20 as Red and 20 as Blue. Random against random wins about 40% of
    # its games (draws are common): 36 wins or more cannot happen by accident.
    wins = 0
    for index, result in enumerate(simulate(20, 5, ("inference", "random"))):
        assert result.index == index
        wins += result.winner == "red"
    for result in simulate(20, 6, ("random", "inference")):
        wins += result.winner == "blue"
    assert wins >= 36


def test_the_inference_bot_ends_a_game_it_leads_when_the_other_turn_failed_td9_td10() -> None:
    # The bot reads the sums and the last turn from its view; the engine knows them.
    seen = 0
    for index in range(50):
        _, game = play_game(index, 31, ("random", "inference"))
        state = TwoDoku().new_initial_state(game.seed)
        started = -1  # the turns finished when the current turn started
        turn_events = 0  # the events before the current turn
        red_failed = False
        for entry in game.history():
            if state.phase == "play" and state.turns != started and state.current_player() >= 0:
                if state.current_player() == 1:
                    red_turn = state.events()[turn_events:]
                    red_failed = not any(isinstance(e, Play) and e.succeeded for e in red_turn)
                    red, blue = piles(state)
                    if red_failed and blue < red:
                        seen += 1
                        ended = state.clone()
                        bot = InferenceBot()
                        while ended.current_player() == 1:
                            ended.apply_action(bot(ended, 1, random.Random(0)))
                        result = ended.result()
                        assert result is not None, str(ended)
                        assert (result.winner, result.ending) == ("blue", "no-successful-play")
                started, turn_events = state.turns, len(state.events())
            state.apply_action(entry.actions[0])
    assert seen >= 10, seen


def test_the_inference_bot_decides_from_its_view_alone_td11() -> None:
    # States that differ only in what the player cannot see (the face-down digits
    # and the other pile) get the same decision.
    bot = InferenceBot()
    differed = decisions = 0
    for index in range(6):
        _, finished = play_game(index, 41, (bot, bot))
        state = TwoDoku().new_initial_state(finished.seed)
        for step, entry in enumerate(finished.history()):
            player = state.current_player()
            if player >= 0 and state.phase == "play" and step % 2 == 0:
                other = state.resample_from_infostate(player, random.Random(step))
                assert other.view(player) == state.view(player)
                differed += other.position() != state.position()
                for seed in range(2):
                    mine = bot(state, player, random.Random(seed))
                    theirs = bot(other, player, random.Random(seed))
                    assert mine == theirs, (str(state), mine, theirs)
                    decisions += 1
            state.apply_action(entry.actions[0])
    assert decisions >= 60 and differed >= 20, (decisions, differed)


def test_the_inference_bot_colours_apart_and_places_near_the_other_colour_td2_td3() -> None:
    bot = InferenceBot()
    for seed in range(3):
        state = TwoDoku().new_initial_state(seed)
        rngs = (random.Random(seed), random.Random(seed + 100))
        while state.phase in ("colouring", "placing"):
            player = state.current_player()
            action = bot(state, player, rngs[player])
            if isinstance(action, PlaceFaceDown):
                # The white square with the most peers of the other colour less its own.
                red, blue = state.colours()
                mine, theirs = (red, blue) if player == 0 else (blue, red)

                def lead(
                    square: Square,
                    mine: frozenset[Square] = mine,
                    theirs: frozenset[Square] = theirs,
                ) -> int:
                    return len(square.peers & theirs) - len(square.peers & mine)

                whites = [a.square for a in state.legal_actions() if isinstance(a, PlaceFaceDown)]
                assert lead(action.square) == max(lead(s) for s in whites)
            state.apply_action(action)
        red, blue = state.colours()
        # 72 squares of 81: a square nobody coloured is always left, so none is shared.
        assert len(red) == len(blue) == 36 and not red & blue


def test_the_inference_bot_returns_its_highest_domino_after_a_failed_play_td6() -> None:
    returns = 0
    for index in range(10):
        _, state = play_game(index, 51, ("inference", "inference"))
        pile_before = None
        replayed = TwoDoku().new_initial_state(state.seed)
        for entry in state.history():
            action = entry.actions[0]
            if isinstance(action, ReturnToPot):
                pile_before = replayed.view(entry.player).pile
                assert action.digit == max(pile_before)
                returns += 1
            replayed.apply_action(action)
    assert returns >= 3


def test_the_inference_bot_plays_the_same_game_on_either_backend() -> None:
    # The inference is exact on both solvers, so the choices are the same.
    sat = play_game(1, 7, (InferenceBot(backend="sat"), InferenceBot(backend="sat")))[1]
    z3 = play_game(1, 7, (InferenceBot(backend="z3"), InferenceBot(backend="z3")))[1]
    assert z3.history() == sat.history()
    assert sum(isinstance(e.actions[0], PlayDomino) for e in sat.history()) >= 4


def test_the_inference_bot_does_not_change_the_state() -> None:
    state = play_phase_state(4)
    taken = state.clone()
    taken.apply_action(next(a for a in taken.legal_actions() if isinstance(a, TakeFromPot)))
    for start in (state, taken):
        before = start.clone()
        InferenceBot()(start, 0, random.Random(0))
        assert start == before


# -- simulation ------------------------------------------------------------------------------------


def test_simulation_is_reproducible() -> None:
    first = list(simulate(30, 9))
    assert list(simulate(30, 9)) == first
    assert [r.index for r in first] == list(range(30))
    assert len({r.seed for r in first}) == 30
    mixed = list(simulate(3, 2, ("inference", "random")))
    assert list(simulate(3, 2, ("inference", "random"))) == mixed


def test_simulation_results_do_not_depend_on_the_order_of_games() -> None:
    randoms = list(simulate(30, 4))
    shuffled = list(range(30))
    random.Random(0).shuffle(shuffled)
    alone = {i: play_game(i, 4)[0] for i in shuffled}
    assert [alone[i] for i in range(30)] == randoms
    bots = ("inference", "inference")
    forward = list(simulate(2, 4, bots))
    assert [play_game(i, 4, bots)[0] for i in (1, 0)][::-1] == forward


def test_game_seeds_depend_on_the_run_seed_and_the_index() -> None:
    seeds = {game_seed(s, i) for s in range(20) for i in range(50)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**63 for s in seeds)
    assert game_seed(3, 4) == game_seed(3, 4) != game_seed(4, 3)
    with pytest.raises(TypeError):
        game_seed(1.0, 0)  # type: ignore[arg-type]


def test_results_are_the_engine_s_td10() -> None:
    for index in range(40):
        result, state = play_game(index, 12)
        found = state.result()
        assert found is not None
        red, blue = piles(state)
        assert result.pile_sums == (red, blue) == found.pile_sums
        assert result.pot_sum == state.position().pot.total
        if red < blue:
            assert result.winner == "red" and result.scores == (blue + result.pot_sum, 0)
        elif blue < red:
            assert result.winner == "blue" and result.scores == (0, red + result.pot_sum)
        else:
            assert result.winner is None and result.scores == (0, 0)
        assert (result.ending, result.turns) == (found.ending, state.turns)
        assert result.seed == state.seed == game_seed(12, index)


def test_simulation_streams_and_writes_each_record_as_its_game_finishes(tmp_path: Path) -> None:
    results = simulate(3, 0, records_dir=tmp_path / "records")
    assert (tmp_path / "records").is_dir() and not list((tmp_path / "records").iterdir())
    first = next(results)
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == ["game-000000.json"]
    rest = list(results)
    assert [r.index for r in [first, *rest]] == [0, 1, 2]
    names = sorted(p.name for p in (tmp_path / "records").iterdir())
    assert names == [record_name(i) for i in range(3)]  # no temporary file left


def test_records_replay_to_the_results(tmp_path: Path) -> None:
    results = list(simulate(4, 8, ("inference", "random"), tmp_path))
    for result in results:
        path = tmp_path / record_name(result.index)
        text = path.read_text(encoding="utf-8")
        state = replay_record(text, source=str(path))
        found = state.result()
        assert found is not None
        assert (found.winner, found.scores, found.ending, found.turns) == (
            result.winner,
            result.scores,
            result.ending,
            result.turns,
        )
        assert state.seed == result.seed
        data = json.loads(text)
        assert data["game"] == "twodoku" and data["result"] == list(found.returns())
        assert record_text(state) == text


def test_records_are_never_overwritten(tmp_path: Path) -> None:
    taken = tmp_path / record_name(1)
    taken.write_text("precious", encoding="utf-8")
    with pytest.raises(DokuspecError, match=r"holds .*game-000001\.json already"):
        simulate(3, 0, records_dir=tmp_path)
    assert taken.read_text(encoding="utf-8") == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == [record_name(1)]
    a_file = tmp_path / "file"
    a_file.write_text("", encoding="utf-8")
    with pytest.raises(DokuspecError, match="not a directory"):
        simulate(1, 0, records_dir=a_file)
    with pytest.raises(DokuspecError, match="empty path"):
        simulate(1, 0, records_dir="")
    # Records of games this run does not play are no obstacle.
    assert [r.index for r in simulate(1, 0, records_dir=tmp_path)] == [0]


def test_records_get_the_mode_of_any_new_file(tmp_path: Path) -> None:
    mask = os.umask(0o022)
    try:
        list(simulate(1, 0, records_dir=tmp_path))
    finally:
        os.umask(mask)
    assert (tmp_path / "game-000000.json").stat().st_mode & 0o777 == 0o644
    assert [p.name for p in tmp_path.iterdir()] == ["game-000000.json"]


def test_simulate_checks_its_arguments_at_once() -> None:
    with pytest.raises(DokuspecError, match="unknown bot"):
        simulate(1, 0, ("random", "smart"))
    with pytest.raises(DokuspecError, match="0 or more"):
        simulate(-1, 0)
    with pytest.raises(GameOptionError, match="max_turns"):
        simulate(1, 0, options={"max_turns": 0})
    with pytest.raises(TypeError):
        simulate(1, 0, "random")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        simulate(True, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        simulate(1, "0")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        simulate(1, 0, records_dir=3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        simulate(1, 0, ("random", 3))  # type: ignore[list-item]
    assert list(simulate(0, 0)) == []


def test_game_options_reach_the_games_td14() -> None:
    results = list(simulate(20, 0, options={"max_turns": 1}))
    # One turn cannot end a game by TD-9 unless it empties a pile: max_turns ends each.
    assert all(r.ending == "max-turns" and r.turns == 1 for r in results)


def test_result_json() -> None:
    result = next(simulate(1, 0))
    data = result.to_json()
    assert list(data) == [
        "index",
        "seed",
        "bots",
        "winner",
        "ending",
        "scores",
        "pile_sums",
        "pot_sum",
        "turns",
    ]
    assert data["bots"] == ["random", "random"] and data["index"] == 0
    assert json.loads(json.dumps(data)) == data


# -- summaries -------------------------------------------------------------------------------------


def made(winner: str | None, scores: tuple[int, int], ending: str, turns: int) -> GameResult:
    return GameResult(0, 0, ("random", "inference"), winner, scores, (0, 0), 0, ending, turns)


def test_summary_arithmetic_on_hand_made_results() -> None:
    results = [
        made("red", (120, 0), "no-successful-play", 6),
        made("blue", (0, 90), "no-successful-play", 3),
        made(None, (0, 0), "no-successful-play", 2),
        made("red", (200, 0), "pile-empty", 80),
        made("blue", (0, 31), "max-turns", 400),
    ]
    summary = summarise(results)
    assert summary == Summary(
        games=5,
        endings={"pile-empty": 1, "no-successful-play": 3, "max-turns": 1},
        wins=(2, 2),
        turns_total=491,
        shortest=2,
        longest=400,
        winning_score_total=441,
    )
    assert list(summary.endings) == list(ENDINGS)
    assert summary.draws == 1
    assert summary.red_win_rate == 2 / 5
    assert summary.mean_turns == 491 / 5
    assert summary.mean_winning_score == 441 / 4
    data = summary.to_json()
    assert data["wins"] == {"red": 2, "blue": 2} and data["draws"] == 1
    assert data["mean_winning_score"] == 441 / 4
    assert json.loads(json.dumps(data)) == data


def test_summary_of_no_games() -> None:
    summary = summarise([])
    assert (summary.games, summary.wins, summary.draws) == (0, (0, 0), 0)
    assert summary.red_win_rate is None and summary.mean_turns is None
    assert summary.mean_winning_score is None and summary.shortest is None
    assert summary.to_json()["red_win_rate"] is None
    only_draws = summarise([made(None, (0, 0), "no-successful-play", 2)])
    assert only_draws.mean_winning_score is None and only_draws.red_win_rate == 0
    with pytest.raises(TypeError):
        summarise(["red"])  # type: ignore[list-item]
    with pytest.raises(DokuspecError, match="not an ending"):
        summarise([made("red", (1, 0), "resigned", 2)])


def test_summary_of_a_simulation_counts_every_game() -> None:
    results = list(simulate(60, 1))
    summary = summarise(results)
    assert sum(summary.endings.values()) == 60 == summary.games
    assert summary.wins == (
        sum(r.winner == "red" for r in results),
        sum(r.winner == "blue" for r in results),
    )
    assert summary.draws == sum(r.winner is None for r in results)
    assert summary.turns_total == sum(r.turns for r in results)
    assert summary.winning_score_total == sum(sum(r.scores) for r in results)
    assert summary.longest == max(r.turns for r in results)
    assert all(r.winner in (*PLAYERS, None) for r in results)


# -- records -------------------------------------------------------------------------------------


def finished_record() -> str:
    _, state = play_game(0, 3, ("inference", "random"))
    return record_text(state)


def located(text: str | bytes) -> RecordFileError:
    with pytest.raises(RecordFileError) as caught:
        replay_record(text, source="game.json")
    assert "\n" not in str(caught.value)
    return caught.value


def test_a_record_replays_to_an_equal_state() -> None:
    _, state = play_game(2, 3, ("inference", "random"))
    again = replay_record(record_text(state).encode("utf-8"))
    assert again == state
    assert replay_record("\ufeff" + record_text(state)) == state


def test_every_step_of_a_record_is_one_line() -> None:
    _, state = play_game(0, 0)
    lines = record_text(state).splitlines()
    # "{", game, options, seed, "actions": [, one line per step, ], result, "}"
    assert len(lines) == len(state.history()) + 8
    steps = [json.loads(line.rstrip(",")) for line in lines[5:-3]]
    assert steps == [entry.to_json() for entry in state.history()]


def test_bad_json_is_located() -> None:
    error = located('{"game": "twodoku",\n  "seed": 1,,\n}')
    assert (error.line, error.column, error.path) == (2, 13, None)
    assert str(error).startswith("game.json:2:13: not JSON")
    error = located(b'{"game": \xff}')
    assert (error.line, error.column) == (1, 10)
    assert "not UTF-8" in str(error)


def test_an_illegal_play_is_located_and_named() -> None:
    text = finished_record()
    lines = text.splitlines()
    # The first play of the game, moved onto a square already holding a domino.
    number = next(n for n, line in enumerate(lines) if '"type": "play"' in line)
    step = number - 5  # the actions start on line 6 (index 5)
    data = json.loads(lines[number].rstrip(","))
    state = replay_record(text)
    history = state.history()
    placed = next((e.actions[0] for e in history if isinstance(e.actions[0], PlaceFaceDown)), None)
    assert placed is not None
    data["action"]["row"], data["action"]["col"] = placed.square.row, placed.square.col
    lines[number] = "    " + json.dumps(data) + ","
    error = located("\n".join(lines))
    assert error.path == f"$.actions[{step}]"
    assert error.line == number + 1
    digit = data["action"]["digit"]
    assert f"illegal action play {digit} on {placed.square} for Red: " in str(error)
    assert f"{placed.square} is not empty" in str(error)


def test_an_unreadable_action_is_located_at_its_member() -> None:
    lines = finished_record().splitlines()
    number = next(n for n, line in enumerate(lines) if '"type": "colour"' in line)
    lines[number] = lines[number].replace('"row": ', '"row": 1', 1)
    error = located("\n".join(lines))
    assert error.path == f"$.actions[{number - 5}].action.row"
    assert error.line == number + 1
    assert "is not a row 1-9" in str(error)


def test_a_wrong_result_is_located() -> None:
    data = json.loads(finished_record())
    data["result"] = [99, -99]
    error = located(json.dumps(data))
    assert error.path == "$.result"
    assert "the record says [99, -99]" in str(error)


@pytest.mark.parametrize(
    ("text", "path", "words"),
    [
        (
            '{"game": "competitive", "options": {}, "seed": 1, "actions": [], "result": null}',
            "$.game",
            "not a Two-Doku record",
        ),
        (
            '{"game": "twodoku", "options": {"max_turns": 0}, "seed": 1, "actions": [],'
            ' "result": null}',
            "$.options.max_turns",
            "max_turns",
        ),
        (
            '{"game": "twodoku", "options": {}, "seed": "1", "actions": [], "result": null}',
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
    state = state_at(5, 90)
    assert not state.is_terminal()
    again = replay_record(record_text(state))
    assert again == state and not again.is_terminal()


def test_a_game_as_it_stood_after_some_turns_of_play() -> None:
    found, state = play_game(2, 3, ("inference", "random"))
    assert state.turns == found.turns > 2
    # Step by step, the first state at which each number of turns is over.
    expected = {}
    replayed = state.game.new_initial_state(state.seed)
    for entry in state.history():
        replayed.apply_action(entry.actions[0])
        if replayed.phase in ("play", "over"):
            expected.setdefault(replayed.turns, replayed.clone())
    for turns in range(found.turns + 1):
        at = state_after_turns(state, turns)
        assert at == expected[turns]
        assert (at.turns, at.is_chance_node()) == (turns, False)
    assert state_after_turns(state, 0).phase == "play" and not state_after_turns(state, 0).events()
    assert state_after_turns(state, found.turns) == state  # the end of a finished game
    with pytest.raises(DokuspecError) as caught:
        state_after_turns(state, found.turns + 1)
    assert str(caught.value) == (
        f"the game has {found.turns} turns of play: 0 to {found.turns}, not {found.turns + 1}"
    )
    with pytest.raises(DokuspecError) as caught:
        state_after_turns(state_at(5, 90), 0)
    assert str(caught.value) == (
        "the game stops in the dealing phase, before the play phase: it has no turn of play"
    )
    with pytest.raises(TypeError):
        state_after_turns(state, True)


def test_replay_record_and_record_text_refuse_other_types() -> None:
    with pytest.raises(TypeError):
        replay_record(["{}"])  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        record_text("state")  # type: ignore[arg-type]


@pytest.mark.parametrize("colouring", ["spread", "lines"])
def test_the_inference_bot_on_a_state_chooses_as_from_the_player_s_view(colouring: str) -> None:
    # __call__ takes the colouring from the state (colouring, placing) and asks the
    # inference for its digit sets only: each decision of a game equals decide() on the
    # player's view, and the digit sets equal infer_face_down's possible and undecided.
    bot = InferenceBot(colouring=colouring)
    state = TwoDoku().new_initial_state(7)
    checked = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance_outcome())
            continue
        view = state.view(player)
        legal = state.legal_actions(player)
        chosen = bot(state, player, random.Random(checked))
        if len(legal) > 1:
            assert chosen == bot.decide(view, legal, random.Random(checked))
        if view.phase == "play" and view.face_down:
            budget = Budget(conflict_limit=bot.conflict_limit)
            found = infer_face_down(view, budget=budget)
            assert _digits_left(view, budget=budget) == {
                d.square.index: frozenset(d.possible) | frozenset(d.undecided)
                for d in found.dominoes
            }
        checked += 1
        state.apply_action(chosen)
    assert checked > 80
