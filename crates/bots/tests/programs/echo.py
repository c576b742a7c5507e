"""Plays the last legal action and writes every message it receives, one per line, to the file
PREFIX-SEAT.jsonl (PREFIX is its first argument): the tests compare them with `majlis replay`."""
import json
import sys


def main():
    log = None
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            log = open("%s-%d.jsonl" % (sys.argv[1], message["seat"]), "w")
        log.write(line)
        log.flush()
        if message["type"] == "hello":
            sys.stdout.write(json.dumps({"type": "ready"}) + "\n")
        elif message["type"] == "act":
            sys.stdout.write(json.dumps({"action": message["legal"][-1]}) + "\n")
        sys.stdout.flush()


main()
