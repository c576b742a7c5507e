//! Kabul on the screen: face-down grids, cards looked at shown for a few seconds and hidden again,
//! the piles, the snap windows.

use std::time::{Duration, Instant};

use bots::{Bot, BotSpec, Playable};
use cards::{Card, CardSet};
use game::{Actor, Game, Seat, Winner};
use kabul::{Event, Kabul, KabulAction, KabulView, Pos, Power, RoundEnd, SlotView, Source, StepView, lowest};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use crate::choice::{Choice, Intent, Place};
use crate::render;
use crate::style::Palette;
use crate::table::{Ctx, Names, Narration, Table};

/// Kabul's screen state.
#[derive(Clone, Debug, Default)]
pub struct KabulUi {
    /// The first card chosen for a switch.
    first: Option<Pos>,
    /// The round these memories belong to.
    round: usize,
    /// The faces the person's view knew at the last change.
    known: CardSet,
    /// Cards shown face up until the instant given; after it they are face down again.
    shown: Vec<(Card, Instant)>,
}

impl KabulUi {
    /// Whether `card` is being shown at `now`.
    #[must_use]
    pub fn showing(&self, card: Card, now: Instant) -> bool {
        self.shown.iter().any(|&(c, until)| c == card && until > now)
    }

    /// The first card chosen for a switch, if any.
    #[must_use]
    pub fn first(&self) -> Option<Pos> {
        self.first
    }
}

const fn token(pos: Pos) -> u16 {
    (pos.seat.index() as u16) * 64 + pos.slot as u16
}

fn from_token(token: u16) -> Option<Pos> {
    let seat = Seat::new(usize::from(token / 64))?;
    Some(Pos::new(seat, u8::try_from(token % 64).ok()?))
}

fn power_words(power: Power) -> &'static str {
    match power {
        Power::SwitchAndLook => "switch two cards and look at both",
        Power::BlindSwitch => "switch two cards without looking",
        Power::PeekOwn => "look at one of your cards",
        Power::PeekOther => "look at another player's card",
    }
}

fn card_at(view: &KabulView, pos: Pos) -> Option<Card> {
    match view.grids.get(pos.seat.index())?.get(usize::from(pos.slot))? {
        SlotView::Face(c) => Some(*c),
        _ => None,
    }
}

fn place_words(names: Names, pos: Pos) -> String {
    format!("{} card {}", names.whose(pos.seat), pos.slot)
}

fn is_over(view: &KabulView) -> bool {
    view.round_scores.is_some()
}

fn slots_of(view: &KabulView, seat: Seat) -> impl Iterator<Item = (u8, &SlotView)> {
    view.grids.get(seat.index()).into_iter().flatten().enumerate().filter_map(|(i, s)| Some((u8::try_from(i).ok()?, s)))
}

fn event_words(event: &Event, names: Names) -> String {
    match *event {
        Event::Kabul { seat } => format!("{} {} Kabul!", names.who(seat), names.verb(seat, "call", "calls")),
        Event::Draw { seat, from: Source::Deck, .. } => {
            format!("{} {} from the deck", names.who(seat), names.verb(seat, "draw", "draws"))
        }
        Event::Draw { seat, from: Source::Discard, card } => format!(
            "{} {} {} from the discard pile",
            names.who(seat),
            names.verb(seat, "take", "takes"),
            card.map_or_else(|| "a card".to_owned(), Card::pretty)
        ),
        Event::Discard { seat, card, power } => format!(
            "{} {} {}{}",
            names.who(seat),
            names.verb(seat, "discard", "discards"),
            card.pretty(),
            if power { " and uses its power" } else { "" }
        ),
        Event::Replace { seat, slot, discarded } => format!(
            "{} {} the card at {} slot {slot}, discarding {}",
            names.who(seat),
            names.verb(seat, "replace", "replaces"),
            names.whose(seat),
            discarded.pretty()
        ),
        Event::Peek { seat, at } => {
            format!("{} {} at {}", names.who(seat), names.verb(seat, "look", "looks"), place_words(names, at))
        }
        Event::Switch { seat, a, b, looked } => format!(
            "{} {} {} and {}{}",
            names.who(seat),
            names.verb(seat, "switch", "switches"),
            place_words(names, a),
            place_words(names, b),
            if looked { ", looking at both" } else { "" }
        ),
        Event::Snap { seat, slot, card, hit: true, .. } => format!(
            "{} {} {} from slot {slot}: a match!",
            names.who(seat),
            names.verb(seat, "snap", "snaps"),
            card.pretty()
        ),
        Event::Snap { seat, slot, card, hit: false, penalty } => format!(
            "{} {} {} from slot {slot}: no match{}",
            names.who(seat),
            names.verb(seat, "snap", "snaps"),
            card.pretty(),
            penalty.map_or_else(String::new, |p| format!("; a penalty card goes to slot {p}"))
        ),
        Event::Pass { seat } => format!("{} {}", names.who(seat), names.verb(seat, "pass", "passes")),
        Event::Close => "The snap window closes".to_owned(),
        Event::Reshuffle { cards } => format!("The discard pile ({cards} cards) becomes the new draw pile"),
        Event::End { end } => format!("The round ends ({})", end_words(end)),
    }
}

