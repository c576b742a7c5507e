//! Kout Bo (placeholder until the Kout solver lands).

/// The Kout Bo position (to come).
#[derive(Debug)]
pub struct KoutPosition;

/// The Kout Bo solver (to come).
#[derive(Debug)]
pub struct KoutSolver;
