"""Tests of the rules engine (engine/)."""