fn end_words(end: RoundEnd) -> &'static str {
    match end {
        RoundEnd::Kabul => "Kabul was called and everyone had one more turn",
        RoundEnd::NoCards => "no card could be drawn",
    }
}

fn list(names: Names, seats: impl Iterator<Item = Seat>) -> String {
    let names: Vec<String> = seats.map(|s| names.whom(s)).collect();
    names.join(", ")
}

impl Table for Kabul {
    type Ui = KabulUi;

    const RULES: &'static str = include_str!("../../../../docs/rules/kabul.md");
    const REVIEW: &'static str = "recent events";

    fn new_bot(spec: BotSpec, seed: u64) -> Box<dyn Bot<Self>> {
        <Self as Playable>::bot(spec, seed)
    }

    fn choices(&self, me: Seat, ui: &KabulUi, out: &mut Vec<Choice<KabulAction>>) {
        let view = self.view(Some(me));
        let legal = |a: KabulAction| self.is_legal(Actor::Seat(me), a);
        let digit = |slot: u8| if slot < 10 { vec![char::from(b'0' + slot)] } else { Vec::new() };
        let mine = |make: &dyn Fn(u8) -> KabulAction, verb: &str, out: &mut Vec<Choice<KabulAction>>| {
            for (slot, s) in slots_of(&view, me) {
                if *s != SlotView::Empty {
                    let a = make(slot);
                    let place = Place::Slot { seat: me, slot };
                    let mut c =
                        Choice::act(a, format!("{verb} {slot}"), place, legal(a)).in_group(me.index() as u8 + 1);
                    c.keys = digit(slot);
                    out.push(c);
                }
            }
        };
        let button =
            |a: KabulAction, label: String, key: char| Choice::act(a, label, Place::Button, legal(a)).with_keys(&[key]);
        let top = view.discard.last().map_or_else(|| "the discard".to_owned(), |c| c.pretty());
        match view.step {
            StepView::AwaitingDraw { seat } if seat == me => {
                out.push(button(KabulAction::DrawDeck, "draw from the deck".to_owned(), 'd'));
                out.push(button(KabulAction::DrawDiscard, format!("take {top}"), 't'));
                out.push(button(KabulAction::Kabul, "call Kabul!".to_owned(), 'k'));
            }
            StepView::DrawnCard { seat, .. } if seat == me => {
                out.push(button(KabulAction::Discard, "discard it".to_owned(), 'x'));
                out.push(button(KabulAction::DiscardPower, "discard + power".to_owned(), 'p'));
                mine(&KabulAction::Replace, "replace", out);
            }
            StepView::PowerTarget { seat, power } if seat == me => match power {
                Power::PeekOwn => mine(&KabulAction::PeekOwn, "look at", out),
                Power::PeekOther => {
                    for s in Seat::all(view.players).filter(|&s| s != me) {
                        for (slot, sv) in slots_of(&view, s) {
                            if *sv != SlotView::Empty {
                                let a = KabulAction::PeekOther(Pos::new(s, slot));
                                let place = Place::Slot { seat: s, slot };
                                out.push(
                                    Choice::act(a, format!("look at {s}:{slot}"), place, legal(a))
                                        .in_group(s.index() as u8 + 1),
                                );
                            }
                        }
                    }
                }
                Power::SwitchAndLook | Power::BlindSwitch => switch_choices(self, me, &view, ui, out),
            },
            StepView::SnapWindow { .. } => {
                mine(&KabulAction::Snap, "snap", out);
                out.push(button(KabulAction::Pass, "pass".to_owned(), 'p'));
            }
            _ => {}
        }
    }

