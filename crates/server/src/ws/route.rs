//! Where each message goes: a [`LobbyMsg`] is answered here (a pong, a new table), a
//! [`TableMsg`] goes to its table's task through the hub. The only checks made here are the
//! connection's own: how many tables it follows, its player's chat rate and budget of unknown
//! table codes, new tables per address.

use serde_json::Value;

use super::Session;
use crate::hub::TableCmd;
use crate::protocol::chat;
use crate::protocol::{ClientMsg, ErrorCode, LobbyMsg, ProtocolError, ServerMsg, TableMsg};
use crate::table::{self, NewTable};

impl Session {
    /// Routes one parsed message.
    pub(super) fn route(
        &mut self,
        msg: ClientMsg,
        id: Option<Value>,
        received: std::time::Instant,
        text: &str,
    ) -> Result<(), ProtocolError> {
        match msg {
            ClientMsg::Lobby(LobbyMsg::Ping) => {
                self.conn.send(ServerMsg::pong(id).to_text());
                Ok(())
            }
            ClientMsg::Lobby(LobbyMsg::CreateTable {
                game,
                rules,
                turn_ms,
                public,
                hints,
                rated,
                spectator_chat,
                invite_only,
            }) => {
                let settings = NewTable { turn_ms, public, hints, rated, spectator_chat, invite_only };
                self.create_table(&game, rules, settings, id, received)
            }
            ClientMsg::Table(msg) => self.send_to_table(msg, id, received, text),
        }
    }

    /// Opens a table with this connection's player as host, and seats them.
    fn create_table(
        &mut self,
        game: &str,
        rules: Option<serde_json::Map<String, Value>>,
        settings: NewTable,
        id: Option<Value>,
        received: std::time::Instant,
    ) -> Result<(), ProtocolError> {
        self.may_follow(None)?;
        if let Some(ip) = self.ip
            && !self.hub.table_rate.check(ip.to_string())
        {
            let limits = &self.hub.config.limits;
            return Err(ProtocolError::new(
                ErrorCode::RateLimited,
                format!(
                    "too many new tables from one address: at most {} at once and {} a minute; try again in a minute",
                    limits.table_burst, limits.tables_per_minute
                ),
            ));
        }
        let code = table::create(&self.hub, &self.conn, game, rules, settings)?;
        self.joined.insert(code.clone());
        let join = TableMsg::Join { table: code.clone(), seat: Some(0), invite: None };
        self.hub.send(&code, TableCmd::Msg { conn: self.conn.clone(), msg: join, id, received })
    }

    /// Hands a message to its table.
    fn send_to_table(
        &mut self,
        msg: TableMsg,
        id: Option<Value>,
        received: std::time::Instant,
        text: &str,
    ) -> Result<(), ProtocolError> {
        if let TableMsg::Chat { text, phrase, .. } = &msg {
            // The words are checked before they cost the socket any of its chat rate; who may
            // say them where is the table's to decide.
            chat::check(text.as_deref(), phrase.as_deref())?;
            self.chat_allowed()?;
        }
        let code = msg.table().trim().to_ascii_uppercase();
        self.guesses_spent(&code)?;
        self.may_follow(Some(&code))?;
        if self.hub.cluster().is_some() {
            // The table may live on another node: the forwarder finds it, in order.
            let remote =
                self.remote.get_or_insert_with(|| super::remote::Forwarder::start(&self.hub, &self.conn, self.ip));
            remote.send(code.clone(), msg, id, received, text.into());
            self.joined.insert(code);
            return Ok(());
        }
        self.hub.send(&code, TableCmd::Msg { conn: self.conn.clone(), msg, id, received })?;
        self.joined.insert(code);
        Ok(())
    }

    /// Takes one chat message from the player's budget, which all their sockets and tables
    /// share; the refusal when it is spent.
    fn chat_allowed(&self) -> Result<(), ProtocolError> {
        if self.hub.chat_rate.take(&self.conn.player.id) {
            return Ok(());
        }
        let limits = &self.hub.config.limits;
        Err(ProtocolError::new(
            ErrorCode::RateLimited,
            format!(
                "too many chat messages: at most {} at once, then one every {} s, over all your connections",
                limits.chat_burst.max(1),
                limits.chat_every.as_secs_f64()
            ),
        ))
    }

    /// Refuses a message that would make the socket follow one table more than the limit allows
    /// (every table a socket follows sends it frames).
    fn may_follow(&self, code: Option<&str>) -> Result<(), ProtocolError> {
        let max = self.hub.config.limits.max_watched_tables;
        if code.is_some_and(|c| self.joined.contains(c)) || self.joined.len() < max {
            return Ok(());
        }
        Err(ProtocolError::new(
            ErrorCode::BadRequest,
            format!("one connection may follow at most {max} tables; open another connection for more"),
        ))
    }
}
