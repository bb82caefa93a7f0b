"""Two-Doku: deals, positions, hidden-information inference and the game (TD-1 to TD-11)."""
