//! The terminal: raw mode and the alternate screen, keys in, frames out. The only IO of the crate.

use std::io;
use std::time::{Duration, Instant};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use crate::app::Screen;
use crate::choice::Key;

/// The longest wait between two frames: countdowns and cards shown for a while need redrawing.
const MAX_WAIT: Duration = Duration::from_millis(100);

/// Runs `screen` in the terminal until the person leaves; the terminal is restored afterwards,
/// also when drawing fails.
///
/// # Errors
/// The terminal cannot be set up, read or drawn to.
pub fn run(screen: &mut dyn Screen) -> io::Result<()> {
    let mut terminal = ratatui::try_init()?;
    let result = event_loop(&mut terminal, screen);
    let restored = ratatui::try_restore();
    result.and(restored)
}

fn event_loop(terminal: &mut DefaultTerminal, screen: &mut dyn Screen) -> io::Result<()> {
    loop {
        let now = Instant::now();
        screen.tick(now);
        terminal.draw(|frame| screen.render(frame, now))?;
        if screen.should_exit() {
            return Ok(());
        }
        let wait = screen.next_event().map_or(MAX_WAIT, |t| t.saturating_duration_since(Instant::now())).min(MAX_WAIT);
        if event::poll(wait)? {
            if let Event::Key(k) = event::read()? {
                if k.kind != KeyEventKind::Release {
                    if let Some(key) = key_of(k) {
                        screen.handle_key(key, Instant::now());
                    }
                }
            }
        }
    }
}

/// The key of a terminal key event, if the game uses it.
#[must_use]
pub fn key_of(event: KeyEvent) -> Option<Key> {
    if event.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(event.code, KeyCode::Char('c' | 'C')).then_some(Key::CtrlC);
    }
    Some(match event.code {
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Esc => Key::Esc,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_map_and_ctrl_c_leaves() {
        assert_eq!(key_of(KeyEvent::from(KeyCode::Char('q'))), Some(Key::Char('q')));
        assert_eq!(key_of(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)), Some(Key::CtrlC));
        assert_eq!(key_of(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::CONTROL)), None);
        assert_eq!(key_of(KeyEvent::from(KeyCode::F(5))), None);
    }
}
