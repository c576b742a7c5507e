//! Seats, teams and containers indexed by them.

use std::fmt;
use std::ops::{Index, IndexMut};

use arrayvec::ArrayVec;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most seats any game has (Kout Bo 6, Kabul with six players).
pub const MAX_SEATS: usize = 6;

/// A seat at the table, numbered 0.. in the order of play ("seat + 1" is the next player).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Seat(u8);

impl Seat {
    /// Seat 0.
    pub const ZERO: Seat = Seat(0);

    /// The seat numbered `i`, if `i` is below [`MAX_SEATS`].
    #[must_use]
    pub const fn new(i: usize) -> Option<Seat> {
        if i < MAX_SEATS { Some(Seat(i as u8)) } else { None }
    }

    /// The seat's number.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in the order of play at a table of `seats`.
    #[must_use]
    pub const fn next(self, seats: usize) -> Seat {
        self.offset(1, seats)
    }

    /// The seat `k` places after this one at a table of `seats`.
    #[must_use]
    pub const fn offset(self, k: usize, seats: usize) -> Seat {
        Seat(((self.0 as usize + k) % seats) as u8)
    }

    /// How many places after `from` this seat sits (0 when equal) at a table of `seats`.
    #[must_use]
    pub const fn distance_from(self, from: Seat, seats: usize) -> usize {
        (self.0 as usize + seats - from.0 as usize) % seats
    }

    /// The team of this seat in the team games: even seats are team 0, odd seats team 1
    /// (Kout Bo 6: 0,2,4 vs 1,3,5; Kout Bo 4 and Baloot: 0,2 vs 1,3).
    #[must_use]
    pub const fn team(self) -> Team {
        Team(self.0 & 1)
    }

    /// The seats of a table of `n`, in order.
    pub fn all(n: usize) -> impl DoubleEndedIterator<Item = Seat> + Clone {
        (0..n.min(MAX_SEATS)).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Debug for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Seat({})", self.0)
    }
}

impl Serialize for Seat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Seat {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let i = u8::deserialize(deserializer)?;
        Seat::new(i as usize).ok_or_else(|| serde::de::Error::custom(format!("seat {i} does not exist")))
    }
}

/// A set of seats (who may act now: one seat in the trick games, several during a Kabul snap window).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct SeatSet(u8);

impl SeatSet {
    /// No seat.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding just `seat`.
    #[must_use]
    pub const fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat.0)
    }

    /// The seats of a table of `n`.
    #[must_use]
    pub const fn all(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// Whether `seat` is in the set.
    #[must_use]
    pub const fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat.0) != 0
    }

    /// Adds `seat`.
    pub fn insert(&mut self, seat: Seat) {
        self.0 |= 1 << seat.0;
    }

    /// Removes `seat`.
    pub fn remove(&mut self, seat: Seat) {
        self.0 &= !(1 << seat.0);
    }

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many seats.
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest seat in the set.
    #[must_use]
    pub const fn first(self) -> Option<Seat> {
        if self.0 == 0 { None } else { Some(Seat(self.0.trailing_zeros() as u8)) }
    }

    /// The seats, lowest first.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Seat> + Clone {
        (0..MAX_SEATS as u8).filter(move |i| self.0 & (1 << i) != 0).map(Seat)
    }
}

impl FromIterator<Seat> for SeatSet {
    fn from_iter<I: IntoIterator<Item = Seat>>(iter: I) -> Self {
        let mut set = SeatSet::EMPTY;
        for seat in iter {
            set.insert(seat);
        }
        set
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(Seat::index)).finish()
    }
}

impl Serialize for SeatSet {
    /// A list of seat numbers.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SeatSet {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Vec::<Seat>::deserialize(deserializer)?.into_iter().collect())
    }
}

/// One of the two teams of a trick game: team 0 holds the even seats, team 1 the odd ones.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Team(u8);

impl Team {
    /// Team 0 (seats 0, 2, 4).
    pub const ZERO: Team = Team(0);
    /// Team 1 (seats 1, 3, 5).
    pub const ONE: Team = Team(1);
    /// Both teams.
    pub const BOTH: [Team; 2] = [Team::ZERO, Team::ONE];

    /// Team 0 or 1.
    #[must_use]
    pub const fn new(i: usize) -> Option<Team> {
        match i {
            0 => Some(Team(0)),
            1 => Some(Team(1)),
            _ => None,
        }
    }

