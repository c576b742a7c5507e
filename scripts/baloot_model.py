#!/usr/bin/env python3
"""An independent model of Baloot as the shared rules specify it (rules/baloot.md, with the section
"Saudi table calls"), written from the spec text for the record vectors, not from the Rust engine.

It replays a game record (spec/records.md) and prints what `majlis replay` must answer: the per-hand
facts, the match score, whether it is finished, the winner, who is to act and what they may do, or
the first illegal action. `generate` writes the vectors of the Saudi table calls under
tests/records/baloot/ with these answers as their `.expect.json`.

    python3 scripts/baloot_model.py replay RECORD.json
    python3 scripts/baloot_model.py generate [--out tests/records/baloot]
    python3 scripts/baloot_model.py random DIR N [SEED]

`random` writes N random saudi_full records (cut at random points, calls included) with the model's
answers beside them, in the vector format, to compare with the engine in bulk (for example with the
record harness pointed at DIR); they are not kept as vectors.

Standard library only. Where the spec leaves a point open, the model follows the project's
decisions, each marked DECISION below (they are listed in docs/rules/baloot.md).
"""

import json
import random
import sys
from itertools import product

SUITS = "SHDC"  # the notation order of suits
RANKS = "789TJQKA"  # ascending, the order cards are listed in
NATURAL = "789TJQKA"  # runs: A K Q J 10 9 8 7
TRUMP_ORDER = "78QKTA9J"  # weakest first: J 9 A 10 K Q 8 7 is the strongest-first order
PLAIN_ORDER = "789JQKTA"  # weakest first: A 10 K Q J 9 8 7
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
DECK = [r + s for s in SUITS for r in RANKS]

PRESETS = {
    "seed": dict(sun_in_first_round=False, trump_when_partner_winning=True, must_overtrump=False,
                 four_of_a_kind="any", four_hundred_points=400, project_tie="cancel",
                 hokum_rounding="each_team", kaboot=False,
                 doubling=False, ashkal=False, kawesh=False, sawa=False),
}
PRESETS["saudi"] = dict(PRESETS["seed"], sun_in_first_round=True, trump_when_partner_winning=False,
                        must_overtrump=True, four_of_a_kind="saudi", four_hundred_points=200,
                        project_tie="top_card", hokum_rounding="sum16", kaboot=True)
PRESETS["saudi_full"] = dict(PRESETS["saudi"], doubling=True, ashkal=True, kawesh=True, sawa=True)

# The engine's sentences for each refusal: the wording is the interface, the model decides which.
REASONS = {
    "not_your_turn": "it is seat {seat}'s turn",
    "still_bidding": "the bidding is not over: pass, hokum or sun",
    "bidding_over": "the bidding is over: play a card",
    "must_follow": "you must follow {suit_name}",
    "must_trump": "you must trump",
    "not_held": "you do not hold the {card_words}",
    "must_beat": "you must beat the {rank_word} of trump",
    "sun_in_round_one": "sun is not allowed in round 1 under these rules: pass or hokum",
    "round_one_hokum_suit": "in round 1 the hokum is in {suit_name}, the face-up card's suit",
    "bare_hokum_in_round_two": "a bare hokum is not allowed in round 2: name a suit",
    "round_two_hokum_suit": "in round 2 the hokum cannot be in {suit_name}, the face-up card's suit",
    "only_sun_or_pass": "after seat {seat}'s hokum only sun or pass remain",
    "call_not_in_rules": "{call} is not played under these rules",
    "still_doubling": "the doubling is not over: raise or pass",
    "doubling_over": "the doubling is over: play a card",
    "not_your_teams_call": "{call} is the other team's call",
    "not_this_step": "the call now is {call} or pass",
    "open_or_closed": "say {call} open or {call} closed",
    "sun_double_is_plain": "in Sun the double is neither open nor closed: say double",
    "sun_double_needs_scores": "in Sun a double needs the bidder's team above 100 points and the defenders below 100",
    "closed_trump_lead": "the double is closed: you may not lead a trump while you hold another suit",
    "ashkal_only_in_round_one": "ashkal is said in round 1 only",
    "ashkal_wrong_seat": "only the dealer and the seat before the dealer may say ashkal",
    "ashkal_on_an_ace": "no ashkal when the face-up card is an ace",
    "kawesh_too_late": "kawesh is said in round 1, before anyone bids",
    "kawesh_needs_low_cards": "kawesh needs five cards of 7, 8 and 9, and you hold the {card_words}",
    "sawa_not_leading": "sawa is said by the player about to lead, before the trick starts",
}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_WORDS = {"T": "10", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}


class Illegal(Exception):
    """An action the rules refuse, with the refusal's code and parameters."""

    def __init__(self, code, **params):
        super().__init__(code)
        self.code = code
        self.params = params

    def reason(self):
        p = dict(self.params)
        if "suit" in p:
            p["suit_name"] = SUIT_NAMES[p["suit"]]
        if "card" in p:
            c = p["card"]
            p["card_words"] = f"{RANK_WORDS.get(c[0], c[0])} of {SUIT_NAMES[c[1]]}"
        if "rank" in p:
            p["rank_word"] = RANK_WORDS.get(p["rank"], p["rank"])
        return REASONS[self.code].format(**p)


class Malformed(Exception):
    pass


def rules_of(options):
    preset = options.get("preset", "seed")
    if preset not in PRESETS:
        raise Malformed(f"unknown preset {preset}")
    r = dict(PRESETS[preset])
    for k, v in options.items():
        if k == "preset":
            continue
        if k not in r:
            raise Malformed(f"unknown option {k}")
        r[k] = v
    return r


def team(seat):
    return seat % 2


def suit(c):
    return c[1]


def rank(c):
    return c[0]


def sort_cards(cards):
    return sorted(cards, key=lambda c: (SUITS.index(suit(c)), RANKS.index(rank(c))))


