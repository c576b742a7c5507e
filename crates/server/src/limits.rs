//! Every limit the server puts on what one client may ask of it, in one place: message sizes and
//! rates per connection, tables per host, the bounds of a table's settings, upload sizes.

/// The largest message a client may send, in bytes.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;
