//! Drawing the table: the grids, the piles and the snap window.

use cards::Card;
use game::Seat;
use kabul::{Kabul, Pos, Power, SlotView, Source, StageView, lowest};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::words::{end_words, list, power_words};
use super::{is_over, slots_of};
use crate::choice::Place;
use crate::game_ui::Ctx;
use crate::render;
use crate::style::Palette;

/// The whole Kabul table: the other grids on top, the piles and the log, the person's grid.
pub(super) fn draw(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Kabul>) {
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
    let boxes = Layout::horizontal(others.iter().map(|_| Constraint::Ratio(1, others.len().max(1) as u32))).split(top);
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

fn draw_grid(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Kabul>, seat: Seat) {
    let v = ctx.view;
    let p = ctx.palette;
    let over = is_over(v);
    let mut title = if seat == ctx.me() { format!(" You (seat {seat})") } else { format!(" Seat {seat}") };
    let acting = match v.step {
        StageView::SnapWindow { may_act, .. } => may_act.contains(seat),
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
    if let StageView::SnapWindow { may_act, .. } = v.step {
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
