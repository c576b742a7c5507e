//! The status lines: header, prompt, key hints, and the result of a round.

use cards::Card;
use game::{Game, Seat, Winner};
use kabul::{Kabul, Power, Source, StageView, lowest};

use super::words::{capital, list, place_words, power_words};
use crate::game_ui::{Ctx, Names};

/// The header: the round and seat on the left, the scores on the right.
pub(super) fn header(ctx: &Ctx<'_, Kabul>) -> (String, String) {
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

/// What the person may do now, in one line.
pub(super) fn prompt(ctx: &Ctx<'_, Kabul>) -> String {
    let v = ctx.view;
    let me = ctx.me();
    let top = v.discard.last().map_or_else(|| "the discard".to_owned(), |c| c.pretty());
    let left = ctx.window_left.map_or_else(String::new, |d| format!(" ({:.1} s left)", d.as_secs_f64()));
    match v.step {
        StageView::AwaitingDraw { seat } if seat == me => {
            format!("Your turn: draw from the deck (d), take {top} (t), or call Kabul (k).")
        }
        StageView::DrawnCard { seat, from: Source::Deck } if seat == me => {
            // The power is spelled out in the table box; the prompt must fit 80 columns.
            let card = v.drawn.and_then(|d| d.card).map_or_else(String::new, Card::pretty);
            format!("You hold {card}: discard it (x), discard + power (p), or replace a card (0–9).")
        }
        StageView::DrawnCard { seat, from: Source::Discard } if seat == me => {
            "Replace one of your cards with the card you took (0–9 or ← → Enter).".to_owned()
        }
        StageView::PowerTarget { seat, power } if seat == me => match (power, ctx.ui.first) {
            (Power::PeekOwn, _) => "Look at one of your cards: choose it (0–9 or ← → Enter).".to_owned(),
            (Power::PeekOther, _) => "Look at another player's card: choose it (← → ↑ ↓, Enter).".to_owned(),
            (_, None) => format!("{}: choose the first card (← → ↑ ↓, Enter).", capital(power_words(power))),
            (_, Some(a)) => {
                format!("Now choose the card to switch with {} (Esc: choose again).", place_words(ctx.names, a))
            }
        },
        StageView::SnapWindow { may_act, .. } if may_act.contains(me) => {
            format!("Snap window on {top}{left}: snap a card of that rank (0–9) or pass (p).")
        }
        StageView::SnapWindow { may_act, .. } => {
            format!("Snap window on {top}{left}: waiting for {}…", list(ctx.names, may_act.iter()))
        }
        StageView::AwaitingDraw { seat } | StageView::DrawnCard { seat, .. } | StageView::PowerTarget { seat, .. } => {
            format!("Seat {seat}'s turn…")
        }
        StageView::AwaitingDeal { .. } | StageView::MatchOver => String::new(),
    }
}

/// The result of the round (and of the match when it is over).
pub(super) fn result(game: &Kabul, names: Names) -> String {
    let view = game.view(Some(names.me));
    let Some(scores) = &view.round_scores else { return String::new() };
    let listed: Vec<String> = scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{} {s}", Seat::new(i).map_or_else(String::new, |s| names.whom(s))))
        .collect();
    let winners = match game.outcome() {
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
    let what = if game.outcome().is_some() { "Match over" } else { "Round over" };
    let totals = if game.rules().target_score().is_some() { " (totals in the header)" } else { "" };
    format!("{what}: {verdict}. Scores: {}{totals}.", listed.join(", "))
}

/// The key hints for the current step.
pub(super) fn keys(ctx: &Ctx<'_, Kabul>) -> &'static str {
    match ctx.view.step {
        StageView::AwaitingDraw { .. } => "d draw · t take · k Kabul",
        StageView::DrawnCard { .. } => "x discard · p power · 0-9 replace",
        StageView::PowerTarget { .. } => "← → ↑ ↓ Enter choose · Esc back",
        StageView::SnapWindow { .. } => "0-9 snap · p pass",
        StageView::AwaitingDeal { .. } => "Enter next round",
        StageView::MatchOver => "Enter leave",
    }
}
