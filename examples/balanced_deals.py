"""Fair and balanced deals: Two-Doku's fair deals and Competitive Sudoku's deals, from a seed.

Run from the root of a checkout:

    python examples/balanced_deals.py --seed 1 --gap 1

The same seed gives the same deals. Every deal is checked against the rules
(twodoku.validate, competitive.validate_deal) before it is printed.
"""

from __future__ import annotations

import argparse
import sys

from dokuspec import competitive, twodoku


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
    args = parser.parse_args(argv)
    if args.gap is not None and args.gap < 0:
        parser.error("--gap must be 0 or more")

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

    # Competitive Sudoku: who is Black and the cards of each mode (CS-2 to CS-5).
    for mode in competitive.MODES:
        dealt = competitive.deal(mode, args.seed, copies_per_colour=args.copies)
        problems = competitive.validate_deal(dealt)
        if problems:
            print("\n".join(p.message for p in problems), file=sys.stderr)
            return 1
        print()
        print(dealt)
    return 0


if __name__ == "__main__":
    sys.exit(main())
