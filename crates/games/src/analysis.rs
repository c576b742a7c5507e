//! Analysis of a finished (or unfinished) match: every decision marked good, inaccuracy, mistake or
//! blunder, with the better action, and each hand's double-dummy par.
//!
//! **Decisions.** The record is replayed; at each decision the deciding seat's legal actions are
//! valued by the strong bot's search from that seat's view at that moment (what it knew, never the
//! hidden cards: [`bots::Playable::evaluate`]), and the action played is compared with the best.
//! Its `loss` is the best value less the played one's, in the decision's [`Unit`]:
//! - Kout Bo's cards ([`Unit::Chance`], the analysis's unit): the chance that the seat's team makes
//!   (or, defending, breaks) the bid; each such decision also carries the team's expected tricks
//!   per card;
//! - Baloot ([`Unit::GamePoints`]): the hand's expected game points for the seat's team less the
//!   other team's;
//! - Kout Bo's bids and trump ([`Unit::GamePoints`] too): the hand's expected points of the score
//!   for the seat's team less the other team's;
//! - Kabul ([`Unit::RoundScore`]): minus the expected round score difference (the seat's round
//!   score less the others' mean; Kabul's lower scores are better, hence the sign).
//!
//! **Covered decisions.** Every card play of Kout Bo and Baloot with at least two legal cards, every
//! bid and every choice of trump in Kout Bo, every bid and call of the Baloot auction (the doubling
//! steps, Gahwa, Ashkal, Kawesh), and every Kabul turn decision (call Kabul or draw, from which
//! pile, keep or discard, a power and its target) with at least two legal actions. The cards are
//! valued by solving sampled deals, the bids and calls by playing sampled deals out with the
//! heuristic (the strong bot's `bids=sim`: [`bots::Playable::evaluate`]). Left out, so never
//! marked: a Baloot Sawa, Kabul's snaps, forced plays (a single legal action), and a decision the
//! search could not value in its budget.
//!
//! **Marks** by the loss, in the decision's unit ([`Thresholds::of`]): below `inaccuracy` good;
//! then inaccuracy, mistake, and from `blunder` on a blunder.
//!
//! | unit | inaccuracy | mistake | blunder |
//! |---|---|---|---|
//! | chance (Kout Bo's cards) | 0.05 | 0.15 | 0.30 |
//! | game points (Baloot; Kout Bo's bids and trump) | 2 | 5 | 10 |
//! | round score (Kabul) | 2 | 5 | 10 |
//!
//! **Par** (Kout Bo and Baloot): with every hand visible, what perfect play by all four or six
//! seats gives the maker's (Kout Bo) or bidder's (Baloot) team from the first lead — tricks in
//! Kout Bo, card points in Baloot — next to what the hand gave it. Kabul has no par: its hidden
//! cards are drawn during the round (the draw pile's order is not a choice), and there is no exact
//! solver of its play. A Kout Bo 6 deal whose exact solve goes past [`PAR_NODES`] positions (a few
//! take minutes) has no par either.
//!
//! **Determinism.** Each decision's search draws from `seed` mixed with the hand and the action's
//! index, and its budget is a count of search steps, so the same record, options and seed give the
//! same analysis on any machine.
//!
//! ```
//! use games::analysis::{AnalyzeOptions, analyze};
//!
//! let record = games::deal(games::GameKind::Baloot, 3, &Default::default()).unwrap();
//! let opts = AnalyzeOptions { seat: None, ms: 5, seed: 1 };
//! let analysis = analyze(&record, &opts, &mut |_, _| {}).unwrap();
//! assert_eq!(analysis.game, "baloot");
//! assert!(analysis.hands[0].decisions.is_empty(), "nothing played yet");
//! ```

use bots::{Playable, Unit};
use game::{Game, GameKind, Match, Record, RecordError, RuleSet, Seat};
use serde::{Deserialize, Serialize};
use solver::{BalootPosition, BalootSolver, KoutPosition, KoutSolver};

/// The default search budget of one decision in Kout Bo and Baloot, in milliseconds of the strong
/// bot's budget (counted in search steps, five times the bot's own 400): a Baloot match of about ten
/// hands analyses in about 7 s on one core (the README has the figure), most decisions averaging
/// the full 48 deals.
pub const DEFAULT_ANALYZE_MS: u32 = 2000;

/// The default budget of one Kabul decision (the strong Kabul bot's own): its rollouts cost far
/// more per millisecond of budget than the trick games' solves, and a Kabul match has more decisions.
pub const KABUL_ANALYZE_MS: u32 = 100;

