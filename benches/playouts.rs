//! Random legal playouts per second through `game::Game`, the engine behind the
//! Python `Game`: deal a numbered 52-card deal (open, modern rules), then play
//! uniformly random legal actions until none is left.
//!
//! `cargo bench --bench playouts -- [PLAYOUTS]` prints one line:
//! `native: P playouts in S s = R playouts/s (M moves)`.

use accordion::deal::SplitMix64;
use accordion::{Deal, Game, Rules};
use std::time::Instant;

fn main() {
    let playouts: u64 = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    let mut rng = SplitMix64::new(7);
    let mut moves = 0u64;
    let start = Instant::now();
    for seed in 0..playouts {
        let mut game = Game::new(Deal::from_seed(seed, 52).unwrap(), Rules::modern(), false);
        loop {
            let actions = game.legal_actions();
            if actions.is_empty() {
                break;
            }
            let pick = actions[rng.below(actions.len() as u64) as usize];
            game.play(pick).unwrap();
            moves += 1;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "native: {playouts} playouts in {seconds:.3} s = {:.0} playouts/s ({moves} moves)",
        playouts as f64 / seconds
    );
}