    fn mark(ui: &mut KabulUi, token: u16) {
        ui.first = from_token(token);
    }

    fn unmark(ui: &mut KabulUi) -> bool {
        ui.first.take().is_some()
    }

    fn observe(ui: &mut KabulUi, view: &KabulView, last: Option<(Actor, KabulAction)>, now: Instant, peek: Duration) {
        if view.round != ui.round {
            *ui = KabulUi { round: view.round, ..KabulUi::default() };
        }
        let faces: CardSet = view
            .grids
            .iter()
            .flatten()
            .filter_map(|s| match s {
                SlotView::Face(c) => Some(*c),
                _ => None,
            })
            .collect();
        let until = now + peek;
        ui.shown.retain(|&(_, t)| t > now);
        if !is_over(view) {
            let mut show: CardSet = faces - ui.known;
            // Looking again at a card already known shows it again.
            if let Some((Actor::Seat(s), action)) = last {
                if Some(s) == view.seat {
                    match action {
                        KabulAction::PeekOwn(slot) => show.extend(card_at(view, Pos::new(s, slot))),
                        KabulAction::PeekOther(pos) => show.extend(card_at(view, pos)),
                        KabulAction::Switch(a, b) => {
                            show.extend(card_at(view, a));
                            show.extend(card_at(view, b));
                        }
                        _ => {}
                    }
                }
            }
            for card in show {
                ui.shown.retain(|&(c, _)| c != card);
                ui.shown.push((card, until));
            }
        }
        ui.known = faces;
        let my_power = matches!(view.step, StepView::PowerTarget { seat, .. } if Some(seat) == view.seat);
        if !my_power {
            ui.first = None;
        }
    }

