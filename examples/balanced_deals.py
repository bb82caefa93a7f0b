"""Fair and balanced deals of the three games, from a seed.

Run from the root of a checkout:

    python examples/balanced_deals.py --seed 1 --gap 1 --balance 1

Two-Doku's fair deals, balanced further (TD-15); Competitive Sudoku's deals
with their advantage for Black, balanced within a margin; Sumodoku's random
colour assignment (SU-1) and its class under odd/even marks. The same seed
gives the same deals. Every deal is checked against the rules
(twodoku.validate, competitive.validate_deal) before it is printed.
"""

from __future__ import annotations

import argparse
import sys

from dokuspec import competitive, twodoku
from dokuspec.engine.base import CHANCE
from dokuspec.engine.sumodoku import Sumodoku
from dokuspec.sumodoku.agents import deal_class


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="the deals' seed (default 1)")
    parser.add_argument(
        "--gap",
        type=int,
        default=None,
        help="Two-Doku balance: the largest difference between the piles' counts of a digit "
        "(TD-15; default: equal sums only)",
    )
    parser.add_argument(
        "--copies",
        type=int,
        default=2,
        choices=range(1, 5),
        metavar="{1,2,3,4}",
        help="Competitive Sudoku: copies of each card in the deck (CS-1; default 2)",
    )
    parser.add_argument(
        "--balance",
        type=float,
        default=None,
        metavar="BITS",
        help="Competitive Sudoku: the largest advantage for Black allowed, in bits "
        "(default: any deal)",
    )
    args = parser.parse_args(argv)
    if args.gap is not None and args.gap < 0:
        parser.error("--gap must be 0 or more")
    if args.balance is not None and not args.balance >= 0:
        parser.error("--balance must be 0 or more")

    # Two-Doku: a fair deal (equal pile sums, TD-4), balanced further if asked (TD-15).
    balance = None if args.gap is None else twodoku.Balance(max_digit_count_gap=args.gap)
    deal = twodoku.deal(args.seed, balance=balance)
    problems = twodoku.validate(deal, balance)
    if problems:  # never happens: deal() draws deals within the rules
        print("\n".join(p.message for p in problems), file=sys.stderr)
        return 1
    print(twodoku.deal_text(deal))
    count = twodoku.count_fair_deals(deal.face_down_dominoes())
    print(f"fair deals of this face-down draw: {float(count.probability):.3%} of all deals")
    print(f"  {count.fair:,} of {count.total:,}")
    gaps = [abs(deal.red.count(d) - deal.blue.count(d)) for d in range(1, 10)]
    print(f"largest gap between the piles' counts of a digit: {max(gaps)}")

    # Competitive Sudoku: who is Black and the cards of each mode (CS-2 to CS-5), and how
    # much the draft favours Black; with --balance, only deals within that margin.
    for mode in competitive.MODES:
        seed = args.seed
        if args.balance is not None:
            seed = competitive.balanced_seed(
                mode, args.seed, args.balance, copies_per_colour=args.copies
            )
        dealt = competitive.deal(mode, seed, copies_per_colour=args.copies)
        problems = competitive.validate_deal(dealt)
        if problems:
            print("\n".join(p.message for p in problems), file=sys.stderr)
            return 1
        print()
        print(dealt)
        value = competitive.advantage(mode, dealt.pool, args.copies)
        print(f"advantage for Black: {value:.3f} bits (the game of seed {seed})")

    # Sumodoku: with colour_assignment=random, the split of the nine colours is dealt
    # (SU-1). Under odd/even marks (SU-13) it can matter; the class names it.
    marks = "o..e..o....e..o..o.e..e..o.e..o..e....o..o..e.o..o..e.o..e..o....e..e..o.o..e..o."
    state = Sumodoku(colour_assignment="random", parity=marks).new_initial_state(args.seed)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance_outcome())
    own = [sorted(state.colours(p) - {state.spare}) for p in (0, 1)]
    print()
    print(f"Sumodoku colours: Player 1 {own[0]}, Player 2 {own[1]}, shared {state.spare}")
    print(f"under odd/even marks: {deal_class(state)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
