//! Perft: the core's move generators count the same action sequences, depth by
//! depth, as the reference engine did when it wrote `tests/data/perft.tsv`
//! (`tests/data/perft.py`; every rule set, one-way and two-way, distances
//! {1,3}, {2,3} and {1,2,3}, open and blind numbered deals).
//!
//! Two counts per line: through `Game` (legal actions, play, undo, by the one
//! [`perft`] every game shares) and, for open rows, straight through
//! `Rules::legal_moves` and `Row::apply`/`unapply`.
//!
//! And every game's lines of `tests/data/perft-games.tsv` (written by the
//! reference engine, `tests/data/perft_games.py`), counted by the same
//! [`perft`] through the [`Patience`] interface: Accordion and its variants that
//! are rules alone (Relaxed Accordion, 23 Skidoo; Accordion's Revenge draws its
//! goal card from PySolFC's numbering, and the Python tests count it), and every
//! throw game by its `Throwing::NAME`.

use accordion::accordian::Accordian;
use accordion::bayan::game::Bayan;
use accordion::royal::game::Royal;
use accordion::runs::{Decade, Runs, SevenUp};
use accordion::throw_game::{rule_set_in, ThrowGame, Throwing};
use accordion::{perft, Deal, Distances, Game, Patience, Row, RuleSet, Rules, Step};

const PERFT: &str = include_str!("data/perft.tsv");
const PERFT_GAMES: &str = include_str!("data/perft-games.tsv");

struct Line {
    text: &'static str,
    rules: Rules,
    blind: bool,
    deal: Deal,
    counts: Vec<u64>,
}

fn lines() -> Vec<Line> {
    PERFT
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|text| {
            let fields: Vec<&str> = text.split('\t').collect();
            assert_eq!(fields.len(), 7, "{text}");
            let rules = Rules::new(fields[0].parse::<RuleSet>().unwrap())
                .with_two_way(fields[1] == "true")
                .with_distances(fields[2].parse::<Distances>().unwrap());
            let deal = Deal::from_seed(fields[4].parse().unwrap(), fields[5].parse().unwrap());
            Line {
                text,
                rules,
                blind: fields[3] == "blind",
                deal: deal.unwrap(),
                counts: fields[6].split(',').map(|n| n.parse().unwrap()).collect(),
            }
        })
        .collect()
}

fn row_perft(row: &mut Row, rules: &Rules, depth: usize) -> u64 {
    let mut steps: Vec<Step> = Vec::new();
    rules.legal_moves(row.tops(), &mut steps);
    if depth == 1 {
        return steps.len() as u64;
    }
    let mut total = 0;
    for step in steps {
        let moved = row.apply(step);
        total += row_perft(row, rules, depth - 1);
        row.unapply(step, moved);
    }
    total
}

#[test]
fn the_file_covers_every_rule_set_way_and_distance_set() {
    let lines = lines();
    for set in RuleSet::ALL {
        for two_way in [false, true] {
            for distances in ["1,3", "2,3", "1,2,3"] {
                let rules = Rules::new(set)
                    .with_two_way(two_way)
                    .with_distances(distances.parse().unwrap());
                let open = lines.iter().filter(|l| l.rules == rules && !l.blind);
                let blind = lines.iter().filter(|l| l.rules == rules && l.blind);
                assert!(open.count() >= 2 && blind.count() >= 1, "{rules}");
            }
        }
    }
    // Counts that can fail: the free rule sets branch, the forced ones do not.
    assert!(lines.iter().any(|l| l.counts.iter().any(|&n| n > 10_000)));
    assert!(lines
        .iter()
        .filter(|l| l.rules.set.is_automatic())
        .all(|l| l.counts.iter().all(|&n| n <= 1)));
}

