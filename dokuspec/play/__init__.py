"""The rules in play, for every game with a play kit: agents, matches, health, ladders.

* :mod:`dokuspec.play.mcts`: information-set Monte Carlo tree search over the
  engine protocol (:class:`~dokuspec.play.mcts.ISMCTS`), which each game's
  strong agent runs with the game's knowledge;
* :mod:`dokuspec.play.kit`: what a game declares (:class:`~dokuspec.play.kit.PlayKit`:
  its agents, how its games end, its option sets, its exploits);
* :mod:`dokuspec.play.matches`: seeded games between named agents, in this
  process or shared among processes;
* :mod:`dokuspec.play.health`: win rates with 95% intervals, endings, lengths;
  a sequential mode;
* :mod:`dokuspec.play.ladder`: ratings with 95% intervals from every pair's games;
* :mod:`dokuspec.play.stats`: Wilson intervals and Bradley-Terry ratings.

This package knows no game: it reads each game's kit through the plug-in
(:attr:`dokuspec.games.GameSpec.play`).
"""
