"""Plain vocabulary types of the games (boards, pieces, positions), shared by spec and engine."""
