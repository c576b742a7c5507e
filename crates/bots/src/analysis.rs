//! STUB (lead's branch only; replaced by the analysis helper's module at merge).
use serde::{Deserialize, Serialize};

/// What an evaluation's values measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    /// Kout.
    Chance,
    /// Baloot.
    GamePoints,
    /// Kabul.
    RoundScore,
}

/// Values of legal actions.
#[derive(Clone, Debug)]
pub struct Evaluation<A> {
    /// Every legal action with its value, best first.
    pub actions: Vec<(A, f64)>,
    /// The unit.
    pub unit: Unit,
    /// Kout: expected tricks.
    pub tricks: Option<Vec<f64>>,
    /// Samples.
    pub samples: usize,
}
