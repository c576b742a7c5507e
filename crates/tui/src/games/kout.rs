//! Kout Bo (six and four players) on the screen.

use bots::{Bot, BotSpec, Playable};
use cards::{Card, CardSet, Rank, Suit};
use game::{Actor, Game, Seat, Team};
use kout::{Bid, Kout, KoutAction, KoutView, StageView, TrickView};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::choice::{Choice, Place};
use crate::game_ui::{Ctx, GameUi, Names, Narration};
use crate::render;
use crate::style::{Palette, suit_order};

/// The match target of Kout Bo.
const TARGET: i32 = 101;

/// The cards of a hand in the order a player holds them: trump first (red joker, ace, black
/// joker, king… two), then the other suits high to low, colours alternating. Before trump is named
/// the jokers come first.
#[must_use]
pub fn hand_groups(hand: CardSet, trump: Option<Suit>) -> Vec<Vec<Card>> {
    let mut groups = Vec::new();
    let jokers: Vec<Card> = [Card::RED_JOKER, Card::BLACK_JOKER].into_iter().filter(|&j| hand.contains(j)).collect();
    if trump.is_none() && !jokers.is_empty() {
        groups.push(jokers.clone());
    }
    for suit in suit_order(trump) {
        let mut cards: Vec<Card> = hand.of_suit(suit).iter().collect();
        cards.sort_by_key(|c| std::cmp::Reverse(c.rank().map_or(0, Rank::index)));
        if Some(suit) == trump {
            // Red joker, ace, black joker, king…
            let ace = Card::new(Rank::Ace, suit);
            let mut ordered = Vec::new();
            if hand.contains(Card::RED_JOKER) {
                ordered.push(Card::RED_JOKER);
            }
            if hand.contains(ace) {
                ordered.push(ace);
            }
            if hand.contains(Card::BLACK_JOKER) {
                ordered.push(Card::BLACK_JOKER);
            }
            ordered.extend(cards.into_iter().filter(|&c| c != ace));
            cards = ordered;
        }
        if !cards.is_empty() {
            groups.push(cards);
        }
    }
    groups
}

fn bid_name(bid: Bid) -> &'static str {
    match bid.tricks() {
        5 => " (Bab)",
        9 => " (Bawan)",
        _ => "",
    }
}

fn suit_words(suit: Suit) -> String {
    format!("{} {}", suit.symbol(), suit.name())
}

/// Who called what, by seat: `bid 7`, `pass`.
fn call_of(view: &KoutView, seat: Seat) -> String {
    match view.calls.iter().find(|c| c.seat == seat) {
        Some(c) => c.bid.map_or_else(|| "pass".to_owned(), |b| format!("bid {b}")),
        None => String::new(),
    }
}

fn trick_lines(trick: &TrickView, names: Names, p: Palette) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (i, play) in trick.cards.iter().enumerate() {
        let mut spans = vec![
            Span::raw(format!("{:<8}", names.who(play.seat))),
            Span::styled(play.card.pretty(), p.card(play.card)),
        ];
        if i == 0 {
            spans.push(Span::raw(" (led)"));
        }
        if play.dead {
            spans.push(Span::raw(" (dead joker)"));
        }
        if trick.winner == Some(play.seat) {
            spans.push(Span::styled("  ✓ took the trick", p.accent()));
        }
        lines.push(Line::from(spans));
    }
    lines
}

impl GameUi for Kout {
    type Ui = ();

    const RULES: &'static str = include_str!("../../../../docs/rules/kout.md");
    const REVIEW: &'static str = "last trick";

