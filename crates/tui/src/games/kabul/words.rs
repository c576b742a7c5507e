//! Kabul in words: what happened, for the log and the review.

use cards::Card;
use game::{Actor, Seat};
use kabul::{Event, Kabul, KabulAction, KabulView, Pos, Power, RoundEnd, Source};
use ratatui::text::Line;

use crate::game_ui::{Ctx, Names, Narration};

pub(super) fn power_words(power: Power) -> &'static str {
    match power {
        Power::SwitchAndLook => "switch two cards and look at both",
        Power::BlindSwitch => "switch two cards without looking",
        Power::PeekOwn => "look at one of your cards",
        Power::PeekOther => "look at another player's card",
    }
}

pub(super) fn place_words(names: Names, pos: Pos) -> String {
    format!("{} card {}", names.whose(pos.seat), pos.slot)
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

pub(super) fn end_words(end: RoundEnd) -> &'static str {
    match end {
        RoundEnd::Kabul => "Kabul was called and everyone had one more turn",
        RoundEnd::NoCards => "no card could be drawn",
    }
}

pub(super) fn list(names: Names, seats: impl Iterator<Item = Seat>) -> String {
    let names: Vec<String> = seats.map(|s| names.whom(s)).collect();
    names.join(", ")
}

pub(super) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// What `action` did, from the views before and after it.
pub(super) fn narrate(
    before: &KabulView,
    after: &KabulView,
    actor: Actor,
    action: KabulAction,
    names: Names,
) -> Narration {
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

/// The lines that open a round.
pub(super) fn dealt(view: &KabulView, names: Names) -> Vec<String> {
    let dealer =
        view.dealer.map_or_else(String::new, |d| format!(": {} {}", names.who(d), names.verb(d, "deal", "deals")));
    vec![
        format!("— Round {}{dealer} —", view.round),
        "You look at your bottom cards (2 and 3) for a few seconds: remember them!".to_owned(),
    ]
}

/// The recent events, for the review overlay.
pub(super) fn review(ctx: &Ctx<'_, Kabul>) -> (String, Vec<Line<'static>>) {
    let lines: Vec<Line<'static>> = ctx.view.events.iter().map(|e| Line::raw(event_words(e, ctx.names))).collect();
    if lines.is_empty() {
        ("Recent events".to_owned(), vec![Line::raw("Nothing has happened yet.")])
    } else {
        ("Recent events".to_owned(), lines)
    }
}
