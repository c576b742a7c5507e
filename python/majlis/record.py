"""Game records (our PGN): read, written and replayed exactly as ``majlis replay`` does."""

from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional

from . import _majlis


class Record:
    """A game record: the game, its rules, the players and every hand's deck and actions.

    ``Record.parse(text)`` checks the JSON (a malformed record raises ValueError naming what is
    wrong); ``replay()`` plays it through the engine and returns what ``majlis replay`` prints
    (an illegal action raises ValueError naming hand, action, seat and reason).
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data: Dict[str, Any] = dict(data)

    @classmethod
    def parse(cls, text: str) -> "Record":
        """Reads a record from its JSON text."""
        return cls(json.loads(_majlis.parse_record(text)))

    @classmethod
    def deal(cls, game: str, seed: int = 0, rules: Optional[Mapping[str, Any]] = None) -> "Record":
        """A fresh record of ``game``: the first hand dealt from ``seed``, no actions yet."""
        return cls.parse(_majlis.deal(game, seed, json.dumps(dict(rules)) if rules else None))

    @property
    def game(self) -> str:
        """The game's id."""
        return str(self._data["game"])

    @property
    def rules(self) -> Dict[str, Any]:
        """The rule options."""
        return dict(self._data.get("rules", {}))

    @property
    def players(self) -> List[str]:
        """The players' names, by seat."""
        return list(self._data.get("players", []))

    @property
    def hands(self) -> List[Dict[str, Any]]:
        """Every hand: its dealer, deck and actions."""
        return list(self._data.get("hands", []))

    def to_dict(self) -> Dict[str, Any]:
        """The record as a JSON-ready dict."""
        return json.loads(json.dumps(self._data))

    def to_json(self) -> str:
        """The record's JSON text (``majlis replay`` reads it)."""
        return json.dumps(self._data, indent=2)

    def replay(self, seat: Optional[int] = None) -> Dict[str, Any]:
        """Replays the record: what ``majlis replay`` prints (with ``seat``, only its view)."""
        return json.loads(_majlis.replay(self.to_json(), seat))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return f"Record(game={self.game!r}, hands={len(self.hands)})"
