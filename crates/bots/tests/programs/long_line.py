"""Answers its third act with a line over 1 MiB (a valid answer, padded)."""
import json
import sys
from playing import play


def long_line(message):
    answer = {"action": message["legal"][0], "padding": "x" * (1 << 20)}
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()


play(long_line)
