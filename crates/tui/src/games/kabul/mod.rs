//! Kabul on the screen: face-down grids, cards looked at shown for a few seconds and hidden again,
//! the piles, the snap windows.

mod choices;
mod draw;
mod status;
mod words;

use std::time::{Duration, Instant};

use bots::{Bot, BotSpec, Playable};
use cards::{Card, CardSet};
use game::{Actor, Game, Seat};
use kabul::{Kabul, KabulAction, KabulView, Pos, SlotView, StageView};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use crate::choice::Choice;
use crate::game_ui::{Ctx, GameUi, Names, Narration};

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

fn card_at(view: &KabulView, pos: Pos) -> Option<Card> {
    match view.grids.get(pos.seat.index())?.get(usize::from(pos.slot))? {
        SlotView::Face(c) => Some(*c),
        _ => None,
    }
}

fn is_over(view: &KabulView) -> bool {
    view.round_scores.is_some()
}

fn slots_of(view: &KabulView, seat: Seat) -> impl Iterator<Item = (u8, &SlotView)> {
    view.grids.get(seat.index()).into_iter().flatten().enumerate().filter_map(|(i, s)| Some((u8::try_from(i).ok()?, s)))
}

impl GameUi for Kabul {
    type Ui = KabulUi;

    const RULES: &'static str = include_str!("../../../../../docs/rules/kabul.md");
    const REVIEW: &'static str = "recent events";

    fn new_bot(spec: BotSpec, seed: u64, rules: &Self::Rules) -> Box<dyn Bot<Self>> {
        <Self as Playable>::bot(spec, seed, rules)
    }

    fn choices(&self, me: Seat, ui: &KabulUi, out: &mut Vec<Choice<KabulAction>>) {
        choices::choices(self, me, ui, out);
    }

    fn mark(ui: &mut KabulUi, token: u16) {
        ui.first = choices::from_token(token);
    }

    fn unmark(ui: &mut KabulUi) -> bool {
        ui.first.take().is_some()
    }

    fn observe(ui: &mut KabulUi, view: &KabulView, last: Option<(Actor, KabulAction)>, now: Instant, peek: Duration) {
        if view.round != ui.round {
            *ui = KabulUi { round: view.round, ..KabulUi::default() };
        }
        let faces: CardSet = view.grid_faces();
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
        let my_power = matches!(view.step, StageView::PowerTarget { seat, .. } if Some(seat) == view.seat);
        if !my_power {
            ui.first = None;
        }
    }

    fn narrate(before: &KabulView, after: &KabulView, actor: Actor, action: KabulAction, names: Names) -> Narration {
        words::narrate(before, after, actor, action, names)
    }

    fn dealt(view: &KabulView, names: Names) -> Vec<String> {
        words::dealt(view, names)
    }

    fn header(ctx: &Ctx<'_, Self>) -> (String, String) {
        status::header(ctx)
    }

    fn prompt(ctx: &Ctx<'_, Self>) -> String {
        status::prompt(ctx)
    }

    fn result(&self, names: Names) -> String {
        status::result(self, names)
    }

    fn draw(frame: &mut Frame<'_>, area: Rect, ctx: &Ctx<'_, Self>) {
        draw::draw(frame, area, ctx);
    }

    fn review(ctx: &Ctx<'_, Self>) -> (String, Vec<Line<'static>>) {
        words::review(ctx)
    }

    fn keys(ctx: &Ctx<'_, Self>) -> &'static str {
        status::keys(ctx)
    }

    fn clock_ms(&self) -> u64 {
        self.rules().snap_window_ms()
    }

    fn window_key(&self) -> usize {
        self.discard_pile().len()
    }
}
