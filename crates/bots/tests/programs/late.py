"""Answers its third act 1.5 s late (the tests give 50 ms, so the limit is 1,050 ms)."""
import time
from playing import play, say


def late(message):
    time.sleep(1.5)
    say({"action": message["legal"][0]})


play(late)
