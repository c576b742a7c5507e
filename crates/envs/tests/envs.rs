//! The environments against the engines: random matches of every game and table size, masks
//! equal to the legal actions, observations blind to the cards a seat may not see, records that
//! replay, and the batch equal to single environments.

use baloot::Baloot;
use cards::{CardSet, random_below, seeded_rng};
use envs::{AnyEnv, Batch, BatchStep, Encode, EnvConfig, Reward};
use game::{Actor, GameKind, HandRecord, Match, Options, Phase, RuleSet, Seat};
use kabul::Kabul;
use kout::Kout;
use proptest::prelude::*;

/// Every game and table size the environments offer.
fn configs() -> Vec<EnvConfig> {
    let mut out =
        vec![EnvConfig::new(GameKind::Kout6), EnvConfig::new(GameKind::Kout4), EnvConfig::new(GameKind::Baloot)];
    for preset in ["seed", "saudi", "saudi_full"] {
        let mut c = EnvConfig::new(GameKind::Baloot);
        c.options.insert("preset".into(), preset.into());
        out.push(c);
    }
    for players in 2..=6 {
        let mut c = EnvConfig::new(GameKind::Kabul);
        c.options.insert("players".into(), players.into());
        out.push(c);
    }
    out
}

fn name(c: &EnvConfig) -> String {
    format!("{} {}", c.kind.id(), serde_json::Value::Object(c.options.clone()))
}

/// Plays random legal decisions to the end; at each one checks the mask against the engine's
/// legal actions: the mask holds exactly the next parts of the legal actions that begin with the
/// decisions taken so far (for most actions, the actions themselves).
fn random_match(config: &EnvConfig, seed: u64) -> AnyEnv {
    let mut env = AnyEnv::new(config, seed).expect("env");
    let mut rng = seeded_rng(seed ^ 0x5eed);
    let mut mask = vec![0u8; env.action_count()];
    let mut steps = 0;
    while let Some(seat) = env.agent() {
        env.mask(seat, &mut mask);
        let parts = env.legal_parts(seat);
        assert!(!parts.is_empty(), "{}: seat {seat} acts with no legal action", name(config));
        let texts = env.legal_texts(seat);
        for (p, t) in parts.iter().zip(&texts) {
            assert!(!p.is_empty(), "{}: {t} is outside the action space", name(config));
        }
        let pending = env.pending().to_vec();
        let mut expect: Vec<usize> = parts
            .iter()
            .filter(|p| p.starts_with(&pending) && p.len() > pending.len())
            .map(|p| p[pending.len()])
            .collect();
        expect.sort_unstable();
        expect.dedup();
        let from_mask: Vec<usize> = mask.iter().enumerate().filter(|&(_, &m)| m == 1).map(|(i, _)| i).collect();
        assert_eq!(from_mask, expect, "{}: the mask is not the legal actions", name(config));
        assert_eq!(env.legal_indices(seat), expect);
        let pick = expect[random_below(&mut rng, expect.len() as u32) as usize];
        env.step(pick as i64).expect("a legal decision is taken");
        steps += 1;
        assert!(steps < 200_000, "{}: the match does not end", name(config));
    }
    env
}

#[test]
fn random_matches_of_every_game_end_with_masks_equal_to_the_legal_actions() {
    for config in configs() {
        for seed in 0..3 {
            let env = random_match(&config, seed);
            assert!(env.is_terminated(), "{}: ended without a winner", name(&config));
            assert!(env.winner().is_some());
        }
    }
}

#[test]
fn a_record_of_the_environment_replays_to_the_same_end() {
    for config in configs() {
        let env = random_match(&config, 11);
        let record = env.record(Vec::new()).expect("record");
        let text = record.to_json_pretty();
        let report = games::replay(&text, None).expect("the record replays");
        assert_eq!(report["finished"], true, "{}", name(&config));
        let score: Vec<i64> = env.score().iter().map(|&s| i64::from(s)).collect();
        assert_eq!(report["score"], serde_json::json!(score), "{}", name(&config));
    }
}

