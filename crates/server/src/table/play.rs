//! The match: starting it, checking and applying actions, dealing with fair-deal commitments,
//! bots' moves, and the end.

use bots::Playable;
use cards::Card;
use game::{Actor, HandRecord, Match, Phase, Record, Seat, Team, Winner};
use serde_json::{Value, json};
use tokio::time::Instant;

use super::lobby::{Occupant, Status};
use super::think::{heuristic_of, searches};
use super::{Table, internal, unavailable};
use crate::fair;
use crate::hub::Conn;
use crate::ids;
use crate::metrics::By;
use crate::protocol::{ErrorCode, LogEntry, ProtocolError, RatingChange, ServerMsg};
use crate::runners::pool::ExternalSeat;
use crate::store::{EventRow, MatchRow, RatedEnd, RatedSeat, unix_ms};

/// The fair-deal secrets of the hand in progress.
#[derive(Clone, Debug)]
pub(super) struct FairHand {
    pub(super) hand: usize,
    pub(super) salt: String,
    pub(super) commitment: String,
    pub(super) deck: Vec<Card>,
}

/// The current (or last) match of the table and its action log.
pub(super) struct Play<G: Playable> {
    /// Matches started at this table so far.
    pub(super) matches: u64,
    pub(super) match_id: Option<String>,
    pub(super) game: Option<Match<G>>,
    /// The next event's sequence number in the store.
    pub(super) seq: i64,
    /// The public action log of the match.
    pub(super) log: Vec<LogEntry>,
    /// Where the current hand starts in `log`.
    pub(super) hand_log_start: usize,
    pub(super) fair: Option<FairHand>,
    /// Scratch space for legal actions.
    pub(super) buf: Vec<G::Action>,
    /// The operator's external bots of this match, by seat.
    pub(super) external: Vec<External<G>>,
    /// A finished rated match: what it did to the players' ratings (until the next starts).
    pub(super) rating_changes: Option<Vec<RatingChange>>,
}

/// A seat's external bot during a match.
pub(super) enum External<G: Playable> {
    /// Not an external bot's seat, or not started yet (a table restored after a restart starts
    /// it at its first decision).
    None,
    /// Its program runs.
    Running(ExternalSeat<G>),
    /// It could not run (or stopped for good): the built-in bot plays the seat to the end of the
    /// match.
    Replaced,
}

impl<G: Playable> Play<G> {
    pub(super) fn new() -> Self {
        Play {
            matches: 0,
            match_id: None,
            game: None,
            seq: 0,
            log: Vec::new(),
            hand_log_start: 0,
            fair: None,
            buf: Vec::new(),
            external: Vec::new(),
            rating_changes: None,
        }
    }
}

/// Plays `action`, first giving the game the order of any reshuffle it causes: the cards shuffled
/// with the hand's secret salt ([`fair::reshuffle_order`]), so no one at the table can foresee the
/// new draw pile, and written into the hand's `reshuffles` for `majlis verify`.
pub(super) fn play_fair<G: Playable>(
    game: &mut Match<G>,
    salt: &[u8],
    actor: Actor,
    action: G::Action,
) -> Result<(), G::Illegal> {
    if let Some(cards) = game.game().reshuffle_due(actor, action) {
        let k = game.record().hands.last().and_then(|h| h.reshuffles.as_ref()).map_or(0, Vec::len);
        game.give_reshuffle(fair::reshuffle_order(salt, k, &cards));
    }
    game.play(actor, action)
}

/// Rebuilds a match from its stored hands and actions the way [`Table::apply`] played it, giving
/// every reshuffle its salt's order again.
pub(super) fn replay_fair<G: Playable>(record: &Record, first_dealer: Seat) -> Result<Match<G>, String> {
    let mut m = Match::<G>::new(record.game, record.rules.clone(), record.players.clone(), first_dealer)
        .map_err(|e| e.to_string())?;
    for (i, hand) in record.hands.iter().enumerate() {
        let deal = m.game().deal_from_record(hand).map_err(|e| format!("hand {i}: {e}"))?;
        m.deal(deal).map_err(|e| format!("hand {i}: {e}"))?;
        if let Some(h) = m.current_hand_record_mut() {
            h.commitment.clone_from(&hand.commitment);
            h.salt.clone_from(&hand.salt);
        }
        let salt = hand.salt.as_deref().and_then(|s| hex::decode(s).ok()).unwrap_or_default();
        for (j, a) in hand.actions.iter().enumerate() {
            let actor = a.seat.map_or(Actor::Clock, Actor::Seat);
            let action: G::Action =
                a.text.parse().map_err(|e: game::ParseActionError| format!("hand {i}, action {j}: {e}"))?;
            play_fair(&mut m, &salt, actor, action).map_err(|e| format!("hand {i}, action {j} ({}): {e}", a.text))?;
        }
    }
    Ok(m)
}