def power(card, led, trump):
    """How strongly `card` plays in a trick led in `led`: 0 cannot win, then the led suit, then trumps."""
    if trump and suit(card) == trump:
        return 100 + TRUMP_ORDER.index(rank(card))
    if suit(card) == led:
        return 10 + PLAIN_ORDER.index(rank(card))
    return 0


def points(card, trump):
    return TRUMP_POINTS[rank(card)] if trump and suit(card) == trump else PLAIN_POINTS[rank(card)]


def trick_winner(plays, trump):
    """`plays`: [(seat, card)] in order; the seat taking it so far."""
    led = suit(plays[0][1])
    return max(plays, key=lambda p: power(p[1], led, trump))[0]


def legal_cards(hand, plays, seat, trump, r, closed):
    """The cards `seat` may play from `hand` into the trick `plays` (spec: Play, and the trumping rows)."""
    hand = list(hand)
    if not plays:
        if closed and trump:
            other = [c for c in hand if suit(c) != trump]
            if other:
                return other
        return hand
    led = suit(plays[0][1])
    follow = [c for c in hand if suit(c) == led]
    trumps = [c for c in hand if trump and suit(c) == trump]
    best_trump = max([power(c, led, trump) for _, c in plays if trump and suit(c) == trump], default=None)

    def beating(ts):
        if not r["must_overtrump"] or best_trump is None:
            return ts
        above = [c for c in ts if power(c, led, trump) > best_trump]
        return above if above else ts

    if trump is None:
        return follow or hand
    if led == trump:
        return beating(trumps) if trumps else hand
    if follow:
        return follow
    if not trumps:
        return hand
    partner_wins = trick_winner(plays, trump) == (seat + 2) % 4
    if partner_wins and not r["trump_when_partner_winning"]:
        # Free to discard; a trump played all the same is "trumping" and must beat if it can.
        return [c for c in hand if suit(c) != trump] + beating(trumps)
    return beating(trumps)


# ---------------------------------------------------------------- projects

def run_projects(cards_of_suit):
    """Maximal runs of 3+ in natural order among the given ranks: [(length, top index)]."""
    idx = sorted(NATURAL.index(r) for r in cards_of_suit)
    runs, start = [], None
    for i, v in enumerate(idx):
        if start is None or v != idx[i - 1] + 1:
            if start is not None and i - start >= 3:
                runs.append((i - start, idx[i - 1]))
            start = i
    if idx and len(idx) - start >= 3:
        runs.append((len(idx) - start, idx[-1]))
    return runs


def run_name(length):
    return "sira" if length == 3 else "fifty" if length == 4 else "hundred"


def worth(name, r):
    return {"sira": 20, "fifty": 50, "hundred": 100, "four_hundred": r["four_hundred_points"], "baloot": 20}[name]


def projects_of(hand, mode, r):
    """The best combination of one player's 8 cards: [(name, top index in natural order)]."""
    quads = []
    for rk in NATURAL:
        if all(rk + s in hand for s in SUITS):
            if rk == "A" and mode == "sun":
                quads.append(("four_hundred", rk))
            elif r["four_of_a_kind"] == "any" or rk in "AKQJT":
                quads.append(("hundred", rk))
    best, best_key = [], None
    for mask in range(1 << len(quads)):
        chosen = [q for i, q in enumerate(quads) if mask >> i & 1]
        used = {q[1] for q in chosen}
        combo = [(name, NATURAL.index(rk)) for name, rk in chosen]
        for s in SUITS:
            ranks = [rank(c) for c in hand if suit(c) == s and rank(c) not in used]
            combo += [(run_name(n), top) for n, top in run_projects(ranks)]
        total = sum(worth(n, r) for n, _ in combo)
        key = (total, -len(combo), max([t for _, t in combo], default=-1))
        if best_key is None or key > best_key:
            best, best_key = combo, key
    return best


# ---------------------------------------------------------------- scoring

def hokum_card_gp(p, rounding):
    def q(x):
        return x // 10 + (1 if x % 10 > 5 else 0)
    g = [q(p[0]), q(p[1])]
    if rounding == "sum16" and sum(g) in (15, 17):
        r0, r1 = p[0] % 10, p[1] % 10
        larger = (1 if r1 > r0 else 0) if r0 != r1 else (1 if p[1] > p[0] else 0)
        g[larger] += -1 if sum(g) == 17 else 1
    return g


def sun_gp(p):
    rem = p % 10
    rounded = p if rem == 5 else (p - rem + 10 if rem > 5 else p - rem)
    return rounded * 2 // 10


def project_gp(raw, mode):
    return raw // 10 if mode == "hokum" else raw * 2 // 10


