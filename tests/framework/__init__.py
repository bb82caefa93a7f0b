"""Tests of the framework shared by every game."""
