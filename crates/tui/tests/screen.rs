//! The screen logic without a terminal: key sequences that play whole hands of every game through
//! [`tui::App`], refusals that show the engine's own reason, and snapshots (insta) of each phase of
//! each game drawn to ratatui's `TestBackend` at 80×24.
//!
//! In Kout Bo and Baloot the opponents are seeded random bots, so that the snapshots pin the screen,
//! not the current strategy of the heuristic bots. Random Kabul bots snap blindly until the deck is
//! gone, so Kabul is played against the heuristic bots, and its snapshots are taken before any bot
//! has moved (the person sits right after the dealer).

use std::time::{Duration, Instant};

use baloot::Baloot;
use game::{Actor, Game, GameKind, Match, Phase};
use kabul::{Kabul, KabulAction, Power};
use kout::Kout;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::style::Color;
use tui::{App, BotSpec, Config, GameUi, Intent, Key, Notice, Overlay, Screen};

/// The settings of a test match: seeded random bots, no pauses, no colour.
fn config(kind: GameKind, seed: u64) -> Config {
    let mut c = Config::new(kind, seed);
    c.bots = BotSpec::RANDOM.into();
    c.delay = Duration::ZERO;
    c.color = false;
    c
}

/// A match driven by keys at made-up instants.
struct Driver<G: GameUi> {
    app: App<G>,
    now: Instant,
}

impl<G: GameUi> Driver<G> {
    fn new(config: Config) -> Self {
        let now = Instant::now();
        let mut app = App::<G>::new(config, now).expect("a new match");
        app.tick(now);
        Driver { app, now }
    }

    fn start(kind: GameKind, seed: u64) -> Self {
        Self::new(config(kind, seed))
    }

    /// The first match from `seed` on whose first screen `ready` holds (the same every run).
    fn find(kind: GameKind, seed: u64, ready: impl Fn(&Self) -> bool) -> Self {
        (seed..seed + 500).map(|s| Self::start(kind, s)).find(|d| ready(d)).expect("a seed with that start")
    }

    fn press(&mut self, key: Key) {
        self.app.handle_key(key, self.now);
        self.app.tick(self.now);
    }

    fn wait(&mut self, d: Duration) {
        self.now += d;
        self.app.tick(self.now);
    }

    fn phase(&self) -> Phase {
        self.app.game().phase()
    }

    fn draw_with(&self, width: u16, height: u16) -> Terminal<TestBackend> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("terminal");
        terminal.draw(|frame| self.app.render(frame, self.now)).expect("draw");
        terminal
    }

    fn screen(&self) -> String {
        self.draw_with(80, 24).backend().to_string()
    }

    fn actions_so_far(&self) -> usize {
        self.app.record().hands.iter().map(|h| h.actions.len()).sum()
    }

    fn legal(&self) -> Vec<usize> {
        (0..self.app.choices().len()).filter(|&i| self.app.choices()[i].legal).collect()
    }

    /// Chooses choice `i` the way a person would: its shortcut key if it has one of its own,
    /// otherwise the arrows to it and Enter.
    fn choose(&mut self, i: usize) {
        let choices = self.app.choices();
        let own_key =
            choices[i].keys.first().copied().filter(|&k| choices.iter().position(|c| c.keys.contains(&k)) == Some(i));
        if let Some(k) = own_key {
            self.press(Key::Char(k));
            return;
        }
        for _ in 0..choices.len() {
            if self.app.cursor() == i {
                break;
            }
            self.press(Key::Right);
        }
        assert_eq!(self.app.cursor(), i, "the arrows reach every choice");
        self.press(Key::Enter);
    }

    /// Lets time pass until the person may act or the hand is over (bots move at once; the clock
    /// closes Kabul's snap windows when they are due).
    fn until_my_turn(&mut self) {
        for _ in 0..10_000 {
            if self.phase() != Phase::InHand || self.app.my_turn() {
                return;
            }
            match self.app.next_event() {
                Some(t) => self.wait(t.saturating_duration_since(self.now) + Duration::from_millis(1)),
                None => panic!("nobody can act and nothing is due:\n{}", self.screen()),
            }
        }
        panic!("the table never came back to the person");
    }

    /// Plays until the current hand is over, `pick` choosing among the indices of the legal
    /// choices at each step. Returns how many actions the person made.
    fn play_hand(&mut self, mut pick: impl FnMut(&Self, &[usize]) -> usize) -> usize {
        let me = self.app.seat();
        let hand = self.app.record().hands.len();
        for _ in 0..5_000 {
            self.until_my_turn();
            if self.phase() != Phase::InHand {
                let mine = self
                    .app
                    .record()
                    .hands
                    .get(hand - 1)
                    .map_or(0, |h| h.actions.iter().filter(|a| a.seat == Some(me)).count());
                return mine;
            }
            let legal = self.legal();
            assert!(!legal.is_empty(), "the person's turn offers a legal choice:\n{}", self.screen());
            let before = self.actions_so_far();
            let marked = matches!(self.app.choices()[legal[0]].intent, Intent::Mark(_));
            let i = pick(self, &legal);
            self.choose(i);
            assert_eq!(self.app.notice(), None, "a legal choice is not refused");
            if !marked {
                assert!(self.actions_so_far() > before, "a legal choice acts");
            }
        }
        panic!("the hand did not end");
    }

    /// Plays hands (Enter deals the next) until the match is over.
    fn play_match(&mut self) {
        for _ in 0..200 {
            if self.phase() == Phase::Over {
                return;
            }
            if matches!(self.phase(), Phase::AwaitingDeal { .. }) {
                self.press(Key::Enter);
            }
            self.play_hand(|_, legal| legal[0]);
        }
        panic!("the match did not end in 200 hands");
    }

    /// The record replays to the same state (what `majlis replay` checks).
    fn assert_record_replays(&self) {
        let text = self.app.record().to_json_pretty();
        let record = game::Record::parse(&text).expect("the saved record parses");
        let replayed = Match::<G>::replay(&record).expect("the record replays");
        assert_eq!(replayed.game().phase(), self.phase());
        assert_eq!(replayed.game().score(), self.app.game().score());
    }
}

