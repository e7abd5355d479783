"""Simple players for tests, simulation and filling seats."""

from pokerroom.bots.random_bot import RandomBot, random_action

__all__ = ["RandomBot", "random_action"]
