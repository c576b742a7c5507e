"""The loop the misbehaving test bots share: answers the bot protocol with the first legal action,
except at the act where a test bot's `misbehave` takes over. Standard library only."""

import json
import sys


def say(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def play(misbehave, at=3):
    """Plays legally; at the `at`-th act, calls misbehave(message) instead of answering."""
    acts = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            say({"type": "ready", "name": "test bot"})
        elif message["type"] == "act":
            acts += 1
            if acts == at:
                misbehave(message)
            else:
                say({"action": message["legal"][0]})
