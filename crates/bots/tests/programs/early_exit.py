"""Exits at its third act, without answering."""
import sys
from playing import play

play(lambda m: sys.exit(3))