    fn new_bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        <Self as Playable>::bot(spec, seed, rules)
    }

    fn choices(&self, me: Seat, _ui: &(), out: &mut Vec<Choice<KoutAction>>) {
        let view = self.view(Some(me));
        let legal = |a: KoutAction| self.is_legal(Actor::Seat(me), a);
        match view.stage {
            StageView::Bidding => {
                out.push(
                    Choice::act(KoutAction::Pass, "pass", Place::Button, legal(KoutAction::Pass))
                        .with_keys(&['p', '0']),
                );
                for bid in Bid::BAB.and_above() {
                    let a = KoutAction::Bid(bid);
                    let key = char::from(b'0' + bid.tricks());
                    out.push(Choice::act(a, format!("bid {bid}"), Place::Button, legal(a)).with_keys(&[key]));
                }
            }
            StageView::Trump => {
                for (i, suit) in [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs].into_iter().enumerate() {
                    let a = KoutAction::Trump(suit);
                    let keys = [suit.letter().to_ascii_lowercase(), char::from(b'1' + i as u8)];
                    out.push(Choice::act(a, suit_words(suit), Place::Button, legal(a)).with_keys(&keys));
                }
            }
            StageView::Playing => {
                let hand = view.hand.unwrap_or_default();
                for card in hand_groups(hand, view.trump).into_iter().flatten() {
                    let a = KoutAction::Play(card);
                    out.push(Choice::act(a, card.pretty(), Place::Card(card), legal(a)));
                }
            }
            StageView::AwaitingDeal | StageView::Over => {}
        }
    }

    fn narrate(before: &KoutView, after: &KoutView, actor: Actor, action: KoutAction, names: Names) -> Narration {
        let mut n = Narration::default();
        let Some(seat) = actor.seat() else { return n };
        let who = names.who(seat);
        match action {
            KoutAction::Pass => n.say(format!("{who} {}", names.verb(seat, "pass", "passes"))),
            KoutAction::Bid(b) => n.say(format!("{who} {} {b}{}", names.verb(seat, "bid", "bids"), bid_name(b))),
            KoutAction::Trump(s) => {
                n.say(format!("{who} {} trump: {}", names.verb(seat, "name", "names"), suit_words(s)));
            }
            KoutAction::Play(card) => {
                let dead = after.trick.iter().chain(after.tricks.last()).any(|t| t.dead_jokers.contains(card));
                let note = if dead { " (dead joker: it cannot win)" } else { "" };
                n.say(format!("{who} {} {}{note}", names.verb(seat, "play", "plays"), card.pretty()));
            }
        }
        if before.maker.is_none() {
            if let (Some(maker), Some(bid)) = (after.maker, after.bid) {
                let malzoom = if after.malzoom { " (Malzoom: the dealer's forced 5)" } else { "" };
                n.say(format!("{} {} the bid with {bid}{malzoom}", names.who(maker), names.verb(maker, "win", "wins")));
            }
        }
        if after.tricks.len() > before.tricks.len() {
            if let Some(w) = after.tricks.last().and_then(|t| t.winner) {
                let us = names.me.team();
                n.say(format!(
                    "{} {} the trick · tricks: us {}, them {}",
                    names.who(w),
                    names.verb(w, "take", "takes"),
                    after.tricks_won[us],
                    after.tricks_won[us.other()]
                ));
                n.pause = true;
            }
        }
        n
    }

    fn dealt(view: &KoutView, names: Names) -> Vec<String> {
        let number = view.hand_number.map_or(1, |h| h + 1);
        vec![format!("— Hand {number}: {} {} —", names.who(view.dealer), names.verb(view.dealer, "deal", "deals"))]
    }

    fn header(ctx: &Ctx<'_, Self>) -> (String, String) {
        let v = ctx.view;
        let us = ctx.me().team();
        let hand = v.hand_number.map_or(1, |h| h + 1);
        (
            format!("Majlis · {} · hand {hand} · you are seat {}", v.game.title(), ctx.me()),
            format!("us {} · them {} · to {TARGET}", v.score[us], v.score[us.other()]),
        )
    }

    fn prompt(ctx: &Ctx<'_, Self>) -> String {
        let v = ctx.view;
        let Some(turn) = v.to_act else { return String::new() };
        let high = v.calls.iter().filter_map(|c| c.bid).max();
        if !ctx.my_turn {
            let doing = match v.stage {
                StageView::Bidding => "to bid",
                StageView::Trump => "to name trump",
                _ => "to play",
            };
            return format!("Waiting for seat {turn} {doing}…");
        }
        match v.stage {
            StageView::Bidding if turn == v.dealer && high.is_none() => {
                "Everyone passed: as the dealer you must bid (5 is Malzoom). Keys 5–9.".to_owned()
            }
            StageView::Bidding => match high {
                Some(h) => format!("Your bid: higher than {h} (keys {}–9), or pass (p).", h + 1),
                None => "Your bid: 5–9 tricks (keys 5–9), or pass (p).".to_owned(),
            },
            StageView::Trump => "You won the bid: name trump (s ♠, h ♥, d ♦, c ♣).".to_owned(),
            _ if v.trick.as_ref().is_none_or(|t| t.cards.is_empty()) => {
                "Your lead: choose a card (← →, Enter).".to_owned()
            }
            _ => "Your turn: play a card (← →, Enter).".to_owned(),
        }
    }

    fn result(&self, names: Names) -> String {
        let view = &self.view(Some(names.me));
        let us = names.me.team();
        if let Some(w) = view.winner {
            let verdict = if w == us { "your team wins" } else { "the other team wins" };
            return format!("Match over: {verdict}, {}–{}.", view.score[w], view.score[w.other()]);
        }
        let (Some(score), Some(maker), Some(bid)) = (view.hand_score, view.maker, view.bid) else {
            return String::new();
        };
        let team = names.team(maker.team());
        let hand = view.hand_number.map_or(1, |h| h + 1);
        let gained = |t: Team| score[t];
        if gained(maker.team()) > 0 {
            format!("Hand {hand}: {team} made {bid} (+{}).", gained(maker.team()))
        } else {
            let other = maker.team().other();
            format!("Hand {hand}: {team} failed {bid}; {} +{}.", names.team(other), gained(other))
        }
    }

    fn draw(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Self>) {
        let [main, hand_area] = Layout::vertical([Constraint::Min(6), Constraint::Length(4)]).areas(area);
        let [table, side] = Layout::horizontal([Constraint::Min(40), Constraint::Length(36)]).areas(main);
        let [info, log] = Layout::vertical([Constraint::Length(7), Constraint::Min(3)]).areas(side);
        draw_table(frame, table, ctx);
        draw_info(frame, info, ctx);
        render::log(frame, log, ctx);
        let v = ctx.view;
        let groups = hand_groups(v.hand.unwrap_or_default(), v.trump);
        let mut lines = vec![render::hand_line(ctx, &groups)];
        if ctx.buttons().next().is_some() {
            lines.push(render::buttons_line(ctx));
        }
        let title = format!(" Your hand · seat {} · {} cards ", ctx.me(), v.hand.map_or(0, CardSet::len));
        frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), hand_area);
    }

    fn review(ctx: &Ctx<'_, Self>) -> (String, Vec<Line<'static>>) {
        match ctx.view.tricks.last() {
            Some(t) => {
                (format!("Last trick ({} of this hand)", ctx.view.tricks.len()), trick_lines(t, ctx.names, ctx.palette))
            }
            None => ("Last trick".to_owned(), vec![Line::raw("No trick has been taken yet in this hand.")]),
        }
    }

    fn keys(ctx: &Ctx<'_, Self>) -> &'static str {
        match ctx.view.stage {
            StageView::Bidding => "5-9 bid · p pass · ← → Enter",
            StageView::Trump => "s h d c trump · ← → Enter",
            StageView::Playing => "← → choose · Enter play",
            StageView::AwaitingDeal => "Enter next hand",
            StageView::Over => "Enter leave",
        }
    }
}

