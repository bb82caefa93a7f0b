"""Tests of the Competitive game."""
