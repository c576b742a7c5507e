#!/usr/bin/env python3
"""A bot for every Majlis game that plays a random legal action.

It speaks the bot protocol (docs/bot-protocol.md): one JSON object per line on stdin and stdout.
Standard library only. Try it:

    majlis arena --game kout4 --bots "exec:python3 examples/bots/random_bot.py,heuristic" --matches 5
    majlis play baloot --bots "exec:python3 examples/bots/random_bot.py"

Anything written to stderr ends up in Majlis's log, so print your debugging there, never to stdout.
"""

import json
import random
import sys


def main():
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            # The seed makes a run repeatable for the same game and seat.
            rng.seed("%s-%s" % (message["game"], message["seat"]))
            reply = {"type": "ready", "name": "random_bot.py", "author": "Majlis examples"}
        elif kind == "act":
            # `legal` is never empty; any one of its texts is a legal answer.
            reply = {"action": rng.choice(message["legal"])}
        elif kind == "end":
            # message["score"] and message["winner"]: the same as `majlis replay` prints. No answer;
            # Majlis closes our stdin next, which ends the loop.
            continue
        else:
            # A later version of the protocol may add messages: ignore what we do not know.
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        # Majlis waits for each answer: flush, or the line sits in the buffer until it is late.
        sys.stdout.flush()


if __name__ == "__main__":
    main()