#[test]
fn hand_rewards_sum_to_the_score_and_match_rewards_name_the_winner() {
    for kind in [GameKind::Kout4, GameKind::Baloot] {
        let mut config = EnvConfig::new(kind);
        let mut env = AnyEnv::new(&config, 3).expect("env");
        let mut total = [0.0f32; 2];
        let mut rng = seeded_rng(3);
        while let Some(seat) = env.agent() {
            let legal = env.legal_indices(seat);
            env.step(legal[random_below(&mut rng, legal.len() as u32) as usize] as i64).expect("step");
            total[0] += env.rewards()[0];
            total[1] += env.rewards()[1];
        }
        let score = env.score();
        let diff = (score[0] - score[1]) as f32;
        assert_eq!(total, [diff, -diff], "{kind:?}: hand rewards are each team's points minus the other's");

        config.reward = Reward::Match;
        let mut env = AnyEnv::new(&config, 3).expect("env");
        let mut rng = seeded_rng(3);
        let mut last = Vec::new();
        while let Some(seat) = env.agent() {
            let legal = env.legal_indices(seat);
            env.step(legal[random_below(&mut rng, legal.len() as u32) as usize] as i64).expect("step");
            if env.rewards().iter().any(|&r| r != 0.0) {
                assert!(env.is_terminated(), "match rewards only at the end");
                last = env.rewards().to_vec();
            }
        }
        let Some(game::Winner::Team(t)) = env.winner() else { panic!("a team wins") };
        let expect: Vec<f32> = (0..4).map(|s| if s % 2 == t.index() { 1.0 } else { -1.0 }).collect();
        assert_eq!(last, expect);
    }
}

#[test]
fn the_hands_cap_truncates_and_illegal_steps_change_nothing() {
    let mut config = EnvConfig::new(GameKind::Kout6);
    config.max_hands = Some(1);
    let mut env = AnyEnv::new(&config, 5).expect("env");
    let seat = env.agent().expect("someone bids");
    let before = env.view_json(Some(seat));
    let illegal = (0..env.action_count()).find(|&i| !env.legal_indices(seat).contains(&i)).expect("an illegal action");
    assert!(env.step(illegal as i64).is_err());
    assert!(env.step(-1).is_err());
    assert!(env.step(1 << 40).is_err());
    assert_eq!(env.view_json(Some(seat)), before, "a refused step leaves the state as it was");
    assert_eq!(env.agent(), Some(seat));
    let mut rng = seeded_rng(5);
    while let Some(seat) = env.agent() {
        let legal = env.legal_indices(seat);
        env.step(legal[random_below(&mut rng, legal.len() as u32) as usize] as i64).expect("step");
    }
    assert!(env.is_truncated() && !env.is_terminated());
    assert_eq!(env.hands(), 1);
    assert!(env.step(0).is_err(), "nobody acts after the cap");
}

