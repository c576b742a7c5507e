//! Quick bounds, the part both games share: how what a game can tell of a position without
//! searching it (the most the counted team can still take, what each team is sure to take) cuts a
//! search window short, and what a search's result then proves.
//!
//! What each team is sure of is the game's to say (`baloot/bounds.rs`: top trumps and cashing
//! points; `kout/bounds.rs`: top trumps, cashing tricks, a trick already won).

/// What a search of a position can settle from the window alone: a value that lies at or below
/// `alpha` or at or above `beta` whatever the play. `cap` is the most the counted team can still
/// take; it takes at least nothing.
#[inline]
pub(crate) fn outside_window(cap: i32, alpha: i32, beta: i32) -> Option<i32> {
    if cap <= alpha {
        Some(cap)
    } else if beta <= 0 {
        Some(0)
    } else {
        None
    }
}

/// What each team is sure to take from a position, in the value's unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sure {
    /// The counted team's.
    pub ours: i32,
    /// The other team's.
    pub theirs: i32,
}

impl Sure {
    /// A value that settles a search of window `alpha..beta` with at most `cap` left: the counted
    /// team is sure of `beta`, or the other team of enough to hold it to `alpha`.
    #[inline]
    pub(crate) fn cut(self, cap: i32, alpha: i32, beta: i32) -> Option<i32> {
        if self.ours >= beta {
            Some(self.ours)
        } else if cap - self.theirs <= alpha {
            Some(cap - self.theirs)
        } else {
            None
        }
    }

    /// The bounds on the exact value that a fail-soft search result `best` in window
    /// `alpha..beta` proves, narrowed by what each team is sure of: `(lower, upper)`.
    #[inline]
    pub(crate) fn proven(self, best: i32, cap: i32, alpha: i32, beta: i32) -> (i32, i32) {
        if best <= alpha {
            (self.ours, best)
        } else if best >= beta {
            (best, cap - self.theirs)
        } else {
            (best, best)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sure_values_cut_and_bound() {
        assert_eq!(outside_window(3, 3, 4), Some(3));
        assert_eq!(outside_window(5, -1, 0), Some(0));
        assert_eq!(outside_window(5, 2, 3), None);
        let sure = Sure { ours: 2, theirs: 3 };
        assert_eq!(sure.cut(9, 4, 5), None);
        assert_eq!(sure.cut(9, 1, 2), Some(2));
        assert_eq!(sure.cut(9, 6, 7), Some(6));
        assert_eq!(sure.proven(4, 9, 4, 5), (2, 4));
        assert_eq!(sure.proven(5, 9, 4, 5), (5, 6));
        assert_eq!(sure.proven(5, 9, 3, 7), (5, 5));
    }
}
