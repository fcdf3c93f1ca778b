//! The win conditions of PySolFC's Accordion's Revenge (one pile with the goal
//! card on top) and 23 Skidoo (two piles), against brute force that plays by
//! PySolFC's rules: every move allowed, the goal card coverable, and the win
//! tested only at the end of a line.

use accordion::solver::{replay, solve, Budget, Verdict};
use accordion::{Card, Deal, Distances, Rules};
use std::collections::HashSet;

/// Every top row reachable from `row` by the moves of `rules` with no goal.
fn reachable(row: &[Card], rules: &Rules, seen: &mut HashSet<Vec<Card>>) {
    if !seen.insert(row.to_vec()) {
        return;
    }
    let mut steps = Vec::new();
    rules.all_moves(row, &mut steps);
    for step in steps {
        let mut next = row.to_vec();
        next[step.to] = next[step.from];
        next.remove(step.from);
        reachable(&next, rules, seen);
    }
}

#[test]
fn the_goal_variant_wins_exactly_when_pysolfc_would() {
    let mut checked = [0usize; 2];
    for seed in 0..300u64 {
        let deal = Deal::from_seed(seed, 9).unwrap();
        let free = if seed % 3 == 0 {
            Rules::modern().with_two_way(true)
        } else {
            Rules::modern()
        };
        let mut seen = HashSet::new();
        reachable(deal.cards(), &free, &mut seen);
        for &goal in &deal.cards()[2..] {
            let pysolfc_wins = seen.iter().any(|row| row == &[goal]);
            let rules = free.with_goal(Some(goal));
            let solution = solve(deal.cards(), &[], &rules, &Budget::default());
            assert_eq!(
                solution.verdict == Verdict::Win,
                pysolfc_wins,
                "{deal} goal {goal}"
            );
            assert_ne!(solution.verdict, Verdict::Unknown);
            let end = replay(deal.cards(), &[], &rules, &solution.actions).unwrap();
            assert_eq!(end.piles, solution.piles);
            checked[usize::from(pysolfc_wins)] += 1;
        }
    }
    assert!(checked[0] > 100 && checked[1] > 100, "{checked:?}");
}

#[test]
fn twenty_three_skidoo_is_won_at_two_piles() {
    let skidoo = Rules::modern()
        .with_distances(Distances::new(&[2, 3]).unwrap())
        .with_win_piles(2)
        .unwrap();
    let mut wins = 0;
    for seed in 0..200u64 {
        let deal = Deal::from_seed(seed, 10).unwrap();
        let mut seen = HashSet::new();
        reachable(deal.cards(), &skidoo, &mut seen);
        let fewest = seen.iter().map(Vec::len).min().unwrap();
        let solution = solve(deal.cards(), &[], &skidoo, &Budget::default());
        assert_eq!(solution.piles, fewest, "{deal}");
        assert_eq!(solution.verdict == Verdict::Win, fewest <= 2, "{deal}");
        wins += usize::from(fewest <= 2);
    }
    assert!(wins > 5, "{wins}");
}
