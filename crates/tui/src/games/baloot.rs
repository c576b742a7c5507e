//! Baloot on the screen.

use baloot::{
    Baloot, BalootAction, BalootView, EndedBy, HandView, ModeName, Multiplier, ProjectKind, Side, StageView, Stake,
    TARGET, TrickView,
};
use bots::{Bot, BotSpec, Playable};
use cards::{Card, CardSet, Rank, Suit};
use game::{Actor, Game, Seat};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::choice::{Choice, Place};
use crate::game_ui::{Ctx, GameUi, Names, Narration};
use crate::render;
use crate::style::{Palette, suit_order};

/// A card's strength for sorting: trump J 9 A 10 K Q 8 7, other suits A 10 K Q J 9 8 7.
fn strength(card: Card, trump: Option<Suit>) -> u8 {
    let Some(rank) = card.rank() else { return 0 };
    let trump_order = [Rank::Jack, Rank::Nine, Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Eight, Rank::Seven];
    let plain_order = [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack, Rank::Nine, Rank::Eight, Rank::Seven];
    let order = if card.suit() == trump && trump.is_some() { trump_order } else { plain_order };
    8 - order.iter().position(|&r| r == rank).unwrap_or(8) as u8
}

/// The cards of a hand by suit, trump first, each suit strongest first.
#[must_use]
pub fn hand_groups(hand: CardSet, trump: Option<Suit>) -> Vec<Vec<Card>> {
    suit_order(trump)
        .into_iter()
        .map(|suit| {
            let mut cards: Vec<Card> = hand.of_suit(suit).iter().collect();
            cards.sort_by_key(|&c| std::cmp::Reverse(strength(c, trump)));
            cards
        })
        .filter(|g| !g.is_empty())
        .collect()
}

fn suit_words(suit: Suit) -> String {
    format!("{} {}", suit.symbol(), suit.name())
}

/// The bid or call as people say it: `hokum ♥`, `sun`, `pass`, `double closed`, `gahwa`.
fn bid_words(bid: BalootAction, face: Suit) -> String {
    match bid {
        BalootAction::Hokum(s) => format!("hokum {}", s.unwrap_or(face).symbol()),
        BalootAction::Play(c) => c.pretty(),
        other => other.to_string(),
    }
}

/// A raise as the table's narrow column shows it: `×2 open`, `×3 closed`, `×2` (Sun), `gahwa`.
fn call_words(call: BalootAction) -> String {
    match call {
        BalootAction::Raise(stake, side) => {
            format!("×{}{}", stake.multiplier(), side.map_or(String::new(), |s| format!(" {}", s.word())))
        }
        other => other.to_string(),
    }
}

/// The stake as the table shows it: `×2`, `×4`, `gahwa (the match)`.
fn stake_words(m: Multiplier) -> String {
    match m {
        Multiplier::Times(n) => format!("×{n}"),
        Multiplier::Gahwa => "gahwa (the match)".to_owned(),
    }
}

/// The raise offered at doubling step `step` in `mode`, with its shortcut key.
fn raise_buttons(step: u8, mode: ModeName) -> Vec<(BalootAction, char)> {
    let stake = match step {
        1 => Stake::Double,
        2 => Stake::Three,
        3 => Stake::Four,
        _ => return vec![(BalootAction::Gahwa, 'g')],
    };
    match mode {
        ModeName::Sun => vec![(BalootAction::Raise(stake, None), 'd')],
        ModeName::Hokum => {
            vec![
                (BalootAction::Raise(stake, Some(Side::Open)), 'o'),
                (BalootAction::Raise(stake, Some(Side::Closed)), 'c'),
            ]
        }
    }
}

fn project_name(kind: ProjectKind) -> &'static str {
    match kind {
        ProjectKind::Sira => "sira",
        ProjectKind::Fifty => "fifty",
        ProjectKind::Hundred => "hundred",
        ProjectKind::FourHundred => "four hundred",
        ProjectKind::Baloot => "baloot",
    }
}

/// Where the bidding stands, from the bids so far.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Round {
    One,
    /// After a round-1 hokum: the later seats may only say sun or pass.
    SunWindow(Seat),
    Two,
}

