"""Tests of Two-Doku."""
