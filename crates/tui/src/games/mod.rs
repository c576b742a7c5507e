//! Each game's part of the screen: its [`crate::GameUi`] implementation.

pub mod baloot;
pub mod kabul;
pub mod kout;