class Hand:
    def __init__(self, dealer, deck, m):
        self.m = m
        self.r = m.r
        self.dealer = dealer
        self.hands = [[] for _ in range(4)]
        for i in range(20):
            self.hands[(dealer + 1 + i) % 4].append(deck[i])
        self.face = deck[20]
        self.stock = deck[21:]
        self.bids = []
        self.calls = []
        self.stage = "round1"
        self.next = (dealer + 1) % 4
        self.hokum_bidder = None
        self.contract = None  # (bidder, mode, trump, ashkal)
        self.multiplier = 1
        self.gahwa = False
        self.closed = False
        self.step = None
        self.step_second = False
        self.last_caller = None
        self.tricks = []
        self.trick = []
        self.leader = None
        self.trick_counts = [0, 0]
        self.card_points = [0, 0]
        self.projects = []  # (seat, name, top)
        self.counted = None
        self.baloot = None
        self.summary = None
        self.ended_by = None
        self.sawa = None

    # -- who acts, and what they may do
    def in_progress(self):
        return self.stage in ("round1", "window", "round2", "doubling", "play")

    def to_act(self):
        if self.stage == "play":
            return (self.leader + len(self.trick)) % 4
        return self.next if self.in_progress() else None

    def legal(self):
        seat = self.to_act()
        out = []
        for a in self.candidates(seat):
            try:
                self.check(seat, a)
                out.append(a)
            except Illegal:
                pass
        return out

    def candidates(self, seat):
        fs = suit(self.face)
        if self.stage in ("round1", "window"):
            return ["pass", "hokum", "sun", "ashkal", "kawesh"]
        if self.stage == "round2":
            return ["pass"] + [f"hokum {s}" for s in SUITS if s != fs] + ["sun", "ashkal", "kawesh"]
        if self.stage == "doubling":
            return ["pass"] + [f"{w}{x}" for w in ("double", "three", "four") for x in ("", " open", " closed")] + ["gahwa"]
        if self.stage == "play":
            return [f"play {c}" for c in sort_cards(self.hands[seat])] + ["sawa"]
        return []

    # -- the rules
    def check(self, seat, text):
        r = self.r
        words = text.split()
        verb = words[0]
        if verb in ("double", "three", "four", "gahwa") and not r["doubling"]:
            raise Illegal("call_not_in_rules", call=verb)
        for call in ("ashkal", "kawesh", "sawa"):
            if verb == call and not r[call]:
                raise Illegal("call_not_in_rules", call=call)
        if verb in ("double", "three", "four", "gahwa") and self.stage == "play" and self.contract[1] == "sun" \
                and not self.sun_doubling_open(self.contract[0]):
            raise Illegal("sun_double_needs_scores")
        actor = self.to_act()
        if seat != actor:
            raise Illegal("not_your_turn", seat=actor)
        st = self.stage
        fs = suit(self.face)
        if st in ("round1", "window", "round2"):
            if verb in ("play", "double", "three", "four", "gahwa", "sawa"):
                raise Illegal("still_bidding")
            if text == "pass":
                return
            if verb == "hokum":
                if st == "window":
                    raise Illegal("only_sun_or_pass", seat=self.hokum_bidder)
                named = words[1] if len(words) > 1 else None
                if st == "round1":
                    if named not in (None, fs):
                        raise Illegal("round_one_hokum_suit", suit=fs)
                    return
                if named is None:
                    raise Illegal("bare_hokum_in_round_two")
                if named == fs:
                    raise Illegal("round_two_hokum_suit", suit=fs)
                return
            if verb == "sun":
                if st == "round1" and not r["sun_in_first_round"]:
                    raise Illegal("sun_in_round_one")
                return
            if verb == "ashkal":
                if st == "round2":
                    raise Illegal("ashkal_only_in_round_one")
                if seat not in (self.dealer, (self.dealer + 3) % 4):
                    raise Illegal("ashkal_wrong_seat")
                if rank(self.face) == "A":
                    raise Illegal("ashkal_on_an_ace")
                if st == "round1" and not r["sun_in_first_round"]:
                    raise Illegal("sun_in_round_one")
                return
            if verb == "kawesh":
                if st != "round1":
                    raise Illegal("kawesh_too_late")
                high = [c for c in self.hands[seat] if rank(c) not in "789"]
                if high:
                    top = max(high, key=lambda c: ("TJQKA".index(rank(c)), -SUITS.index(suit(c))))
                    raise Illegal("kawesh_needs_low_cards", card=top)
                return
            raise Illegal("unknown")
        if st == "doubling":
            if text == "pass":
                return
            defenders_turn = self.step % 2 == 1
            if verb in ("double", "three", "four"):
                by_defenders = verb != "three"
                if by_defenders != defenders_turn:
                    raise Illegal("not_your_teams_call", call=verb)
                if ("double", "three", "four").index(verb) + 1 != self.step:
                    raise Illegal("not_this_step", call=("double", "three", "four", "gahwa")[self.step - 1])
                side = words[1] if len(words) > 1 else None
                if self.contract[1] == "sun" and side is not None:
                    raise Illegal("sun_double_is_plain")
                if self.contract[1] == "hokum" and side is None:
                    raise Illegal("open_or_closed", call=verb)
                return
            if verb == "gahwa":
                if defenders_turn:
                    raise Illegal("not_your_teams_call", call="gahwa")
                if self.step != 4:
                    raise Illegal("not_this_step", call=("double", "three", "four", "gahwa")[self.step - 1])
                return
            raise Illegal("still_doubling")
        if st == "play":
            if verb == "play":
                card = words[1]
                if card not in self.hands[seat]:
                    raise Illegal("not_held", card=card)
                trump = self.contract[2]
                if card in legal_cards(self.hands[seat], self.trick, seat, trump, r, self.closed):
                    return
                if not self.trick:
                    raise Illegal("closed_trump_lead")
                led = suit(self.trick[0][1])
                in_trick = [c for _, c in self.trick if trump and suit(c) == trump]
                if trump and suit(card) == trump and in_trick and r["must_overtrump"]:
                    best = max(in_trick, key=lambda c: power(c, led, trump))
                    raise Illegal("must_beat", rank=rank(best))
                if any(suit(c) == led for c in self.hands[seat]):
                    raise Illegal("must_follow", suit=led)
                raise Illegal("must_trump")
            if verb == "sawa":
                if self.trick:
                    raise Illegal("sawa_not_leading")
                return
            if verb in ("double", "three", "four", "gahwa"):
                raise Illegal("doubling_over")
            raise Illegal("bidding_over")
        raise Illegal("no_hand")

    def sun_doubling_open(self, bidder):
        s = self.m.score
        return s[team(bidder)] > 100 and s[1 - team(bidder)] < 100

    def act(self, seat, text):
        self.check(seat, text)
        words = text.split()
        verb = words[0]
        st = self.stage
        fs = suit(self.face)
        if st in ("round1", "window", "round2"):
            self.bids.append((seat, text))
            if verb == "kawesh":
                self.stage = "kawesh"
                self.ended_by = "kawesh"
                self.laid_down = {seat: list(self.hands[seat])}
                self.m.next_dealer = self.dealer  # the same dealer
                return
            if verb == "sun":
                return self.end_bidding(seat, "sun", None, False)
            if verb == "ashkal":
                return self.end_bidding(seat, "sun", None, True)
            if verb == "hokum":
                if st == "round1":
                    if self.r["sun_in_first_round"] and seat != self.dealer:
                        self.stage = "window"
                        self.hokum_bidder = seat
                        self.next = (seat + 1) % 4
                        return
                    return self.end_bidding(seat, "hokum", fs, False)
                return self.end_bidding(seat, "hokum", words[1], False)
            # pass
            if st == "window":
                if seat == self.dealer:
                    return self.end_bidding(self.hokum_bidder, "hokum", fs, False)
                self.next = (seat + 1) % 4
                return
            if seat == self.dealer:
                if st == "round1":
                    self.stage = "round2"
                    self.next = (seat + 1) % 4
                    return
                self.stage = "void"
                self.ended_by = "void"
                self.m.next_dealer = (self.dealer + 1) % 4
                return
            self.next = (seat + 1) % 4
            return
        if st == "doubling":
            self.calls.append((seat, text))
            if text == "pass":
                if self.step_second:
                    return self.deal_stock()
                self.step_second = True
                self.next = (seat + 2) % 4
                return
            if verb == "gahwa":
                self.gahwa = True
                self.multiplier = 4
                self.closed = False  # DECISION: gahwa is neither open nor closed
                return self.deal_stock()
            self.multiplier = {"double": 2, "three": 3, "four": 4}[verb]
            self.closed = len(words) > 1 and words[1] == "closed"
            if self.contract[1] == "sun":
                return self.deal_stock()
            self.step += 1
            self.step_second = False
            self.next = (seat + 1) % 4
            return
        if st == "play":
            if verb == "sawa":
                return self.settle_sawa(seat)
            card = words[1]
            self.hands[seat].remove(card)
            self.trick.append((seat, card))
            if len(self.trick) < 4:
                return
            trump = self.contract[2]
            w = trick_winner(self.trick, trump)
            pts = sum(points(c, trump) for _, c in self.trick) + (10 if len(self.tricks) == 7 else 0)
            self.card_points[team(w)] += pts
            self.trick_counts[team(w)] += 1
            self.tricks.append(self.trick)
            self.trick = []
            self.leader = w
            if len(self.tricks) == 8:
                self.ended_by = "play"
                self.score_hand(None)

    def end_bidding(self, bidder, mode, trump, ashkal):
        self.contract = (bidder, mode, trump, ashkal)
        if self.r["doubling"] and (mode == "hokum" or self.sun_doubling_open(bidder)):
            self.stage = "doubling"
            self.step = 1
            self.step_second = False
            self.next = (bidder + 1) % 4
            return
        self.deal_stock()

    def deal_stock(self):
        bidder, mode, trump, ashkal = self.contract
        taker = (bidder + 2) % 4 if ashkal else bidder
        stock = list(self.stock)
        for k in range(1, 5):
            s = (self.dealer + k) % 4
            if s == taker:
                self.hands[s] += [self.face] + stock[:2]
                stock = stock[2:]
            else:
                self.hands[s] += stock[:3]
                stock = stock[3:]
        for s in range(4):
            for name, top in projects_of(self.hands[s], mode, self.r):
                self.projects.append((s, name, top))
        self.counted = self.compare_projects()
        if mode == "hokum":
            pair = {"K" + trump, "Q" + trump}
            for s in range(4):
                if pair <= set(self.hands[s]):
                    self.baloot = s
        self.stage = "play"
        self.leader = (self.dealer + 1) % 4

    def compare_projects(self):
        first = (self.dealer + 1) % 4

        def best(t):
            keys = [(worth(n, self.r), top, -((s - first) % 4)) for s, n, top in self.projects if team(s) == t]
            return max(keys) if keys else None

        b0, b1 = best(0), best(1)
        if b0 is None and b1 is None:
            return None
        if b1 is None:
            return 0
        if b0 is None:
            return 1
        if b0[0] != b1[0]:
            return 0 if b0[0] > b1[0] else 1
        if self.r["project_tie"] == "cancel":
            return None
        return 0 if b0[1:] > b1[1:] else 1

    def settle_sawa(self, claimer):
        trump = self.contract[2]
        holds = claim_holds(self.hands, claimer, trump, self.closed, self.r)
        remaining = [c for h in self.hands for c in h]
        takers = team(claimer) if holds else 1 - team(claimer)
        # DECISION: after a lost claim, the remaining cards and tricks go to the other team.
        self.card_points[takers] += sum(points(c, trump) for c in remaining) + 10
        self.trick_counts[takers] += len(self.hands[claimer])
        self.laid_down = {s: list(self.hands[s]) for s in range(4)}
        self.hands = [[] for _ in range(4)]
        self.sawa = (claimer, holds)
        self.ended_by = "sawa"
        self.score_hand(None if holds else team(claimer))

    def score_hand(self, lost_claim):
        r = self.r
        bidder, mode, trump, _ = self.contract
        b, o = team(bidder), 1 - team(bidder)
        raw = [0, 0]
        names = [[], []]
        if self.counted is not None:
            for s, n, _ in self.projects:
                if team(s) == self.counted:
                    raw[self.counted] += worth(n, r)
                    names[self.counted].append(n)
        bal = [0, 0]
        if self.baloot is not None:
            bal[team(self.baloot)] = project_gp(20, mode)
        if mode == "hokum":
            cards = hokum_card_gp(self.card_points, r["hokum_rounding"])
            gp = [cards[t] + raw[t] // 10 + bal[t] for t in (0, 1)]
        else:
            gp = [sun_gp(self.card_points[t] + raw[t]) for t in (0, 1)]
        base = 16 if mode == "hokum" else 26
        all_projects = project_gp(raw[0] + raw[1], mode)
        m = self.multiplier

        def with_baloot(t, lst):
            return lst + (["baloot"] if self.baloot is not None and team(self.baloot) == t else [])

        def no_split(winner, value):
            sc = [0, 0]
            sc[winner] = (value + all_projects) * m + bal[winner]
            sc[1 - winner] = bal[1 - winner]
            return sc

        failed = gp[b] < gp[o] if mode == "hokum" else gp[b] <= gp[o]
        if lost_claim is not None:
            winner = 1 - lost_claim
            score = no_split(winner, base)  # DECISION: the projects are multiplied too
            proj = [with_baloot(t, names[t]) for t in (0, 1)]
        elif m >= 2:
            winner = o if failed else b
            value = base
            if r["kaboot"] and self.trick_counts[winner] == 8:
                value = 25 if mode == "hokum" else 44
            score = no_split(winner, value)
            proj = [with_baloot(t, names[t]) for t in (0, 1)]
        else:
            sweep = [t for t in (0, 1) if self.trick_counts[t] == 8]
            if r["kaboot"] and sweep:
                winner = sweep[0]
                score = [0, 0]
                score[winner] = (25 if mode == "hokum" else 44) + project_gp(raw[winner], mode) + bal[winner]
                proj = [[], []]
                proj[winner] = with_baloot(winner, names[winner])
            elif failed:
                winner = o
                score = no_split(o, base)
                proj = [with_baloot(t, names[t]) for t in (0, 1)]
            else:
                winner = b
                score = gp
                proj = [with_baloot(t, names[t]) for t in (0, 1)]
        self.final_score = score
        self.final_projects = proj
        self.stage = "done"
        for t in (0, 1):
            self.m.score[t] += score[t]
        self.m.next_dealer = (self.dealer + 1) % 4
        if self.gahwa:
            self.m.winner = winner
        else:
            s0, s1 = self.m.score
            if s0 >= 152 or s1 >= 152:
                if s0 != s1:
                    self.m.winner = 0 if s0 > s1 else 1

    def facts(self):
        c = self.contract
        done = self.stage == "done"
        return {
            "dealer": self.dealer,
            "bidder": c[0] if c else None,
            "mode": c[1] if c else None,
            "trump": c[2] if c else None,
            "tricks": self.trick_counts if done else None,
            "card_points": self.card_points if done else None,
            "projects": self.final_projects if done else None,
            "score": self.final_score if done else None,
            "void": None if self.stage in ("round1", "window", "round2") else self.stage == "void",
            "multiplier": ("gahwa" if self.gahwa else self.multiplier) if c else None,
            "closed": self.closed if c else None,
            "ended_by": self.ended_by,
        }


def claim_holds(hands, claimer, trump, closed, r):
    """Sawa, by brute force: can `claimer` lead so that it takes every remaining trick with its own card,
    whatever legal cards the other three play? DECISION: "the claimer" is the player, not the team."""
    memo = {}

    def wins(hs):
        if not hs[claimer]:
            return True
        key = tuple(tuple(sorted(h)) for h in hs)
        if key in memo:
            return memo[key]
        result = False
        for lead in legal_cards(hs[claimer], [], claimer, trump, r, closed):
            ok = True
            stack = [[(claimer, lead)]]
            while stack and ok:
                plays = stack.pop()
                if len(plays) == 4:
                    if trick_winner(plays, trump) != claimer:
                        ok = False
                        break
                    nxt = [list(h) for h in hs]
                    for s, c in plays:
                        nxt[s].remove(c)
                    if not wins(nxt):
                        ok = False
                    continue
                s = (claimer + len(plays)) % 4
                for c in legal_cards(hs[s], plays, s, trump, r, False):
                    stack.append(plays + [(s, c)])
            if ok:
                result = True
                break
        memo[key] = result
        return result

    return wins([list(h) for h in hands])


class MatchModel:
    def __init__(self, options):
        self.r = rules_of(options)
        self.score = [0, 0]
        self.winner = None
        self.next_dealer = None
        self.hands = []

    def current(self):
        return self.hands[-1] if self.hands else None


def replay(record):
    """What `majlis replay` prints for `record`: (exit code, output)."""
    try:
        m = MatchModel(record.get("rules") or {})
    except Malformed as e:
        return 2, {"error": {"kind": "malformed"}}
    for i, hr in enumerate(record["hands"]):
        dealer = hr["dealer"]
        if sorted(hr["deck"]) != sorted(DECK):
            return 2, {"error": {"kind": "malformed", "hand": i}}
        h = m.current()
        if m.winner is not None or (h and h.in_progress()) or (m.next_dealer is not None and dealer != m.next_dealer):
            return 2, {"error": {"kind": "malformed", "hand": i}}
        m.next_dealer = dealer
        h = Hand(dealer, hr["deck"], m)
        m.hands.append(h)
        for j, (seat, text) in enumerate(hr.get("actions", [])):
            try:
                h.act(seat, text)
            except Illegal as e:
                return 2, {"error": {"kind": "illegal", "hand": i, "action": j, "seat": seat, "text": text,
                                     "reason": e.reason()}}
    h = m.current()
    to_act = [h.to_act()] if h and h.in_progress() and m.winner is None else []
    out = {
        "game": "baloot",
        "hands": [x.facts() for x in m.hands],
        "score": m.score,
        "finished": m.winner is not None,
        "winner": m.winner,
        "to_act": to_act,
        "legal": h.legal() if to_act else [],
    }
    return 0, out


# ---------------------------------------------------------------- vectors

def shuffled(rng):
    d = list(DECK)
    rng.shuffle(d)
    return d


class Scripted:
    """Plays a match of random legal actions, steered by a `prefer` function, to find records with a feature."""

    def __init__(self, options, rng, prefer, first_dealer=0, max_hands=30):
        self.options = options
        self.rng = rng
        self.prefer = prefer
        self.record = {"game": "baloot", "rules": options, "hands": []}
        self.m = MatchModel(options)
        self.m.next_dealer = first_dealer
        self.max_hands = max_hands

    def play(self, stop):
        while self.m.winner is None and len(self.m.hands) < self.max_hands:
            deck = shuffled(self.rng)
            h = Hand(self.m.next_dealer, deck, self.m)
            self.m.hands.append(h)
            hr = {"dealer": h.dealer, "deck": deck, "actions": []}
            self.record["hands"].append(hr)
            while h.in_progress():
                seat = h.to_act()
                legal = h.legal()
                a = self.prefer(h, seat, legal, self.rng) or self.rng.choice(legal)
                h.act(seat, a)
                hr["actions"].append([seat, a])
                if stop(h, self.m):
                    return True
            if stop(h, self.m):
                return True
        return False


def default_prefer(h, seat, legal, rng):
    """A sensible random player: bids now and then, rarely claims."""
    if "sawa" in legal:
        # A claim now and then, late in the hand (the brute force above stays small).
        if len(h.tricks) >= 4 and rng.random() < 0.05:
            return "sawa"
        return rng.choice([a for a in legal if a != "sawa"])
    if h.stage in ("round1", "window", "round2"):
        calls = [a for a in legal if a in ("kawesh", "ashkal")]
        if calls and rng.random() < 0.05:
            return rng.choice(calls)
        rest = [a for a in legal if a not in ("kawesh", "ashkal")]
        return "pass" if rng.random() < 0.6 else rng.choice(rest)
    if h.stage == "doubling":
        return "pass" if rng.random() < 0.7 else None
    return None


def write_vector(out_dir, name, record, expect_extra=None, seat=None, subset=None):
    code, output = replay(record)
    if seat is not None:
        output = dict(output, seat=seat)
    expect = {"exit": code}
    if seat is not None:
        expect["seat"] = seat
    if subset is not None:
        output = subset(output)
    expect["output"] = output
    if expect_extra:
        expect.update(expect_extra)
    with open(f"{out_dir}/{name}.json", "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    with open(f"{out_dir}/{name}.expect.json", "w") as f:
        json.dump(expect, f, indent=1)
        f.write("\n")
    return code, output


def find(options, stop, seed, prefer=default_prefer, tries=4000, first_dealer=0, cut=True, check=None):
    """The first random match from `seed` whose play reaches `stop`; the record is cut there if `cut`."""
    rng = random.Random(seed)
    for _ in range(tries):
        s = Scripted(options, rng, prefer, first_dealer)
        if s.play(stop) and (check is None or check(s.record)):
            if not cut:
                s.play(lambda h, m: False)
            return s.record
    raise SystemExit(f"no record found for {stop.__name__}")


def unambiguous_names(record):
    """Vectors compare project lists in order; keep records whose per-team lists have one order only."""
    _, out = replay(record)
    for hand in out.get("hands", []):
        for names in hand.get("projects") or []:
            kinds = [n for n in names if n != "baloot"]
            if len(set(kinds)) > 1:
                return False
    return True


def illegal_record(options, deck, dealer, actions, prior=None):
    hands = list(prior or [])
    hands.append({"dealer": dealer, "deck": deck, "actions": actions})
    return {"game": "baloot", "rules": options, "hands": hands}


def deal_for(dealer, first_five, face, rng):
    """A deck whose first deal gives seat s the cards `first_five[s]` (None: any) and shows `face`."""
    fixed = [c for cs in first_five if cs for c in cs] + [face]
    rest = [c for c in DECK if c not in fixed]
    rng.shuffle(rest)
    hands = []
    for s in range(4):
        cs = list(first_five[s]) if first_five[s] else [rest.pop() for _ in range(5)]
        hands.append(cs)
    deck = [None] * 32
    for i in range(20):
        deck[i] = hands[(dealer + 1 + i) % 4][i // 4]
    deck[20] = face
    deck[21:] = rest
    assert sorted(deck) == sorted(DECK)
    return deck


def generate(out_dir):
    full = {"preset": "saudi_full"}
    made = []

    def keep(name, record, **kw):
        code, _ = write_vector(out_dir, name, record, **kw)
        made.append((name, code))

    def ended(h, m):
        return not h.in_progress()

    # 1. A Hokum doubled open and played out: no split, ×2.
    def doubled_open_played(h, m):
        return ended(h, m) and h.ended_by == "play" and h.multiplier == 2 and not h.closed and not h.gahwa
    keep("saudi_full_double_open_no_split",
         find(full, doubled_open_played, 1, prefer=raise_prefer({"double open"}), check=unambiguous_names))

    # 2. Closed, and raised to four.
    def four_closed(h, m):
        return ended(h, m) and h.ended_by == "play" and h.multiplier == 4 and h.closed and not h.gahwa
    keep("saudi_full_three_then_four_closed",
         find(full, four_closed, 2, prefer=raise_prefer({"double open", "three open", "four closed"}),
              check=unambiguous_names))

    # 3. Gahwa: the hand's winner wins the match, whatever the scores.
    def gahwa_over(h, m):
        return ended(h, m) and h.gahwa and m.winner is not None
    keep("saudi_full_gahwa_wins_the_match",
         find(full, gahwa_over, 3, prefer=raise_prefer({"double closed", "three closed", "four open", "gahwa"}),
              check=unambiguous_names))

    # 4. A doubled hand the bidders fail.
    def doubled_failed(h, m):
        if not (ended(h, m) and h.ended_by == "play" and h.multiplier >= 2 and not h.gahwa):
            return False
        b = team(h.contract[0])
        return h.final_score[b] <= (2 if h.baloot is not None and team(h.baloot) == b else 0)
    keep("saudi_full_doubled_bidders_fail",
         find(full, doubled_failed, 4, prefer=raise_prefer({"double open", "double closed"}), check=unambiguous_names))

    # 5. Ashkal in round 1, played out.
    def ashkal_played(h, m):
        return ended(h, m) and h.contract and h.contract[3] and h.ended_by == "play" and h.bids[-1][1] == "ashkal" \
            and all(b[1] == "pass" for b in h.bids[:-1])
    keep("saudi_full_ashkal_face_up_to_the_partner", find(full, ashkal_played, 5, prefer=call_prefer("ashkal"),
                                                          check=unambiguous_names))

    # 6. Ashkal in the sun-or-pass turn after a round-1 hokum.
    def ashkal_window(h, m):
        return ended(h, m) and h.contract and h.contract[3] and any(b[1] == "hokum" for b in h.bids) \
            and h.ended_by == "play"
    keep("saudi_full_ashkal_over_a_round_one_hokum", find(full, ashkal_window, 6, prefer=window_ashkal_prefer,
                                                          check=unambiguous_names))

    # 7. Kawesh, then the same dealer deals the next hand (stopped after its first bid).
    def kawesh_then_next(h, m):
        return len(m.hands) >= 2 and m.hands[-2].ended_by == "kawesh" and len(h.bids) >= 1
    keep("saudi_full_kawesh_same_dealer_next", find(full, kawesh_then_next, 7, prefer=call_prefer("kawesh")))

    # 8. Sawa that holds, late in a hand (the brute force stays small), and one that fails.
    def sawa_held(h, m):
        return ended(h, m) and h.sawa is not None and h.sawa[1] and h.multiplier == 1 and len(h.tricks) >= 4
    keep("saudi_full_sawa_holds", find(full, sawa_held, 8, prefer=sawa_prefer(True), check=unambiguous_names))

    def sawa_lost(h, m):
        return ended(h, m) and h.sawa is not None and not h.sawa[1] and h.multiplier == 1 and len(h.tricks) >= 4
    keep("saudi_full_sawa_fails", find(full, sawa_lost, 9, prefer=sawa_prefer(False), check=unambiguous_names))

    # 9. A Sun double once the bidders are above 100 and the defenders below.
    def sun_doubled(h, m):
        return ended(h, m) and h.contract and h.contract[1] == "sun" and h.multiplier == 2 and h.ended_by == "play"
    keep("saudi_full_sun_double_above_100", find(full, sun_doubled, 10, prefer=sun_double_prefer, tries=400,
                                                 check=unambiguous_names, first_dealer=1))

    # 10. A whole match under saudi_full with every call allowed, random but sensible.
    def over(h, m):
        return m.winner is not None
    keep("saudi_full_match", find(full, over, 11, check=unambiguous_names))

    # 11. The doubling alone, as a house option on the seed preset.
    def seed_doubled(h, m):
        return ended(h, m) and h.multiplier >= 2 and h.ended_by == "play"
    keep("seed_with_doubling_house_option",
         find({"doubling": True}, seed_doubled, 12, prefer=raise_prefer({"double open", "double closed"}),
              check=unambiguous_names))

    # 12. The doubling steps in progress, as seat 2 sees them: calls, multiplier, nothing hidden.
    def mid_doubling(h, m):
        return h.stage == "doubling" and len(h.calls) == 2 and h.multiplier == 2
    rec = find(full, mid_doubling, 13, prefer=raise_prefer({"double closed"}))
    h = replay_hand_state(rec)
    seat = 2
    hidden = sorted(c for s in range(4) if s != seat for c in h.hands[s]) + sorted(h.stock)

    def seat_subset(out):
        cur = out["hands"][-1]
        return {
            "seat": seat, "to_act": out["to_act"], "legal": out["legal"] if out["to_act"] == [seat] else [],
            "hands": out["hands"],
            "view": {"phase": "doubling", "doubling_step": h.step,
                     "hand": {"cards": sort_cards(h.hands[seat]), "multiplier": cur["multiplier"],
                              "closed": cur["closed"],
                              "calls": [{"seat": s, "bid": t} for s, t in h.calls]}},
        }
    keep("saudi_full_seat_view_during_doubling", rec, seat=seat, subset=seat_subset,
         expect_extra={"absent": hidden})

    # ---- refusals: each new one, on a real position
    rng = random.Random(100)

    def first_illegal(name, options, seed, stop, bad, prefer=default_prefer, prior_ok=True):
        """Plays until `stop`, then appends `bad(h)` = (seat, text): the record must be refused there."""
        rec = find(options, stop, seed, prefer=prefer)
        h = replay_hand_state(rec)
        seat, text = bad(h)
        rec["hands"][-1]["actions"].append([seat, text])
        code, out = replay(rec)
        assert code == 2 and out["error"]["kind"] == "illegal", (name, out)
        keep(name, rec)

    def doubling_open(h, m):
        return h.stage == "doubling" and not h.calls and h.contract[1] == "hokum"

    first_illegal("saudi_full_illegal_three_by_the_defenders", full, 20, doubling_open,
                  lambda h: (h.to_act(), "three open"))
    first_illegal("saudi_full_illegal_bare_double_in_hokum", full, 21, doubling_open,
                  lambda h: (h.to_act(), "double"))
    first_illegal("saudi_full_illegal_gahwa_before_its_step", full, 22,
                  lambda h, m: h.stage == "doubling" and h.step == 2 and not h.step_second,
                  lambda h: (h.to_act(), "gahwa"), prefer=raise_prefer({"double open"}))

    def closed_lead(h, m):
        if h.stage != "play" or not h.closed or h.trick:
            return False
        s = h.to_act()
        trump = h.contract[2]
        return any(suit(c) == trump for c in h.hands[s]) and any(suit(c) != trump for c in h.hands[s])

    def lead_a_trump(h):
        s = h.to_act()
        return s, "play " + next(c for c in sort_cards(h.hands[s]) if suit(c) == h.contract[2])
    first_illegal("saudi_full_illegal_trump_led_while_closed", full, 23, closed_lead, lead_a_trump,
                  prefer=raise_prefer({"double closed"}))

    def sun_below(h, m):
        return h.stage == "play" and h.contract[1] == "sun" and not h.tricks and not h.trick \
            and not h.sun_doubling_open(h.contract[0])
    first_illegal("saudi_full_illegal_double_in_sun_below_100", full, 24, sun_below,
                  lambda h: ((h.contract[0] + 1) % 4, "double"), prefer=sun_prefer)

    def mid_trick(h, m):
        return h.stage == "play" and len(h.trick) == 1
    first_illegal("saudi_full_illegal_sawa_when_not_leading", full, 25, mid_trick,
                  lambda h: (h.to_act(), "sawa"))

    # Ashkal from the wrong seat (dealer + 1), and on a face-up ace (dealer + 3).
    deck = deal_for(0, [None] * 4, "9H", rng)
    rec = illegal_record(full, deck, 0, [[1, "ashkal"]])
    keep("saudi_full_illegal_ashkal_from_the_wrong_seat", rec)
    deck = deal_for(0, [None] * 4, "AD", rng)
    rec = illegal_record(full, deck, 0, [[1, "pass"], [2, "pass"], [3, "ashkal"]])
    keep("saudi_full_illegal_ashkal_on_an_ace", rec)
    # Kawesh holding a ten; kawesh after a bid.
    deck = deal_for(3, [["7S", "8S", "9S", "TH", "7D"], None, None, None], "KC", rng)
    keep("saudi_full_illegal_kawesh_holding_a_ten", illegal_record(full, deck, 3, [[0, "kawesh"]]))
    deck = deal_for(3, [None, ["7S", "8S", "9S", "7H", "7D"], None, None], "KC", rng)
    keep("saudi_full_illegal_kawesh_after_a_bid", illegal_record(full, deck, 3, [[0, "hokum"], [1, "kawesh"]]))
    # The calls are refused where their option is off.
    deck = deal_for(0, [None] * 4, "9H", rng)
    keep("saudi_illegal_double_is_not_played",
         illegal_record({"preset": "saudi"}, deck, 0, [[1, "hokum"], [2, "pass"], [3, "pass"], [0, "pass"],
                                                       [2, "double open"]]))
    # A Kawesh followed by a hand dealt by the next seat: malformed (the same dealer deals again).
    kaw = find(full, lambda h, m: h.ended_by == "kawesh", 26, prefer=call_prefer("kawesh"))
    last = kaw["hands"][-1]
    kaw["hands"].append({"dealer": (last["dealer"] + 1) % 4, "deck": shuffled(rng), "actions": []})
    keep("saudi_full_malformed_dealer_after_kawesh", kaw)
    return made


def replay_hand_state(record):
    """The model's state of the last hand of `record` (all of its actions played)."""
    m = MatchModel(record.get("rules") or {})
    h = None
    for hr in record["hands"]:
        h = Hand(hr["dealer"], hr["deck"], m)
        m.hands.append(h)
        for seat, text in hr["actions"]:
            h.act(seat, text)
    return h


def raise_prefer(wanted):
    def prefer(h, seat, legal, rng):
        if h.stage == "doubling":
            for a in legal:
                if a in wanted:
                    return a
            return "pass"
        if h.stage in ("round1", "window", "round2"):
            hokum = [a for a in legal if a.startswith("hokum")]
            if hokum:
                return rng.choice(hokum)
            return "pass"
        return default_prefer(h, seat, legal, rng)
    return prefer


def call_prefer(call):
    def prefer(h, seat, legal, rng):
        if call in legal:
            return call
        return default_prefer(h, seat, legal, rng)
    return prefer


def window_ashkal_prefer(h, seat, legal, rng):
    if h.stage == "round1" and "hokum" in legal and seat in ((h.dealer + 1) % 4, (h.dealer + 2) % 4):
        return "hokum"
    if h.stage == "window" and "ashkal" in legal:
        return "ashkal"
    return default_prefer(h, seat, legal, rng)


def sawa_prefer(want_hold):
    def prefer(h, seat, legal, rng):
        if "sawa" in legal and len(h.tricks) >= 4:
            if claim_holds(h.hands, seat, h.contract[2], h.closed, h.r) == want_hold:
                return "sawa"
        if "sawa" in legal:
            return rng.choice([a for a in legal if a != "sawa"])
        if h.stage == "doubling":
            return "pass"
        return default_prefer(h, seat, legal, rng)
    return prefer


def sun_prefer(h, seat, legal, rng):
    if "sun" in legal:
        return "sun"
    return default_prefer(h, seat, legal, rng)


def sun_double_prefer(h, seat, legal, rng):
    """Team 0 bids; once it leads above 100 with team 1 below, seat 0 or 2 bids Sun and it is doubled."""
    s0, s1 = h.m.score
    if h.stage in ("round1", "window", "round2"):
        if team(seat) == 0 and s0 > 100 and s1 < 100 and "sun" in legal:
            return "sun"
        if team(seat) == 0:
            hokum = [a for a in legal if a.startswith("hokum")]
            if hokum and s0 <= 100:
                return hokum[0]
        return "pass"
    if h.stage == "doubling":
        if "double" in legal:
            return "double"
        return "pass"
    if "sawa" in legal:
        return rng.choice([a for a in legal if a != "sawa"])
    return None


def main(argv):
    if len(argv) >= 2 and argv[1] == "replay":
        with open(argv[2]) as f:
            record = json.load(f)
        code, out = replay(record)
        print(json.dumps(out))
        return code
    if len(argv) >= 2 and argv[1] == "generate":
        out_dir = argv[3] if len(argv) > 3 and argv[2] == "--out" else "tests/records/baloot"
        for name, code in generate(out_dir):
            print(f"{name}: exit {code}")
        return 0
    if len(argv) >= 4 and argv[1] == "random":
        out_dir, n = argv[2], int(argv[3])
        rng = random.Random(int(argv[4]) if len(argv) > 4 else 1)
        raises = raise_prefer({"double open", "double closed", "three open", "three closed", "four open",
                               "four closed", "gahwa"})
        for i in range(n):
            opts = {"preset": "saudi_full"} if i % 3 else {"preset": "saudi_full", "must_overtrump": False}
            s = Scripted(opts, rng, default_prefer if i % 2 else raises, first_dealer=i % 4)
            stop_at, seen = rng.randint(20, 400), [0]

            def stop(h, m, stop_at=stop_at, seen=seen):
                seen[0] += 1
                return seen[0] >= stop_at
            s.play(stop)
            write_vector(out_dir, f"random_{i:04}", s.record)
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