    fn narrate(before: &KabulView, after: &KabulView, actor: Actor, action: KabulAction, names: Names) -> Narration {
        let mut n = Narration::default();
        let Some(seat) = actor.seat() else { return n };
        let who = names.who(seat);
        let top = after.discard.last().map_or_else(String::new, |c| c.pretty());
        match action {
            KabulAction::Kabul => n.say(format!(
                "{who} {} Kabul! {} cards are locked; everyone else has one more turn",
                names.verb(seat, "call", "calls"),
                if seat == names.me { "Your" } else { "Their" }
            )),
            KabulAction::DrawDeck => match after.drawn.and_then(|d| d.card).filter(|_| seat == names.me) {
                Some(card) => n.say(format!("You draw {} from the deck", card.pretty())),
                None => n.say(format!("{who} draws from the deck")),
            },
            KabulAction::DrawDiscard => {
                let taken = before.discard.last().map_or_else(String::new, |c| c.pretty());
                n.say(format!("{who} {} {taken} from the discard pile", names.verb(seat, "take", "takes")));
            }
            KabulAction::Discard => n.say(format!("{who} {} {top}", names.verb(seat, "discard", "discards"))),
            KabulAction::DiscardPower => {
                let power = after.discard.last().and_then(|&c| Power::of(c)).map_or("", power_words);
                n.say(format!("{who} {} {top} to {power}", names.verb(seat, "discard", "discards")));
            }
            KabulAction::PeekOwn(slot) => n.say(format!(
                "{who} {} at {} card {slot}",
                names.verb(seat, "look", "looks"),
                if seat == names.me { "your" } else { "their" }
            )),
            KabulAction::PeekOther(pos) => {
                n.say(format!("{who} {} at {}", names.verb(seat, "look", "looks"), place_words(names, pos)));
            }
            KabulAction::Switch(a, b) => {
                let looked = after.events.iter().rev().find_map(|e| match e {
                    Event::Switch { looked, .. } => Some(*looked),
                    _ => None,
                });
                n.say(format!(
                    "{who} {} {} and {}{}",
                    names.verb(seat, "switch", "switches"),
                    place_words(names, a),
                    place_words(names, b),
                    if looked == Some(true) { ", looking at both" } else { "" }
                ));
            }
            KabulAction::Replace(slot) => n.say(format!(
                "{who} {} the card at slot {slot} and {} {top}",
                names.verb(seat, "replace", "replaces"),
                names.verb(seat, "discard", "discards")
            )),
            KabulAction::Snap(_) => {
                if let Some(e) = after.events.iter().rev().find(|e| matches!(e, Event::Snap { .. })) {
                    n.say(event_words(e, names));
                }
            }
            KabulAction::Pass if seat == names.me => n.say("You pass"),
            KabulAction::Pass | KabulAction::Close => {}
        }
        if after.events.iter().any(|e| matches!(e, Event::Reshuffle { .. }))
            && !before.events.iter().any(|e| matches!(e, Event::Reshuffle { .. }))
        {
            n.say("The draw pile ran out: the discard pile (but its top card) becomes the new draw pile");
        }
        n
    }

    fn dealt(view: &KabulView, names: Names) -> Vec<String> {
        let dealer =
            view.dealer.map_or_else(String::new, |d| format!(": {} {}", names.who(d), names.verb(d, "deal", "deals")));
        vec![
            format!("— Round {}{dealer} —", view.round),
            "You look at your bottom cards (2 and 3) for a few seconds: remember them!".to_owned(),
        ]
    }

    fn header(ctx: &Ctx<'_, Self>) -> (String, String) {
        let v = ctx.view;
        let left = format!("Majlis · Kabul · round {} · you are seat {}", v.round.max(1), ctx.me());
        let right = match ctx.rules.target_score() {
            Some(target) => {
                let totals: Vec<String> = v
                    .scores
                    .iter()
                    .enumerate()
                    .map(|(i, t)| if i == ctx.me().index() { format!("you {t}") } else { format!("s{i} {t}") })
                    .collect();
                format!("{} · to {target}", totals.join(" · "))
            }
            None => "one round · lowest total wins".to_owned(),
        };
        (left, right)
    }

    fn prompt(ctx: &Ctx<'_, Self>) -> String {
        let v = ctx.view;
        let me = ctx.me();
        let top = v.discard.last().map_or_else(|| "the discard".to_owned(), |c| c.pretty());
        let left = ctx.window_left.map_or_else(String::new, |d| format!(" ({:.1} s left)", d.as_secs_f64()));
        match v.step {
            StepView::AwaitingDraw { seat } if seat == me => {
                format!("Your turn: draw from the deck (d), take {top} (t), or call Kabul (k).")
            }
            StepView::DrawnCard { seat, from: Source::Deck } if seat == me => {
                // The power is spelled out in the table box; the prompt must fit 80 columns.
                let card = v.drawn.and_then(|d| d.card).map_or_else(String::new, Card::pretty);
                format!("You hold {card}: discard it (x), discard + power (p), or replace a card (0–9).")
            }
            StepView::DrawnCard { seat, from: Source::Discard } if seat == me => {
                "Replace one of your cards with the card you took (0–9 or ← → Enter).".to_owned()
            }
            StepView::PowerTarget { seat, power } if seat == me => match (power, ctx.ui.first) {
                (Power::PeekOwn, _) => "Look at one of your cards: choose it (0–9 or ← → Enter).".to_owned(),
                (Power::PeekOther, _) => "Look at another player's card: choose it (← → ↑ ↓, Enter).".to_owned(),
                (_, None) => format!("{}: choose the first card (← → ↑ ↓, Enter).", capital(power_words(power))),
                (_, Some(a)) => {
                    format!("Now choose the card to switch with {} (Esc: choose again).", place_words(ctx.names, a))
                }
            },
            StepView::SnapWindow { may_act, .. } if may_act.contains(me) => {
                format!("Snap window on {top}{left}: snap a card of that rank (0–9) or pass (p).")
            }
            StepView::SnapWindow { may_act, .. } => {
                format!("Snap window on {top}{left}: waiting for {}…", list(ctx.names, may_act.iter()))
            }
            StepView::AwaitingDraw { seat } | StepView::DrawnCard { seat, .. } | StepView::PowerTarget { seat, .. } => {
                format!("Seat {seat}'s turn…")
            }
            StepView::AwaitingDeal { .. } | StepView::MatchOver => String::new(),
        }
    }

