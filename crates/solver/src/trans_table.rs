//! The transposition table: bounds on the value of a position at the start of a trick, keyed by
//! the cards left and the leader, in a fixed-size array allocated once.
//!
//! Every solve of a new deal starts a new *generation* instead of clearing the array, so starting
//! costs nothing; entries of older generations read as empty. Each bucket holds two entries: one
//! kept for the position with the most tricks left (its subtree was the most expensive), one
//! always replaced.

/// A table key: a position at the start of a trick, in a form that identifies it exactly.
pub trait Key: Copy + Eq + Default + std::fmt::Debug {
    /// 64 well-mixed bits of the key.
    fn hash(&self) -> u64;
}

impl Key for u64 {
    #[inline]
    fn hash(&self) -> u64 {
        *self
    }
}

impl Key for [u64; 4] {
    #[inline]
    fn hash(&self) -> u64 {
        self[0]
            ^ self[1].wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(31)
            ^ self[2].wrapping_mul(0x1656_67B1_9E37_79F9).rotate_left(17)
            ^ self[3].wrapping_mul(0x27D4_EB2F_1656_67C5)
    }
}

/// One stored position: its key, the generation that wrote it and the bounds on its value.
#[derive(Clone, Copy, Debug, Default)]
struct Entry<K> {
    key: K,
    stamp: u16,
    lower: u8,
    upper: u8,
    /// The move that was best or caused the cut-off (solver-specific card index; `NO_MOVE` if none).
    best: u8,
    /// Tricks left in the position: the size of the subtree the bounds cost.
    depth: u8,
}

/// No move stored.
pub(crate) const NO_MOVE: u8 = u8::MAX;

/// What the table knows of a position: `lower <= value <= upper`, and the best move found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub lower: u8,
    pub upper: u8,
    pub best: u8,
}

/// A fixed-size transposition table of `2^bits` buckets. (Not `Table`: that word names the
/// server's card table.)
#[derive(Clone, Debug)]
pub(crate) struct TransTable<K> {
    entries: Vec<Entry<K>>,
    shift: u32,
    stamp: u16,
}

impl<K: Key> TransTable<K> {
    /// A table of `2^bits` buckets of two entries; `bits` is clamped to 4–26.
    pub(crate) fn new(bits: u32) -> TransTable<K> {
        let bits = bits.clamp(4, 26);
        TransTable { entries: vec![Entry::default(); 2 << bits], shift: 64 - bits, stamp: 1 }
    }

    /// Forgets every entry (in O(1) except once every 65535 generations).
    pub(crate) fn next_generation(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.entries.fill(Entry::default());
            self.stamp = 1;
        }
    }

    #[inline]
    fn bucket(&self, key: &K) -> usize {
        // Fibonacci hashing: the top bits of the product mix every bit of the key.
        ((key.hash().wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift) as usize) * 2
    }

    /// The bounds stored for `key` in this generation.
    #[inline]
    pub(crate) fn probe(&self, key: K) -> Option<Bounds> {
        let i = self.bucket(&key);
        let pair = self.entries.get(i..i + 2)?;
        pair.iter().find(|e| e.key == key && e.stamp == self.stamp).map(|e| Bounds {
            lower: e.lower,
            upper: e.upper,
            best: e.best,
        })
    }

    /// Records `lower <= value <= upper` for `key` (narrowing what is already known of it).
    #[inline]
    pub(crate) fn store(&mut self, key: K, depth: u8, lower: u8, upper: u8, best: u8) {
        let stamp = self.stamp;
        let i = self.bucket(&key);
        let Some(pair) = self.entries.get_mut(i..i + 2) else { return };
        if let Some(e) = pair.iter_mut().find(|e| e.key == key && e.stamp == stamp) {
            e.lower = e.lower.max(lower);
            e.upper = e.upper.min(upper);
            if best != NO_MOVE {
                e.best = best;
            }
            return;
        }
        let new = Entry { key, stamp, lower, upper, best, depth };
        if pair[0].stamp != stamp || depth >= pair[0].depth {
            pair[1] = pair[0];
            pair[0] = new;
        } else {
            pair[1] = new;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_narrow_and_generations_forget() {
        let mut t = TransTable::<u64>::new(4);
        assert_eq!(t.probe(7), None);
        t.store(7, 3, 10, 200, NO_MOVE);
        t.store(7, 3, 0, 150, 5);
        assert_eq!(t.probe(7), Some(Bounds { lower: 10, upper: 150, best: 5 }));
        t.next_generation();
        assert_eq!(t.probe(7), None);
    }

    #[test]
    fn a_bucket_keeps_the_deepest_entry() {
        let mut t = TransTable::<u64>::new(4);
        // Keys that land in one bucket: same top bits of the hash.
        let keys: Vec<u64> = (0..10_000u64).filter(|&k| t.bucket(&k) == t.bucket(&0)).take(3).collect();
        t.store(keys[0], 8, 1, 1, NO_MOVE);
        t.store(keys[1], 2, 2, 2, NO_MOVE);
        t.store(keys[2], 1, 3, 3, NO_MOVE);
        assert!(t.probe(keys[0]).is_some(), "the deep entry stays");
        assert!(t.probe(keys[1]).is_none(), "the shallow one was replaced");
        assert!(t.probe(keys[2]).is_some());
    }
}
