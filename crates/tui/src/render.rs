//! The frame every game shares: header, table, prompt, notice, keys, and the overlays (rules, last
//! trick, quit). Plus pieces the games draw with: the log, a hand of cards, the buttons.

use cards::Card;
use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::choice::Place;
use crate::game_ui::{Ctx, GameUi};
use crate::style::{Palette, button};

/// What covers the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the table.
    None,
    /// The rules and keys, scrolled down this many lines.
    Help(u16),
    /// The last trick (Kabul: the recent events).
    Review,
    /// "Quit? y/n".
    ConfirmQuit,
}

/// A line under the table: a refusal (why a choice is not allowed) or information.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A choice was refused; the engine's reason.
    Refusal(String),
    /// Anything else.
    Info(String),
}

/// The smallest screen the game is laid out for.
pub const MIN_WIDTH: u16 = 80;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 24;

/// Draws the whole screen.
pub(crate) fn screen<G: GameUi>(
    frame: &mut Frame<'_>,
    ctx: &Ctx<'_, G>,
    status: &str,
    notice: Option<&Notice>,
    overlay: Overlay,
) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        let text = format!(
            "Majlis needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}; this one is {}×{}. Enlarge it, or press q to leave.",
            area.width, area.height
        );
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
        if overlay == Overlay::ConfirmQuit {
            confirm_quit(frame, ctx.palette);
        }
        return;
    }
    let [header, body, prompt, note, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let p = ctx.palette;
    let (left, right) = G::header(ctx);
    // The scores on the right matter more than the title: on a narrow screen the title gives way.
    let room = usize::from(header.width).saturating_sub(right.chars().count() + 3);
    let left: String = if left.chars().count() > room {
        left.chars().take(room.saturating_sub(1)).chain(std::iter::once('…')).collect()
    } else {
        left
    };
    let pad = usize::from(header.width).saturating_sub(left.chars().count() + right.chars().count() + 2);
    let bar = format!(" {left}{}{right} ", " ".repeat(pad));
    frame.render_widget(Paragraph::new(bar).style(p.header()), header);
    G::draw(frame, body, ctx);
    // A long status (a hand's result and what to press) may use the notice line when it is free.
    let status_area = if notice.is_none() && status.chars().count() > usize::from(prompt.width) {
        Rect { height: prompt.height + note.height, ..prompt }
    } else {
        prompt
    };
    let status = Paragraph::new(Line::styled(status.to_owned(), p.accent())).wrap(Wrap { trim: true });
    frame.render_widget(status, status_area);
    if let Some(n) = notice {
        let line = match n {
            Notice::Refusal(why) => Line::styled(format!("✗ {why}"), p.refusal()),
            Notice::Info(text) => Line::styled(text.clone(), p.info()),
        };
        frame.render_widget(Paragraph::new(line), note);
    }
    // The hint key is named where the line has room for it (`?` lists it always).
    let mut help = format!("{} · ? rules · l {} · i hint · q quit", G::keys(ctx), G::REVIEW);
    if help.chars().count() > usize::from(keys.width) {
        help = format!("{} · ? rules · l {} · q quit", G::keys(ctx), G::REVIEW);
    }
    frame.render_widget(Paragraph::new(Line::styled(help, p.faint())), keys);
    match overlay {
        Overlay::None => {}
        Overlay::Help(scroll) => help_overlay::<G>(frame, p, scroll),
        Overlay::Review => {
            let (title, mut lines) = G::review(ctx);
            let height = u16::try_from(lines.len()).unwrap_or(u16::MAX).saturating_add(4).min(area.height - 2);
            // When the list is longer than the box, the newest lines are the ones worth showing.
            let room = usize::from(height.saturating_sub(4));
            if lines.len() > room {
                lines.drain(..lines.len() - room);
            }
            let box_area = centered(area, area.width.saturating_sub(10).min(70), height);
            frame.render_widget(Clear, box_area);
            let mut body = lines;
            body.push(Line::default());
            body.push(Line::styled("Press any key to close.", p.faint()));
            let block = Block::bordered().title(format!(" {title} ")).title_style(p.accent());
            frame.render_widget(Paragraph::new(body).block(block).wrap(Wrap { trim: false }), box_area);
        }
        Overlay::ConfirmQuit => confirm_quit(frame, p),
    }
}

fn confirm_quit(frame: &mut Frame<'_>, p: Palette) {
    let area = centered(frame.area(), 46, 5);
    frame.render_widget(Clear, area);
    let text = vec![
        Line::from("Leave the match? It is saved as a record."),
        Line::from(vec![
            Span::styled("y", p.accent()),
            Span::raw(" leave    "),
            Span::styled("n", p.accent()),
            Span::raw(" keep playing"),
        ]),
    ];
    let block = Block::bordered().title(" Quit ").title_style(p.accent());
    frame.render_widget(Paragraph::new(text).alignment(Alignment::Center).block(block), area);
}

/// The keys every game shares, shown above the rules.
const KEYS: &str = "\
Keys
  ← → ↑ ↓     move between the choices (legal: bright, illegal: dim)
  Enter       choose (an illegal choice is refused with the reason)
  0-9, a-z    the shortcuts shown on the buttons and slots
  ?           this help (↑ ↓ PgUp PgDn scroll, any other key closes)
  l           the last trick (Kabul: the recent events)
  i           a hint: the strong bot's move for you now, and why (the cursor moves to it)
  q           leave the match (asks first); the match is saved as a record