impl<G: Playable> Table<G> {
    pub(super) async fn start(&mut self, conn: &Conn) -> Result<(), ProtocolError> {
        self.begin(&conn.player.id).await
    }

    /// Starts the next match, asked by `by` (a player id; a daily table starts its own deals).
    pub(super) async fn begin(&mut self, by: &str) -> Result<(), ProtocolError> {
        if self.lobby.seats.iter().any(|s| s.occupant == Occupant::Empty) {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "every seat needs a player or a bot to start"));
        }
        // A tournament's players were checked when they registered (a rated tournament takes
        // accounts only), and its matches cannot wait on anyone's cool-down: the round would stall.
        if self.lobby.rated && self.lobby.board.is_none() {
            self.check_rated_seats().await?;
        }
        let number = self.play.matches;
        let mut rng = fair::derive_rng(&self.seed, "dealer", &[number]);
        let dealer =
            Seat::new(cards::random_below(&mut rng, self.lobby.seat_count as u32) as usize).unwrap_or(Seat::ZERO);
        let players: Vec<String> = self
            .lobby
            .seats
            .iter()
            .map(|s| match &s.occupant {
                Occupant::Human { name, .. } => name.clone(),
                Occupant::Bot { bot } => format!("bot:{bot}"),
                Occupant::Empty => String::new(),
            })
            .collect();
        let game = Match::<G>::new(self.lobby.kind, self.lobby.rules.clone(), players.clone(), dealer)
            .map_err(|e| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))?;
        let external = self.start_external(&game, number)?;
        let match_id = ids::random_code("g_", 12).map_err(|e| internal(&e))?;
        let row = MatchRow {
            id: match_id.clone(),
            table_code: self.lobby.code.clone(),
            number: i64::try_from(number).unwrap_or(i64::MAX),
            game: self.lobby.kind.id().to_owned(),
            rules: Value::Object(self.lobby.rules.clone()).to_string(),
            players: json!(players).to_string(),
            first_dealer: dealer.index() as i64,
            finished: 0,
            result: None,
            record: None,
            started_at: unix_ms(),
            ended_at: None,
            rated: i64::from(self.lobby.rated),
        };
        let humans: Vec<(i64, String)> = self
            .lobby
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match &s.occupant {
                Occupant::Human { id, .. } => Some((i as i64, id.clone())),
                _ => None,
            })
            .collect();
        self.store.create_match(&row, &humans).await.map_err(|e| unavailable(&e))?;
        for seat in &mut self.lobby.seats {
            seat.timeouts = 0;
            seat.away = false;
            if let Occupant::Human { forfeit, .. } = &mut seat.occupant {
                *forfeit = false;
            }
        }
        self.play.rating_changes = None;
        self.end_external();
        self.play.external = external;
        self.play.matches += 1;
        self.play.match_id = Some(match_id);
        self.lobby.status = Status::Playing;
        self.play.game = Some(game);
        self.play.seq = 0;
        self.play.log.clear();
        self.play.hand_log_start = 0;
        self.play.fair = None;
        self.version += 1;
        self.save_row().await;
        tracing::info!(
            table = %self.lobby.code,
            match_id = self.play.match_id.as_deref().unwrap_or_default(),
            game = %self.lobby.kind,
            player_id = %by,
            "match started"
        );
        self.broadcast_table();
        self.publish_summary();
        self.advance().await;
        Ok(())
    }

    pub(super) async fn act(
        &mut self,
        conn: &Conn,
        text: &str,
        version: Option<u64>,
        received: std::time::Instant,
    ) -> Result<(), ProtocolError> {
        if self.lobby.status != Status::Playing {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "no match is under way at this table"));
        }
        let Some(seat) = self.lobby.seat_of(&conn.player.id) else {
            return Err(ProtocolError::new(ErrorCode::NotSeated, "you have no seat at this table"));
        };
        if version.is_some_and(|v| v != self.version) {
            return Err(ProtocolError::new(
                ErrorCode::Stale,
                format!("the table is at version {}; your action was for {}", self.version, version.unwrap_or(0)),
            ));
        }
        let action: G::Action = text
            .parse()
            .map_err(|e: game::ParseActionError| ProtocolError::new(ErrorCode::BadRequest, e.to_string()))?;
        let Some(game) = self.play.game.as_ref() else {
            return Err(ProtocolError::new(ErrorCode::BadRequest, "no match is under way at this table"));
        };
        if !game.game().to_act().contains(seat) {
            return Err(ProtocolError::new(ErrorCode::NotYourTurn, "it is not your turn"));
        }
        game.game()
            .check(Actor::Seat(seat), action)
            .map_err(|e| ProtocolError::illegal(e.to_string(), Some(game::Refuse::refusal(&e))))?;
        let back = self.lobby.mark_back(seat);
        self.apply(Actor::Seat(seat), action, Some(received)).await?;
        if back {
            // The seat is no longer away: everyone's seat plates say so.
            self.broadcast_table();
        }
        Ok(())
    }

    /// Persists, applies and broadcasts an action already checked legal: a person's, `received`
    /// at that time, or (`None`) a bot's or the clock's.
    pub(super) async fn apply(
        &mut self,
        actor: Actor,
        action: G::Action,
        received: Option<std::time::Instant>,
    ) -> Result<(), ProtocolError> {
        let Some(match_id) = self.play.match_id.clone() else { return Err(internal(&"no match")) };
        let text = action.to_string();
        let version = self.version + 1;
        let event = EventRow {
            match_id,
            seq: self.play.seq,
            version: version as i64,
            kind: "action".to_owned(),
            seat: actor.seat().map(|s| s.index() as i64),
            body: text.clone(),
        };
        if let Err(e) = self.store.append(vec![event]).await {
            self.write_refused(&e);
            return Err(unavailable(&e));
        }
        let Some(game) = self.play.game.as_mut() else { return Err(internal(&"no match")) };
        let window_before = game.game().clock_may_act();
        let salt = self.play.fair.as_ref().and_then(|f| hex::decode(&f.salt).ok()).unwrap_or_default();
        if let Err(e) = play_fair(game, &salt, actor, action) {
            // Checked before the append, so this cannot happen; the log now holds an action the
            // rules refuse, which a restore would report loudly.
            tracing::error!(table = %self.lobby.code, error = %e, "a checked action was refused");
            return Err(internal(&e));
        }
        self.play.seq += 1;
        self.version = version;
        let now = Instant::now();
        self.clocks.decision_since = now;
        let window_after = game.game().clock_may_act();
        // A snap (hit or miss) restarts the window's clock: either a new card is on the pile or a
        // card was shown to everyone, and the others deserve the full window to react.
        if window_after && (!window_before || game.game().restarts_window(&action)) {
            self.clocks.window_since = now;
        }
        let hand_over = game.game().phase() != Phase::InHand;
        self.play.log.push(LogEntry { version, seat: actor.seat().map(Seat::index), action: text.clone() });
        self.broadcast_event(actor.seat(), &text);
        match (received, actor) {
            (Some(received), _) => {
                self.metrics.action(By::Player);
                self.metrics.latency(received);
            }
            (None, Actor::Seat(_)) => self.metrics.action(By::Bot),
            (None, Actor::Clock) => self.metrics.action(By::Clock),
        }
        if hand_over {
            self.reveal();
        }
        self.advance().await;
        Ok(())
    }

    /// Deals the next hand or finishes the match, as the game requires.
    pub(super) async fn advance(&mut self) {
        loop {
            let Some(game) = self.play.game.as_ref() else { return };
            match game.game().phase() {
                Phase::InHand => return,
                Phase::Over => {
                    if self.lobby.status == Status::Playing {
                        self.finish().await;
                    }
                    return;
                }
                Phase::AwaitingDeal { dealer } => {
                    if self.lobby.status != Status::Playing {
                        return;
                    }
                    let target = self.lobby.board.as_ref().and_then(|b| b.target);
                    let reached =
                        target.is_some_and(|t| game.game().score().iter().any(|&s| i64::from(s) >= i64::from(t)));
                    if reached || self.hands_limit().is_some_and(|limit| game.record().hands.len() >= limit) {
                        // A daily deal is a match of one hand, a tournament match one of its
                        // tournament's hands (or fewer, once a team has its target), from 0–0
                        // for every player.
                        self.finish().await;
                        return;
                    }
                    if let Err(e) = self.deal(dealer).await {
                        tracing::debug!(table = %self.lobby.code, error = %e, "dealing failed; retrying");
                        return;
                    }
                }
            }
        }
    }

    pub(super) async fn deal(&mut self, dealer: Seat) -> Result<(), String> {
        let Some(match_id) = self.play.match_id.clone() else { return Err("no match".to_owned()) };
        let Some(game) = self.play.game.as_mut() else { return Err("no match".to_owned()) };
        let hand = game.record().hands.len();
        let number = self.play.matches.saturating_sub(1);
        let mut rng = fair::derive_rng(&self.seed, "deal", &[number, hand as u64]);
        let deal = game.game().random_deal(&mut rng);
        let salt = fair::derive(&self.seed, "salt", &[number, hand as u64]);
        let mut header = HandRecord::new(dealer, &[]);
        game.game().deal_to_record(&deal, &mut header);
        let commitment = fair::commitment(&salt, hand, &header.deck);
        header.commitment = Some(commitment.clone());
        header.salt = Some(hex::encode(salt));
        let version = self.version + 1;
        let body = serde_json::to_string(&header).map_err(|e| e.to_string())?;
        let event = EventRow {
            match_id,
            seq: self.play.seq,
            version: version as i64,
            kind: "deal".to_owned(),
            seat: None,
            body,
        };
        self.store.append(vec![event]).await.map_err(|e| e.to_string())?;
        game.deal(deal).map_err(|e| e.to_string())?;
        if let Some(h) = game.current_hand_record_mut() {
            h.commitment = header.commitment.clone();
            h.salt = header.salt.clone();
        }
        self.play.seq += 1;
        self.version = version;
        let now = Instant::now();
        self.clocks.decision_since = now;
        self.clocks.window_since = now;
        self.play.fair =
            Some(FairHand { hand, salt: hex::encode(salt), commitment: commitment.clone(), deck: header.deck });
        self.play.hand_log_start = self.play.log.len();
        self.play.log.push(LogEntry { version, seat: None, action: "deal".to_owned() });
        self.broadcast(&ServerMsg::Commitment { table: self.lobby.code.clone(), hand, commitment });
        self.broadcast_event(None, "deal");
        Ok(())
    }

    pub(super) fn reveal(&mut self) {
        let Some(fair) = self.play.fair.take() else { return };
        self.broadcast(&ServerMsg::Reveal {
            table: self.lobby.code.clone(),
            hand: fair.hand,
            salt: fair.salt,
            commitment: fair.commitment,
            deck: fair.deck,
        });
    }

    pub(super) async fn finish(&mut self) {
        let Some(game) = self.play.game.as_ref() else { return };
        let Some(match_id) = self.play.match_id.clone() else { return };
        let (mut winner, score) = (game.game().outcome(), game.game().score());
        let mut result = json!({ "winner": winner, "score": score });
        if let Some(board) = &self.lobby.board {
            // A tournament match: a team with a no-show loses whatever the score; a match cut
            // short by its number of hands is won on points.
            let played = crate::tournament::Played {
                a: i64::from(score.first().copied().unwrap_or(0)),
                b: i64::from(score.get(1).copied().unwrap_or(0)),
                a_no_show: board.no_show.iter().any(|s| s % 2 == 0),
                b_no_show: board.no_show.iter().any(|s| s % 2 == 1),
            };
            winner = match played.outcome() {
                crate::tournament::Outcome::A => Some(Winner::Team(Team::ZERO)),
                crate::tournament::Outcome::B => Some(Winner::Team(Team::ONE)),
                crate::tournament::Outcome::Draw | crate::tournament::Outcome::BothLose => None,
            };
            result["winner"] = json!(winner);
            if !board.no_show.is_empty() {
                result["no_show"] = crate::tournament::Played::no_show_json(&board.no_show);
            }
        }
        let result = result.to_string();
        let record = serde_json::to_string(game.record()).unwrap_or_default();
        let stored = match winner.filter(|_| self.lobby.rated) {
            Some(winner) => {
                let seats = self.rated_seats();
                let hands = game.record().hands.len();
                let end = RatedEnd { kind: self.lobby.kind, winner: &winner, score: &score, seats: &seats, hands };
                self.store.finish_rated_match(&match_id, &result, &record, unix_ms(), &end).await.map(|changes| {
                    let list = changes
                        .into_iter()
                        .map(|c| RatingChange {
                            seat: usize::try_from(c.seat).unwrap_or_default(),
                            player: c.player_id,
                            outcome: c.outcome,
                            before: c.rating_before,
                            after: c.rating_after,
                            uncertainty: c.uncertainty_after,
                        })
                        .collect();
                    Some(list)
                })
            }
            None => self.store.finish_match(&match_id, &result, &record, unix_ms()).await.map(|()| None),
        };
        match stored {
            Ok(changes) => self.play.rating_changes = changes,
            Err(e) => {
                // The match stays `playing` (its record not served, no rematch) until its end is
                // stored: the table retries.
                tracing::debug!(table = %self.lobby.code, error = %e, "saving a finished match failed; retrying");
                return;
            }
        }
        self.lobby.status = Status::Finished;
        self.version += 1;
        self.end_external();
        self.save_row().await;
        tracing::info!(table = %self.lobby.code, %match_id, game = %self.lobby.kind, "match finished");
        self.broadcast_table();
        self.publish_summary();
    }

    /// The most hands a match of this table has: one for a daily deal, the tournament's for a
    /// board; `None`: as the rules say.
    fn hands_limit(&self) -> Option<usize> {
        if self.lobby.daily.is_some() {
            return Some(1);
        }
        self.lobby.board.as_ref().map(|b| b.hands as usize)
    }

    /// Stops a match all of whose people have gone: it is stored as it stands, with no winner and
    /// `"abandoned": true`, unrated, and the table closes (nobody is left to see it).
    pub(super) async fn stop_abandoned(&mut self) {
        let Some(game) = self.play.game.as_ref() else { return };
        let Some(match_id) = self.play.match_id.clone() else { return };
        let result = json!({ "winner": null, "score": game.game().score(), "abandoned": true }).to_string();
        let record = serde_json::to_string(game.record()).unwrap_or_default();
        if let Err(e) = self.store.finish_match(&match_id, &result, &record, unix_ms()).await {
            // The wake comes again (after the stall retry), and the match is still there meanwhile.
            tracing::debug!(table = %self.lobby.code, error = %e, "saving an abandoned match failed; retrying");
            return;
        }
        tracing::info!(table = %self.lobby.code, %match_id, "everyone has gone; the match stops");
        self.lobby.status = Status::Finished;
        self.end_external();
        self.close().await;
    }

    /// The people of a rated match as it ends, each with whether they left it early: an explicit
    /// `leave` during play, or a seat their bot finished because they never came back (gone
    /// past the grace period).
    fn rated_seats(&self) -> Vec<RatedSeat> {
        let now = Instant::now();
        let grace = self.hub.config.disconnect_grace;
        self.lobby
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match &s.occupant {
                Occupant::Human { id, left, forfeit, .. } => Some(RatedSeat {
                    seat: Seat::new(i)?,
                    player_id: id.clone(),
                    left: *left || *forfeit || s.gone_since.is_some_and(|g| now >= g + grace),
                }),
                _ => None,
            })
            .collect()
    }

    /// A rated match starts only with a signed-in account in every seat.
    async fn check_rated_seats(&mut self) -> Result<(), ProtocolError> {
        let mut ids = Vec::new();
        for (i, s) in self.lobby.seats.iter().enumerate() {
            match &s.occupant {
                Occupant::Human { id, .. } => ids.push(id.clone()),
                _ => {
                    return Err(ProtocolError::new(
                        ErrorCode::BadRequest,
                        format!("a rated match needs a signed-in account in every seat; seat {i} has none"),
                    ));
                }
            }
        }
        let accounts = self.store.account_ids(&ids).await.map_err(|e| unavailable(&e))?;
        let guests: Vec<&str> = self
            .lobby
            .seats
            .iter()
            .filter_map(|s| match &s.occupant {
                Occupant::Human { id, name, .. } if !accounts.contains(id) => Some(name.as_str()),
                _ => None,
            })
            .collect();
        if guests.is_empty() {
            for s in &self.lobby.seats {
                if let Occupant::Human { id, name, .. } = &s.occupant {
                    super::lobby::check_cooldown(&self.store, id, name).await?;
                }
            }
            Ok(())
        } else {
            Err(ProtocolError::new(
                ErrorCode::BadRequest,
                format!(
                    "a rated match needs a signed-in account in every seat; {} {} a guest (claim the name with a \
                     password first, or play unrated)",
                    guests.join(", "),
                    if guests.len() == 1 { "is" } else { "are" }
                ),
            ))
        }
    }

    /// `seat`'s bot decides: the operator's program if it has one, a searching bot on the bot
    /// threads (the answer comes back later, see [`super::think`]), any other bot here and now.
    pub(super) async fn bot_plays(&mut self, seat: Seat) {
        let Some(game) = self.play.game.as_ref() else { return };
        game.game().legal_actions(seat, &mut self.play.buf);
        if self.play.buf.is_empty() {
            return;
        }
        let view = game.game().view(Some(seat));
        if let Some(action) = self.external_decides(seat, view.clone()).await {
            return self.bot_acts(seat, action).await;
        }
        let mut spec = self.lobby.bot_spec(seat);
        if searches(&spec) {
            if let [only] = self.play.buf[..] {
                // Nothing to think about.
                return self.bot_acts(seat, only).await;
            }
            if self.start_thinking(seat, spec, view.clone()) {
                return;
            }
            spec = heuristic_of(spec);
        }
        let Some(game) = self.play.game.as_ref() else { return };
        let action = G::bot(spec, self.bot_seed(seat), game.game().rules()).choose(seat, &view, &self.play.buf);
        self.bot_acts(seat, action).await;
    }

    /// Plays `seat`'s bot's choice, if the rules allow it.
    pub(super) async fn bot_acts(&mut self, seat: Seat, action: G::Action) {
        let Some(game) = self.play.game.as_ref() else { return };
        if !game.game().is_legal(Actor::Seat(seat), action) {
            tracing::error!(table = %self.lobby.code, %seat, "a bot chose an illegal action");
            return;
        }
        if let Err(e) = self.apply(Actor::Seat(seat), action, None).await {
            tracing::debug!(table = %self.lobby.code, error = %e, "a bot's action was not applied");
        }
    }
}

