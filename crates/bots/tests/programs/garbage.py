"""Answers its third act with a line that is not JSON."""
import sys
from playing import play

play(lambda m: (sys.stdout.write("play the ace, I think\n"), sys.stdout.flush()))
