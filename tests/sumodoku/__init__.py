"""Tests of the Sumodoku game."""
