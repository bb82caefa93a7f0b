"""Tests of the Minidoku game."""