#[test]
fn a_batch_plays_as_single_environments_do() {
    for config in [EnvConfig::new(GameKind::Baloot), configs().pop().expect("kabul 6")] {
        let n = 5;
        let mut batch = Batch::new(&config, n, 9).expect("batch");
        let probe = AnyEnv::new(&config, 0).expect("env");
        let (obs, count, seats) = (probe.observation_len(), probe.action_count(), probe.seat_count());
        let mut singles: Vec<AnyEnv> =
            (0..n).map(|i| AnyEnv::new(&config, bots::arena::derive_seed(&[9, i as u64, 0])).expect("env")).collect();
        let (mut o, mut m, mut a, mut r, mut d) =
            (vec![0f32; n * obs], vec![0u8; n * count], vec![0i64; n], vec![0f32; n * seats], vec![0u8; n]);
        batch
            .reset(9, BatchStep { observations: &mut o, masks: &mut m, agents: &mut a, rewards: &mut r, done: &mut d })
            .expect("reset");
        let mut rng = seeded_rng(1);
        let mut so = vec![0f32; obs];
        let mut episodes = vec![0u64; n];
        let mut sm = vec![0u8; count];
        for t in 0..300 {
            let mut actions = Vec::new();
            for (i, env) in singles.iter_mut().enumerate() {
                let seat = env.agent().expect("the batch resets ended matches, so someone acts");
                assert_eq!(a[i], seat.index() as i64, "{}: agent of match {i} at step {t}", name(&config));
                env.observe(seat, &mut so);
                env.mask(seat, &mut sm);
                assert!(o[i * obs..(i + 1) * obs] == so[..], "{}: observation of match {i} at step {t}", name(&config));
                assert!(m[i * count..(i + 1) * count] == sm[..], "{}: mask of match {i} at step {t}", name(&config));
                let legal = env.legal_indices(seat);
                actions.push(legal[random_below(&mut rng, legal.len() as u32) as usize] as i64);
            }
            batch
                .step(
                    &actions,
                    BatchStep { observations: &mut o, masks: &mut m, agents: &mut a, rewards: &mut r, done: &mut d },
                )
                .expect("step");
            for (i, env) in singles.iter_mut().enumerate() {
                env.step(actions[i]).expect("step");
                assert_eq!(&r[i * seats..(i + 1) * seats], env.rewards());
                assert_eq!(d[i] == 1, env.is_over());
                if env.is_over() {
                    // The batch's next episode of match i.
                    episodes[i] += 1;
                    *env = AnyEnv::new(&config, bots::arena::derive_seed(&[9, i as u64, episodes[i]])).expect("env");
                }
            }
        }
        let bad = vec![-1i64; n];
        assert!(
            batch
                .step(
                    &bad,
                    BatchStep { observations: &mut o, masks: &mut m, agents: &mut a, rewards: &mut r, done: &mut d }
                )
                .is_err()
        );
        let mut short = vec![0f32; 3];
        assert!(
            batch
                .step(
                    &bad,
                    BatchStep {
                        observations: &mut short,
                        masks: &mut m,
                        agents: &mut a,
                        rewards: &mut r,
                        done: &mut d
                    }
                )
                .is_err()
        );
    }
}

/// Plays `steps` random actions of the first hand of `G` from `seed`, then for `seat` deals the
/// cards hidden from it again, shuffled among their places in the deck, replays the same actions
/// and compares `seat`'s observation: it may not change. Returns whether the replay was legal
/// (a shuffle may make a past play illegal: a follower then held the led suit).
fn observation_is_blind<G: Encode>(kind: GameKind, options: &Options, seed: u64, steps: usize) -> Result<bool, String> {
    let rules = G::Rules::from_options(kind, options).map_err(|e| e.to_string())?;
    let mut rng = seeded_rng(seed);
    let mut m = Match::<G>::new(kind, options.clone(), Vec::new(), Seat::ZERO).map_err(|e| e.to_string())?;
    m.deal_random(&mut rng).map_err(|e| e.to_string())?;
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Some(seat) = m.game().to_act().first() else { break };
        m.game().legal_actions(seat, &mut legal);
        let a = legal[random_below(&mut rng, legal.len() as u32) as usize];
        if m.game().reshuffle_due(Actor::Seat(seat), a).is_some() || m.game().phase() != Phase::InHand {
            break;
        }
        m.play(Actor::Seat(seat), a).map_err(|e| e.to_string())?;
        if m.game().phase() != Phase::InHand {
            return Ok(false);
        }
    }
    let record = m.record().clone();
    let hand = record.hands.first().ok_or("a hand")?;
    let seat = Seat::new(random_below(&mut rng, rules.seat_count() as u32) as usize).ok_or("seat")?;
    let hidden: CardSet = m.game().hidden_from(seat);
    let mut deck = hand.deck.clone();
    let places: Vec<usize> = (0..deck.len()).filter(|&i| hidden.contains(deck[i])).collect();
    let mut moved: Vec<cards::Card> = places.iter().map(|&i| deck[i]).collect();
    cards::shuffle(&mut moved, &mut rng);
    for (&i, c) in places.iter().zip(moved) {
        deck[i] = c;
    }
    let mut other = Match::<G>::new(kind, options.clone(), Vec::new(), Seat::ZERO).map_err(|e| e.to_string())?;
    let new_hand = HandRecord { deck, ..hand.clone() };
    let deal = other.game().deal_from_record(&new_hand).map_err(|e| e.to_string())?;
    other.deal(deal).map_err(|e| e.to_string())?;
    for act in &hand.actions {
        let actor = act.seat.map_or(Actor::Clock, Actor::Seat);
        if other.play_text(actor, &act.text).is_err() {
            return Ok(false);
        }
    }
    let observe = |g: &G| {
        let view = g.view(Some(seat));
        let mut out = vec![0f32; envs_len::<G>(&rules, &view)];
        G::encode(&rules, &view, &[], &mut envs::Writer::new(&mut out));
        out
    };
    // Cards hidden from the seat may still change what everyone sees (a Baloot project announced
    // by its type): such a deal does not differ only in hidden cards, so it is not compared.
    if game::view_json::<G>(&m.game().view(None)) != game::view_json::<G>(&other.game().view(None)) {
        return Ok(false);
    }
    if observe(m.game()) != observe(other.game()) {
        return Err(format!("{kind:?} seed {seed}: seat {seat}'s observation changed with cards hidden from it"));
    }
    Ok(true)
}

