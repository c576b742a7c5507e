//! Saving a match as a record file.

use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use game::{GameKind, Record};

/// Where a match is saved when no file is given: `<data dir>/majlis/games/<UTC time>-<game>.json`
/// (the data directory of the platform: `~/.local/share` on Linux). `None` if the platform has
/// none.
#[must_use]
pub fn default_save_path(kind: GameKind, now: SystemTime) -> Option<PathBuf> {
    let dir = dirs::data_dir()?.join("majlis").join("games");
    Some(dir.join(format!("{}-{}.json", timestamp(now), kind.id())))
}

/// Writes `record` to `path` as pretty JSON, creating the directories it needs.
///
/// # Errors
/// The directory cannot be created or the file cannot be written.
pub fn save(record: &Record, path: &Path) -> io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let mut text = record.to_json_pretty();
    text.push('\n');
    std::fs::write(path, text)
}

/// `YYYYMMDD-HHMMSS` in UTC.
fn timestamp(now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rest = secs % 86_400;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}{month:02}{day:02}-{:02}{:02}{:02}", rest / 3600, rest / 60 % 60, rest % 60)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_calendar_times() {
        assert_eq!(timestamp(UNIX_EPOCH), "19700101-000000");
        // 2024-02-29 13:45:07 UTC, a leap day.
        assert_eq!(timestamp(UNIX_EPOCH + Duration::from_secs(1_709_214_307)), "20240229-134507");
        assert_eq!(timestamp(UNIX_EPOCH + Duration::from_secs(951_782_400)), "20000229-000000");
    }

    #[test]
    fn default_path_names_the_game() {
        if let Some(p) = default_save_path(GameKind::Baloot, UNIX_EPOCH) {
            assert!(p.ends_with("majlis/games/19700101-000000-baloot.json"), "{}", p.display());
        }
    }
}
