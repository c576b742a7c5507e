"""Answers its third act with an action that is not legal."""
from playing import play, say

play(lambda m: say({"action": "play ZZ"}))