fn draw_table(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Kout>) {
    let v = ctx.view;
    let p = ctx.palette;
    let seats = v.cards_held.len();
    let faint = p.faint();
    let mut lines = vec![Line::styled("   Seat     Team  Call      Cards  Trick", faint)];
    // The trick on the table; once it is complete, the last one, faint, until the next lead.
    let (trick, done) = match &v.trick {
        Some(t) if !t.cards.is_empty() => (Some(t), false),
        _ => (v.tricks.last(), true),
    };
    for k in 0..seats {
        let seat = ctx.me().offset(k, seats);
        let marker = if v.to_act == Some(seat) { Span::styled(" ▶ ", p.accent()) } else { Span::raw("   ") };
        let name = if seat == v.dealer { format!("{} D", ctx.names.who(seat)) } else { ctx.names.who(seat) };
        let maker = if v.maker == Some(seat) { "★" } else { " " };
        let team = ctx.names.team(seat.team());
        let mut spans = vec![
            marker,
            Span::raw(format!("{name:<9}{team:<6}")),
            Span::raw(format!("{:<6}{maker}  ", call_of(v, seat))),
            Span::raw(format!("{:>4}   ", v.cards_held.get(seat).copied().unwrap_or(0))),
        ];
        if let Some(t) = trick {
            if let Some((i, play)) = t.cards.iter().enumerate().find(|(_, pl)| pl.seat == seat) {
                let mut style = p.card(play.card);
                if done {
                    style = style.add_modifier(Modifier::DIM);
                }
                spans.push(Span::styled(format!("{:>3}", play.card.pretty()), style));
                let mut note = String::new();
                if i == 0 {
                    note.push_str(" led");
                }
                if play.dead {
                    note.push_str(" dead");
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
    let trick_note = match (&v.trick, v.tricks.last()) {
        (Some(t), _) if !t.cards.is_empty() => {
            let led = t.led.map_or_else(|| "not decided yet".to_owned(), suit_words);
            format!("Trick {} · led suit: {led}", v.tricks.len() + 1)
        }
        (_, Some(last)) => match last.winner {
            Some(w) => format!("{} took trick {} (faint above).", ctx.names.who(w), v.tricks.len()),
            None => String::new(),
        },
        _ => String::new(),
    };
    lines.push(Line::styled(trick_note, faint));
    let block = Block::bordered().title(" Table ");
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn draw_info(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Kout>) {
    let v = ctx.view;
    let names = ctx.names;
    let us = ctx.me().team();
    let mut lines = vec![Line::raw(format!("Dealer: {}", names.whom(v.dealer)))];
    match (v.maker, v.bid) {
        (Some(maker), Some(bid)) => {
            let malzoom = if v.malzoom { " · Malzoom" } else { "" };
            lines.push(Line::raw(format!(
                "Contract: {bid} by {} ({}){malzoom}",
                names.whom(maker),
                names.team(maker.team())
            )));
            let need_other = 9 - bid + 1;
            lines.push(Line::raw(format!(
                "{} need {bid}; {} need {need_other}",
                names.team(maker.team()),
                names.team(maker.team().other())
            )));
        }
        _ => {
            let high = v.calls.iter().filter(|c| c.bid.is_some()).max_by_key(|c| c.bid);
            lines.push(Line::raw(match high.and_then(|c| c.bid.map(|b| (c.seat, b))) {
                Some((s, b)) => format!("Highest bid: {b} by {}", names.whom(s)),
                None => "No bid yet".to_owned(),
            }));
            lines.push(Line::default());
        }
    }
    lines.push(match v.trump {
        Some(s) => Line::from(vec![Span::raw("Trump: "), Span::styled(suit_words(s), ctx.palette.suit(s))]),
        None => Line::raw("Trump: not named yet"),
    });
    lines.push(Line::raw(format!("Tricks: us {} · them {}", v.tricks_won[us], v.tricks_won[us.other()])));
    let title = format!(" Hand {} ", v.hand_number.map_or(1, |h| h + 1));
    frame.render_widget(Paragraph::new(lines).block(Block::bordered().title(title)), area);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(text: &str) -> Card {
        text.parse().expect("card")
    }

    #[test]
    fn hand_is_sorted_trump_first_with_jokers_in_trump_order() {
        let hand: CardSet = ["2H", "AH", "RJ", "BJ", "KS", "3C", "QD", "KH"].into_iter().map(card).collect();
        let groups = hand_groups(hand, Some(Suit::Hearts));
        let text: Vec<Vec<String>> = groups.iter().map(|g| g.iter().map(ToString::to_string).collect()).collect();
        assert_eq!(text, vec![vec!["RJ", "AH", "BJ", "KH", "2H"], vec!["3C"], vec!["QD"], vec!["KS"]]);
        let before_trump = hand_groups(hand, None);
        assert_eq!(before_trump[0], vec![Card::RED_JOKER, Card::BLACK_JOKER]);
        assert_eq!(before_trump.iter().map(Vec::len).sum::<usize>(), hand.len());
    }
}