fn bidding_round(h: &HandView) -> Round {
    let first_four_passed = h.bids.len() >= 4 && h.bids.iter().take(4).all(|b| b.bid == BalootAction::Pass);
    if first_four_passed {
        return Round::Two;
    }
    match h.bids.iter().find(|b| matches!(b.bid, BalootAction::Hokum(_))) {
        Some(b) => Round::SunWindow(b.seat),
        None => Round::One,
    }
}

fn trick_lines(trick: &TrickView, names: Names, p: Palette) -> Vec<Line<'static>> {
    trick
        .plays
        .iter()
        .enumerate()
        .map(|(i, play)| {
            let mut spans = vec![
                Span::raw(format!("{:<8}", names.who(play.seat))),
                Span::styled(play.card.pretty(), p.card(play.card)),
            ];
            if i == 0 {
                spans.push(Span::raw(" (led)"));
            }
            if trick.winner == Some(play.seat) {
                spans.push(Span::styled("  ✓ took the trick", p.accent()));
            }
            Line::from(spans)
        })
        .collect()
}

impl GameUi for Baloot {
    type Ui = ();

    const RULES: &'static str = include_str!("../../../../docs/rules/baloot.md");
    const REVIEW: &'static str = "last trick";

    fn new_bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        <Self as Playable>::bot(spec, seed, rules)
    }

    fn choices(&self, me: Seat, _ui: &(), out: &mut Vec<Choice<BalootAction>>) {
        let view = self.view(Some(me));
        let Some(h) = &view.hand else { return };
        let legal = |a: BalootAction| self.is_legal(Actor::Seat(me), a);
        let face = h.face_up.suit().unwrap_or(Suit::Spades);
        match view.phase {
            StageView::Bidding => {
                let mut bids = vec![(BalootAction::Pass, 'p')];
                match bidding_round(h) {
                    Round::Two => {
                        bids.extend(
                            [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs]
                                .map(|s| (BalootAction::Hokum(Some(s)), ' ')),
                        );
                    }
                    Round::One | Round::SunWindow(_) => bids.push((BalootAction::Hokum(None), 'h')),
                }
                bids.push((BalootAction::Sun, 's'));
                if self.rules().ashkal {
                    bids.push((BalootAction::Ashkal, 'a'));
                }
                if self.rules().kawesh {
                    bids.push((BalootAction::Kawesh, 'k'));
                }
                for (i, (a, letter)) in bids.into_iter().enumerate() {
                    let digit = char::from(b'1' + i as u8);
                    let keys: Vec<char> = [digit, letter].into_iter().filter(|&k| k != ' ').collect();
                    out.push(Choice::act(a, bid_words(a, face), Place::Button, legal(a)).with_keys(&keys));
                }
            }
            StageView::Doubling => {
                let (Some(step), Some(c)) = (view.doubling_step, h.contract) else { return };
                let mut calls = vec![(BalootAction::Pass, 'p')];
                calls.extend(raise_buttons(step, c.mode));
                for (a, letter) in calls {
                    out.push(Choice::act(a, bid_words(a, face), Place::Button, legal(a)).with_keys(&[letter]));
                }
            }
            StageView::Playing => {
                let trump = h.contract.and_then(|c| c.trump);
                for card in hand_groups(h.cards.unwrap_or_default(), trump).into_iter().flatten() {
                    let a = BalootAction::Play(card);
                    out.push(Choice::act(a, card.pretty(), Place::Card(card), legal(a)));
                }
                if self.rules().sawa {
                    let a = BalootAction::Sawa;
                    out.push(Choice::act(a, "sawa (claim the rest)", Place::Button, legal(a)).with_keys(&['w']));
                }
            }
            StageView::AwaitingDeal | StageView::Over => {}
        }
    }

    fn narrate(before: &BalootView, after: &BalootView, actor: Actor, action: BalootAction, names: Names) -> Narration {
        let mut n = Narration::default();
        let (Some(seat), Some(b), Some(a)) = (actor.seat(), &before.hand, &after.hand) else { return n };
        let who = names.who(seat);
        let face = a.face_up.suit().unwrap_or(Suit::Spades);
        match action {
            BalootAction::Play(card) => n.say(format!("{who} {} {}", names.verb(seat, "play", "plays"), card.pretty())),
            BalootAction::Pass => n.say(format!("{who} {}", names.verb(seat, "pass", "passes"))),
            BalootAction::Raise(..) | BalootAction::Gahwa | BalootAction::Kawesh | BalootAction::Sawa => {
                n.say(format!("{who} {} {}", names.verb(seat, "say", "says"), bid_words(action, face)));
            }
            bid => n.say(format!("{who} {} {}", names.verb(seat, "bid", "bids"), bid_words(bid, face))),
        }
        if let (None, Some(c)) = (b.contract, a.contract) {
            let mode = match (c.mode, c.trump) {
                (ModeName::Hokum, Some(t)) => format!("Hokum, trump {}", suit_words(t)),
                _ if c.ashkal => "Sun by ashkal".to_owned(),
                _ => "Sun, no trump".to_owned(),
            };
            let taker = if c.ashkal { c.bidder.offset(2, 4) } else { c.bidder };
            n.say(format!(
                "{} {} the bid: {mode}; the face-up {} goes to {}",
                names.who(c.bidder),
                names.verb(c.bidder, "take", "takes"),
                a.face_up.pretty(),
                names.whom(taker)
            ));
        }
        if a.calls.len() > b.calls.len() && after.phase != StageView::Doubling && a.multiplier != Multiplier::Times(1) {
            let closed = if a.closed { ", closed: no trump lead while holding another suit" } else { ", open" };
            n.say(format!("The doubling is over: the hand is played at {}{closed}", stake_words(a.multiplier)));
        }
        if let (None, Some(claim)) = (b.sawa, a.sawa) {
            n.say(if claim.held {
                format!("The claim holds: every remaining trick goes to {}", names.team(claim.seat.team()))
            } else {
                format!("The claim fails: {} lose the hand", names.team(claim.seat.team()))
            });
            n.pause = true;
        }
        if a.ended_by == Some(EndedBy::Kawesh) && b.ended_by.is_none() {
            n.say(format!("Kawesh: the hand is cancelled and {} deals again", names.who(a.dealer)));
        }
        if a.void && !b.void {
            n.say("Everyone passed twice: the hand is void");
        }
        for p in a.projects.iter().skip(b.projects.len()) {
            n.say(format!(
                "{} {} a {}",
                names.who(p.seat),
                names.verb(p.seat, "announce", "announces"),
                project_name(p.kind)
            ));
        }
        if a.tricks.len() > b.tricks.len() {
            if let Some(w) = a.tricks.last().and_then(|t| t.winner) {
                let us = names.me.team();
                n.say(format!(
                    "{} {} the trick · points: us {}, them {}",
                    names.who(w),
                    names.verb(w, "take", "takes"),
                    a.card_points[us],
                    a.card_points[us.other()]
                ));
                n.pause = true;
            }
        }
        n
    }

    fn dealt(view: &BalootView, names: Names) -> Vec<String> {
        let Some(h) = &view.hand else { return Vec::new() };
        vec![format!(
            "— Hand {}: {} {}; face-up {} —",
            h.number + 1,
            names.who(h.dealer),
            names.verb(h.dealer, "deal", "deals"),
            h.face_up.pretty()
        )]
    }

    fn header(ctx: &Ctx<'_, Self>) -> (String, String) {
        let v = ctx.view;
        let us = ctx.me().team();
        let hand = v.hand.as_ref().map_or(1, |h| h.number + 1);
        (
            format!("Majlis · Baloot · hand {hand} · you are seat {}", ctx.me()),
            format!("us {} · them {} · to {TARGET}", v.score[us], v.score[us.other()]),
        )
    }

    fn prompt(ctx: &Ctx<'_, Self>) -> String {
        let v = ctx.view;
        let (Some(turn), Some(h)) = (v.to_act, &v.hand) else { return String::new() };
        if !ctx.my_turn {
            let doing = match v.phase {
                StageView::Bidding => "to bid",
                StageView::Doubling => "to double or pass",
                _ => "to play",
            };
            return format!("Waiting for seat {turn} {doing}…");
        }
        let face = h.face_up.suit().map_or_else(String::new, suit_words);
        if v.phase == StageView::Doubling {
            return match (v.doubling_step, h.contract.map(|c| c.mode)) {
                (Some(4), _) => "Gahwa (g) stakes the whole match on this hand, or pass (p).".to_owned(),
                (_, Some(ModeName::Sun)) => "Double (d) the Sun, or pass (p).".to_owned(),
                (Some(step), _) => {
                    let word =
                        ["double", "three", "four"].get(usize::from(step).saturating_sub(1)).unwrap_or(&"double");
                    format!(
                        "Raise: {word} open (o), {word} closed (c: no trump lead while holding another suit), or pass (p)."
                    )
                }
                _ => String::new(),
            };
        }
        match (v.phase, bidding_round(h)) {
            (StageView::Bidding, Round::One) => {
                format!("Round 1: hokum in {face} (h), sun (s) if the rules allow it, or pass (p).")
            }
            (StageView::Bidding, Round::SunWindow(s)) => {
                format!("{} bid hokum: sun (s) takes the bid from them, or pass (p).", ctx.names.who(s))
            }
            (StageView::Bidding, Round::Two) => {
                format!("Round 2: hokum in a suit other than {face} (keys 2–5), sun (6), or pass (p).")
            }
            _ if h.trick.plays.is_empty() && ctx.rules.sawa => {
                "Your lead: choose a card (← →, Enter), or claim every remaining trick: sawa (w).".to_owned()
            }
            _ if h.trick.plays.is_empty() => "Your lead: choose a card (← →, Enter).".to_owned(),
            _ => "Your turn: play a card (← →, Enter).".to_owned(),
        }
    }

    fn result(&self, names: Names) -> String {
        let view = self.view(Some(names.me));
        let us = names.me.team();
        if view.phase == StageView::Over {
            let won = self.outcome() == Some(game::Winner::Team(names.me.team()));
            let verdict = if won { "your team wins" } else { "the other team wins" };
            return format!("Match over: {verdict}, us {} – them {}.", view.score[us], view.score[us.other()]);
        }
        let summaries = self.hand_summaries();
        let Some(last) = summaries.last() else { return String::new() };
        let number = summaries.len();
        if last.void == Some(true) {
            return format!("Hand {number}: everyone passed twice; the hand is void.");
        }
        if last.ended_by == Some(EndedBy::Kawesh) {
            return format!("Hand {number}: kawesh; no score, and the same dealer deals again.");
        }
        let (Some(score), Some(bidder), Some(mode)) = (last.score, last.bidder, last.mode) else {
            return String::new();
        };
        let points =
            last.card_points.map(|p| format!(" (card points {}–{})", p[us], p[us.other()])).unwrap_or_default();
        let stake = match last.multiplier {
            Some(m @ (Multiplier::Gahwa | Multiplier::Times(2..))) => format!(" at {}", stake_words(m)),
            _ => String::new(),
        };
        let sawa = if last.ended_by == Some(EndedBy::Sawa) { ", settled by sawa" } else { "" };
        format!(
            "Hand {number}: {mode} by {}{stake}{sawa}; us +{}, them +{}{points}.",
            names.whom(bidder),
            score[us],
            score[us.other()]
        )
    }

    fn draw(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Self>) {
        let [main, hand_area] = Layout::vertical([Constraint::Min(6), Constraint::Length(4)]).areas(area);
        let [table, side] = Layout::horizontal([Constraint::Min(40), Constraint::Length(36)]).areas(main);
        let Some(h) = &ctx.view.hand else { return };
        // One more line for the stake once a hand is doubled.
        let staked = h.multiplier != Multiplier::Times(1) || ctx.view.phase == StageView::Doubling;
        let info_height = if staked && h.contract.is_some() { 9 } else { 8 };
        let [info, log] = Layout::vertical([Constraint::Length(info_height), Constraint::Min(3)]).areas(side);
        draw_table(frame, table, ctx, h);
        draw_info(frame, info, ctx, h);
        render::log(frame, log, ctx);
        let trump = h.contract.and_then(|c| c.trump);
        let cards = h.cards.unwrap_or_default();
        let mut lines = vec![render::hand_line(ctx, &hand_groups(cards, trump))];
        if ctx.buttons().next().is_some() {
            lines.push(render::buttons_line(ctx));
        }
        let title = format!(" Your hand · seat {} · {} cards ", ctx.me(), cards.len());
        frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), hand_area);
    }

    fn review(ctx: &Ctx<'_, Self>) -> (String, Vec<Line<'static>>) {
        match ctx.view.hand.as_ref().and_then(|h| h.tricks.last().map(|t| (h.tricks.len(), t))) {
            Some((n, t)) => (format!("Last trick ({n} of this hand)"), trick_lines(t, ctx.names, ctx.palette)),
            None => ("Last trick".to_owned(), vec![Line::raw("No trick has been taken yet in this hand.")]),
        }
    }

    fn keys(ctx: &Ctx<'_, Self>) -> &'static str {
        let r = ctx.rules;
        match ctx.view.phase {
            StageView::Bidding if r.ashkal || r.kawesh => {
                "p pass · h hokum · s sun · a ashkal · k kawesh · 1-8 · ← → Enter"
            }
            StageView::Bidding => "p pass · h hokum · s sun · 1-6 · ← → Enter",
            StageView::Doubling => "p pass · o open · c closed · d double (Sun) · g gahwa · ← → Enter",
            StageView::Playing if r.sawa => "← → choose · Enter play · w sawa",
            StageView::Playing => "← → choose · Enter play",
            StageView::AwaitingDeal => "Enter next hand",
            StageView::Over => "Enter leave",
        }
    }
}

