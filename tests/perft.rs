//! Perft: the core's move generators count the same action sequences, depth by
//! depth, as the reference engine did when it wrote `tests/data/perft.tsv`
//! (`tests/data/perft.py`; every rule set, one-way and two-way, distances
//! {1,3}, {2,3} and {1,2,3}, open and blind numbered deals).
//!
//! Two counts per line: through `Game` (legal actions, play, undo) and, for open
//! rows, straight through `Rules::legal_moves` and `Row::apply`/`unapply`.

use accordion::{Deal, Distances, Game, Row, RuleSet, Rules, Step};

const PERFT: &str = include_str!("data/perft.tsv");

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

fn game_perft(game: &mut Game, depth: usize) -> u64 {
    let actions = game.legal_actions();
    if depth == 1 {
        return actions.len() as u64;
    }
    let mut total = 0;
    for action in actions {
        game.play(action).unwrap();
        total += game_perft(game, depth - 1);
        game.undo().unwrap();
    }
    total
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
            .map(|depth| game_perft(&mut game, depth))
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