    fn result(&self, names: Names) -> String {
        let view = self.view(Some(names.me));
        let Some(scores) = &view.round_scores else { return String::new() };
        let listed: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", Seat::new(i).map_or_else(String::new, |s| names.whom(s))))
            .collect();
        let winners = match self.outcome() {
            Some(Winner::Seats(set)) => set,
            _ => lowest(scores),
        };
        let verdict = if winners.contains(names.me) {
            if winners.len() > 1 { "you share the win".to_owned() } else { "you win".to_owned() }
        } else {
            format!(
                "{} {}",
                capital(&list(names, winners.iter())),
                if winners.len() > 1 { "share the win" } else { "wins" }
            )
        };
        let what = if self.outcome().is_some() { "Match over" } else { "Round over" };
        let totals = if self.rules().target_score().is_some() { " (totals in the header)" } else { "" };
        format!("{what}: {verdict}. Scores: {}{totals}.", listed.join(", "))
    }

    fn draw(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Self>) {
        let v = ctx.view;
        let me = ctx.me();
        let others: Vec<Seat> = (1..v.players).map(|k| me.offset(k, v.players)).collect();
        let rows = |s: Seat| v.grids.get(s.index()).map_or(2, |g| g.len().div_ceil(2).max(2)) as u16;
        let top_h = others.iter().map(|&s| rows(s)).max().unwrap_or(2).min(5) + 2;
        let my_h = rows(me).min(5) + 2;
        let [top, middle, mine, buttons] = Layout::vertical([
            Constraint::Length(top_h),
            Constraint::Min(4),
            Constraint::Length(my_h),
            Constraint::Length(1),
        ])
        .areas(area);
        let boxes =
            Layout::horizontal(others.iter().map(|_| Constraint::Ratio(1, others.len().max(1) as u32))).split(top);
        for (&seat, &r) in others.iter().zip(boxes.iter()) {
            draw_grid(frame, r, ctx, seat);
        }
        let [info, log] = Layout::horizontal([Constraint::Min(30), Constraint::Length(40)]).areas(middle);
        draw_info(frame, info, ctx);
        render::log(frame, log, ctx);
        let [grid, aside] = Layout::horizontal([Constraint::Length(34), Constraint::Min(10)]).areas(mine);
        draw_grid(frame, grid, ctx, me);
        let hint = if is_over(v) {
            "Every card is face up: the round is over."
        } else {
            "Your cards stay face down: a card you look at shows for a few seconds. Remember it!"
        };
        frame.render_widget(Paragraph::new(Line::styled(hint, ctx.palette.faint())).wrap(Wrap { trim: true }), aside);
        frame.render_widget(Paragraph::new(render::buttons_line(ctx)), buttons);
    }

    fn review(ctx: &Ctx<'_, Self>) -> (String, Vec<Line<'static>>) {
        let lines: Vec<Line<'static>> = ctx.view.events.iter().map(|e| Line::raw(event_words(e, ctx.names))).collect();
        if lines.is_empty() {
            ("Recent events".to_owned(), vec![Line::raw("Nothing has happened yet.")])
        } else {
            ("Recent events".to_owned(), lines)
        }
    }

