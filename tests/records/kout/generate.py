#!/usr/bin/env python3
"""Writes the Kout Bo record vectors of this directory: NAME.json + NAME.expect.json.

Run from anywhere: python3 tests/records/kout/generate.py

The records are built from hand-designed deals (a deck is the inverse of dealing: card i goes to
seat dealer + 1 + i). The tricks are written out by hand for the Kout Bo 4 deals; the Kout Bo 6
"sweep" hands are played by a small policy (lowest legal card) that this script checks with its own
follow rules and trick winner, independent of the Rust engine. Every expected result below was
reasoned from rules/kout.md; the comments say why.
"""

import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

SUITS = "SHDC"
RANKS = "23456789TJQKA"


def index(card):
    if card == "RJ":
        return 52
    if card == "BJ":
        return 53
    return SUITS.index(card[1]) * 13 + RANKS.index(card[0])


def name(i):
    if i == 52:
        return "RJ"
    if i == 53:
        return "BJ"
    return RANKS[i % 13] + SUITS[i // 13]


KOUT6 = [name(i) for i in range(54)]
KOUT4 = [c for c in KOUT6 if c in ("RJ", "BJ") or RANKS.index(c[0]) >= (4 if c[1] in "SC" else 5)]
assert len(KOUT4) == 36


def deck_from_hands(hands, dealer):
    """The deck that deals hands[s] to seat s: round by round, from seat dealer + 1."""
    n = len(hands)
    ordered = [sorted(h.split(), key=index) for h in hands]
    assert all(len(h) == 9 for h in ordered), hands
    deck = []
    for k in range(9):
        for j in range(1, n + 1):
            deck.append(ordered[(dealer + j) % n][k])
    full = KOUT6 if n == 6 else KOUT4
    assert sorted(deck, key=index) == full, "hands are not the deck"
    return deck


def sweep_hands(n, sweeper):
    """The sweeper holds A K Q J T 9 8 of spades and both jokers; the rest go round the others."""
    strong = ["8S", "9S", "TS", "JS", "QS", "KS", "AS", "RJ", "BJ"]
    hands = [[] for _ in range(n)]
    hands[sweeper] = list(strong)
    others = [s for s in range(n) if s != sweeper]
    rest = [c for c in (KOUT6 if n == 6 else KOUT4) if c not in strong]
    for k, c in enumerate(rest):
        hands[others[k % len(others)]].append(c)
    return [" ".join(h) for h in hands]


def suit_of(card, trump):
    return trump if card in ("RJ", "BJ") else card[1]


def power(card, trump, led):
    if card == "RJ":
        return 30
    if card == "BJ":
        return 28
    r = RANKS.index(card[0])
    if card[1] == trump:
        return 29 if card[0] == "A" else 16 + r
    if card[1] == led:
        return 1 + r
    return 0


def play_sweep(hands, leader, trump, tricks):
    """Plays `tricks` tricks with the lowest legal card (no dead jokers arise: the sweeper leads its
    jokers last, after A K Q J of trump). Returns the actions and the winners."""
    held = [sorted(h.split(), key=index) for h in hands]
    n = len(held)
    actions, winners = [], []
    for _ in range(tricks):
        plays = []
        for k in range(n):
            s = (leader + k) % n
            h = held[s]
            if k == 0:
                plain = [c for c in h if c not in ("RJ", "BJ")]
                card = plain[0] if plain else h[0]
                led = suit_of(card, trump)
            else:
                if led == trump:
                    must = [c for c in h if c in ("RJ", "BJ") or c[1] == trump]
                else:
                    follow = [c for c in h if c[1] == led and c not in ("RJ", "BJ")]
                    must = follow + [c for c in h if c in ("RJ", "BJ")] if follow else []
                card = (must or h)[0]
            h.remove(card)
            plays.append((s, card))
            actions.append([s, "play " + card])
        best = max(plays, key=lambda p: power(p[1], trump, led))
        leader = best[0]
        winners.append(leader)
    return actions, winners


def fmt(value, indent=0):
    """JSON with one object key per line and short lists (cards, actions) packed on few lines."""
    pad = " " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [pad + "  " + json.dumps(k) + ": " + fmt(v, indent + 2) for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"
    if isinstance(value, list) and any(isinstance(v, dict) for v in value):
        return "[\n" + ",\n".join(pad + "  " + fmt(v, indent + 2) for v in value) + "\n" + pad + "]"
    if isinstance(value, list):
        parts = [json.dumps(v) for v in value]
        lines, line = [], ""
        for p in parts:
            if line and len(pad) + len(line) + len(p) > 110:
                lines.append(line)
                line = ""
            line += (", " if line else "") + p
        lines.append(line)
        if len(lines) == 1:
            return "[" + lines[0] + "]"
        return "[\n" + ",\n".join(pad + "  " + l for l in lines) + "\n" + pad + "]"
    return json.dumps(value)


def write(name_, record, expect):
    for suffix, value in ((".json", record), (".expect.json", expect)):
        text = fmt(value)
        assert json.loads(text) == value
        with open(os.path.join(HERE, name_ + suffix), "w") as f:
            f.write(text + "\n")


def tricks(lists, leader_seq=None):
    """Plays written tricks: each is four cards in play order; the seat order starts at the leader.
    Returns actions given the leaders (seat 0 leads all of these hand-written tricks unless told)."""
    out = []
    for t, cards in enumerate(lists):
        leader = 0 if leader_seq is None else leader_seq[t]
        for k, c in enumerate(cards.split()):
            out.append([(leader + k) % 4, "play " + c])
    return out


def bids(dealer, n, calls):
    return [[(dealer + 1 + k) % n, c] for k, c in enumerate(calls)]


# -------------------------------------------------------------------------------------------------
# Kout Bo 4 deals (seats 0, 1, 2, 3; dealer 3, so seat 0 bids first)

# Seat 0 wins eight tricks and keeps the black joker alone; the jack of spades (trump) stays with
# seat 1 and the red joker with seat 3.
LONE = [
    "AS KS AC KC AH KH AD KD BJ",
    "JS QS 9S QC JC QH JH QD JD",
    "TS 8S TC 9C 6C TH 9H TD 9D",
    "7S 6S 8C 7C 8H 7H 8D 7D RJ",
]
# LONE with the red joker and the jack of spades swapped.
DOUBLE = [LONE[0], "RJ QS 9S QC JC QH JH QD JD", LONE[2], "7S 6S 8C 7C 8H 7H 8D 7D JS"]
EIGHT = ["AS QS TS 7S", "KS 9S 8S 6S", "AC QC TC 8C", "KC JC 9C 7C",
         "AH QH TH 8H", "KH JH 9H 7H", "AD QD TD 8D", "KD JD 9D 7D"]
# Seat 0 wins seven tricks and keeps both jokers; the jack of spades stays with seat 1.
BOTH = [
    "AS KS AC KC AH KH AD RJ BJ",
    "QS 9S QC 9C QH TH KD JS QD",
    "TS 8S TC 8C JH 9H JD TD 9D",
    "7S 6S 7C 6C 8H 7H 8D JC 7D",
]
SEVEN = ["AS QS TS 7S", "KS 9S 8S 6S", "AC QC TC 7C", "KC 9C 8C 6C", "AH QH JH 8H", "KH TH 9H 7H", "AD KD JD 8D"]
ORDER = [
    "KH 7H 8H 6S 7S 8S 6C 7C 8C",
    "BJ 9H 9S TS JS 9C TC JC 7D",
    "AH TH QS KS AS QC KC AC 8D",
    "RJ JH QH 9D TD JD QD KD AD",
]
JOKERS = [
    "RJ BJ AH KH QH JH 6S 7S 8S",
    "9S TS JS QS KS AS 6C 7C 8C",
    "TH 9H 8H 7H 9C TC JC QC KC",
    "AC 7D 8D 9D TD JD QD KD AD",
]
OPENING = bids(3, 4, ["bid 5", "pass", "pass", "pass"]) + [[0, "trump S"]]


def kout4(hands, actions, rules=None, dealer=3):
    rec = {"game": "kout4", "players": ["Ahmad", "Sara", "Noura", "Faisal"],
           "hands": [{"dealer": dealer, "deck": deck_from_hands(hands, dealer), "actions": actions}]}
    if rules:
        rec["rules"] = rules
    return rec


def summary(dealer, bidder, bid, malzoom, trump, tricks_, score):
    return {"dealer": dealer, "bidder": bidder, "bid": bid, "malzoom": malzoom, "trump": trump,
            "tricks": tricks_, "score": score}


def main():
    # 1. The forced dead joker: after eight tricks seat 0 holds only the black joker; bid 5 is not
    # 8 or 9 and the jack of trump is out, so it is led dead. Seat 1's jack of spades decides the
    # suit (trump); seat 3's red joker, played later, is a live trump and wins. Played out (option),
    # so all nine tricks count: 8 to team 0, 1 to team 1; bid 5 made scores 5.
    write("kout4-forced-dead-joker",
          kout4(LONE, OPENING + tricks(EIGHT) + [[0, "play BJ"], [1, "play JS"], [2, "play 6C"], [3, "play RJ"]],
                {"play_out": True}),
          {"exit": 0, "output": {"finished": False, "winner": None, "score": [5, 0], "to_act": [], "legal": [],
                                 "hands": [summary(3, 0, 5, False, "S", [8, 1], [5, 0])]}})

    # 2. Double dead: the red joker straight after the dead black joker is dead too; seat 2's six of
    # clubs decides clubs; seat 3, void in clubs, trumps with the jack of spades and wins.
    write("kout4-double-dead-jokers",
          kout4(DOUBLE, OPENING + tricks(EIGHT) + [[0, "play BJ"], [1, "play RJ"], [2, "play 6C"], [3, "play JS"]],
                {"play_out": True}),
          {"exit": 0, "output": {"score": [5, 0], "hands": [summary(3, 0, 5, False, "S", [8, 1], [5, 0])]}})

    # 3. Bid 8 with both jokers left: the red joker must lead (live) and wins the eighth trick; the
    # bid is made, so the hand stops there (no play_out): tricks 8-0, score 8. Seat 0 deals next.
    both8 = bids(3, 4, ["bid 8", "pass", "pass", "pass"]) + [[0, "trump S"]] + tricks(SEVEN)
    write("kout4-bid8-red-joker-lead",
          kout4(BOTH, both8 + [[0, "play RJ"], [1, "play JS"], [2, "play TD"], [3, "play JC"]]),
          {"exit": 0, "output": {"finished": False, "score": [8, 0], "to_act": [], "legal": [],
                                 "hands": [summary(3, 0, 8, False, "S", [8, 0], [8, 0])]}})

    # 4. The same with play_out: the ninth trick is played (the black joker now leads live: the jack
    # of spades fell); tricks 9-0, score still 8.
    write("kout4-play-out",
          kout4(BOTH, both8 + [[0, "play RJ"], [1, "play JS"], [2, "play TD"], [3, "play JC"],
                               [0, "play BJ"], [1, "play QD"], [2, "play 9D"], [3, "play 7D"]], {"play_out": True}),
          {"exit": 0, "output": {"score": [8, 0], "hands": [summary(3, 0, 8, False, "S", [9, 0], [8, 0])]}})

    # 5. Bawan made on the first hand wins the match at once: 36-0, team 0.
    sweep = sweep_hands(4, 0)
    acts, winners = play_sweep(sweep, 0, "S", 9)
    assert winners == [0] * 9
    write("kout4-bawan-first-hand",
          kout4(sweep, [[0, "bid 9"], [0, "trump S"]] + acts),
          {"exit": 0, "output": {"finished": True, "winner": 0, "score": [36, 0], "to_act": [], "legal": [],
                                 "hands": [summary(3, 0, 9, False, "S", [9, 0], [36, 0])]}})

    # 6. Unfinished, mid-trick: seat 0 led 6S with hearts trump; seat 1 must follow spades or play
    # its joker.
    mid = bids(3, 4, ["bid 5", "pass", "pass", "pass"]) + [[0, "trump H"], [0, "play 6S"]]
    write("kout4-unfinished-must-follow",
          kout4(ORDER, mid),
          {"exit": 0, "output": {"finished": False, "winner": None, "to_act": [1],
                                 "legal": ["play 9S", "play TS", "play JS", "play BJ"], "score": [0, 0],
                                 "hands": [summary(3, 0, 5, False, "H", [0, 0], None)]}})

    # 7. Unfinished in bidding: three passes, the dealer must bid.
    write("kout4-unfinished-dealer-must-bid",
          kout4(sweep_hands(4, 0), bids(3, 4, ["pass", "pass", "pass"])),
          {"exit": 0, "output": {"to_act": [3], "legal": ["bid 5", "bid 6", "bid 7", "bid 8", "bid 9"],
                                 "hands": [summary(3, None, None, None, None, None, None)]}})

    # 8. --seat 2 mid-trick: seat 2 sees its own cards, not the others' unplayed ones; it is not to
    # act, so it gets no legal actions.
    hidden = [c for s in (0, 1, 3) for c in ORDER[s].split() if c != "6S"]
    write("kout4-seat-view",
          kout4(ORDER, mid),
          {"exit": 0, "seat": 2, "absent": hidden,
           "output": {"seat": 2, "to_act": [1], "legal": [],
                      "view": {"hand": sorted(ORDER[2].split(), key=index), "trump": "H"}}})

    # 9. Illegal: seat 1 revokes (plays a heart while holding spades).
    write("kout4-error-must-follow",
          kout4(ORDER, mid + [[1, "play 9H"]]),
          {"exit": 2, "output": {"error": {"kind": "illegal", "hand": 0, "action": 6, "seat": 1, "text": "play 9H",
                                           "reason": "you must follow spades (or play a joker)"}}})

    # 10. Out of turn: seat 2 bids first, but seat 0 (dealer 3 + 1) opens.
    write("kout4-error-out-of-turn",
          kout4(ORDER, [[2, "bid 5"]]),
          {"exit": 2, "output": {"error": {"kind": "illegal", "hand": 0, "action": 0, "seat": 2, "text": "bid 5",
                                           "reason": "it is seat 0's turn"}}})

    # 11. Illegal joker lead: bid 7 is not 8 or 9, and the A K Q J of hearts are all in play.
    write("kout4-error-joker-lead",
          kout4(JOKERS, bids(3, 4, ["bid 7", "pass", "pass", "pass"]) + [[0, "trump H"], [0, "play RJ"]]),
          {"exit": 2, "output": {"error": {
              "kind": "illegal", "hand": 0, "action": 5, "seat": 0, "text": "play RJ",
              "reason": "a joker may not lead: your team's bid is 7 and the A K Q J of trump are not all played"}}})

    # 12. The dealer may not pass after three passes.
    write("kout4-error-dealer-must-bid",
          kout4(ORDER, bids(3, 4, ["pass", "pass", "pass", "pass"])),
          {"exit": 2, "output": {"error": {"kind": "illegal", "hand": 0, "action": 3, "seat": 3, "text": "pass",
                                           "reason": "the dealer must bid: everyone else passed"}}})

    # 13. A bid not higher than the last.
    write("kout4-error-bid-not-higher",
          kout4(ORDER, bids(3, 4, ["bid 7", "bid 6"])),
          {"exit": 2, "output": {"error": {"kind": "illegal", "hand": 0, "action": 1, "seat": 1, "text": "bid 6",
                                           "reason": "bid 6 is not higher than 7"}}})

    # 14. A card that is not held.
    write("kout4-error-card-not-held",
          kout4(ORDER, mid + [[1, "play AS"]]),
          {"exit": 2, "output": {"error": {"kind": "illegal", "hand": 0, "action": 6, "seat": 1, "text": "play AS",
                                           "reason": "you do not hold AS"}}})

    # 15. Bad card text in the deck.
    bad = kout4(ORDER, [])
    bad["hands"][0]["deck"][5] = "1H"
    write("kout4-error-bad-card", bad, {"exit": 2, "output": {"error": {"kind": "malformed", "hand": 0}}})

    # 16. The Kout Bo 6 deck in a kout4 record (2 to 5 and the red sixes are not in kout4).
    wrong = kout4(ORDER, [])
    wrong["hands"][0]["deck"] = KOUT6
    write("kout4-error-wrong-deck", wrong, {"exit": 2, "output": {"error": {"kind": "malformed", "hand": 0}}})

    # 17. Hand 2 dealt by the wrong seat: after dealer 3 the deal passes to seat 0.
    two = kout4(LONE, OPENING + tricks(EIGHT) + [[0, "play BJ"], [1, "play JS"], [2, "play 6C"], [3, "play RJ"]],
                {"play_out": True})
    two["hands"].append({"dealer": 3, "deck": deck_from_hands(ORDER, 3), "actions": []})
    write("kout4-error-wrong-dealer-hand-2", two, {"exit": 2, "output": {"error": {"kind": "malformed", "hand": 1}}})

    # 18. A hand after the match was won (Bawan on the first hand).
    over = kout4(sweep, [[0, "bid 9"], [0, "trump S"]] + acts)
    over["hands"].append({"dealer": 0, "deck": deck_from_hands(ORDER, 0), "actions": []})
    write("kout4-error-hand-after-match-over", over,
          {"exit": 2, "output": {"error": {"kind": "malformed", "hand": 1}}})

    # 19. Unknown game and unknown rule option.
    write("kout-error-unknown-game", {"game": "kout5", "hands": []},
          {"exit": 2, "output": {"error": {"kind": "malformed"}}})
    write("kout4-error-unknown-option", kout4(ORDER, [], {"preset": "saudi"}),
          {"exit": 2, "output": {"error": {"kind": "malformed"}}})

    # 20. An unknown action text.
    write("kout4-error-bad-action-text", kout4(ORDER, [[0, "bid 4"]]),
          {"exit": 2, "output": {"error": {"kind": "illegal", "hand": 0, "action": 0, "seat": 0, "text": "bid 4"}}})

    # ---------------------------------------------------------------------------------------------
    # Kout Bo 6

    players6 = ["Ahmad", "bot:random", "Sara", "Noura", "bot:random", "Faisal"]

    # 21. Malzoom failed: dealer 5 is forced to bid 5; seat 0 holds the sweep, so team 0 wins the
    # first five tricks and team 1 can no longer make 5 (0 + 4 < 5): the hand stops, and team 0
    # scores 5 (Malzoom failed scores 5, not 10).
    sweep6 = sweep_hands(6, 0)
    acts6, winners6 = play_sweep(sweep6, 5, "S", 5)
    assert all(w % 2 == 0 for w in winners6), winners6
    malzoom = {"game": "kout6", "players": players6, "hands": [
        {"dealer": 5, "deck": deck_from_hands(sweep6, 5),
         "actions": bids(5, 6, ["pass"] * 5 + ["bid 5"]) + [[5, "trump S"]] + acts6}]}
    write("kout6-malzoom-failed", malzoom,
          {"exit": 0, "output": {"finished": False, "score": [5, 0], "to_act": [], "legal": [],
                                 "hands": [summary(5, 5, 5, True, "S", [5, 0], [5, 0])]}})

    # 22. A three-hand match ending 51-0: team 0 makes 8 (8-0), then Bawan on hand 2 (36: 44-0, not
    # the first hand so play goes on), then 7 (51-0 while team 1 has 0: team 0 wins). Each hand stops
    # as soon as the bid is made.
    h1 = sweep_hands(6, 0)
    a1, w1 = play_sweep(h1, 0, "S", 8)
    h2 = sweep_hands(6, 2)
    a2, w2 = play_sweep(h2, 2, "S", 9)
    h3 = sweep_hands(6, 2)
    a3, w3 = play_sweep(h3, 2, "S", 7)
    assert all(w % 2 == 0 for w in w1 + w2 + w3)
    hands3 = [
        {"dealer": 5, "deck": deck_from_hands(h1, 5),
         "actions": bids(5, 6, ["bid 8", "pass", "pass", "pass", "pass", "pass"]) + [[0, "trump S"]] + a1},
        {"dealer": 0, "deck": deck_from_hands(h2, 0), "actions": bids(0, 6, ["pass", "bid 9"]) + [[2, "trump S"]] + a2},
        {"dealer": 1, "deck": deck_from_hands(h3, 1),
         "actions": bids(1, 6, ["bid 7"] + ["pass"] * 5) + [[2, "trump S"]] + a3},
    ]
    write("kout6-match-51-0", {"game": "kout6", "players": players6, "hands": hands3},
          {"exit": 0, "output": {"finished": True, "winner": 0, "score": [51, 0], "to_act": [], "legal": [],
                                 "hands": [summary(5, 0, 8, False, "S", [8, 0], [8, 0]),
                                           summary(0, 2, 9, False, "S", [9, 0], [36, 0]),
                                           summary(1, 2, 7, False, "S", [7, 0], [7, 0])]}})

    # 23. The same match stopped after hand 2: 44-0, not finished; between hands nobody acts.
    write("kout6-between-hands", {"game": "kout6", "players": players6, "hands": hands3[:2]},
          {"exit": 0, "output": {"finished": False, "winner": None, "score": [44, 0], "to_act": [], "legal": []}})

    # 24. --seat 3 in the middle of hand 3's first trick: seat 2 led 8S, seat 3 must follow trump
    # with a spade if it holds one. Seat 3 sees its own hand only.
    a3_head = a3[:1]
    mid6 = hands3[:2] + [dict(hands3[2], actions=hands3[2]["actions"][:7] + a3_head)]
    seat3 = sorted(h3[3].split(), key=index)
    spades3 = [c for c in seat3 if c[1] == "S"]
    hidden6 = [c for s in range(6) if s != 3 for c in h3[s].split() if c != a3_head[0][1][5:]]
    legal3 = ["play " + c for c in (spades3 or seat3)]
    write("kout6-seat-view", {"game": "kout6", "hands": mid6},
          {"exit": 0, "seat": 3, "absent": hidden6,
           "output": {"seat": 3, "to_act": [3], "legal": legal3, "score": [44, 0],
                      "view": {"hand": seat3, "trump": "S", "bid": 7, "maker": 2}}})

    # 25. A Kout Bo 6 record with a 36-card deck.
    write("kout6-error-wrong-deck", {"game": "kout6", "hands": [{"dealer": 0, "deck": KOUT4, "actions": []}]},
          {"exit": 2, "output": {"error": {"kind": "malformed", "hand": 0}}})


if __name__ == "__main__":
    main()