";

fn help_overlay<G: GameUi>(frame: &mut Frame<'_>, p: Palette, scroll: u16) {
    let area = frame.area();
    let box_area = Rect { x: 1, y: 1, width: area.width.saturating_sub(2), height: area.height.saturating_sub(2) };
    frame.render_widget(Clear, box_area);
    let mut lines: Vec<Line<'static>> = Vec::new();
    let keys = KEYS.lines().map(str::to_owned).chain(std::iter::once(String::new()));
    for line in keys.chain(reflow(G::RULES)) {
        if let Some(title) = line.strip_prefix('#') {
            lines.push(Line::styled(title.trim_start_matches('#').trim().to_owned(), p.accent()));
        } else if line == "Keys" {
            lines.push(Line::styled(line, p.accent()));
        } else {
            lines.push(Line::raw(line));
        }
    }
    let block = Block::bordered().title(" Help — ↑ ↓ PgUp PgDn scroll, any other key closes ").title_style(p.accent());
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }).scroll((scroll, 0)), box_area);
}

/// The rules text with the hard line breaks of its paragraphs and list items joined, so that the
/// help box wraps them at its own width. Headings, tables, code blocks and blank lines stay.
fn reflow(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut open = false;
    let mut fenced = false;
    for raw in text.lines() {
        let line = raw.trim_end();
        let t = line.trim_start();
        if t.starts_with("```") {
            fenced = !fenced;
            open = false;
            out.push(line.to_owned());
            continue;
        }
        let numbered = t.split_once(". ").is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let starts_block =
            t.is_empty() || t.starts_with(['#', '|', '>']) || t.starts_with("- ") || t.starts_with("* ") || numbered;
        if open && !fenced && !starts_block {
            if let Some(last) = out.last_mut() {
                last.push(' ');
                last.push_str(t);
                continue;
            }
        }
        out.push(line.to_owned());
        open = !fenced && !t.is_empty() && !t.starts_with(['#', '|']);
    }
    out
}

/// A rectangle of `width` × `height` in the middle of `area`.
#[must_use]
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let width = width.min(area.width);
    let height = height.min(area.height);
    Rect { x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height }
}

/// Draws the log in a box: as many of the latest lines as fit, wrapped.
pub fn log<G: GameUi>(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, G>) {
    let inner_width = usize::from(area.width.saturating_sub(2)).max(1);
    let mut rows = usize::from(area.height.saturating_sub(2));
    let mut shown = Vec::new();
    for line in ctx.log.iter().rev() {
        let need = line.chars().count().div_ceil(inner_width).max(1);
        if need > rows {
            break;
        }
        rows -= need;
        shown.push(line.clone());
    }
    shown.reverse();
    let count = shown.len();
    let lines: Vec<Line<'static>> = shown
        .into_iter()
        .enumerate()
        .map(
            |(i, l)| {
                if i + 1 == count { Line::styled(l, Style::new().add_modifier(Modifier::BOLD)) } else { Line::raw(l) }
            },
        )
        .collect();
    let block = Block::bordered().title(" Log ");
    frame.render_widget(Paragraph::new(lines).block(block).wrap(Wrap { trim: false }), area);
}

/// A hand of cards as one line, gaps between groups (suits), each card a choice when it is one:
/// bright when legal, dim when not (only on the person's turn), bracketed under the cursor.
#[must_use]
pub fn hand_line<G: GameUi>(ctx: &Ctx<'_, G>, groups: &[Vec<Card>]) -> Line<'static> {
    let p = ctx.palette;
    let mut spans = Vec::new();
    for (i, group) in groups.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        for &card in group {
            let base = p.card(card);
            let (style, cursor) = match ctx.choice_at(Place::Card(card)) {
                Some((choice, cursor)) if ctx.my_turn => (p.choice(base, choice.legal, cursor), cursor),
                Some((_, cursor)) => (if cursor { base.add_modifier(Modifier::REVERSED) } else { base }, cursor),
                None => (base, false),
            };
            let text = if cursor { format!("[{}]", card.pretty()) } else { format!(" {} ", card.pretty()) };
            spans.push(Span::styled(text, style));
        }
    }
    Line::from(spans)
}

/// The buttons as one line (legal ones bright on the person's turn).
#[must_use]
pub fn buttons_line<G: GameUi>(ctx: &Ctx<'_, G>) -> Line<'static> {
    let mut spans = Vec::new();
    for (choice, cursor) in ctx.buttons() {
        if !spans.is_empty() {
            spans.push(Span::raw(" "));
        }
        spans.push(button(ctx.palette, choice, cursor));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use super::reflow;

    #[test]
    fn rules_paragraphs_are_joined_and_blocks_kept() {
        let text = "# Title\nA paragraph\nwrapped here.\n\n- an item\n  continued\n- another\n\n| a | b |\n| - | - |\n```\ncode\nmore\n```";
        assert_eq!(
            reflow(text),
            vec![
                "# Title",
                "A paragraph wrapped here.",
                "",
                "- an item continued",
                "- another",
                "",
                "| a | b |",
                "| - | - |",
                "```",
                "code",
                "more",
                "```",
            ]
        );
    }
}