/// Rotates through the legal choices, so every kind of choice gets pressed.
fn rotate<G: GameUi>() -> impl FnMut(&Driver<G>, &[usize]) -> usize {
    let mut step = 0;
    move |_, legal| {
        step += 1;
        legal[step % legal.len()]
    }
}

// ---------------------------------------------------------------------------------------------
// Whole hands by keys

/// A Kabul match against heuristic bots, the person first to play after the dealer.
fn kabul(seed: u64) -> Driver<Kabul> {
    kabul_of(seed, 4)
}

fn kabul_of(seed: u64, players: usize) -> Driver<Kabul> {
    let mut c = config(GameKind::Kabul, seed);
    c.bots = BotSpec::HEURISTIC.into();
    c.options.insert("players".to_owned(), serde_json::Value::from(players));
    let dealer = App::<Kabul>::new(c.clone(), Instant::now()).expect("match").record().hands[0].dealer;
    c.seat = (dealer.index() + 1) % players;
    Driver::new(c)
}

#[test]
fn kabul_six_players_fit_80_by_24() {
    let d = kabul_of(91, 6);
    assert!(d.app.my_turn());
    let text = d.screen();
    let tops = text.lines().nth(1).unwrap_or_default();
    assert_eq!(tops.matches("┌ Seat ").count(), 5, "five other grids side by side:\n{text}");
    insta::assert_snapshot!("kabul_six_players", text);
}

#[test]
fn kout6_whole_hand_by_keys() {
    // Random bots often bid 9 and lose the first trick: deal until a hand is played out.
    let mut d = Driver::<Kout>::start(GameKind::Kout6, 11);
    let mut mine = d.play_hand(rotate());
    for seed in 12..40 {
        if mine >= 5 {
            break;
        }
        if d.phase() == Phase::Over {
            d = Driver::start(GameKind::Kout6, seed);
        } else {
            d.press(Key::Enter);
        }
        mine = d.play_hand(rotate());
    }
    assert!(mine >= 5, "the person bid and played ({mine} actions): {:#?}", d.app.log());
    assert!(matches!(d.phase(), Phase::AwaitingDeal { .. } | Phase::Over));
    assert!(d.app.log().iter().any(|l| l.starts_with("Hand 1:")), "the log says how the hand went");
    d.assert_record_replays();
    // Enter deals the next hand.
    if d.phase() != Phase::Over {
        let hands = d.app.record().hands.len();
        d.press(Key::Enter);
        assert_eq!(d.app.record().hands.len(), hands + 1);
    }
}

