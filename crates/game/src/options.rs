//! Named values in JSON: the rule options of a record, and the parameters of a refusal.

/// Rule options as they appear in a record's `"rules"` object: option name to JSON value.
pub type Options = serde_json::Map<String, serde_json::Value>;
