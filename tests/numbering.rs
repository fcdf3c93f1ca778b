//! The numberings of other programs against rows those programs printed
//! (`tests/data/`, copied from the project's conformance data).

use accordion::numbering::{knuth, solvitaire};

fn rows(file: &str) -> Vec<Vec<String>> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path)
        .expect("the test data")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| line.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn solvitaire_seeds_give_the_rows_solvitaire_printed() {
    let rows = rows("solvitaire-deals.tsv");
    assert_eq!(rows.len(), 20);
    for row in rows {
        let game: solvitaire::SolvitaireGame = row[0].parse().unwrap();
        let seed: i64 = row[1].parse().unwrap();
        let deal = solvitaire::deal(seed, game).unwrap();
        assert_eq!(
            deal.to_string(),
            row[2].replace("10", "T"),
            "{} {seed}",
            row[0]
        );
    }
}

#[test]
fn knuth_seeds_give_the_rows_of_his_benchmark() {
    let rows = rows("knuth-late-binding.tsv");
    assert!(!rows.is_empty());
    for row in rows {
        let seed: i64 = row[0].parse().unwrap();
        let deal = knuth::deal(seed, knuth::LATE_BINDING_CARDS).unwrap();
        assert_eq!(deal.to_string(), row[2], "seed {seed}");
    }
}