#[test]
fn kout4_whole_hand_by_keys() {
    let mut d = Driver::<Kout>::start(GameKind::Kout4, 12);
    let mine = d.play_hand(rotate());
    assert!(mine >= 2, "{mine}");
    assert!(matches!(d.phase(), Phase::AwaitingDeal { .. } | Phase::Over));
    d.assert_record_replays();
}

#[test]
fn baloot_whole_hand_by_keys() {
    // A hand that is played (not void): keep dealing until one is.
    let mut d = Driver::<Baloot>::start(GameKind::Baloot, 13);
    for _ in 0..10 {
        let mine = d.play_hand(rotate());
        if d.app.record().hands.last().is_some_and(|h| h.actions.len() > 8) {
            assert!(mine >= 8, "the person played all eight tricks ({mine} actions)");
            d.assert_record_replays();
            return;
        }
        d.press(Key::Enter);
    }
    panic!("ten void hands in a row");
}

#[test]
fn baloot_saudi_full_calls_by_keys() {
    // Under saudi_full the person bids hokum whenever it can, raises whenever offered and claims
    // sawa late in a hand; the screen offers the calls as buttons and shows the stake.
    let saudi_full = |seed| {
        let mut c = config(GameKind::Baloot, seed);
        c.options.insert("preset".to_owned(), serde_json::Value::from("saudi_full"));
        Driver::<Baloot>::new(c)
    };
    let mut seed = 31;
    let mut d = saudi_full(seed);
    let mut doubling_screens = Vec::new();
    let mut raised = false;
    for _ in 0..60 {
        if d.phase() == Phase::Over {
            seed += 1;
            d = saudi_full(seed);
        }
        if matches!(d.phase(), Phase::AwaitingDeal { .. }) {
            d.press(Key::Enter);
        }
        d.play_hand(|d, legal| {
            let view = d.app.game().view(Some(d.app.seat()));
            let label = |i: usize| d.app.choices()[i].label.clone();
            match view.phase {
                baloot::StageView::Doubling => {
                    doubling_screens.push(d.screen());
                    if let Some(&i) = legal.iter().find(|&&i| label(i) != "pass") {
                        raised = true;
                        return i;
                    }
                }
                baloot::StageView::Bidding => {
                    if let Some(&i) = legal.iter().find(|&&i| label(i).starts_with("hokum")) {
                        return i;
                    }
                }
                _ => {}
            }
            let late = view.hand.as_ref().is_some_and(|h| h.tricks.len() >= 6);
            legal.iter().copied().find(|&i| late && label(i).starts_with("sawa")).unwrap_or(legal[0])
        });
        if raised {
            break;
        }
    }
    assert!(raised, "the person was offered a raise");
    let screen = doubling_screens.last().expect("a doubling screen");
    assert!(screen.contains("Raise:") || screen.contains("Double (d)") || screen.contains("Gahwa (g)"), "{screen}");
    assert!(screen.contains("pass"), "{screen}");
    insta::assert_snapshot!("baloot_doubling", screen);
    assert!(
        d.app.log().iter().any(|l| l.contains("The doubling is over: the hand is played at ×") || l.contains("gahwa")),
        "the log says the stake: {:#?}",
        d.app.log()
    );
    d.assert_record_replays();
    d.play_match();
    d.assert_record_replays();
}

#[test]
fn kabul_whole_round_by_keys() {
    let mut d = kabul(14);
    let mine = d.play_hand(rotate());
    assert!(mine >= 2, "{mine}: {:#?}", d.app.log());
    assert_eq!(d.phase(), Phase::Over, "one round is the whole match by default");
    assert!(d.screen().contains("Match over"));
    d.assert_record_replays();
}

#[test]
fn kabul_rounds_to_a_target_score() {
    let mut c = config(GameKind::Kabul, 81);
    c.bots = BotSpec::HEURISTIC.into();
    c.options.insert("target_score".to_owned(), serde_json::Value::from(100));
    let mut d = Driver::<Kabul>::new(c);
    assert!(d.screen().contains("to 100"), "the header shows the target:\n{}", d.screen());
    // Passing every snap window keeps the penalty cards away.
    d.play_hand(|d, legal| legal.iter().copied().find(|&i| d.app.choices()[i].label == "pass").unwrap_or(legal[0]));
    assert!(matches!(d.phase(), Phase::AwaitingDeal { .. }), "one round is not the match: {:?}", d.phase());
    let text = d.screen();
    assert!(text.contains("Round over") && text.contains("Press Enter for the next hand"), "{text}");
    d.press(Key::Enter);
    assert_eq!(d.phase(), Phase::InHand);
    assert_eq!(d.app.record().hands.len(), 2);
    d.play_match();
    assert!(d.screen().contains("Match over"));
    d.assert_record_replays();
}

