//! [`Kabul`] as a [`Game`]: the trait's answers read the state (`state`) and build views
//! (`view`); neither of those modules imports the other's side of it.

use cards::{Card, CardSet, DeckKind};
use game::{Actor, Game, GameKind, Phase, Score, Seat, SeatSet, Winner};
use rand_core::RngCore;

use crate::action::KabulAction;
use crate::deal::KabulDeal;
use crate::error::Illegal;
use crate::rules::KabulRules;
use crate::scoring::RoundSummary;
use crate::setup::SetupError;
use crate::state::{Kabul, Round, Stage, Status};
use crate::view::KabulView;

impl Game for Kabul {
    type Action = KabulAction;
    type Rules = KabulRules;
    type Deal = KabulDeal;
    type View = KabulView;
    type HandSummary = RoundSummary;
    type Illegal = Illegal;
    type SetupError = SetupError;

    fn new(kind: GameKind, rules: KabulRules, first_dealer: Seat) -> Result<Self, SetupError> {
        if kind != GameKind::Kabul {
            return Err(SetupError::NotKabul(kind));
        }
        Kabul::with_rules(rules, first_dealer)
    }

    fn kind(&self) -> GameKind {
        GameKind::Kabul
    }

    fn rules(&self) -> &KabulRules {
        &self.rules
    }

    fn phase(&self) -> Phase {
        match self.status {
            Status::AwaitingDeal { dealer } => Phase::AwaitingDeal { dealer },
            Status::InRound => Phase::InHand,
            Status::Over(_) => Phase::Over,
        }
    }

    fn deal(&mut self, deal: KabulDeal) -> Result<(), SetupError> {
        let Status::AwaitingDeal { dealer } = self.status else {
            return Err(SetupError::NoDealDue);
        };
        self.round = Some(Round::deal(self.rules.players(), dealer, deal)?);
        self.status = Status::InRound;
        Ok(())
    }

    fn random_deal<R: RngCore + ?Sized>(&self, rng: &mut R) -> KabulDeal {
        KabulDeal { deck: DeckKind::Kabul.shuffled(rng), reshuffles: None }
    }

    fn deal_from_record(&self, hand: &game::HandRecord) -> Result<KabulDeal, SetupError> {
        KabulDeal::from_record(hand)
    }

    fn deal_to_record(&self, deal: &KabulDeal, hand: &mut game::HandRecord) {
        deal.to_record(hand);
    }

    fn to_act(&self) -> SeatSet {
        let Ok(round) = self.live_round() else { return SeatSet::EMPTY };
        match round.stage {
            Stage::Draw | Stage::Drawn | Stage::Power(_) => SeatSet::single(round.turn),
            Stage::Window { may_act } => may_act,
            Stage::Ended(_) => SeatSet::EMPTY,
        }
    }

    fn clock_may_act(&self) -> bool {
        self.live_round().is_ok_and(|r| matches!(r.stage, Stage::Window { .. }))
    }

    fn restarts_window(&self, action: &KabulAction) -> bool {
        // A snap, hit or miss, puts a new card on the pile or shows one to everyone: the others
        // deserve the full window to react.
        matches!(action, KabulAction::Snap(_))
    }

    fn reshuffle_due(&self, actor: Actor, action: KabulAction) -> Option<Vec<Card>> {
        let round = self.live_round().ok()?;
        let given = round.reshuffles.as_ref().map_or(0, Vec::len);
        if !round.layout.draw.is_empty() || given != round.reshuffles_done || round.layout.discard.len() < 2 {
            return None;
        }
        // Whether the action draws (a draw, or a missed snap's penalty) is the rules' business:
        // play it on a copy and see whether the copy reshuffled.
        let mut trial = self.clone();
        trial.play_unchecked(actor, action);
        let reshuffled = trial.round.as_ref().is_some_and(|r| r.reshuffles_done > round.reshuffles_done);
        reshuffled.then(|| round.layout.discard[..round.layout.discard.len() - 1].to_vec())
    }

    fn give_reshuffle(&mut self, order: Vec<Card>) {
        if let Some(round) = &mut self.round {
            round.reshuffles.get_or_insert_with(Vec::new).push(order);
        }
    }

    fn legal_actions(&self, seat: Seat, out: &mut Vec<KabulAction>) {
        out.clear();
        let Ok(round) = self.live_round() else { return };
        if seat.index() >= round.players {
            return;
        }
        match round.stage {
            Stage::Window { .. } => round.window_actions(seat, out),
            Stage::Draw | Stage::Drawn if seat == round.turn => round.turn_actions(out),
            Stage::Power(power) if seat == round.turn => round.power_targets(power, out),
            _ => {}
        }
    }

    fn check(&self, actor: Actor, action: KabulAction) -> Result<(), Illegal> {
        let round = self.live_round()?;
        let seat = match actor {
            Actor::Clock => {
                return match (round.stage, action) {
                    (Stage::Window { .. }, KabulAction::Close) => Ok(()),
                    (_, KabulAction::Close) => Err(Illegal::NoWindow),
                    _ => Err(Illegal::ClockOnlyCloses),
                };
            }
            Actor::Seat(seat) => seat,
        };
        round.seat_at_table(seat)?;
        if action == KabulAction::Close {
            return Err(Illegal::OnlyTheClockCloses);
        }
        match round.stage {
            Stage::Window { may_act } => round.check_window(seat, may_act, action),
            Stage::Ended(_) => Err(Illegal::NoHand),
            _ if matches!(action, KabulAction::Snap(_) | KabulAction::Pass) => Err(Illegal::NoWindow),
            _ if seat != round.turn => Err(Illegal::NotYourTurn(round.turn)),
            Stage::Draw | Stage::Drawn => round.check_turn(action),
            Stage::Power(power) => round.check_power(power, action),
        }
    }

    fn play_unchecked(&mut self, actor: Actor, action: KabulAction) {
        if self.status != Status::InRound {
            return;
        }
        let Some(round) = &mut self.round else { return };
        match (round.stage, actor) {
            (Stage::Window { .. }, _) => round.apply_window(actor, action),
            (Stage::Draw | Stage::Drawn, Actor::Seat(_)) => round.apply_turn(action),
            (Stage::Power(power), Actor::Seat(_)) => round.apply_power(power, action),
            _ => {}
        }
        self.finish_round();
    }

    fn outcome(&self) -> Option<Winner> {
        match self.status {
            Status::Over(winners) => Some(Winner::Seats(winners)),
            _ => None,
        }
    }

    fn score(&self) -> Score {
        self.totals.iter().copied().collect()
    }

    fn view(&self, seat: Option<Seat>) -> KabulView {
        KabulView::of(self, seat)
    }

    fn hidden_from(&self, seat: Seat) -> CardSet {
        match &self.round {
            None => CardSet::ALL,
            Some(r) => CardSet::ALL - r.layout.discard_set() - r.knowledge.known_by(seat),
        }
    }

    fn hand_summaries(&self) -> Vec<RoundSummary> {
        let mut out = self.finished.clone();
        if let (Status::InRound, Some(r)) = (self.status, &self.round) {
            out.push(r.summary());
        }
        out
    }
}
