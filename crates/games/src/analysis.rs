//! STUB (lead's branch only; replaced by the analysis helper's module at merge).
#![allow(missing_docs)]
use bots::analysis::Unit;
use serde::{Deserialize, Serialize};

pub struct AnalyzeOptions {
    pub seat: Option<usize>,
    pub ms: u32,
    pub seed: u64,
}
pub const DEFAULT_ANALYZE_MS: u32 = 60;
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Analysis {
    pub game: String,
    pub unit: Unit,
    pub ms: u32,
    pub thresholds: Thresholds,
    pub hands: Vec<HandAnalysis>,
}
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Thresholds {
    pub inaccuracy: f64,
    pub mistake: f64,
    pub blunder: f64,
}
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct HandAnalysis {
    pub hand: usize,
    pub decisions: Vec<Decision>,
}
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Decision {
    pub action: usize,
    pub seat: usize,
    pub played: String,
    pub best: String,
    pub values: Vec<(String, f64)>,
    pub tricks: Option<Vec<f64>>,
    pub loss: f64,
    pub mark: Mark,
    pub samples: usize,
}
pub fn analyze(
    record: &game::Record,
    _opts: &AnalyzeOptions,
    _progress: &mut dyn FnMut(usize, usize),
) -> Result<Analysis, game::RecordError> {
    Ok(Analysis {
        game: record.game.to_string(),
        unit: Unit::Chance,
        ms: 0,
        thresholds: Thresholds { inaccuracy: 0.0, mistake: 0.0, blunder: 0.0 },
        hands: Vec::new(),
    })
}