#[test]
fn kabul_switch_takes_two_choices_and_escape_forgets_the_first() {
    let mut d = (15..100).map(kabul).find_map(|mut d| reach_kabul_switch(&mut d).then_some(d)).expect("a switch");
    let first = d.legal()[0];
    d.choose(first);
    assert!(d.app.ui().first().is_some(), "the first card is marked");
    d.press(Key::Esc);
    assert!(d.app.ui().first().is_none(), "Escape forgets it");
    let before = d.app.record().hands[0].actions.len();
    let first = d.legal()[0];
    d.choose(first);
    assert_eq!(d.app.record().hands[0].actions.len(), before, "marking acts not");
    let second = d.legal()[0];
    assert!(matches!(d.app.choices()[second].intent, Intent::Act(KabulAction::Switch(..))));
    d.choose(second);
    let done = &d.app.record().hands[0].actions[before];
    assert_eq!(done.seat, Some(d.app.seat()));
    let action: KabulAction = done.text.parse().expect("an action");
    assert!(matches!(action, KabulAction::Switch(..)), "the two choices make one switch: {}", done.text);
}

#[test]
fn whole_matches_end_and_replay() {
    let mut d = Driver::<Kout>::start(GameKind::Kout4, 21);
    d.play_match();
    assert!(d.screen().contains("Match over"));
    d.assert_record_replays();
    // At the end any of q, Enter, Esc leaves without asking.
    d.press(Key::Enter);
    assert!(d.app.should_exit());

    let mut d = Driver::<Baloot>::start(GameKind::Baloot, 22);
    d.play_match();
    d.assert_record_replays();
}

