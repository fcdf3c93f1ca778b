//! Rule sets and variants (`docs/rules.md`) and legal-move generation.

use crate::card::Card;
use crate::error::{quoted, Error, Result};
use std::fmt;
use std::str::FromStr;

/// Which moves are allowed, and when dealing is allowed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Nothing compulsory; deal whenever the stock lasts.
    Modern,
    /// Dick (1883): must move; leftmost movable pile; nearest target.
    Strict,
    /// As `Strict`, but the farthest target.
    StrictLeap,
    /// Must move, free choice of move, no deal while a move exists.
    Parlett,
    /// UVa 127, the judge's rules of Accordian Patience (`crate::accordian`):
    /// must move; the leftmost card that can move, three places rather than
    /// one. It is strict-leap's convention, and Accordion is not played under
    /// it (the bindings refuse it there; the core would play it as strict-leap).
    Uva,
}

impl RuleSet {
    /// Accordion's rule sets.
    pub const ALL: [RuleSet; 4] = [
        RuleSet::Modern,
        RuleSet::Strict,
        RuleSet::StrictLeap,
        RuleSet::Parlett,
    ];

    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Modern => "modern",
            RuleSet::Strict => "strict",
            RuleSet::StrictLeap => "strict-leap",
            RuleSet::Parlett => "parlett",
            RuleSet::Uva => "uva",
        }
    }

    /// A move must be made whenever one exists.
    pub fn must_move(self) -> bool {
        self != RuleSet::Modern
    }

    /// At most one action is ever legal: the game is fixed by the shuffle.
    pub fn is_automatic(self) -> bool {
        matches!(self, RuleSet::Strict | RuleSet::StrictLeap | RuleSet::Uva)
    }

    /// A forced move goes to the farthest target (`strict-leap`, `uva`).
    pub fn prefers_leap(self) -> bool {
        matches!(self, RuleSet::StrictLeap | RuleSet::Uva)
    }
}

impl FromStr for RuleSet {
    type Err = Error;

    /// Any rule set's name, Accordion's four and `uva`.
    fn from_str(text: &str) -> Result<RuleSet> {
        RuleSet::ALL
            .into_iter()
            .chain([RuleSet::Uva])
            .find(|set| set.name() == text.trim().to_ascii_lowercase())
            .ok_or_else(|| {
                Error::InvalidRules(format!(
                    "unknown rule set {} (known: modern, strict, strict-leap, parlett, uva)",
                    quoted(text)
                ))
            })
    }
}

/// A set of move distances, each 1 to 51, as a bit mask (bit `d` = distance `d`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Distances(u64);

impl Distances {
    /// The classic slide (1) and leap (3).
    pub const CLASSIC: Distances = Distances(0b1010);

    /// The set of `distances`; any value outside 1..=51 is refused, by its value.
    pub fn new(distances: &[i128]) -> Result<Distances> {
        if distances.is_empty() {
            return Err(Error::InvalidRules("the distance set is empty".into()));
        }
        let mut mask = 0u64;
        for &d in distances {
            if !(1..=51).contains(&d) {
                return Err(Error::InvalidRules(format!(
                    "distance {d} is out of range: distances are 1 to 51"
                )));
            }
            mask |= 1 << d;
        }
        Ok(Distances(mask))
    }

    /// Increasing.
    /// Increasing. Walks the set bits only: move generation calls this for
    /// every pile, so scanning all 51 candidate distances would dominate it.
    pub fn iter(self) -> impl Iterator<Item = usize> + Clone {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let d = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(d)
        })
    }

    pub fn contains(self, d: usize) -> bool {
        d < 64 && self.0 >> d & 1 == 1
    }

    pub fn max(self) -> usize {
        63 - self.0.leading_zeros() as usize
    }
}

impl FromStr for Distances {
    type Err = Error;

