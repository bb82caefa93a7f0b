"""Sumodoku games played through the engine, every step held to the spec and the rules.

:class:`PlayChecker` keeps its own account of a game, replayed from the
actions alone with the spec judging each placement
(:mod:`dokuspec.verify.sumodoku.placements`), and holds the engine's state
to it after every step. Whole games so checked are played by
:mod:`dokuspec.verify.sumodoku.games`.

Each check raises a :class:`~dokuspec.verify.sumodoku.errors.PlayCheckError`
(an :class:`AssertionError`) naming the rule, the step and both answers
when two readings disagree.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from dokuspec.engine.base import CHANCE, Action, IllegalActionError
from dokuspec.engine.sumodoku import (
    Claim,
    Colours,
    Concede,
    FindMistake,
    Observe,
    Place,
    PointOut,
    Silent,
    SumodokuState,
)
from dokuspec.verify.sumodoku.errors import (
    ClaimError,
    MoveError,
    NoMoveError,
    PieceConservationError,
    PlayCheckError,
    ResultError,
    TabletopError,
)
from dokuspec.verify.sumodoku.placements import (
    is_completion,
    placement_conflicts,
    placement_is_valid,
    spec_valid_placements,
)
from dokuspec.vocabulary.sumodoku import Board, Piece, Position

__all__ = ["PlayChecker"]


_LIMITS_DEFAULT = ((16, 20, 960.0), (21, 25, 720.0), (26, 30, 480.0), (31, 35, 240.0))


@dataclass
class _Ledger:
    """The game replayed from its history alone, with the spec judging every placement."""

    free: bool
    allotment: list[list[int]]  # per engine player, per colour: pieces dealt (SU-1)
    shared: int | None  # the colour both hold 4 of (SU-1), one more being the spare
    board: bytearray
    owner: list[int | None]
    out: list[int]
    out_by: list[list[int]]
    turns: list[int]
    unnoticed: list[Piece]
    last: tuple[int, Piece] | None  # the last placement and its player


def _new_ledger(free: bool) -> _Ledger:
    return _Ledger(
        free=free,
        allotment=[[0] * 9, [0] * 9],
        shared=None,
        board=bytearray(81),
        owner=[None] * 81,
        out=[0] * 9,
        out_by=[[0] * 9, [0] * 9],
        turns=[0, 0],
        unnoticed=[],
        last=None,
    )


def _deal(ledger: _Ledger, one: Iterable[int], two: Iterable[int], shared: int) -> None:
    ledger.allotment = [[0] * 9, [0] * 9]
    for player, colours in enumerate((one, two)):
        for colour in colours:
            ledger.allotment[player][colour - 1] = 9
        ledger.allotment[player][shared - 1] = 4
    ledger.shared = shared


class PlayChecker:
    """Plays one game through the engine, checking every step against the spec and the rules.

    The checker keeps its own account of the game (the board, the pieces
    out of the game, who placed what, each player's own turns, the invalid
    placements nobody pointed out), replayed from the actions alone with
    the spec judging each placement (:func:`placement_is_valid`), and after
    every step holds the engine's state to it:

    * placements (SU-3, SU-4, SU-12..SU-14): ``valid_moves`` of both
      players are exactly :func:`spec_valid_placements` of the colours left
      in their hands; in strict play the legal placements are exactly
      those, in tabletop play every own piece on every empty cell; an
      invalid placement played in tabletop is listed by ``unnoticed``;
    * no valid move (SU-6): a game ends with ``no-valid-move`` only when the
      spec finds none for the loser; a player the spec finds without one is
      never offered a placement in strict play, and is left some action;
    * the claim window and time limit (SU-10) from the player's own turns,
      counted here; the judgement of every claim (:meth:`try_claim`):
      success exactly when in time and :func:`is_completion`;
    * conservation (SU-1, SU-9, SU-11): board, hands, the spare and the
      pieces out of the game hold 9 pieces of each colour, 81 in all, and
      each player's hand plus their pieces on the board and out of the game
      is what they were dealt;
    * pointing out, finding a mistake and the observer (SU-7..SU-9) name
      only unnoticed invalid placements: pointing out the opponent's last
      placement only; finding any other of the opponent's, one's own too
      only with the ``own_mistake_wins`` option (SU-8); the observer acts
      after every placement while an unnoticed mistake stands that the
      opponent let pass, never on the last placement (which the opponent
      may still point out), with the chance of the ``observer`` option;
      a piece it removes is not one of its owner's placed pieces (SU-5);
    * results (SU-5..SU-10): the winner and reason of each ending.

    Args:
        state: a state of :class:`dokuspec.engine.sumodoku.Sumodoku` before
            any action (the checker follows it through :meth:`apply`).

    Raises:
        PlayCheckError: from :meth:`apply` and :meth:`check`: a subclass
            naming the rule and the step.
    """

    def __init__(self, state: SumodokuState) -> None:
        if state.history():
            raise ValueError("a PlayChecker starts from a new game")
        self.state = state
        options = state.game.options
        self.options = options
        self.free = bool(options.get("free_colours", False))
        self.tabletop = options.get("enforcement") == "tabletop"
        window = options.get("claim_window", [16, 35])
        assert isinstance(window, list)
        self.window = (int(window[0]), int(window[1]))  # type: ignore[arg-type]
        limits = options.get("claim_time_limits")
        self.limits: tuple[tuple[int, int, float], ...] = _LIMITS_DEFAULT
        if isinstance(limits, list):
            self.limits = tuple(
                (int(item[0]), int(item[1]), float(item[2]))  # type: ignore[arg-type, index]
                for item in limits
            )
        self.observer = Fraction(str(options.get("observer", 0)))
        self.own_mistakes = options.get("own_mistake_wins") is True
        self.ledger = _new_ledger(self.free)
        if self.free:
            self.ledger.allotment = [[9] * 9, [9] * 9]
        elif options.get("colour_assignment", "fixed") == "fixed":
            _deal(self.ledger, (1, 2, 3, 4), (5, 6, 7, 8), 9)
        self.steps = 0
        self.claimed: Board | None = None
        self._moves: dict[tuple[bytes, tuple[int, ...], tuple[int, ...]], tuple[Piece, ...]] = {}
        self.check()

    # -- what the checker expects ------------------------------------------------------------

    def where(self) -> str:
        return f"seed {self.state.seed}, step {self.steps} ({self.options})"

    def fail(self, kind: type[PlayCheckError], problem: str) -> PlayCheckError:
        return kind(f"{self.where()}: {problem}\n  position: {self.state.position}")

    def hand(self, player: int) -> tuple[int, ...]:
        """Pieces ``player`` holds per colour, by the checker's account (free: the supply)."""
        ledger = self.ledger
        if self.free:
            return tuple(9 - ledger.board.count(k) - ledger.out[k - 1] for k in range(1, 10))
        placed = [0] * 9
        for index, colour in enumerate(ledger.board):
            if colour and ledger.owner[index] == player:
                placed[colour - 1] += 1
        return tuple(
            ledger.allotment[player][k] - placed[k] - ledger.out_by[player][k] for k in range(9)
        )

    def position(self) -> Position:
        return Position(
            Board(bytes(self.ledger.board)), self.state.position.variants, tuple(self.ledger.out)
        )

    def spec_moves(self, player: int) -> tuple[Piece, ...]:
        """``player``'s valid placements by the spec, with the colours left in their hand."""
        hand = self.hand(player)
        key = (bytes(self.ledger.board), tuple(self.ledger.out), hand)
        if key not in self._moves:
            colours = [k for k in range(1, 10) if hand[k - 1]]
            self._moves = {key: spec_valid_placements(self.position(), colours)} | {
                k: v for k, v in self._moves.items() if k[0] == key[0]
            }
        return self._moves[key]

    def time_limit(self, player: int) -> float | None:
        turn = self.ledger.turns[player] + 1
        if not self.window[0] <= turn <= self.window[1]:
            return None
        for first, last, seconds in self.limits:
            if first <= turn <= last:
                return seconds
        return None

    def claim_open(self, player: int) -> bool:
        state = self.state
        return (
            not state.is_terminal()
            and state.current_player() == player
            and self.done() is None
            and self.window[0] <= self.ledger.turns[player] + 1 <= self.window[1]
        )

    # -- checks of the state -----------------------------------------------------------------

    def check(self) -> None:
        """Hold the engine's state to the checker's account (see the class)."""
        self._check_conservation()
        self._check_tabletop()
        state = self.state
        if state.is_terminal():
            self._check_result()
            return
        for player in (0, 1):
            self._check_moves(player)
            self._check_window(player)
        current = state.current_player()
        if current == CHANCE:
            self._check_chance()

    def _check_conservation(self) -> None:
        state, ledger = self.state, self.ledger
        result = state.result if state.is_terminal() else None
        claimed = result is not None and result.reason == "claim-succeeded"
        board = state.board
        if board != Board(bytes(ledger.board)) and not (claimed and board == self.claimed):
            raise self.fail(
                PieceConservationError,
                f"the board is {board}, but the actions put {Board(bytes(ledger.board))}",
            )
        if tuple(state.out) != tuple(ledger.out):
            raise self.fail(
                PieceConservationError,
                f"out of the game: the engine has {tuple(state.out)}, the actions "
                f"{tuple(ledger.out)} (SU-9)",
            )
        for player in (0, 1):
            if state.turn_number(player) != ledger.turns[player]:
                raise self.fail(
                    PieceConservationError,
                    f"engine player {player} has taken {state.turn_number(player)} turns, "
                    f"not {ledger.turns[player]} (SU-10, ruling SU-25)",
                )
        if claimed:
            return  # the claimant took every remaining piece (SU-10)
        if not self.free and ledger.shared is None:
            return  # the colours are not dealt yet (SU-1, a chance node)
        for player in (0, 1):
            expected = self.hand(player)
            held = tuple(state.hand(player))
            if held != expected:
                raise self.fail(
                    PieceConservationError,
                    f"engine player {player}'s hand is {held}, but they were dealt "
                    f"{tuple(ledger.allotment[player])} and placed or lost the rest: {expected}",
                )
            colours = frozenset(k for k in range(1, 10) if ledger.allotment[player][k - 1])
            if frozenset(state.colours(player)) != colours:
                raise self.fail(
                    PieceConservationError,
                    f"engine player {player}'s colours are {sorted(state.colours(player))}, "
                    f"not {sorted(colours)} (SU-1)",
                )
        counts = board.counts()
        for colour in range(1, 10):
            hands = (
                state.hand(0)[colour - 1]
                if self.free
                else state.hand(0)[colour - 1] + state.hand(1)[colour - 1]
            )
            spare = 1 if colour == ledger.shared else 0
            total = counts[colour - 1] + state.out[colour - 1] + hands + spare
            if total != 9:
                raise self.fail(
                    PieceConservationError,
                    f"colour {colour}: {counts[colour - 1]} on the board, {hands} in hands, "
                    f"{spare} spare, {state.out[colour - 1]} out of the game: {total}, not 9",
                )

    def _check_tabletop(self) -> None:
        state, ledger = self.state, self.ledger
        engine_says = sorted(state.unnoticed())
        if engine_says != sorted(ledger.unnoticed):
            raise self.fail(
                TabletopError,
                f"unnoticed invalid placements: the engine lists "
                f"{[str(p) for p in engine_says]}, the spec {[str(p) for p in ledger.unnoticed]}",
            )

    def _check_moves(self, player: int) -> None:
        state = self.state
        expected = self.spec_moves(player)
        engine_says = tuple(Piece(m.row, m.col, m.colour) for m in state.valid_moves(player))
        if sorted(engine_says) != sorted(expected):
            missing = sorted(set(expected) - set(engine_says))
            extra = sorted(set(engine_says) - set(expected))
            raise self.fail(
                MoveError,
                f"engine player {player}'s valid moves: the spec also allows "
                f"{[str(p) for p in missing[:6]]}, refuses {[str(p) for p in extra[:6]]}"
                + "".join(f"\n  {p}: {placement_conflicts(self.position(), p)}" for p in extra[:3]),
            )
        if state.current_player() != player:
            return
        legal = state.legal_actions(player)
        places = {Piece(a.row, a.col, a.colour) for a in legal if isinstance(a, Place)}
        done = self.done()
        wanted: set[Piece] = set()
        if done is None and expected:
            if self.tabletop:  # every own piece on every empty cell (SU-4, ruling SU-24)
                hand = self.hand(player)
                wanted = {
                    Piece(i // 9 + 1, i % 9 + 1, k)
                    for i in range(81)
                    if not self.ledger.board[i]
                    for k in range(1, 10)
                    if hand[k - 1]
                }
            else:
                wanted = set(expected)
        if places != wanted:
            missing = sorted(wanted - places)
            extra = sorted(places - wanted)
            raise self.fail(
                MoveError,
                f"engine player {player} may place {[str(p) for p in extra[:6]]} and not "
                f"{[str(p) for p in missing[:6]]}, against the spec "
                f"({'tabletop' if self.tabletop else 'strict'}, SU-4)",
            )
        pointable = self.pointable(player)
        points = {(a.row, a.col) for a in legal if isinstance(a, PointOut)}
        finds = {(a.row, a.col) for a in legal if isinstance(a, FindMistake)}
        want_points = {(pointable.row, pointable.col)} if pointable else set()
        want_finds = {(p.row, p.col) for p in self.findable(player)}
        if points != want_points or finds != want_finds:
            raise self.fail(
                TabletopError,
                f"engine player {player} may point out {sorted(points)} and find {sorted(finds)}; "
                f"the unnoticed invalid placements are "
                f"{[str(p) for p in self.ledger.unnoticed]}, the last move's {pointable}, "
                f"own mistakes {'' if self.own_mistakes else 'not '}found "
                "(SU-7, SU-8, ruling SU-21)",
            )
        stuck = not expected or done is not None
        if stuck != (Concede() in legal):
            raise self.fail(
                NoMoveError,
                f"engine player {player} {'may' if not stuck else 'may not'} concede, with "
                f"{len(expected)} valid moves (SU-6, ruling SU-24)",
            )
        if not expected and not (points or finds or self.claim_open(player)):
            raise self.fail(
                NoMoveError,
                f"engine player {player} has no valid move and nothing else to do, but the game "
                "goes on (SU-6)",
            )

    def done(self) -> int | None:
        """A player who placed every piece, the last one invalid, while the game goes on
        (ruling SU-23), or ``None``."""
        if self.free or self.ledger.shared is None:
            return None
        for player in (0, 1):
            if self.all_placed(player):
                return player
        return None

    def all_placed(self, player: int) -> bool:
        """Whether ``player`` has placed all their pieces, none of them removed by the
        observer (SU-5, SU-9)."""
        return not any(self.hand(player)) and not any(self.ledger.out_by[player])

    def pending(self) -> Piece | None:
        """The last placement, if invalid and unnoticed: the opponent may still point it out
        (SU-7), and the observer may not act on it yet (SU-9)."""
        last = self.ledger.last
        if last is None or last[1] not in self.ledger.unnoticed:
            return None
        return last[1]

    def pointable(self, player: int) -> Piece | None:
        """The opponent's last placement, if invalid and unnoticed: ``player`` may point it out
        (SU-7)."""
        last = self.ledger.last
        return None if last is None or last[0] == player else self.pending()

    def passed(self) -> list[Piece]:
        """The unnoticed mistakes the opponent has let pass: the observer's to remove (SU-9)."""
        pending = self.pending()
        return [p for p in self.ledger.unnoticed if p != pending]

    def findable(self, player: int) -> list[Piece]:
        """The unnoticed mistakes ``player`` may find now (SU-8, ruling SU-21): not the
        opponent's last placement; the opponent's, one's own too with ``own_mistake_wins``."""
        pointable = self.pointable(player)
        return [
            p
            for p in self.ledger.unnoticed
            if p != pointable and (self.own_mistakes or self.ledger.owner[p.cell] != player)
        ]

    def _check_window(self, player: int) -> None:
        state = self.state
        expected = self.claim_open(player)
        if state.claim_open(player) != expected:
            raise self.fail(
                ClaimError,
                f"engine player {player} on own turn {self.ledger.turns[player] + 1}: the engine "
                f"says a claim is {'open' if state.claim_open(player) else 'closed'}, the window "
                f"is {self.window} (SU-10)",
            )
        if ("claim" in state.open_actions(player)) != expected:
            raise self.fail(ClaimError, f"open_actions({player}) disagree with the claim window")
        limit = self.time_limit(player) if expected else None
        if state.claim_time_limit(player) != limit:
            raise self.fail(
                ClaimError,
                f"engine player {player}'s claim time limit is {state.claim_time_limit(player)}, "
                f"not {limit} (SU-10)",
            )

    def _check_chance(self) -> None:
        state, ledger = self.state, self.ledger
        outcomes = state.chance_outcomes()
        if any(isinstance(a, Colours) for a, _ in outcomes):
            if self.free or self.options.get("colour_assignment") != "random" or state.history():
                raise self.fail(ResultError, "colours are dealt at random only at the start (SU-1)")
            return
        passed = self.passed()
        if not self.tabletop or not passed or not self.observer:
            raise self.fail(
                TabletopError,
                "the observer acts with no unnoticed invalid placement standing that the "
                "opponent let pass (SU-9)",
            )
        seen = Fraction(0)
        for action, probability in outcomes:
            if isinstance(action, Observe):
                piece = Piece(
                    action.row, action.col, ledger.board[(action.row - 1) * 9 + action.col - 1] or 1
                )
                if piece == self.pending():
                    raise self.fail(
                        TabletopError,
                        f"the observer may point out {piece}, which the opponent may still "
                        "point out (SU-7, SU-9)",
                    )
                if piece not in passed:
                    raise self.fail(
                        TabletopError,
                        f"the observer may point out r{action.row}c{action.col}, "
                        "which is no unnoticed invalid placement (SU-9)",
                    )
                if probability != self.observer / len(passed):
                    raise self.fail(
                        TabletopError,
                        f"the observer points out {piece} with chance {probability}, not "
                        f"{self.observer / len(passed)} (SU-9, ruling SU-20)",
                    )
                seen += probability
            elif not isinstance(action, Silent):
                raise self.fail(TabletopError, f"the observer's node offers {action}")
        if seen != self.observer:
            raise self.fail(
                TabletopError,
                f"the observer points out with chance {seen}, not {self.observer} (SU-9)",
            )

    def _check_result(self) -> None:
        state = self.state
        result = state.result
        if result is None:
            raise self.fail(ResultError, "a finished game has no result")
        if result.reason == "no-valid-move":
            loser = 1 - result.winner
            if self.spec_moves(loser):
                raise self.fail(
                    NoMoveError,
                    f"engine player {loser} lost for having no valid move (SU-6), but the spec "
                    f"allows {[str(p) for p in self.spec_moves(loser)[:6]]}",
                )
        elif result.reason == "all-pieces-played" and (
            self.free or not self.all_placed(result.winner)
        ):
            raise self.fail(
                ResultError,
                f"engine player {result.winner} won with all pieces played (SU-5) holding "
                f"{self.hand(result.winner)}, {sum(self.ledger.out_by[result.winner])} of "
                "theirs removed by the observer (SU-9)",
            )

    # -- steps ------------------------------------------------------------------------------

    def _piece_at(self, row: int, col: int) -> Piece | None:
        colour = self.ledger.board[(row - 1) * 9 + col - 1]
        return Piece(row, col, colour) if colour else None

    def _allowed(self, player: int, action: Action) -> tuple[bool, tuple[int, str] | None]:
        """Whether the rules allow ``action`` now, and the result it must give (if it ends it)."""
        ledger = self.ledger
        if player < 0:
            return True, None  # chance outcomes: checked at the chance node
        if isinstance(action, Place):
            piece = Piece(action.row, action.col, action.colour)
            mine = self.hand(player)[piece.colour - 1] > 0 and not ledger.board[piece.cell]
            if not mine or self.done() is not None or not self.spec_moves(player):
                return False, None  # nothing to place, or SU-6 (ruling SU-24), or SU-23
            valid = placement_is_valid(self.position(), piece)
            if not self.tabletop and not valid:
                return False, None
            last = not self.free and sum(self.hand(player)) == 1
            # SU-5: the last piece, valid, none removed by the observer (SU-9)
            if valid and last and not any(self.ledger.out_by[player]):
                return True, (player, "all-pieces-played")
            return True, None
        if isinstance(action, Claim):
            if not self.claim_open(player):
                return False, None
            limit = self.time_limit(player)
            good = (limit is None or action.seconds <= limit) and is_completion(
                self.position(), action.filling
            )
            return True, ((player, "claim-succeeded") if good else (1 - player, "claim-failed"))
        if isinstance(action, PointOut):
            target = self._piece_at(action.row, action.col)
            return target is not None and target == self.pointable(player), (player, "pointed-out")
        if isinstance(action, FindMistake):
            target = self._piece_at(action.row, action.col)
            return target in self.findable(player), (player, "mistake-found")
        if isinstance(action, Concede):
            # When a player may concede is the engine's ruling; the loss is theirs.
            return action in self.state.legal_actions(), (1 - player, "")
        return False, None

    def apply(self, action: Action) -> None:
        """Apply ``action`` to the state, check what it did, then check the state.

        Raises:
            PlayCheckError: as the class says; also when the engine refuses
                an action the rules allow (a placement, a claim in the
                window...) or takes one they do not.
            IllegalActionError: the engine refused an action the rules do
                not allow either (the state is unchanged).
        """
        state, ledger = self.state, self.ledger
        player = state.current_player()
        allowed, expected = self._allowed(player, action)
        kind: type[PlayCheckError] = (
            MoveError
            if isinstance(action, Place)
            else ClaimError
            if isinstance(action, Claim)
            else TabletopError
            if isinstance(action, (PointOut, FindMistake, Observe, Silent))
            else ResultError
        )
        valid = None
        if isinstance(action, Place) and allowed:
            valid = placement_is_valid(
                self.position(), Piece(action.row, action.col, action.colour)
            )
        try:
            state.apply_action(action)
        except IllegalActionError as error:
            if allowed:
                raise self.fail(
                    kind, f"the engine refused {action}, which the rules allow: {error.reason}"
                ) from None
            raise
        self.steps += 1
        if not allowed:
            raise self.fail(kind, f"the engine took {action}, which the rules do not allow now")
        if isinstance(action, Place):
            piece = Piece(action.row, action.col, action.colour)
            ledger.board[piece.cell] = piece.colour
            ledger.owner[piece.cell] = player
            ledger.turns[player] += 1
            ledger.last = (player, piece)
            if not valid:
                ledger.unnoticed.append(piece)
        elif isinstance(action, Observe):
            index = (action.row - 1) * 9 + action.col - 1
            piece = Piece(action.row, action.col, ledger.board[index])
            ledger.unnoticed.remove(piece)
            owner = ledger.owner[index]
            assert owner is not None
            ledger.out[piece.colour - 1] += 1
            ledger.out_by[owner][piece.colour - 1] += 1
            ledger.board[index] = 0
            ledger.owner[index] = None
            # Ruling SU-22: a mistake that breaks no rule once the piece is gone is no mistake.
            after = self.position()
            ledger.unnoticed = [
                p
                for p in ledger.unnoticed
                if placement_conflicts(after.with_board(after.board.without([p])), p)
            ]
        elif isinstance(action, Colours):
            _deal(ledger, action.player1, action.player2, action.shared)
        elif isinstance(action, Claim):
            ledger.turns[player] += 1  # a claim is a turn (ruling SU-25)
            self.claimed = action.filling
        if isinstance(action, Place) and not state.is_terminal():
            # SU-9, ruling SU-28: after every placement while a mistake let pass stands
            observes = bool(self.tabletop and self.observer and self.passed())
            if observes != (state.current_player() == CHANCE):
                raise self.fail(
                    TabletopError,
                    f"after {action} the observer {'does not act' if observes else 'acts'}; "
                    f"the mistakes let pass are {[str(p) for p in self.passed()]} (SU-9)",
                )
        if expected is not None:
            result = state.result
            got = None if result is None else (result.winner, result.reason)
            if got is None or got[0] != expected[0] or expected[1] not in ("", got[1]):
                raise self.fail(
                    kind,
                    f"after {action} by engine player {player} the result is {got}, "
                    f"the rules say {expected}",
                )
        self.check()

    def try_claim(self, filling: Board, seconds: float = 0.0) -> bool | None:
        """Claim with ``filling`` on a copy of the state, checking the engine's judgement.

        Returns:
            Whether the claim succeeded; ``None`` when the engine refused it
            as not allowed now (outside the window, SU-10; checked).

        Raises:
            ClaimError: the engine allowed, refused or judged it against SU-10.
        """
        copy = PlayChecker.__new__(PlayChecker)
        copy.__dict__.update(self.__dict__)
        copy.state = self.state.clone()
        copy.ledger = _copy_ledger(self.ledger)
        try:
            copy.apply(Claim(filling, seconds))
        except IllegalActionError:
            return None
        result = copy.state.result
        return result is not None and result.reason == "claim-succeeded"


def _copy_ledger(ledger: _Ledger) -> _Ledger:
    return _Ledger(
        free=ledger.free,
        allotment=[list(a) for a in ledger.allotment],
        shared=ledger.shared,
        board=bytearray(ledger.board),
        owner=list(ledger.owner),
        out=list(ledger.out),
        out_by=[list(a) for a in ledger.out_by],
        turns=list(ledger.turns),
        unnoticed=list(ledger.unnoticed),
        last=ledger.last,
    )
