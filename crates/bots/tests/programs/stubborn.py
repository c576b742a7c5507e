"""Plays legally, but ignores the end of its input and SIGTERM, so Majlis must kill it. Writes its
process id to the file named by its first argument."""
import signal
import sys
import time
from playing import play

with open(sys.argv[1], "w") as f:
    f.write(str(__import__("os").getpid()))
signal.signal(signal.SIGTERM, signal.SIG_IGN)
play(lambda m: None, at=-1)
while True:
    time.sleep(1)
