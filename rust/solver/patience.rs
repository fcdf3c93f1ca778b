//! Accordion's [`Game`] as a [`Patience`], solved by this crate's exhaustive
//! solver (its hot path stays specialised; the game reaches it through
//! [`Patience::solve`] as every other game reaches its own).

use super::{hint, solve, Solution};
use crate::budget::Budget;
use crate::card::Card;
use crate::error::Result;
use crate::game::{Action, Game, Play};
use crate::patience::{Patience, Standing};

crate::patience::solved_by_fields!(impl for Solution, left: piles);

impl Patience for Game {
    type Action = Action;
    type Play = Play;
    type Solution = Solution;

    fn legal_actions(&self) -> Vec<Action> {
        Game::legal_actions(self)
    }

    fn play(&mut self, action: Action) -> Result<()> {
        Game::play(self, action)
    }

    fn undo(&mut self) -> Option<Action> {
        Game::undo(self)
    }

    fn is_deal(action: Action) -> bool {
        action == Action::Deal
    }

    fn parse_play(&self, text: &str) -> Result<Play> {
        Play::parse(text)
    }

    fn action_of(&self, play: Play) -> Result<Action> {
        Game::action_of(self, play)
    }

    fn play_of(&self, action: Action) -> Play {
        Game::play_of(self, action)
    }

    fn history(&self) -> Vec<Play> {
        Game::history(self)
    }

    fn last_play(&self) -> Option<Play> {
        Game::last_play(self)
    }

    fn ply(&self) -> usize {
        Game::ply(self)
    }

    fn is_blind(&self) -> bool {
        Game::is_blind(self)
    }

    fn stock(&self) -> &[Card] {
        Game::stock(self)
    }

    /// The piles, each card still in the stock a pile to come (as the solver counts them).
    fn standing(&self) -> Standing {
        Standing {
            cards: self.row().len() + self.stock().len(),
            won: self.is_won(),
            is_over: Game::is_over(self),
        }
    }

    fn solve(&self, budget: &Budget) -> Solution {
        solve(self.tops(), self.stock(), &self.rules(), budget)
    }

    fn hint(&self, budget: &Budget) -> Option<Action> {
        hint(self.tops(), self.stock(), &self.rules(), budget)
    }

    fn is_over(&self) -> bool {
        Game::is_over(self)
    }

    fn is_legal(&self, action: Action) -> bool {
        Game::is_legal(self, action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Verdict;
    use crate::deal::Deal;
    use crate::game::Grade;
    use crate::patience::{perft, play_out, replayed, Solved};
    use crate::rules::{RuleSet, Rules};

    #[test]
    fn the_standing_of_a_finished_game_says_won_exactly_when_its_grade_is_a_win() {
        let skidoo = Rules::modern()
            .with_distances("2,3".parse().unwrap())
            .with_win_piles(2)
            .unwrap();
        let mut wins = 0;
        for seed in 0..200 {
            for rules in [Rules::modern(), skidoo] {
                let deal = Deal::from_seed(seed, 8).unwrap();
                let mut game = Game::new(deal, rules, seed % 2 == 0);
                let standing = play_out(&mut game, |g| g.legal_actions().first().copied());
                let outcome = game.outcome();
                assert!(standing.is_over && outcome.is_over);
                assert_eq!(standing.cards, outcome.piles, "the stock is dealt");
                assert_eq!(standing.won, outcome.grade == Some(Grade::Win), "{seed}");
                wins += usize::from(standing.won);
            }
        }
        assert!(wins > 0, "some greedy games are won");
    }

    #[test]
    fn a_game_solved_through_the_interface_replays_to_what_the_solver_says() {
        for seed in 0..40 {
            for set in RuleSet::ALL {
                let blind = seed % 2 == 1;
                let game = Game::new(Deal::from_seed(seed, 14).unwrap(), Rules::new(set), blind);
                let solution = Patience::solve(&game, &Budget::default());
                let line: Vec<Play> = {
                    let mut end = game.clone();
                    solution
                        .actions
                        .iter()
                        .map(|&action| {
                            let play = end.play_of(action);
                            Game::play(&mut end, action).unwrap();
                            play
                        })
                        .collect()
                };
                let end = replayed(&game, &line).unwrap();
                let standing = end.standing();
                assert_eq!(standing.cards, solution.left(), "{seed} {set:?}");
                assert_eq!(standing.won, solution.verdict() == Verdict::Win);
            }
        }
    }

    #[test]
    fn hints_played_out_reach_the_solvers_piles_and_perft_leaves_the_game_as_it_was() {
        let budget = Budget::default();
        for seed in 0..30 {
            let mut game = Game::new(Deal::from_seed(seed, 12).unwrap(), Rules::modern(), true);
            assert!(
                Patience::is_legal(&game, Action::Deal),
                "the fast check, not itself"
            );
            let best = Patience::solve(&game, &budget).left();
            let standing = play_out(&mut game, |g| Patience::hint(g, &budget));
            assert!(standing.is_over, "{seed}");
            assert_eq!(standing.cards, best, "{seed}");
            let ply = game.ply();
            while game.ply() > 0 {
                Game::undo(&mut game);
            }
            assert_eq!(perft(&mut game, 3), perft(&mut game.clone(), 3));
            assert_eq!((perft(&mut game, 0), game.ply()), (1, 0), "{ply}");
        }
    }
}