fn envs_len<G: Encode>(rules: &G::Rules, view: &G::View) -> usize {
    envs::observation_len::<G>(rules, view)
}

#[test]
fn a_seats_observation_does_not_change_when_only_cards_hidden_from_it_do() {
    let mut compared = [0usize; 3];
    let kabul4 = {
        let mut o = Options::new();
        o.insert("players".into(), 4.into());
        o
    };
    for seed in 0..300u64 {
        let steps = (seed % 40) as usize;
        let kind = if seed % 2 == 0 { GameKind::Kout6 } else { GameKind::Kout4 };
        compared[0] += usize::from(observation_is_blind::<Kout>(kind, &Options::new(), seed, steps).expect("kout"));
        compared[1] += usize::from(
            observation_is_blind::<Baloot>(GameKind::Baloot, &Options::new(), seed, steps).expect("baloot"),
        );
        compared[2] +=
            usize::from(observation_is_blind::<Kabul>(GameKind::Kabul, &kabul4, seed, steps).expect("kabul"));
    }
    // Enough of the shuffled deals replay for the comparison to mean something in every game.
    assert!(compared.iter().all(|&c| c >= 50), "compared {compared:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any seed of any game: a random match ends, masks are the legal actions (checked inside).
    #[test]
    fn any_seed_plays_to_the_end(seed in any::<u64>(), which in 0usize..11) {
        let config = &configs()[which % configs().len()];
        let env = random_match(config, seed);
        prop_assert!(env.is_over());
    }
}

/// Takes a random legal decision: the smallest program that plays through the mask.
struct RandomPolicy(rand_chacha::ChaCha8Rng);

impl envs::Policy for RandomPolicy {
    fn decide(&mut self, _observation: &[f32], mask: &[u8]) -> Result<usize, String> {
        let legal: Vec<usize> = mask.iter().enumerate().filter(|&(_, &m)| m == 1).map(|(i, _)| i).collect();
        Ok(legal[random_below(&mut self.0, legal.len() as u32) as usize])
    }
}

#[test]
fn a_random_policy_loses_to_the_heuristic_in_the_arena_in_every_game() {
    use rand_core::SeedableRng;
    for (kind, players) in [(GameKind::Baloot, 4), (GameKind::Kout4, 4), (GameKind::Kabul, 3)] {
        let mut config =
            bots::arena::Config::new(kind, [bots::BotSpec::RANDOM.into(), bots::BotSpec::HEURISTIC.into()], 1);
        if kind == GameKind::Kabul {
            config.options.insert("players".into(), players.into());
        }
        config.max_hands = 8;
        let mut n = 0u64;
        let summary = envs::policy_arena(&config, 6, &mut |_| {
            n += 1;
            Box::new(RandomPolicy(rand_chacha::ChaCha8Rng::seed_from_u64(n)))
        })
        .expect("the arena runs");
        assert_eq!(summary.bots[0], "policy");
        assert_eq!(summary.matches, 6);
        // Points are won in the team games and lost in Kabul.
        let worse = if kind == GameKind::Kabul { summary.ci95[0] > 0.0 } else { summary.ci95[1] < 0.0 };
        assert!(worse, "{kind:?}: random play beat the heuristic: {}", summary.to_text());
    }
}

struct Failing;

impl envs::Policy for Failing {
    fn decide(&mut self, _observation: &[f32], _mask: &[u8]) -> Result<usize, String> {
        Ok(100_000)
    }
}

#[test]
fn a_policy_that_answers_outside_its_mask_stops_the_arena_with_the_reason() {
    let config =
        bots::arena::Config::new(GameKind::Baloot, [bots::BotSpec::RANDOM.into(), bots::BotSpec::HEURISTIC.into()], 1);
    let err = envs::policy_arena(&config, 1, &mut |_| Box::new(Failing)).expect_err("an illegal choice");
    assert!(err.contains("not legal"), "{err}");
}

#[test]
fn an_environment_from_a_record_goes_on_as_the_match_it_records() {
    for config in configs() {
        let mut live = AnyEnv::new(&config, 21).expect("env");
        let mut rng = seeded_rng(21);
        let random = |env: &mut AnyEnv, rng: &mut rand_chacha::ChaCha20Rng| {
            let seat = env.agent().expect("someone acts");
            let legal = env.legal_indices(seat);
            legal[random_below(rng, legal.len() as u32) as usize] as i64
        };
        for _ in 0..12 {
            if live.agent().is_none() {
                break;
            }
            let a = random(&mut live, &mut rng);
            live.step(a).expect("step");
        }
        while live.agent().is_some() && !live.pending().is_empty() {
            let a = random(&mut live, &mut rng);
            live.step(a).expect("step");
        }
        let record = live.record(Vec::new()).expect("record");
        let mut copy = AnyEnv::from_record(&config, &record, 99).expect("the record loads");
        assert_eq!(copy.is_over(), live.is_over());
        let hands = live.hands();
        while live.hands() == hands && live.agent().is_some() {
            assert_eq!(copy.agent(), live.agent(), "{}", name(&config));
            assert_eq!(copy.view_json(None), live.view_json(None), "{}", name(&config));
            let a = random(&mut live, &mut rng);
            live.step(a).expect("step");
            copy.step(a).expect("the same decision is legal in the copy");
            assert_eq!(copy.rewards(), live.rewards(), "{}: the hand's rewards", name(&config));
        }
        let mut text = record.to_json_pretty();
        text.truncate(text.len() / 2);
        assert!(
            AnyEnv::from_record(&config, &game::Record::parse(&record.to_json_pretty()).expect("parses"), 1).is_ok()
        );
        assert!(game::Record::parse(&text).is_err(), "a cut record is refused");
    }
}

#[test]
fn built_in_bots_play_whole_matches_through_the_environment() {
    for config in configs() {
        let mut config = config;
        config.max_hands = Some(3);
        let mut env = AnyEnv::new(&config, 4).expect("env");
        let mut bots: Vec<_> =
            (0..env.seat_count()).map(|s| env.make_bot(bots::BotSpec::HEURISTIC, s as u64)).collect();
        let mut steps = 0;
        while let Some(seat) = env.agent() {
            let choice = env.bot_choice(&mut bots[seat.index()]).expect("a decision");
            env.step(choice as i64).unwrap_or_else(|e| panic!("{}: the bot's decision: {e}", name(&config)));
            steps += 1;
            assert!(steps < 100_000);
        }
        assert!(env.is_over());
    }
}