    fn keys(ctx: &Ctx<'_, Self>) -> &'static str {
        match ctx.view.step {
            StepView::AwaitingDraw { .. } => "d draw · t take · k Kabul",
            StepView::DrawnCard { .. } => "x discard · p power · 0-9 replace",
            StepView::PowerTarget { .. } => "← → ↑ ↓ Enter choose · Esc back",
            StepView::SnapWindow { .. } => "0-9 snap · p pass",
            StepView::AwaitingDeal { .. } => "Enter next round",
            StepView::MatchOver => "Enter leave",
        }
    }

    fn clock_ms(&self) -> u64 {
        self.rules().snap_window_ms()
    }

    fn window_key(&self) -> usize {
        self.discard_pile().len()
    }
}

/// The switch targets: first any card that can be switched, then a second one.
fn switch_choices(game: &Kabul, me: Seat, view: &KabulView, ui: &KabulUi, out: &mut Vec<Choice<KabulAction>>) {
    let mut legal = Vec::new();
    game.legal_actions(me, &mut legal);
    for s in Seat::all(view.players) {
        for (slot, sv) in slots_of(view, s) {
            if *sv == SlotView::Empty {
                continue;
            }
            let pos = Pos::new(s, slot);
            let place = Place::Slot { seat: s, slot };
            let group = s.index() as u8 + 1;
            let choice = match ui.first {
                Some(a) if a == pos => continue,
                Some(a) => {
                    let act = KabulAction::Switch(a, pos);
                    Choice::act(act, format!("switch with {s}:{slot}"), place, legal.contains(&act))
                }
                None => {
                    let ok = legal.iter().any(|x| matches!(x, KabulAction::Switch(p, _) if *p == pos));
                    // Why not, in the engine's words: switch it with a card that could be.
                    let refusal = (!ok)
                        .then(|| {
                            let other = legal.iter().find_map(|x| match x {
                                KabulAction::Switch(p, _) if *p != pos => Some(*p),
                                _ => None,
                            })?;
                            game.check(Actor::Seat(me), KabulAction::Switch(pos, other)).err().map(|e| e.to_string())
                        })
                        .flatten();
                    Choice {
                        intent: Intent::Mark(token(pos)),
                        label: format!("switch {s}:{slot}"),
                        keys: Vec::new(),
                        place,
                        group,
                        legal: ok,
                        refusal: refusal.or_else(|| (!ok).then(|| "that card cannot be switched now".to_owned())),
                    }
                }
            };
            out.push(choice.in_group(group));
        }
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

fn draw_grid(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Kabul>, seat: Seat) {
    let v = ctx.view;
    let p = ctx.palette;
    let over = is_over(v);
    let mut title = if seat == ctx.me() { format!(" You (seat {seat})") } else { format!(" Seat {seat}") };
    let acting = match v.step {
        StepView::SnapWindow { may_act, .. } => may_act.contains(seat),
        _ => v.turn == Some(seat),
    };
    if acting {
        title.push_str(" ▶");
    }
    if v.dealer == Some(seat) {
        title.push_str(" D");
    }
    if v.caller == Some(seat) {
        title.push_str(" Kabul!");
    }
    if let Some(score) = v.round_scores.as_ref().and_then(|s| s.get(seat.index())) {
        title.push_str(&format!(" = {score}"));
    }
    title.push(' ');
    let mut lines = Vec::new();
    let slots: Vec<(u8, SlotView)> = slots_of(v, seat).map(|(i, s)| (i, *s)).collect();
    for row in slots.chunks(2) {
        let mut spans = Vec::new();
        for &(slot, sv) in row {
            spans.extend(slot_spans(ctx, p, seat, slot, sv, over));
        }
        lines.push(Line::from(spans));
    }
    let style = if acting { p.accent() } else { Style::new() };
    let block = Block::bordered().title(title).title_style(style);
    frame.render_widget(Paragraph::new(lines).block(block), area);
}

fn slot_spans(ctx: &Ctx<'_, Kabul>, p: Palette, seat: Seat, slot: u8, sv: SlotView, over: bool) -> Vec<Span<'static>> {
    let (text, base) = match sv {
        SlotView::Empty => (" · ".to_owned(), p.faint()),
        SlotView::Face(c) if over || ctx.ui.showing(c, ctx.now) => {
            (format!("{:>3}", c.pretty()), p.card(c).add_modifier(Modifier::BOLD))
        }
        SlotView::Face(_) | SlotView::Down => ("▒▒▒".to_owned(), p.back()),
    };
    let marked = ctx.ui.first == Some(Pos::new(seat, slot));
    let (style, cursor) = match ctx.choice_at(Place::Slot { seat, slot }) {
        Some((choice, cursor)) => (p.choice(base, choice.legal, cursor), cursor),
        None => (base, false),
    };
    let (open, close) = if marked {
        ("<", ">")
    } else if cursor {
        ("[", "]")
    } else {
        (" ", " ")
    };
    vec![
        Span::styled(format!("{slot}"), p.faint()),
        Span::raw(open),
        Span::styled(text, style),
        Span::raw(format!("{close} ")),
    ]
}

fn draw_info(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Kabul>) {
    let v = ctx.view;
    let p = ctx.palette;
    let names = ctx.names;
    let mut lines = vec![Line::raw(format!("Draw pile: {} cards", v.draw_pile))];
    let mut discard = vec![Span::raw("Discard pile: ")];
    match v.discard.last() {
        Some(&top) => {
            discard.push(Span::styled(top.pretty(), p.card(top).add_modifier(Modifier::BOLD)));
            let under: Vec<Card> = v.discard.iter().rev().skip(1).take(4).copied().collect();
            if !under.is_empty() {
                discard.push(Span::styled("  under it: ", p.faint()));
                for c in under {
                    discard.push(Span::styled(format!("{} ", c.pretty()), p.card(c).add_modifier(Modifier::DIM)));
                }
            }
        }
        None => discard.push(Span::raw("empty")),
    }
    lines.push(Line::from(discard));
    if let Some(d) = v.drawn {
        let line = match (d.card, d.from) {
            (Some(card), Source::Deck) if d.seat == ctx.me() => {
                let power = Power::of(card)
                    .map_or_else(|| " (no power)".to_owned(), |pw| format!(" (power: {})", power_words(pw)));
                Line::from(vec![
                    Span::raw("You hold "),
                    Span::styled(card.pretty(), p.card(card).add_modifier(Modifier::BOLD)),
                    Span::raw(power),
                ])
            }
            (Some(card), _) => Line::from(vec![
                Span::raw(format!("{} took ", names.who(d.seat))),
                Span::styled(card.pretty(), p.card(card)),
                Span::raw(" from the discard pile"),
            ]),
            (None, _) => Line::raw(format!("{} holds a card from the deck", names.who(d.seat))),
        };
        lines.push(line);
    }
    if let StepView::SnapWindow { may_act, .. } = v.step {
        let left = ctx.window_left.map_or_else(String::new, |d| format!(": {:.1} s left", d.as_secs_f64()));
        lines.push(Line::styled(format!("Snap window open{left}"), p.accent()));
        lines.push(Line::raw(format!("May still snap: {}", list(names, may_act.iter()))));
    }
    if let Some(c) = v.caller {
        lines.push(Line::raw(format!(
            "{} called Kabul: {} cards are locked.",
            names.who(c),
            if c == ctx.me() { "your" } else { "their" }
        )));
    }
    if let (Some(end), Some(scores)) = (v.end, &v.round_scores) {
        lines.push(Line::raw(format!("Round over: {}.", end_words(end))));
        let winners = lowest(scores);
        lines.push(Line::styled(format!("Lowest total: {}", list(names, winners.iter())), p.accent()));
    }
    frame
        .render_widget(Paragraph::new(lines).block(Block::bordered().title(" Table ")).wrap(Wrap { trim: true }), area);
}