#[test]
fn heuristic_bots_play_a_hand_with_the_person() {
    for kind in [GameKind::Kout6, GameKind::Baloot, GameKind::Kabul] {
        let mut c = config(kind, 31);
        c.bots = BotSpec::HEURISTIC.into();
        match kind {
            GameKind::Baloot => {
                let mut d = Driver::<Baloot>::new(c);
                d.play_hand(rotate());
                d.assert_record_replays();
            }
            GameKind::Kabul => {
                let mut d = Driver::<Kabul>::new(c);
                d.play_hand(rotate());
                d.assert_record_replays();
            }
            _ => {
                let mut d = Driver::<Kout>::new(c);
                d.play_hand(rotate());
                d.assert_record_replays();
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Refusals

/// Plays (legal choices in rotation) until the person's turn offers an illegal action; chooses
/// it; checks that the screen shows the engine's own reason and that nothing was played.
fn refusal_shows_engine_reason<G: GameUi>(d: &mut Driver<G>, wanted: impl Fn(&G::Action) -> bool) -> String {
    let mut pick = rotate::<G>();
    for _ in 0..5_000 {
        d.until_my_turn();
        match d.phase() {
            Phase::InHand => {}
            Phase::AwaitingDeal { .. } => {
                d.press(Key::Enter);
                continue;
            }
            Phase::Over => panic!("the match ended before an illegal choice came up"),
        }
        let illegal = d.app.choices().iter().position(|c| !c.legal && c.action().is_some_and(&wanted));
        if let Some(i) = illegal {
            let action = *d.app.choices()[i].action().expect("an action");
            let me = d.app.seat();
            let reason = d.app.game().check(Actor::Seat(me), action).expect_err("illegal").to_string();
            let before = d.actions_so_far();
            d.choose(i);
            assert_eq!(d.app.notice(), Some(&Notice::Refusal(reason.clone())));
            assert_eq!(d.actions_so_far(), before, "a refused choice plays nothing");
            assert!(d.app.my_turn(), "still the person's turn");
            assert!(d.screen().contains(&format!("✗ {reason}")), "the reason is on the screen:\n{}", d.screen());
            return reason;
        }
        let legal = d.legal();
        let i = pick(d, &legal);
        d.choose(i);
    }
    panic!("no illegal choice came up");
}

#[test]
fn kout_refuses_a_card_that_does_not_follow_suit_with_the_engines_reason() {
    let mut d = Driver::<Kout>::start(GameKind::Kout6, 41);
    let reason = refusal_shows_engine_reason(&mut d, |a| matches!(a, kout::KoutAction::Play(_)));
    assert!(reason.contains("must follow") || reason.contains("may not lead"), "{reason}");
    insta::assert_snapshot!("kout6_refusal", d.screen());
}

#[test]
fn kout_refuses_a_bid_that_is_not_higher() {
    // A bot has bid before the person, so lower bids are offered, dimmed.
    let mut d = Driver::<Kout>::find(GameKind::Kout6, 42, |d| {
        d.app.choices().iter().any(|c| !c.legal && matches!(c.action(), Some(kout::KoutAction::Bid(_))))
    });
    let reason = refusal_shows_engine_reason(&mut d, |a| matches!(a, kout::KoutAction::Bid(_)));
    assert!(reason.contains("is not higher than"), "{reason}");
}

#[test]
fn baloot_refuses_a_card_that_does_not_follow_suit() {
    let mut d = Driver::<Baloot>::start(GameKind::Baloot, 43);
    let reason = refusal_shows_engine_reason(&mut d, |a| matches!(a, baloot::BalootAction::Play(_)));
    assert!(!reason.is_empty());
    insta::assert_snapshot!("baloot_refusal", d.screen());
}

#[test]
fn kabul_refuses_with_the_engines_reason() {
    let mut d = kabul(44);
    let reason = refusal_shows_engine_reason(&mut d, |_| true);
    assert!(!reason.is_empty());
}

#[test]
fn unknown_keys_say_so_and_change_nothing() {
    let mut d = Driver::<Kout>::start(GameKind::Kout6, 45);
    let before = d.actions_so_far();
    d.press(Key::Char('z'));
    assert!(matches!(d.app.notice(), Some(Notice::Info(t)) if t.contains("press ? for help")));
    assert_eq!(d.actions_so_far(), before);
}

// ---------------------------------------------------------------------------------------------
// Overlays and quitting

#[test]
fn quit_asks_first() {
    let mut d = Driver::<Kout>::start(GameKind::Kout6, 51);
    d.press(Key::Char('q'));
    assert_eq!(d.app.overlay(), Overlay::ConfirmQuit);
    assert!(d.screen().contains("Leave the match?"));
    d.press(Key::Char('n'));
    assert_eq!(d.app.overlay(), Overlay::None);
    assert!(!d.app.should_exit());
    d.press(Key::Char('q'));
    insta::assert_snapshot!("kout6_quit", d.screen());
    d.press(Key::Char('y'));
    assert!(d.app.should_exit());
    assert!(d.app.summary().contains("unfinished"));
}

#[test]
fn help_shows_the_keys_and_the_rules_of_the_game() {
    let mut d = Driver::<Baloot>::start(GameKind::Baloot, 52);
    d.press(Key::Char('?'));
    assert_eq!(d.app.overlay(), Overlay::Help(0));
    let text = d.screen();
    assert!(text.contains("Help") && text.contains("Enter       choose"), "{text}");
    let first_rule_line = <Baloot as GameUi>::RULES.lines().find(|l| !l.trim().is_empty()).expect("rules");
    let tall = d.draw_with(100, 200).backend().to_string();
    assert!(tall.contains(first_rule_line.trim_start_matches('#').trim()), "{tall}");
    d.press(Key::Down);
    assert_eq!(d.app.overlay(), Overlay::Help(1));
    d.press(Key::Char('x'));
    assert_eq!(d.app.overlay(), Overlay::None);
}

#[test]
fn last_trick_review() {
    let mut d = Driver::<Kout>::start(GameKind::Kout6, 53);
    d.press(Key::Char('l'));
    assert!(d.screen().contains("No trick has been taken yet"));
    d.press(Key::Esc);
    d.play_hand(rotate());
    d.press(Key::Char('l'));
    let text = d.screen();
    assert!(text.contains("Last trick (") && text.contains("took the trick"), "{text}");
    insta::assert_snapshot!("kout6_last_trick", text);
    d.press(Key::Char('a'));
    assert_eq!(d.app.overlay(), Overlay::None);
}

// ---------------------------------------------------------------------------------------------
// Screens, colours, sizes

#[test]
fn no_colour_draws_no_colour_but_still_marks_choices() {
    let d = Driver::<Kout>::start(GameKind::Kout6, 61);
    let plain = d.draw_with(80, 24);
    let cells = plain.backend().buffer().content();
    assert!(cells.iter().all(|c| c.fg == Color::Reset && c.bg == Color::Reset), "NO_COLOR: no colour at all");
    assert!(
        cells.iter().any(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED)),
        "the cursor still shows, reversed"
    );

    let mut c = config(GameKind::Kout6, 61);
    c.color = true;
    let coloured = Driver::<Kout>::new(c).draw_with(80, 24);
    assert!(coloured.backend().buffer().content().iter().any(|c| c.fg == Color::Red), "red suits in red");
}

#[test]
fn a_small_terminal_is_told_the_size_it_needs() {
    let d = Driver::<Kout>::start(GameKind::Kout6, 62);
    let text = d.draw_with(60, 20).backend().to_string();
    assert!(text.contains("at least 80×24") && text.contains("60×20"), "{text}");
}

#[test]
fn every_screen_fits_80_by_24() {
    // The prompt line is never cut: whatever the person is asked fits the narrowest screen.
    let mut d = kabul(63);
    let mut pick = rotate::<Kabul>();
    for _ in 0..200 {
        d.until_my_turn();
        if d.phase() != Phase::InHand {
            break;
        }
        let view = d.app.game().view(Some(d.app.seat()));
        let text = d.screen();
        // TestBackend quotes each line: column 79 is the 81st character.
        let prompt = text.lines().nth(21).unwrap_or_default();
        assert_eq!(prompt.chars().nth(80), Some(' '), "the prompt is cut at {:?}:\n{text}", view.step);
        let legal = d.legal();
        let i = pick(&d, &legal);
        d.choose(i);
    }
}

#[test]
fn kout6_phases() {
    let mut d = Driver::<Kout>::find(GameKind::Kout6, 71, |d| {
        d.app.choices().iter().any(|c| c.legal && c.action() == Some(&kout::KoutAction::Bid(kout::Bid::BAWAN)))
    });
    assert_eq!(d.app.game().view(Some(d.app.seat())).stage, kout::StageView::Bidding);
    insta::assert_snapshot!("kout6_bidding", d.screen());
    // The highest bid wins at once and the person names trump.
    d.press(Key::Char('9'));
    assert_eq!(d.app.game().view(Some(d.app.seat())).stage, kout::StageView::Trump);
    insta::assert_snapshot!("kout6_trump", d.screen());
    d.press(Key::Char('h'));
    d.until_my_turn();
    assert_eq!(d.app.game().view(Some(d.app.seat())).stage, kout::StageView::Playing);
    insta::assert_snapshot!("kout6_playing", d.screen());
    let legal = d.legal();
    d.choose(legal[legal.len() - 1]);
    d.until_my_turn();
    insta::assert_snapshot!("kout6_second_trick", d.screen());
    d.play_hand(|_, legal| legal[0]);
    insta::assert_snapshot!("kout6_hand_over", d.screen());
    d.play_match();
    insta::assert_snapshot!("kout6_match_over", d.screen());
    insta::assert_snapshot!("kout6_match_over_120x30", d.draw_with(120, 30).backend().to_string());
}

#[test]
fn kout4_phases() {
    let mut d = Driver::<Kout>::start(GameKind::Kout4, 72);
    insta::assert_snapshot!("kout4_bidding", d.screen());
    d.play_hand(|d, legal| {
        // Pass when allowed; otherwise the first legal choice.
        legal.iter().copied().find(|&i| d.app.choices()[i].label == "pass").unwrap_or(legal[0])
    });
    insta::assert_snapshot!("kout4_hand_over", d.screen());
    d.press(Key::Enter);
    d.until_my_turn();
    for _ in 0..20 {
        if d.app.game().view(Some(d.app.seat())).stage == kout::StageView::Playing {
            break;
        }
        let legal = d.legal();
        d.choose(legal[legal.len() - 1]);
        d.until_my_turn();
    }
    insta::assert_snapshot!("kout4_playing", d.screen());
}

#[test]
fn baloot_phases() {
    let mut d = Driver::<Baloot>::find(GameKind::Baloot, 73, |d| {
        d.app.my_turn() && d.app.game().view(Some(d.app.seat())).phase == baloot::StageView::Bidding
    });
    assert_eq!(d.app.game().view(Some(d.app.seat())).phase, baloot::StageView::Bidding);
    insta::assert_snapshot!("baloot_bidding", d.screen());
    // Hokum on the face-up card when allowed.
    d.press(Key::Char('h'));
    d.until_my_turn();
    for _ in 0..10 {
        if d.app.game().view(Some(d.app.seat())).phase != baloot::StageView::Bidding {
            break;
        }
        d.press(Key::Char('p'));
        d.until_my_turn();
    }
    insta::assert_snapshot!("baloot_playing", d.screen());
    d.play_hand(|_, legal| legal[0]);
    insta::assert_snapshot!("baloot_hand_over", d.screen());
    d.play_match();
    insta::assert_snapshot!("baloot_match_over", d.screen());
}

#[test]
fn baloot_second_round_of_bidding() {
    // Everyone passes the first round in some deal: find it by seed, the same every run.
    for seed in 0..400 {
        let mut d = Driver::<Baloot>::start(GameKind::Baloot, seed);
        for _ in 0..8 {
            d.until_my_turn();
            let view = d.app.game().view(Some(d.app.seat()));
            if view.phase != baloot::StageView::Bidding {
                break;
            }
            if view.hand.as_ref().is_some_and(|h| h.bids.len() >= 4) {
                let text = d.screen();
                assert!(text.contains("Round 2"), "{text}");
                insta::assert_snapshot!("baloot_bidding_round_2", text);
                return;
            }
            d.press(Key::Char('p'));
        }
    }
    panic!("no deal reached the second round");
}

/// Draws and discards (passing every snap window) until the person holds a card whose power
/// switches, and uses it; false if the round ends first.
fn reach_kabul_switch(d: &mut Driver<Kabul>) -> bool {
    for _ in 0..500 {
        d.until_my_turn();
        if d.phase() != Phase::InHand {
            return false;
        }
        let view = d.app.game().view(Some(d.app.seat()));
        match view.step {
            kabul::StageView::AwaitingDraw { .. } => d.press(Key::Char('d')),
            kabul::StageView::DrawnCard { .. } => {
                let power = view.drawn.and_then(|x| x.card).and_then(Power::of);
                if matches!(power, Some(Power::SwitchAndLook | Power::BlindSwitch)) {
                    d.press(Key::Char('p'));
                    return true;
                }
                d.press(Key::Char('x'));
            }
            kabul::StageView::SnapWindow { .. } => d.press(Key::Char('p')),
            kabul::StageView::PowerTarget { .. } => {
                let legal = d.legal();
                d.choose(legal[0]);
            }
            other => panic!("unexpected step {other:?}"),
        }
    }
    panic!("no switch power came");
}

#[test]
fn kabul_phases() {
    let mut d = kabul(74);
    assert!(d.app.my_turn(), "the person plays first");
    // The bottom cards are shown at the deal, then hidden again.
    insta::assert_snapshot!("kabul_dealt", d.screen());
    d.wait(Duration::from_secs(4));
    let hidden = d.screen();
    let mine: String = hidden.lines().skip(16).take(4).collect();
    assert_eq!(mine.matches("▒▒▒").count(), 4, "after a few seconds every card is face down:\n{hidden}");
    insta::assert_snapshot!("kabul_turn", hidden);
    d.press(Key::Char('d'));
    insta::assert_snapshot!("kabul_drawn", d.screen());
    // The window as it opens, before the bots have decided.
    d.app.handle_key(Key::Char('x'), d.now);
    assert!(matches!(d.app.game().view(Some(d.app.seat())).step, kabul::StageView::SnapWindow { .. }));
    insta::assert_snapshot!("kabul_snap_window", d.screen());
    d.app.tick(d.now);
    d.play_hand(|_, legal| legal[0]);
    let over = d.screen();
    assert!(over.contains("Match over") && over.contains("Every card is face up"), "{over}");
    // The recent events show the newest ones when they do not all fit.
    d.press(Key::Char('l'));
    let events = d.screen();
    assert!(events.contains("Recent events") && events.contains("The round ends"), "{events}");
    d.press(Key::Esc);
    assert!(!over.contains("▒▒▒"), "every card is face up at the end:\n{over}");
}

#[test]
fn kabul_switch_screens() {
    // A deal whose first card drawn by the person switches (no bot has moved yet).
    for seed in 100..400 {
        let mut d = kabul(seed);
        d.press(Key::Char('d'));
        let view = d.app.game().view(Some(d.app.seat()));
        let power = view.drawn.and_then(|x| x.card).and_then(Power::of);
        if !matches!(power, Some(Power::SwitchAndLook | Power::BlindSwitch)) {
            continue;
        }
        d.press(Key::Char('p'));
        insta::assert_snapshot!("kabul_switch_first", d.screen());
        let first = d.legal()[0];
        d.choose(first);
        let text = d.screen();
        assert!(text.contains("Now choose the card to switch with") && text.contains('<'), "{text}");
        insta::assert_snapshot!("kabul_switch_second", text);
        return;
    }
    panic!("no deal gave the person a switch first");
}

#[test]
fn kabul_snap_window_closes_on_the_clock() {
    let mut d = kabul(75);
    for _ in 0..500 {
        d.until_my_turn();
        let view = d.app.game().view(Some(d.app.seat()));
        match view.step {
            kabul::StageView::SnapWindow { may_act, .. } if may_act.contains(d.app.seat()) => {
                let text = d.screen();
                assert!(text.contains("s left"), "the window shows its time left:\n{text}");
                // The person does nothing: the window closes by itself after snap_window_ms.
                let ms = d.app.game().rules().snap_window_ms();
                let before = d.actions_so_far();
                d.wait(Duration::from_millis(ms / 2));
                assert!(matches!(d.app.game().view(Some(d.app.seat())).step, kabul::StageView::SnapWindow { .. }));
                assert_eq!(d.actions_so_far(), before, "half-way nothing has happened");
                d.wait(Duration::from_millis(ms / 2 + 1));
                let hand = d.app.record().hands.last().expect("a hand");
                let first_new = &hand.actions[before - (d.actions_so_far() - hand.actions.len())];
                assert_eq!((first_new.seat, first_new.text.as_str()), (None, "close"), "the clock closed it");
                return;
            }
            kabul::StageView::AwaitingDraw { .. } => d.press(Key::Char('d')),
            kabul::StageView::DrawnCard { .. } => d.press(Key::Char('x')),
            _ => {
                let legal = d.legal();
                d.choose(legal[0]);
            }
        }
    }
    panic!("no snap window came to the person");
}

/// Presses the hint key on each of the person's decisions of a hand of `G` and checks that the
/// hint names a legal choice, puts the cursor on it, and says why; returns how many hints came
/// from a search (the others are the bot's choice: bids, calls).
fn hints_through_a_hand<G: GameUi>(kind: GameKind, seed: u64) -> usize {
    let mut d = Driver::<G>::start(kind, seed);
    let mut searched = 0;
    for _ in 0..40 {
        d.until_my_turn();
        if d.phase() != Phase::InHand {
            break;
        }
        d.press(Key::Char('i'));
        let Some(Notice::Info(words)) = d.app.notice().cloned() else { panic!("no hint: {:?}", d.app.notice()) };
        assert!(words.starts_with("hint: "), "{words}");
        let cursor = d.app.cursor();
        let on = match d.app.choices()[cursor].intent {
            Intent::Act(action) => words.starts_with(&format!("hint: {action} ")),
            _ => false,
        };
        // Kabul's switches take two choices (two slots): the cursor cannot stand on one action.
        let two_step = kind == GameKind::Kabul && words.starts_with("hint: switch");
        assert!(on || two_step, "the cursor is on the hinted choice: {words}");
        assert!(d.legal().contains(&cursor) || two_step, "the hinted choice is legal: {words}");
        if words.contains(" deals") {
            searched += 1;
        }
        let pick = if on { cursor } else { d.legal()[0] };
        d.choose(pick);
    }
    searched
}

#[test]
fn the_hint_key_suggests_a_legal_move_and_says_why() {
    assert!(hints_through_a_hand::<Kout>(GameKind::Kout4, 12) > 0, "card plays are searched");
    assert!(hints_through_a_hand::<Baloot>(GameKind::Baloot, 5) > 0);
    hints_through_a_hand::<Kabul>(GameKind::Kabul, 3);
}
