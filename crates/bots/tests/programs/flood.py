"""Answers its third act, then writes 500 lines nobody asked for."""
import sys
from playing import play, say


def flood(message):
    say({"action": message["legal"][0]})
    sys.stdout.write('{"action": "pass"}\n' * 500)
    sys.stdout.flush()


play(flood)
