//! Where bots run beside the tables: [`threads`], the pool of lower-priority threads the
//! built-in searching bots think on, and [`pool`], the operator's external bot programs and their
//! processes. Neither knows anything of tables or sockets: a table hands them a decision and
//! takes the answer back.

pub mod pool;
pub mod threads;

pub use self::pool::{BotPool, NamedBot, NamedBotError};
pub use self::threads::{BotThreads, PoolStats, StartError, Ticket};