/// The operator's external bots at a table: started with the match, asked off the runtime,
/// ended with the match.
impl<G: Playable> Table<G> {
    /// The seats of the operator's bots, with their names.
    fn external_seats(&self) -> Vec<(Seat, String)> {
        self.lobby
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match &s.occupant {
                Occupant::Bot { bot } if self.hub.bot_pool.has(bot) => Seat::new(i).map(|seat| (seat, bot.clone())),
                _ => None,
            })
            .collect()
    }

    /// Starts the programs of a new match's external seats, all or none: `busy` when the pool
    /// has too few places, `bad_request` when a program does not start.
    fn start_external(&self, game: &Match<G>, number: u64) -> Result<Vec<External<G>>, ProtocolError> {
        let seats = self.external_seats();
        let mut external: Vec<External<G>> = (0..self.lobby.seat_count).map(|_| External::None).collect();
        if seats.is_empty() {
            return Ok(external);
        }
        let pool = &self.hub.bot_pool;
        // The places are the host's: one player's tables hold at most their share of the pool.
        let permits = pool.reserve(&self.lobby.host, seats.len()).map_err(|full| {
            tracing::warn!(table = %self.lobby.code, running = pool.running(), max = pool.max_processes(), ?full, "no room for external bots");
            ProtocolError::new(ErrorCode::Busy, pool.refusal(full, seats.len()))
        })?;
        for ((seat, name), permit) in seats.into_iter().zip(permits) {
            let seed = fair::derive_u64(&self.seed, "external", &[number, seat.index() as u64]);
            let running = pool
                .start::<G>(&name, self.lobby.kind, game.game().rules(), seat, seed, permit)
                .map_err(|e| ProtocolError::new(ErrorCode::BadRequest, format!("bot {name} cannot start: {e}")))?;
            tracing::info!(table = %self.lobby.code, %seat, bot = %name, "external bot started");
            if let Some(slot) = external.get_mut(seat.index()) {
                *slot = External::Running(running);
            }
        }
        Ok(external)
    }

    /// Asks `seat`'s external bot, if it has one that runs (starting it first on a restored
    /// table); `None`: the built-in bot decides. Each fault is logged and told to the table.
    async fn external_decides(&mut self, seat: Seat, view: G::View) -> Option<G::Action> {
        let name = self.external_seats().into_iter().find(|(s, _)| *s == seat)?.1;
        if self.play.external.len() < self.lobby.seat_count {
            self.play.external.resize_with(self.lobby.seat_count, || External::None);
        }
        if matches!(self.play.external.get(seat.index()), Some(External::None)) {
            let started = match (self.play.game.as_ref(), self.hub.bot_pool.reserve(&self.lobby.host, 1)) {
                (Some(game), Ok(mut permit)) => {
                    let seed = fair::derive_u64(&self.seed, "external", &[self.play.matches, seat.index() as u64]);
                    let permit = permit.pop()?;
                    self.hub.bot_pool.start::<G>(&name, self.lobby.kind, game.game().rules(), seat, seed, permit)
                }
                (_, Err(full)) => Err(self.hub.bot_pool.refusal(full, 1)),
                (None, _) => return None,
            };
            self.play.external[seat.index()] = match started {
                Ok(running) => External::Running(running),
                Err(reason) => {
                    self.bot_notice(seat, &name, "bot_replaced", &format!("could not start: {reason}"));
                    External::Replaced
                }
            };
        }
        let External::Running(running) = self.play.external.get_mut(seat.index())? else { return None };
        let decision = running.decide(seat, view, self.play.buf.clone()).await;
        let gone = running.gone;
        for fault in &decision.faults {
            let code = if fault.ended { "bot_replaced" } else { "bot_fault" };
            self.bot_notice(seat, &name, code, &fault.reason);
        }
        if gone && let Some(slot) = self.play.external.get_mut(seat.index()) {
            // Its process has ended; its place in the pool is given back.
            if let External::Running(running) = std::mem::replace(slot, External::Replaced) {
                running.end(game::Score::new(), None);
            }
        }
        if decision.faults.is_empty() { decision.action } else { None }
    }

    /// Logs what an external bot did wrong and tells the table.
    fn bot_notice(&self, seat: Seat, name: &str, code: &'static str, reason: &str) {
        let then = if code == "bot_replaced" {
            "the built-in bot plays the seat to the end of the match"
        } else {
            "the built-in bot made this decision"
        };
        let message = format!("bot {name} (seat {seat}) {reason}; {then}");
        tracing::warn!(table = %self.lobby.code, %seat, bot = %name, code, "{message}");
        self.broadcast_notice(Some(seat), code, message);
    }

    /// Whether some external bot's program runs.
    pub(super) fn external_running(&self) -> bool {
        self.play.external.iter().any(|e| matches!(e, External::Running(_)))
    }

    /// The table waits on a person: its external bots' programs end and give their places back;
    /// each starts again (as on a restored table) when its seat is next to decide.
    pub(super) fn rest_external(&mut self) {
        let mut rested = 0;
        for slot in &mut self.play.external {
            if matches!(slot, External::Running(_))
                && let External::Running(running) = std::mem::replace(slot, External::None)
            {
                running.end(game::Score::new(), None);
                rested += 1;
            }
        }
        if rested > 0 {
            tracing::info!(table = %self.lobby.code, rested, "the table waits on a person: its external bots rest");
        }
    }

    /// Tells every external bot of the match that it is over and ends its program.
    pub(super) fn end_external(&mut self) {
        let (score, outcome) = match self.play.game.as_ref() {
            Some(game) => (game.game().score(), game.game().outcome()),
            None => (game::Score::new(), None),
        };
        for slot in self.play.external.drain(..) {
            if let External::Running(running) = slot {
                running.end(score.clone(), outcome);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game::{Game, GameKind};
    use kabul::{Kabul, KabulAction};
    use rand_core::RngCore;

    /// Plays a two-seat Kabul round with seeded random choices (nobody calls Kabul) through
    /// [`play_fair`] until `reshuffles` reshuffles happened; returns the match and, per reshuffle,
    /// the discard pile (minus its top) a spectator saw just before it.
    fn kabul_with_reshuffles(salt: &[u8], reshuffles: usize) -> (Match<Kabul>, Vec<Vec<Card>>) {
        let mut m = Match::<Kabul>::new(GameKind::Kabul, game::Options::new(), Vec::new(), Seat::ZERO).expect("new");
        m.deal_random(&mut cards::seeded_rng(5)).expect("deal");
        m.current_hand_record_mut().expect("hand").salt = Some(hex::encode(salt));
        let mut rng = cards::seeded_rng(9);
        let mut seen = Vec::new();
        let mut legal = Vec::new();
        while seen.len() < reshuffles {
            let g = m.game();
            let (actor, action) = match g.to_act().iter().next() {
                Some(seat) => {
                    g.legal_actions(seat, &mut legal);
                    legal.retain(|a| *a != KabulAction::Kabul);
                    // Drawing from the deck and passing (not snapping) grows the discard pile.
                    let pick = if let Some(a) =
                        [KabulAction::DrawDeck, KabulAction::Pass].into_iter().find(|a| legal.contains(a))
                    {
                        a
                    } else {
                        legal[(rng.next_u32() as usize) % legal.len()]
                    };
                    (Actor::Seat(seat), pick)
                }
                None if g.clock_may_act() => (Actor::Clock, KabulAction::Close),
                None => panic!("the round ended before {reshuffles} reshuffles"),
            };
            let before = g.discard_pile().to_vec();
            let empty = g.draw_pile().is_empty();
            play_fair(&mut m, salt, actor, action).expect("legal");
            if empty && !m.game().draw_pile().is_empty() {
                seen.push(before[..before.len() - 1].to_vec());
            }
        }
        (m, seen)
    }

    #[test]
    fn a_kabul_reshuffle_is_shuffled_by_the_salt_and_verifies() {
        let salt = [7u8; 32];
        let (m, seen) = kabul_with_reshuffles(&salt, 1);
        assert!(seen[0].len() > 20, "{seen:?}");
        let hand = m.record().hands.last().expect("hand");
        let lists = hand.reshuffles.clone().expect("the reshuffles are recorded");
        assert_eq!(lists.len(), 1);
        for (k, (list, pile)) in lists.iter().zip(&seen).enumerate() {
            // A spectator who wrote down the discard order learns nothing about the new pile.
            assert_ne!(list, pile, "reshuffle {k} is in discard order");
            assert_eq!(*list, fair::reshuffle_order(&salt, k, pile));
        }
        // The record replays to the same state, and verify accepts it once its commitment is set.
        let mut record = m.record().clone();
        assert_eq!(Match::<Kabul>::replay(&record).expect("replays").game(), m.game());
        let replayed = replay_fair::<Kabul>(&record, Seat::ZERO).expect("restores");
        assert_eq!(replayed.game(), m.game());
        let deck = record.hands[0].deck.clone();
        record.hands[0].commitment = Some(fair::commitment(&salt, 0, &deck));
        assert_eq!(fair::verify_record(&record), Ok(1));
        // A dealer who stacked the new pile (here: left it in discard order) is caught.
        let mut forged = record.clone();
        forged.hands[0].reshuffles.as_mut().expect("lists")[0].clone_from(&seen[0]);
        let err = fair::verify_record(&forged).expect_err("a stacked reshuffle");
        assert!(err.reason.contains("reshuffle 0"), "{err}");
    }
}