    /// Comma-separated, e.g. `1,3` or `2,3`.
    fn from_str(text: &str) -> Result<Distances> {
        let values = text
            .split(',')
            .map(|part| {
                part.trim().parse::<i128>().map_err(|_| {
                    Error::InvalidRules(format!(
                        "bad distance {} in {}",
                        quoted(part),
                        quoted(text)
                    ))
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Distances::new(&values)
    }
}

impl fmt::Display for Distances {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.iter().map(|d| d.to_string()).collect();
        f.write_str(&parts.join(","))
    }
}

/// A rule set with its variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub set: RuleSet,
    /// Piles may also move rightwards.
    pub two_way: bool,
    pub distances: Distances,
    /// The game is won at this many piles or fewer (1; PySolFC's 23 Skidoo: 2).
    pub win_piles: usize,
    /// The goal card (PySolFC's Accordion's Revenge): the game is won only with
    /// it on top of the last pile. A covered card never comes back to the top,
    /// so a move onto the goal card could only lose: it is not allowed, and a
    /// row of one pile then has the goal on top.
    pub goal: Option<Card>,
}

impl Rules {
    pub fn new(set: RuleSet) -> Rules {
        Rules {
            set,
            two_way: false,
            distances: Distances::CLASSIC,
            win_piles: 1,
            goal: None,
        }
    }

    /// Won at `piles` piles or fewer (1 to 52).
    pub fn with_win_piles(mut self, piles: usize) -> Result<Rules> {
        if !(1..=52).contains(&piles) {
            return Err(Rules::bad_win_piles(piles));
        }
        self.win_piles = piles;
        Ok(self)
    }

    /// The error for a number of winning piles out of 1 to 52 (`shown` as given,
    /// which may be negative or too large for a `usize`).
    pub fn bad_win_piles(shown: impl fmt::Display) -> Error {
        Error::InvalidRules(format!("a game is won at 1 to 52 piles, got {shown}"))
    }

    /// Won only with `goal` on top of the last pile (`None`: any card).
    #[must_use]
    pub fn with_goal(mut self, goal: Option<Card>) -> Rules {
        self.goal = goal;
        self
    }

    /// Whether a row of `piles` piles is won (the goal card, if any, is then on
    /// top: it can never be covered).
    pub fn is_won(&self, piles: usize) -> bool {
        piles <= self.win_piles
    }

    /// Whether the pile topped by `target` may be landed on.
    #[inline]
    pub fn may_cover(&self, target: Card) -> bool {
        self.goal != Some(target)
    }

    /// A deal these rules can be played on: the goal card must be in it.
    pub fn check_deal(&self, cards: &[Card]) -> Result<()> {
        match self.goal {
            Some(goal) if !cards.contains(&goal) => Err(Error::InvalidRules(format!(
                "the goal card {goal} is not in the deal"
            ))),
            _ => Ok(()),
        }
    }

    pub fn modern() -> Rules {
        Rules::new(RuleSet::Modern)
    }

    #[must_use]
    pub fn with_two_way(mut self, two_way: bool) -> Rules {
        self.two_way = two_way;
        self
    }

    #[must_use]
    pub fn with_distances(mut self, distances: Distances) -> Rules {
        self.distances = distances;
        self
    }

    /// Every legal move of this row under the free rules (`modern`/`parlett`),
    /// ordered by mover position, then leftwards by increasing distance, then
    /// rightwards by increasing distance.
    pub fn all_moves(&self, tops: &[Card], out: &mut Vec<Step>) {
        out.clear();
        for from in 0..tops.len() {
            self.moves_of(tops, from, |step| out.push(step));
        }
    }

    /// The moves of the pile at `from`, in the order of [`Rules::all_moves`].
    #[inline]
    pub fn moves_of(&self, tops: &[Card], from: usize, mut emit: impl FnMut(Step)) {
        let card = tops[from];
        for d in self.distances.iter() {
            if d > from {
                break;
            }
            if card.agrees(tops[from - d]) && self.may_cover(tops[from - d]) {
                emit(Step { from, to: from - d });
            }
        }
        if self.two_way {
            for d in self.distances.iter() {
                if from + d >= tops.len() {
                    break;
                }
                if card.agrees(tops[from + d]) && self.may_cover(tops[from + d]) {
                    emit(Step { from, to: from + d });
                }
            }
        }
    }

    /// The one move the forced rule sets (`strict`, `strict-leap`) make, looking
    /// at piles from position `start` on: the leftmost movable pile, then the
    /// nearest (strict) or farthest (strict-leap) target, leftwards on a tie.
    pub fn forced_move(&self, tops: &[Card], start: usize) -> Option<Step> {
        let nearest = !self.set.prefers_leap();
        for from in start..tops.len() {
            let mut best: Option<(usize, Step)> = None;
            self.moves_of(tops, from, |step| {
                let d = step.from.abs_diff(step.to);
                let better = match best {
                    None => true,
                    Some((bd, _)) => {
                        if nearest {
                            d < bd
                        } else {
                            d > bd
                        }
                    }
                };
                if better {
                    best = Some((d, step));
                }
            });
            if let Some((_, step)) = best {
                return Some(step);
            }
        }
        None
    }

    /// Whether any pile can move (under any rule set: the forced rule sets
    /// have a move exactly when the free ones do).
    pub fn has_move(&self, tops: &[Card]) -> bool {
        (0..tops.len()).any(|from| {
            let mut found = false;
            self.moves_of(tops, from, |_| found = true);
            found
        })
    }

    /// The legal moves under these rules: all of them, or the forced one.
    pub fn legal_moves(&self, tops: &[Card], out: &mut Vec<Step>) {
        if self.set.is_automatic() {
            out.clear();
            out.extend(self.forced_move(tops, 0));
        } else {
            self.all_moves(tops, out);
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::modern()
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.set.name())?;
        if self.two_way {
            f.write_str(" two-way")?;
        }
        if self.distances != Distances::CLASSIC {
            write!(f, " distances {}", self.distances)?;
        }
        if self.win_piles != 1 {
            write!(f, " won at {} piles", self.win_piles)?;
        }
        if let Some(goal) = self.goal {
            write!(f, " goal {goal}")?;
        }
        Ok(())
    }
}

/// A move by positions (0-based, in the row as it stands): the pile at `from`
/// lands on the pile at `to`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    pub from: usize,
    pub to: usize,
}

impl Step {
    /// Where the merged pile stands once the row has closed up.
    #[inline]
    pub fn landing(self) -> usize {
        if self.to > self.from {
            self.to - 1
        } else {
            self.to
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::card::cards as tops;

    #[test]
    fn strict_leap_two_way_breaks_a_tie_of_distances_to_the_left() {
        // AH is the goal (never covered), so AC cannot move onto it and AH is the
        // first mover; AC and AS lie 3 places away on either side. Both engines
        // force AH onto AC.
        let rules = Rules::new(RuleSet::StrictLeap)
            .with_two_way(true)
            .with_goal(Some("AH".parse().unwrap()));
        let row = tops("AC 2D 5S AH 9S TD AS");
        assert_eq!(rules.forced_move(&row, 0), Some(Step { from: 3, to: 0 }));
    }

    #[test]
    fn first_pile_never_moves_and_second_and_third_only_slide() {
        // Every card is a club: all agree.
        let row = tops("AC 2C 3C 4C");
        let mut out = Vec::new();
        Rules::modern().all_moves(&row, &mut out);
        let pairs: Vec<_> = out.iter().map(|s| (s.from, s.to)).collect();
        assert_eq!(pairs, vec![(1, 0), (2, 1), (3, 2), (3, 0)]);
    }

    #[test]
    fn strict_takes_leftmost_pile_then_nearest_and_strict_leap_farthest() {
        let row = tops("AC 2D 3D AH 9S 9H");
        let strict = Rules::new(RuleSet::Strict);
        assert_eq!(strict.forced_move(&row, 0), Some(Step { from: 2, to: 1 }));
        let row = tops("AC 2D 3D AD");
        assert_eq!(strict.forced_move(&row, 0), Some(Step { from: 2, to: 1 }));
        let row = tops("AC 5S 6S AD");
        assert_eq!(strict.forced_move(&row, 0), Some(Step { from: 2, to: 1 }));
        let row = tops("AH 5S 6C AD");
        assert_eq!(strict.forced_move(&row, 0), Some(Step { from: 3, to: 0 }));
        let leap = Rules::new(RuleSet::StrictLeap);
        let row = tops("AD 5S 2D 3D");
        assert_eq!(strict.forced_move(&row, 0), Some(Step { from: 3, to: 2 }));
        assert_eq!(leap.forced_move(&row, 0), Some(Step { from: 3, to: 0 }));
    }

    #[test]
    fn two_way_and_custom_distances() {
        let row = tops("AC 5S 7D 5H");
        let rules = Rules::modern()
            .with_two_way(true)
            .with_distances("2,3".parse().unwrap());
        let mut out = Vec::new();
        rules.all_moves(&row, &mut out);
        assert_eq!(out, vec![Step { from: 1, to: 3 }, Step { from: 3, to: 1 }]);
        assert_eq!(Step { from: 1, to: 3 }.landing(), 2);
    }

    #[test]
    fn the_goal_card_is_never_covered_and_a_win_may_take_more_piles() {
        let row = tops("7H 7S 8S 7C");
        let goal = Rules::modern().with_goal(Some("7S".parse().unwrap()));
        let mut out = Vec::new();
        goal.all_moves(&row, &mut out);
        assert_eq!(out, vec![Step { from: 1, to: 0 }, Step { from: 3, to: 0 }]);
        let strict = Rules::new(RuleSet::Strict).with_goal(goal.goal);
        assert_eq!(strict.forced_move(&row, 2), Some(Step { from: 3, to: 0 }));
        assert!(goal.check_deal(&row).is_ok());
        assert!(goal.check_deal(&row[2..]).is_err());
        let skidoo = Rules::modern().with_win_piles(2).unwrap();
        assert!(skidoo.is_won(2) && !skidoo.is_won(3) && !Rules::modern().is_won(2));
        assert!(Rules::modern().with_win_piles(0).is_err());
        assert_eq!(
            skidoo.with_goal(goal.goal).to_string(),
            "modern won at 2 piles goal 7S"
        );
    }

    #[test]
    fn rule_names_parse_and_unknown_ones_are_refused() {
        assert_eq!(
            "strict-leap".parse::<RuleSet>().unwrap(),
            RuleSet::StrictLeap
        );
        assert!(matches!(
            "foo".parse::<RuleSet>(),
            Err(Error::InvalidRules(_))
        ));
        for bad in ["0,3", ""] {
            let refused = bad.parse::<Distances>();
            assert!(matches!(refused, Err(Error::InvalidRules(_))), "{bad:?}");
        }
        assert_eq!("3, 1".parse::<Distances>().unwrap(), Distances::CLASSIC);
    }
}