/// The default budget of one decision of `kind`: [`KABUL_ANALYZE_MS`] or [`DEFAULT_ANALYZE_MS`].
#[must_use]
pub const fn default_ms(kind: GameKind) -> u32 {
    match kind {
        GameKind::Kabul => KABUL_ANALYZE_MS,
        GameKind::Kout6 | GameKind::Kout4 | GameKind::Baloot => DEFAULT_ANALYZE_MS,
    }
}

/// The most positions the exact solve of a hand's par may search before it gives up (the par is
/// then `None`): about a second on one core.
pub const PAR_NODES: u64 = 30_000_000;

/// What to analyse and with what budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalyzeOptions {
    /// Only this seat's decisions (0-based, as `majlis replay --seat`); `None`: every seat's.
    pub seat: Option<usize>,
    /// The strong bot's budget per decision, in milliseconds (counted in search steps).
    pub ms: u32,
    /// The seed of the searches' random choices.
    pub seed: u64,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions { seat: None, ms: DEFAULT_ANALYZE_MS, seed: 0 }
    }
}

/// How a decision is judged by its loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// The loss is below the inaccuracy threshold.
    Good,
    /// A small loss.
    Inaccuracy,
    /// A clear loss.
    Mistake,
    /// A loss that often decides the hand.
    Blunder,
}

/// The losses (in the analysis's unit) from which a decision is an inaccuracy, a mistake, a blunder.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// From this loss on: an inaccuracy.
    pub inaccuracy: f64,
    /// From this loss on: a mistake.
    pub mistake: f64,
    /// From this loss on: a blunder.
    pub blunder: f64,
}

impl Thresholds {
    /// The thresholds of `unit` (the table in the module docs).
    #[must_use]
    pub const fn of(unit: Unit) -> Thresholds {
        match unit {
            Unit::Chance => Thresholds { inaccuracy: 0.05, mistake: 0.15, blunder: 0.30 },
            Unit::GamePoints | Unit::RoundScore => Thresholds { inaccuracy: 2.0, mistake: 5.0, blunder: 10.0 },
        }
    }

    /// The mark of a decision that lost `loss`.
    #[must_use]
    pub fn mark(&self, loss: f64) -> Mark {
        if loss >= self.blunder {
            Mark::Blunder
        } else if loss >= self.mistake {
            Mark::Mistake
        } else if loss >= self.inaccuracy {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }
}

/// A whole record's analysis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The record's game kind, as records write it (`kout6`, `kout4`, `baloot`, `kabul`).
    pub game: String,
    /// What the values of most decisions measure (the card plays'; a decision says its own).
    pub unit: Unit,
    /// The budget per decision it was made with.
    pub ms: u32,
    /// The marks' thresholds, in `unit` (a decision in another unit is marked by that unit's).
    pub thresholds: Thresholds,
    /// Each hand (Kabul: round) of the record, in order.
    pub hands: Vec<HandAnalysis>,
}

/// One hand's analysis.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandAnalysis {
    /// The hand's index in the record's `hands` (from 0).
    pub hand: usize,
    /// The double-dummy par, if the game has one and the hand reached its trick play.
    pub par: Option<Par>,
    /// The decisions analysed, in record order (see the module docs for which are).
    pub decisions: Vec<Decision>,
}

/// A hand's double-dummy par: what perfect play with every card visible gives, from the first lead.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Par {
    /// The team the figures are for (0 or 1): the maker's team in Kout Bo, the bidder's in Baloot.
    pub team: usize,
    /// What the figures count: `"tricks"` (Kout Bo, all nine played out) or `"card_points"`
    /// (Baloot, the last trick's 10 included, a Kaboot counted at [`solver::kaboot_value`]).
    pub measure: String,
    /// What perfect play by every seat, every hand visible, gives the team from the first lead.
    pub perfect: f64,
    /// What the hand actually gave the team (the engine's hand summary; a Kout Bo hand stopped
    /// once decided counts the tricks played), `None` if the hand did not end.
    pub actual: Option<f64>,
}

