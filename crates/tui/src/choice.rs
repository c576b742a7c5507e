//! What a person can do on the screen: key presses, and the choices the screen offers.

use cards::Card;
use game::Seat;

/// A key press as the screen logic understands it, independent of the terminal library, so the
/// logic can be driven by tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A printable character.
    Char(char),
    /// Enter (Return).
    Enter,
    /// Escape.
    Esc,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Tab.
    Tab,
    /// Shift+Tab.
    BackTab,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Home.
    Home,
    /// End.
    End,
    /// Ctrl+C: leave at once (the match is still saved).
    CtrlC,
}

/// What choosing a [`Choice`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Intent<A> {
    /// Perform this action (the engine checks it and says why if it is refused).
    Act(A),
    /// A first step that needs a second one (Kabul: the first card of a switch). The token is the
    /// game's own encoding of what was marked.
    Mark(u16),
}

/// Where a choice is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A button in the row of actions.
    Button,
    /// A card of the player's hand.
    Card(Card),
    /// A slot of a Kabul grid.
    Slot {
        /// Whose grid.
        seat: Seat,
        /// Which slot of it.
        slot: u8,
    },
}

/// One thing the person may choose now: a card, a bid, a grid slot. Illegal choices are offered
/// too (dimmed), so that trying one shows the engine's reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<A> {
    /// What choosing it does.
    pub intent: Intent<A>,
    /// The words on the button (or the card's label).
    pub label: String,
    /// Shortcut keys that choose it directly (lower case).
    pub keys: Vec<char>,
    /// Where it is drawn.
    pub place: Place,
    /// Choices of one group sit together (one Kabul grid, the buttons); up and down move between
    /// groups.
    pub group: u8,
    /// Whether the rules allow it now (legal choices are highlighted).
    pub legal: bool,
    /// For a [`Intent::Mark`] that is not allowed: why, in words.
    pub refusal: Option<String>,
}

impl<A> Choice<A> {
    /// A choice that performs `action`, drawn at `place`.
    pub fn act(action: A, label: impl Into<String>, place: Place, legal: bool) -> Self {
        Choice {
            intent: Intent::Act(action),
            label: label.into(),
            keys: Vec::new(),
            place,
            group: 0,
            legal,
            refusal: None,
        }
    }

    /// The same choice with shortcut keys.
    #[must_use]
    pub fn with_keys(mut self, keys: &[char]) -> Self {
        self.keys = keys.to_vec();
        self
    }

    /// The same choice in group `group`.
    #[must_use]
    pub fn in_group(mut self, group: u8) -> Self {
        self.group = group;
        self
    }

    /// The action it performs, if it performs one.
    pub fn action(&self) -> Option<&A> {
        match &self.intent {
            Intent::Act(a) => Some(a),
            Intent::Mark(_) => None,
        }
    }
}