#[test]
fn games_count_the_reference_engines_sequences() {
    for line in lines() {
        let mut game = Game::new(line.deal.clone(), line.rules, line.blind);
        let found: Vec<u64> = (1..=line.counts.len())
            .map(|depth| perft(&mut game, depth))
            .collect();
        assert_eq!(found, line.counts, "{}", line.text);
        assert_eq!(game.ply(), 0);
    }
}

#[test]
fn rows_count_the_reference_engines_sequences() {
    for line in lines().into_iter().filter(|l| !l.blind) {
        let mut row = Row::from_cards(line.deal.cards());
        let found: Vec<u64> = (1..=line.counts.len())
            .map(|depth| row_perft(&mut row, &line.rules, depth))
            .collect();
        assert_eq!(found, line.counts, "{}", line.text);
        assert_eq!(row, Row::from_cards(line.deal.cards()));
    }
}

/// The lines of `perft-games.tsv` of the game called `name`: (rules, blind,
/// seed, cards, counts).
fn game_lines(name: &str) -> Vec<(RuleSet, bool, u64, usize, Vec<u64>)> {
    PERFT_GAMES
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|text| text.split('\t').collect::<Vec<&str>>())
        .filter(|fields| fields[0] == name)
        .map(|fields| {
            assert_eq!(fields.len(), 6, "{fields:?}");
            (
                fields[1].parse().unwrap(),
                fields[2] == "blind",
                fields[3].parse().unwrap(),
                fields[4].parse().unwrap(),
                fields[5].split(',').map(|n| n.parse().unwrap()).collect(),
            )
        })
        .collect()
}

/// `game` counts `counts`, depth by depth, and is left at its start.
fn counts_as_pinned<P: Patience>(mut game: P, counts: &[u64], line: &str) {
    let found: Vec<u64> = (1..=counts.len()).map(|d| perft(&mut game, d)).collect();
    assert_eq!(found, counts, "{line}");
    assert_eq!(game.ply(), 0, "{line}");
}

/// Every game of the type `G` (Royal Marriage's throw plays two) counts as pinned.
fn throw_game_counts_as_pinned<G: Throwing>() {
    for name in G::game_names() {
        let of_name = G::game_named(name).unwrap();
        let lines = game_lines(name);
        assert_eq!(lines.len(), 2 * of_name.facts().rule_sets.len(), "{name}");
        for (set, blind, seed, cards, counts) in lines {
            let deal = of_name.numbered_deal(seed, cards).unwrap();
            let game = ThrowGame::open_or_blind(deal, rule_set_in(of_name, set).unwrap(), blind);
            counts_as_pinned(game, &counts, &format!("{name} {set:?} {blind} {seed}"));
        }
    }
}

/// A game of Accordion's family that is its rules alone: its name and its rules under a set.
type Variant = (&'static str, fn(RuleSet) -> Rules);

#[test]
fn every_game_counts_the_reference_engines_sequences_through_the_one_interface() {
    let variants: [Variant; 3] = [
        ("accordion", Rules::new),
        ("relaxed-accordion", |set| {
            Rules::new(set).with_two_way(true)
        }),
        ("23-skidoo", |set| {
            Rules::new(set)
                .with_distances("2,3".parse().unwrap())
                .with_win_piles(2)
                .unwrap()
        }),
    ];
    for (name, rules) in variants {
        let lines = game_lines(name);
        assert_eq!(lines.len(), 2 * RuleSet::ALL.len(), "{name}");
        for (set, blind, seed, cards, counts) in lines {
            let game = Game::new(Deal::from_seed(seed, cards).unwrap(), rules(set), blind);
            counts_as_pinned(game, &counts, &format!("{name} {set:?} {blind} {seed}"));
        }
    }
    throw_game_counts_as_pinned::<Royal>();
    throw_game_counts_as_pinned::<Bayan>();
    throw_game_counts_as_pinned::<Accordian>();
    throw_game_counts_as_pinned::<Runs<Decade>>();
    throw_game_counts_as_pinned::<Runs<SevenUp>>();
}
