"""Answers its first act 1.5 s late, then every act at once (the tests give 50 ms)."""
import time
from playing import play, say


def late(message):
    time.sleep(1.5)
    say({"action": message["legal"][0]})


play(late, at=1)