/// One decision: what was played, what was best, and the values of every legal action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The action's index in the hand's recorded action list (`record.hands[h].actions`).
    pub action: usize,
    /// The deciding seat (from 0).
    pub seat: usize,
    /// The action played, in record notation.
    pub played: String,
    /// The best action by the evaluation.
    pub best: String,
    /// What this decision's values (and `loss`) measure: the analysis's unit, but for Kout Bo's
    /// bids and trump (game points).
    pub unit: Unit,
    /// Every valued legal action with its value, best first.
    pub values: Vec<(String, f64)>,
    /// Kout Bo: the seat's team's expected tricks, in the order of `values`.
    pub tricks: Option<Vec<f64>>,
    /// The best value less the played action's (0 or more).
    pub loss: f64,
    /// The decision's mark by `loss`.
    pub mark: Mark,
    /// How many sampled deals or worlds the values average.
    pub samples: usize,
}

/// A game the analysis knows: its unit and (for the trick games) its par.
trait Analyzed: Playable {
    /// What its decisions' values measure.
    const UNIT: Unit;
    /// The state a par is solved from.
    type Start;
    /// The hand's first lead, if `game` stands there (every hand visible).
    fn first_lead(game: &Self) -> Option<Self::Start>;
    /// The par from `start`, with what the hand gave (`summary`, if it ended).
    fn par(start: &Self::Start, summary: Option<&Self::HandSummary>) -> Option<Par>;
}

impl Analyzed for kout::Kout {
    const UNIT: Unit = Unit::Chance;
    type Start = KoutPosition;

    fn first_lead(game: &Self) -> Option<KoutPosition> {
        KoutPosition::from_game(game).ok().filter(|p| p.trick().is_empty() && p.tricks_left() == 9)
    }

    fn par(start: &KoutPosition, summary: Option<&kout::KoutHandSummary>) -> Option<Par> {
        let team = start.contract().maker.team();
        let mut solver = KoutSolver::new();
        solver.set_node_limit(Some(PAR_NODES));
        let tricks = solver.value_for(start, team);
        if solver.aborted() {
            return None;
        }
        Some(Par {
            team: team.index(),
            measure: "tricks".to_owned(),
            perfect: f64::from(tricks),
            actual: summary.and_then(|s| s.tricks).map(|t| f64::from(t[team])),
        })
    }
}

impl Analyzed for baloot::Baloot {
    const UNIT: Unit = Unit::GamePoints;
    type Start = (BalootPosition, game::Team);

    fn first_lead(game: &Self) -> Option<(BalootPosition, game::Team)> {
        let pos = BalootPosition::from_game(game).ok().filter(|p| p.trick().is_empty() && p.tricks_left() == 8)?;
        let bidder = game.view(None).hand.and_then(|h| h.contract).map(|c| c.bidder)?;
        Some((pos, bidder.team()))
    }

    fn par((pos, team): &(BalootPosition, game::Team), summary: Option<&baloot::HandSummary>) -> Option<Par> {
        let mut solver = BalootSolver::new();
        solver.set_node_limit(Some(PAR_NODES));
        let points = solver.value_for(pos, *team);
        if solver.aborted() {
            return None;
        }
        Some(Par {
            team: team.index(),
            measure: "card_points".to_owned(),
            perfect: f64::from(points),
            actual: summary.and_then(|s| s.card_points).map(|p| f64::from(p[*team])),
        })
    }
}

impl Analyzed for kabul::Kabul {
    const UNIT: Unit = Unit::RoundScore;
    type Start = ();

    fn first_lead(_game: &Self) -> Option<()> {
        None
    }

    fn par((): &(), _summary: Option<&kabul::RoundSummary>) -> Option<Par> {
        None
    }
}

/// A decision waiting for its evaluation.
struct Job<G: Game> {
    hand: usize,
    action: usize,
    seat: Seat,
    view: G::View,
    legal: Vec<G::Action>,
    played: G::Action,
}

