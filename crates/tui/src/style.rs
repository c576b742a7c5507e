//! Colours (or none, with `NO_COLOR`), how cards and choices look, and the order of a hand.

use cards::{Card, Suit};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::Span;

use crate::choice::Choice;

/// The styles of the screen. Without colour only modifiers remain (bold, dim, reversed), so legal
/// choices and the cursor still stand out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Whether colours are used.
    pub color: bool,
}

impl Palette {
    fn fg(self, color: Color) -> Style {
        if self.color { Style::new().fg(color) } else { Style::new() }
    }

    /// A card's face: red suits (and the red joker) in red.
    #[must_use]
    pub fn card(self, card: Card) -> Style {
        if card.is_red() { self.fg(Color::Red) } else { Style::new() }
    }

    /// A suit symbol on its own.
    #[must_use]
    pub fn suit(self, suit: Suit) -> Style {
        if suit.is_red() { self.fg(Color::Red) } else { Style::new() }
    }

    /// A refusal: why a choice is not allowed.
    #[must_use]
    pub fn refusal(self) -> Style {
        self.fg(Color::LightRed).add_modifier(Modifier::BOLD)
    }

    /// A notice that is not a refusal.
    #[must_use]
    pub fn info(self) -> Style {
        self.fg(Color::Cyan)
    }

    /// Titles and the turn marker.
    #[must_use]
    pub fn accent(self) -> Style {
        self.fg(Color::Yellow).add_modifier(Modifier::BOLD)
    }

    /// Text of lesser importance.
    #[must_use]
    pub fn faint(self) -> Style {
        self.fg(Color::DarkGray)
    }

    /// The header bar.
    #[must_use]
    pub fn header(self) -> Style {
        if self.color {
            Style::new().fg(Color::Black).bg(Color::Cyan).add_modifier(Modifier::BOLD)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
        }
    }

    /// A face-down card.
    #[must_use]
    pub fn back(self) -> Style {
        self.fg(Color::Blue)
    }

    /// `base` as a choice: legal ones bold, illegal ones dim, the one under the cursor reversed.
    #[must_use]
    pub fn choice(self, base: Style, legal: bool, cursor: bool) -> Style {
        let mut style = if legal { base.add_modifier(Modifier::BOLD) } else { base.add_modifier(Modifier::DIM) };
        if legal && self.color {
            style = style.bg(Color::Rgb(40, 40, 40));
        }
        if cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        style
    }
}

/// The suits in the order a hand shows them: trump first, then the others so that colours
/// alternate (♠ ♥ ♣ ♦ turned to start at trump).
#[must_use]
pub fn suit_order(trump: Option<Suit>) -> [Suit; 4] {
    const BASE: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    let start = trump.and_then(|t| BASE.iter().position(|&s| s == t)).unwrap_or(0);
    std::array::from_fn(|i| BASE[(start + i) % 4])
}

/// A choice's button text: `[5 bid 5]`, with brackets around the one under the cursor.
#[must_use]
pub fn button<A>(palette: Palette, choice: &Choice<A>, cursor: bool) -> Span<'static> {
    let key = choice.keys.first().map(|k| format!("{k} ")).unwrap_or_default();
    let text = if cursor { format!("[{key}{}]", choice.label) } else { format!(" {key}{} ", choice.label) };
    Span::styled(text, palette.choice(Style::new(), choice.legal, cursor))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trump_comes_first_and_colours_alternate() {
        for trump in Suit::ALL {
            let order = suit_order(Some(trump));
            assert_eq!(order[0], trump);
            for pair in order.windows(2) {
                assert_ne!(pair[0].is_red(), pair[1].is_red(), "{order:?}");
            }
        }
        assert_eq!(suit_order(None), [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds]);
    }

    #[test]
    fn no_colour_leaves_only_modifiers() {
        let plain = Palette { color: false };
        let heart = Card::new(cards::Rank::Ace, Suit::Hearts);
        assert_eq!(plain.card(heart).fg, None);
        assert_eq!(plain.refusal().fg, None);
        let cursor = plain.choice(Style::new(), true, true);
        assert!(cursor.add_modifier.contains(Modifier::REVERSED) && cursor.bg.is_none());
        assert_eq!(Palette { color: true }.card(heart).fg, Some(Color::Red));
    }
}