fn draw_table(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Baloot>, h: &HandView) {
    let v = ctx.view;
    let p = ctx.palette;
    let faint = p.faint();
    let face = h.face_up.suit().unwrap_or(Suit::Spades);
    let bidder = h.contract.map(|c| c.bidder);
    // Room for `×2 closed` when the table plays the doubling steps.
    let width = if ctx.rules.doubling { 10 } else { 8 };
    let mut lines = vec![Line::styled(format!("   Seat     Team  {:<width$}  Cards  Trick", "Bid"), faint)];
    let (trick, done) = if h.trick.plays.is_empty() { (h.tricks.last(), true) } else { (Some(&h.trick), false) };
    for k in 0..4 {
        let seat = ctx.me().offset(k, 4);
        let marker = if v.to_act == Some(seat) { Span::styled(" ▶ ", p.accent()) } else { Span::raw("   ") };
        let name = if seat == h.dealer { format!("{} D", ctx.names.who(seat)) } else { ctx.names.who(seat) };
        let star = if bidder == Some(seat) { "★" } else { " " };
        let raised = h.calls.iter().rev().find(|c| c.seat == seat && c.bid != BalootAction::Pass);
        let call = match raised {
            Some(c) => call_words(c.bid),
            None => h.bids.iter().rev().find(|b| b.seat == seat).map(|b| bid_words(b.bid, face)).unwrap_or_default(),
        };
        let mut spans = vec![
            marker,
            Span::raw(format!("{name:<9}{:<6}", ctx.names.team(seat.team()))),
            Span::raw(format!("{call:<width$}{star}  ")),
            Span::raw(format!("{:>3}   ", h.hand_sizes.get(seat).copied().unwrap_or(0))),
        ];
        if let Some(t) = trick {
            if let Some((i, play)) = t.plays.iter().enumerate().find(|(_, pl)| pl.seat == seat) {
                let mut style = p.card(play.card);
                if done {
                    style = style.add_modifier(Modifier::DIM);
                }
                spans.push(Span::styled(format!("{:>3}", play.card.pretty()), style));
                let mut note = String::new();
                if i == 0 {
                    note.push_str(" led");
                }
                if t.winner == Some(seat) {
                    note.push_str(" ✓");
                }
                spans.push(Span::styled(note, if done { faint } else { Style::new() }));
            }
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::default());
    let note = if !h.trick.plays.is_empty() {
        format!("Trick {} of 8", h.tricks.len() + 1)
    } else if let Some(w) = h.tricks.last().and_then(|t| t.winner) {
        format!("{} took trick {} (faint above).", ctx.names.who(w), h.tricks.len())
    } else {
        String::new()
    };
    lines.push(Line::styled(note, faint));
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(" Table ")), area);
}