    /// 0 or 1.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The other team.
    #[must_use]
    pub const fn other(self) -> Team {
        Team(self.0 ^ 1)
    }

    /// Whether `seat` belongs to this team.
    #[must_use]
    pub const fn has(self, seat: Seat) -> bool {
        seat.team().0 == self.0
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Serialize for Team {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Team {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let i = u8::deserialize(deserializer)?;
        Team::new(i as usize).ok_or_else(|| serde::de::Error::custom(format!("team {i} does not exist")))
    }
}

/// One value per seat of a table (2 to 6 seats), indexed by [`Seat`]. Serialized as a list.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct BySeat<T>(ArrayVec<T, MAX_SEATS>);

impl<T> BySeat<T> {
    /// A value for each of the `n` seats, from `f(seat)`.
    ///
    /// # Panics
    /// Panics if `n` exceeds [`MAX_SEATS`].
    pub fn from_fn(n: usize, mut f: impl FnMut(Seat) -> T) -> Self {
        assert!(n <= MAX_SEATS, "at most {MAX_SEATS} seats");
        BySeat(Seat::all(n).map(&mut f).collect())
    }

    /// How many seats.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no seats.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of `seat`, if the table has that seat.
    #[must_use]
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    /// The value of `seat`, mutably, if the table has that seat.
    #[must_use]
    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        self.0.get_mut(seat.index())
    }

    /// The values in seat order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + ExactSizeIterator {
        self.0.iter()
    }

    /// The values in seat order, mutably.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut T> + ExactSizeIterator {
        self.0.iter_mut()
    }

    /// `(seat, value)` pairs in seat order.
    pub fn seats(&self) -> impl DoubleEndedIterator<Item = (Seat, &T)> + ExactSizeIterator {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// The values as a slice.
    #[must_use]
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }

    /// Applies `f` to every value.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> BySeat<U> {
        BySeat(self.seats().map(|(s, v)| f(s, v)).collect())
    }
}

impl<T: Clone> BySeat<T> {
    /// The same value for each of the `n` seats.
    pub fn filled(n: usize, value: T) -> Self {
        BySeat::from_fn(n, |_| value.clone())
    }
}

impl<T> Index<Seat> for BySeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for BySeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for BySeat<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(deserializer)?;
        if items.len() > MAX_SEATS {
            return Err(serde::de::Error::custom("more than 6 seats"));
        }
        Ok(BySeat(items.into_iter().collect()))
    }
}

/// One value per team, indexed by [`Team`]. Serialized as a two-element list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ByTeam<T>(pub [T; 2]);

impl<T> ByTeam<T> {
    /// A value for each team, from `f(team)`.
    pub fn from_fn(mut f: impl FnMut(Team) -> T) -> Self {
        ByTeam([f(Team::ZERO), f(Team::ONE)])
    }

    /// `(team, value)` pairs.
    pub fn teams(&self) -> impl Iterator<Item = (Team, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Team(i as u8), v))
    }
}

impl<T> Index<Team> for ByTeam<T> {
    type Output = T;
    fn index(&self, team: Team) -> &T {
        &self.0[team.index()]
    }
}

impl<T> IndexMut<Team> for ByTeam<T> {
    fn index_mut(&mut self, team: Team) -> &mut T {
        &mut self.0[team.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_alternate_so_partners_never_sit_side_by_side() {
        for n in [4, 6] {
            for seat in Seat::all(n) {
                assert_ne!(seat.team(), seat.next(n).team());
            }
        }
    }

    #[test]
    fn seat_arithmetic_wraps() {
        let s = Seat::new(5).expect("seat");
        assert_eq!(s.next(6).index(), 0);
        assert_eq!(s.offset(3, 4).index(), 0);
        assert_eq!(Seat::new(1).expect("seat").distance_from(s, 6), 2);
        assert!(Seat::new(6).is_none());
    }

    #[test]
    fn seat_set_basics() {
        let mut set = SeatSet::all(4);
        assert_eq!(set.len(), 4);
        set.remove(Seat(2));
        assert!(!set.contains(Seat(2)));
        assert_eq!(set.iter().map(Seat::index).collect::<Vec<_>>(), vec![0, 1, 3]);
        assert_eq!(serde_json::to_string(&set).expect("json"), "[0,1,3]");
        assert_eq!(SeatSet::all(6).len(), 6);
    }
}