/// Analyses `record` (see the module docs): each covered decision of every seat (or of
/// `opts.seat`) valued with `opts.ms` of budget, and each hand's par. `progress(done, total)` is
/// called before the first decision and after each, `total` counting the decisions to evaluate
/// (some may then be left out, when their search values nothing).
///
/// # Errors
/// The record is malformed or an action is illegal (as [`crate::replay`] words it), or
/// `opts.seat` has no place at the table.
pub fn analyze(
    record: &Record,
    opts: &AnalyzeOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, RecordError> {
    match record.game {
        GameKind::Kout6 | GameKind::Kout4 => analyze_as::<kout::Kout>(record, opts, progress),
        GameKind::Baloot => analyze_as::<baloot::Baloot>(record, opts, progress),
        GameKind::Kabul => analyze_as::<kabul::Kabul>(record, opts, progress),
    }
}

/// The seed of one decision's search: `seed` mixed with where the decision is (SplitMix64's
/// finaliser), so that decisions draw independently and the same whatever else is analysed.
fn decision_seed(seed: u64, hand: usize, action: usize) -> u64 {
    let mut z = seed ^ ((hand as u64) << 32 | action as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn analyze_as<G: Analyzed>(
    record: &Record,
    opts: &AnalyzeOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, RecordError> {
    let rules = G::Rules::from_options(record.game, &record.rules)
        .map_err(|e| RecordError::malformed(format!("rules: {e}")))?;
    let seats = rules.seat_count();
    if let Some(s) = opts.seat.filter(|&s| s >= seats) {
        return Err(RecordError::malformed(format!("--seat {s}: the table has seats 0 to {}", seats - 1)));
    }
    let mut jobs: Vec<Job<G>> = Vec::new();
    let mut starts: Vec<Option<G::Start>> = (0..record.hands.len()).map(|_| None).collect();
    let mut legal = Vec::new();
    let m = Match::<G>::replay_observed(record, |game, at| {
        if let Some(start) = starts.get_mut(at.hand).filter(|s| s.is_none()) {
            *start = G::first_lead(game);
        }
        let next = at.action.map_or(0, |a| a + 1);
        let Some(recorded) = record.hands.get(at.hand).and_then(|h| h.actions.get(next)) else { return };
        let Some(seat) = recorded.seat.filter(|s| opts.seat.is_none_or(|want| want == s.index())) else { return };
        let Ok(played) = recorded.text.parse::<G::Action>() else { return };
        game.legal_actions(seat, &mut legal);
        if legal.len() < 2 || !legal.contains(&played) {
            return;
        }
        jobs.push(Job { hand: at.hand, action: next, seat, view: game.view(Some(seat)), legal: legal.clone(), played });
    })?;
    let summaries = m.game().hand_summaries();
    let thresholds = Thresholds::of(G::UNIT);
    let mut hands: Vec<HandAnalysis> = starts
        .iter()
        .enumerate()
        .map(|(h, start)| HandAnalysis {
            hand: h,
            par: start.as_ref().and_then(|s| G::par(s, summaries.get(h))),
            decisions: Vec::new(),
        })
        .collect();
    let total = jobs.len();
    progress(0, total);
    for (done, job) in jobs.into_iter().enumerate() {
        let seed = decision_seed(opts.seed, job.hand, job.action);
        let evaluation = G::evaluate(m.game().rules(), job.seat, &job.view, &job.legal, opts.ms, seed);
        if let Some(e) = evaluation
            && let Some(&(_, played)) = e.actions.iter().find(|(a, _)| *a == job.played)
            && let Some(&(best, top)) = e.actions.first()
            && let Some(hand) = hands.get_mut(job.hand)
        {
            let loss = (top - played).max(0.0);
            // An action as good as the best is named best itself.
            let best = if loss > 0.0 { best } else { job.played };
            hand.decisions.push(Decision {
                action: job.action,
                seat: job.seat.index(),
                played: job.played.to_string(),
                best: best.to_string(),
                unit: e.unit,
                values: e.actions.iter().map(|(a, v)| (a.to_string(), *v)).collect(),
                tricks: e.tricks,
                loss,
                mark: Thresholds::of(e.unit).mark(loss),
                samples: e.samples,
            });
        }
        progress(done + 1, total);
    }
    Ok(Analysis { game: record.game.id().to_owned(), unit: G::UNIT, ms: opts.ms, thresholds, hands })
}

#[cfg(test)]
mod tests {
    use bots::arena::{Config, play_game};
    use bots::{Bot, BotSpec, KoutHeuristic};
    use game::{Actor, Phase};
    use kout::{Kout, KoutAction};
    use serde_json::json;

    use super::*;

    /// A record of `hands` hands of `kind` played by `spec` at every seat (the arena's machinery).
    fn played(kind: GameKind, options: serde_json::Value, spec: BotSpec, seed: u64, hands: usize) -> Record {
        let mut config = Config::new(kind, [spec.into(), spec.into()], seed);
        config.options = options.as_object().cloned().unwrap_or_default();
        config.max_hands = hands;
        config.keep_records = true;
        let outcome = match kind {
            GameKind::Kout6 | GameKind::Kout4 => play_game::<Kout>(&config, 0, 0),
            GameKind::Baloot => play_game::<baloot::Baloot>(&config, 0, 0),
            GameKind::Kabul => play_game::<kabul::Kabul>(&config, 0, 0),
        };
        outcome.expect("a game").record.expect("its record")
    }

    /// The record of `m` once the heuristic has played its hand to the end.
    fn finish_hand(mut m: Match<Kout>) -> Record {
        let mut legal = Vec::new();
        while m.game().phase() == Phase::InHand {
            let s = m.game().to_act().first().expect("someone acts");
            m.game().legal_actions(s, &mut legal);
            let a = KoutHeuristic.choose(s, &m.game().view(Some(s)), &legal);
            m.play(Actor::Seat(s), a).expect("legal");
        }
        m.into_record()
    }

    fn strong(ms: u32) -> BotSpec {
        BotSpec { ms: Some(ms), ..BotSpec::STRONG }
    }

    #[test]
    fn the_strong_bot_against_itself_makes_no_blunder() {
        for (kind, options, hands) in
            [(GameKind::Baloot, json!({"preset": "saudi"}), 2), (GameKind::Kout4, json!({}), 1)]
        {
            let record = played(kind, options, strong(400), 4, hands);
            let opts = AnalyzeOptions { seat: None, ms: 400, seed: 7 };
            let mut calls = 0;
            let a = analyze(&record, &opts, &mut |done, total| {
                assert!(done <= total);
                calls += 1;
            })
            .expect("analyses");
            let decisions: Vec<&Decision> = a.hands.iter().flat_map(|h| &h.decisions).collect();
            assert!(decisions.len() >= 10 * hands, "{kind}: {} decisions", decisions.len());
            assert!(calls > decisions.len(), "progress after each decision");
            for d in &decisions {
                let card = d.played.starts_with("play ");
                // The cards are the strong bot's own search; its bids and calls are the heuristic's,
                // which the simulation that values them may find worse.
                if card {
                    assert_ne!(d.mark, Mark::Blunder, "{kind}: {d:?}");
                }
                assert_eq!(d.unit, if card { a.unit } else { Unit::GamePoints }, "{d:?}");
                assert!(d.loss >= 0.0 && d.values.len() >= 2 && d.values.iter().any(|(a, _)| *a == d.played));
                let played = d.values.iter().find(|(a, _)| *a == d.played).map_or(f64::NAN, |v| v.1);
                assert!((d.values[0].1 - d.loss - played).abs() < 1e-9, "{d:?}");
            }
            for h in &a.hands {
                let par = h.par.as_ref().expect("a par for a played hand");
                assert!(par.perfect >= 0.0 && par.actual.is_some(), "{par:?}");
            }
            assert_eq!(a.thresholds, Thresholds::of(a.unit));
            let back: Analysis = serde_json::from_value(serde_json::to_value(&a).expect("json")).expect("parses");
            assert_eq!(back, a);
        }
    }

    #[test]
    fn a_planted_losing_card_is_marked() {
        let mut solver = KoutSolver::new();
        let mut legal = Vec::new();
        for seed in 0..40 {
            let record = played(GameKind::Kout4, json!({"play_out": true}), BotSpec::HEURISTIC, seed, 1);
            let actions = &record.hands[0].actions;
            // The last card play where the truth has a card that decides the bid for the seat's
            // team and another, played instead, that gives it away.
            let mut plant = None;
            for (j, recorded) in actions.iter().enumerate() {
                let mut head = record.clone();
                head.hands[0].actions.truncate(j);
                let m = Match::<Kout>::replay(&head).expect("replays");
                let Some(seat) = recorded.seat else { continue };
                let Ok(pos) = KoutPosition::from_game(m.game()) else { continue };
                if pos.tricks_left() > 4 {
                    continue;
                }
                m.game().legal_actions(seat, &mut legal);
                let ours = seat.team() == pos.contract().maker.team();
                let mut good = None;
                let mut bad = None;
                for &a in &legal {
                    let KoutAction::Play(card) = a else { continue };
                    let mut next = pos.clone();
                    next.play(card).expect("legal");
                    if solver.makes_bid(&next) == ours { good = Some(a) } else { bad = Some(a) }
                }
                if let (Some(_), Some(bad)) = (good, bad) {
                    plant = Some((j, seat, bad));
                }
            }
            let Some((j, seat, bad)) = plant else { continue };
            let mut head = record.clone();
            head.hands[0].actions.truncate(j);
            let mut m = Match::<Kout>::replay(&head).expect("replays");
            m.play(Actor::Seat(seat), bad).expect("a legal card");
            let planted = finish_hand(m);
            let opts = AnalyzeOptions { seat: Some(seat.index()), ms: 50, seed: 1 };
            let a = analyze(&planted, &opts, &mut |_, _| {}).expect("analyses");
            assert!(a.hands[0].decisions.iter().all(|d| d.seat == seat.index()), "only the seat asked for");
            let d = a.hands[0].decisions.iter().find(|d| d.action == j).expect("the planted card is analysed");
            assert_eq!(d.played, bad.to_string());
            assert_ne!(d.best, d.played);
            assert!(matches!(d.mark, Mark::Mistake | Mark::Blunder), "{d:?}");
            return;
        }
        panic!("no deal had a card to plant");
    }

    #[test]
    fn a_planted_hopeless_bawan_is_marked_in_points() {
        use cards::{CardSet, Rank};
        use kout::Bid;
        let mut legal = Vec::new();
        let bawan = KoutAction::Bid(Bid::new(9).expect("bawan"));
        for seed in 0..40 {
            let record = played(GameKind::Kout4, json!({}), BotSpec::HEURISTIC, seed, 1);
            // The first call where Bawan is open to a hand without a joker or an ace.
            let mut plant = None;
            for (j, recorded) in record.hands[0].actions.iter().enumerate() {
                let mut head = record.clone();
                head.hands[0].actions.truncate(j);
                let m = Match::<Kout>::replay(&head).expect("replays");
                let Some(seat) = recorded.seat else { continue };
                m.game().legal_actions(seat, &mut legal);
                let hand = m.game().held(seat);
                let hopeless = (hand & CardSet::JOKERS).is_empty() && hand.iter().all(|c| c.rank() != Some(Rank::Ace));
                if hopeless && legal.contains(&bawan) && legal.contains(&KoutAction::Pass) {
                    plant = Some((j, seat, m));
                    break;
                }
            }
            let Some((j, seat, mut m)) = plant else { continue };
            m.play(Actor::Seat(seat), bawan).expect("a legal bid");
            let planted = finish_hand(m);
            let opts = AnalyzeOptions { seat: Some(seat.index()), ms: 40, seed: 1 };
            let a = analyze(&planted, &opts, &mut |_, _| {}).expect("analyses");
            assert_eq!(a.unit, Unit::Chance, "the cards' unit is the analysis's");
            let d = a.hands[0].decisions.iter().find(|d| d.action == j).expect("the planted bid is analysed");
            assert_eq!((d.played.as_str(), d.unit), ("bid 9", Unit::GamePoints));
            assert_ne!(d.best, d.played);
            assert!(d.values.iter().any(|(v, _)| v == "pass"), "every call is valued: {d:?}");
            assert!(matches!(d.mark, Mark::Mistake | Mark::Blunder), "{d:?}");
            assert!(d.tricks.is_none());
            return;
        }
        panic!("no deal had a hopeless hand to plant Bawan in");
    }

    #[test]
    fn analysis_is_deterministic_and_refuses_a_seat_off_the_table() {
        let record = played(GameKind::Baloot, json!({}), BotSpec::HEURISTIC, 2, 1);
        let opts = AnalyzeOptions { seat: Some(2), ms: 20, seed: 3 };
        let a = analyze(&record, &opts, &mut |_, _| {}).expect("analyses");
        assert_eq!(a, analyze(&record, &opts, &mut |_, _| {}).expect("analyses"));
        assert!(!a.hands[0].decisions.is_empty());
        assert_eq!((a.game.as_str(), a.unit), ("baloot", Unit::GamePoints));
        let e = analyze(&record, &AnalyzeOptions { seat: Some(4), ..opts }, &mut |_, _| {}).expect_err("no seat 4");
        assert!(e.to_string().contains("seats 0 to 3"), "{e}");
    }

    #[test]
    fn kabul_turns_are_valued_in_round_score_without_a_par() {
        let record = played(GameKind::Kabul, json!({"players": 3}), BotSpec::HEURISTIC, 5, 1);
        let a = analyze(&record, &AnalyzeOptions { seat: None, ms: 10, seed: 1 }, &mut |_, _| {}).expect("analyses");
        assert_eq!(a.unit, Unit::RoundScore);
        assert!(a.hands.iter().all(|h| h.par.is_none()));
        let decisions: Vec<&Decision> = a.hands.iter().flat_map(|h| &h.decisions).collect();
        assert!(decisions.len() >= 5, "{} decisions", decisions.len());
        assert!(decisions.iter().all(|d| d.tricks.is_none() && d.values.len() >= 2 && d.played != "pass"));
    }
}
