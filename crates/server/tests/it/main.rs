//! The server's integration tests, one module per subject, in one test binary: each binary links the
//! whole server, and one link (and one copy of its generic code) instead of nineteen takes minutes
//! off a cold build. Run one subject with a filter: `cargo test -p server --test it tournament::`.

mod common;

mod abuse;
mod accounts;
mod analysis;
mod bot_threads;
mod chat;
mod daily;
mod durability;
mod external;
mod fair;
mod fuzz;
mod http_protocol;
mod leases;
mod metrics;
mod protocol;
mod ratings;
mod replay;
mod sockets;
mod store;
mod tournament;