fn draw_info(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Baloot>, h: &HandView) {
    let names = ctx.names;
    let p = ctx.palette;
    let us = ctx.me().team();
    let mut lines = vec![Line::raw(format!("Dealer: {}", names.whom(h.dealer)))];
    match h.contract {
        Some(c) => {
            let mut spans = vec![Span::raw(match c.mode {
                ModeName::Hokum => "Hokum ",
                ModeName::Sun => "Sun (no trump)",
            })];
            if let Some(t) = c.trump {
                spans.push(Span::styled(suit_words(t), p.suit(t)));
            }
            spans.push(Span::raw(format!(" by {} ({})", names.whom(c.bidder), names.team(c.bidder.team()))));
            lines.push(Line::from(spans));
            let taker = if c.ashkal { c.bidder.offset(2, 4) } else { c.bidder };
            lines.push(Line::from(vec![
                Span::raw("Face-up "),
                Span::styled(h.face_up.pretty(), p.card(h.face_up)),
                Span::raw(format!(" went to {}", names.whom(taker))),
            ]));
            if h.multiplier != Multiplier::Times(1) || ctx.view.phase == StageView::Doubling {
                let closed = if h.closed { " · CLOSED (no trump lead)" } else { " · open" };
                lines.push(Line::styled(format!("Stake {}{closed}", stake_words(h.multiplier)), p.accent()));
            }
        }
        None => {
            let round = match bidding_round(h) {
                Round::One => "Bidding: round 1",
                Round::SunWindow(_) => "Bidding: round 1 (sun or pass)",
                Round::Two => "Bidding: round 2",
            };
            lines.push(Line::raw(if h.void { "Void: everyone passed twice" } else { round }));
            lines.push(Line::from(vec![
                Span::raw("Face-up card: "),
                Span::styled(h.face_up.pretty(), p.card(h.face_up)),
            ]));
        }
    }
    lines.push(Line::raw(format!("Tricks: us {} · them {}", h.trick_counts[us], h.trick_counts[us.other()])));
    lines.push(Line::raw(format!("Points: us {} · them {}", h.card_points[us], h.card_points[us.other()])));
    let projects: Vec<String> = h
        .projects
        .iter()
        .map(|pr| {
            let counted = match pr.counted {
                Some(true) => " ✓",
                Some(false) => " ✗",
                None => "",
            };
            format!("{} {}{counted}", names.whom(pr.seat), project_name(pr.kind))
        })
        .collect();
    lines.push(Line::raw(if projects.is_empty() {
        "Projects: none".to_owned()
    } else {
        format!("Projects: {}", projects.join(", "))
    }));
    let title = format!(" Hand {} ", h.number + 1);
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_is_sorted_trump_first_in_trump_order() {
        let hand: CardSet = ["7H", "JH", "9H", "AH", "AS", "TS", "KC", "8D"]
            .into_iter()
            .map(|t| t.parse::<Card>().expect("card"))
            .collect();
        let groups = hand_groups(hand, Some(Suit::Hearts));
        let text: Vec<Vec<String>> = groups.iter().map(|g| g.iter().map(ToString::to_string).collect()).collect();
        assert_eq!(text, vec![vec!["JH", "9H", "AH", "7H"], vec!["KC"], vec!["8D"], vec!["AS", "TS"]]);
        let sun = hand_groups(hand, None);
        assert_eq!(sun[1].iter().map(ToString::to_string).collect::<Vec<_>>(), vec!["AH", "JH", "9H", "7H"]);
    }
}
