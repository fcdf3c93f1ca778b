//! Blind `parlett` players assembled from parts, to measure where the choices
//! of a game matter (`benches/blind_sampler.rs`; figures in `docs/results.md`,
//! "What limits"). Not a strategy of `stats`: none of them plays better than
//! `parlett-sampler` by more than the noise.
//!
//! Each phase is decided, as in `parlett-agent` (its search of stuck rows, its
//! rule 2, its line-following), by the first rule that applies:
//!
//! 1. while more than `choose_within` cards are to come, the **first end
//!    found** (the row of the line that takes the first legal move each
//!    time — the choice `slide-first` makes);
//! 2. once at most `exact` cards are unseen, **exact optimal blind play**
//!    ([`Endgame`], the expectimax of `optimal.rs` from the row on the
//!    table);
//! 3. otherwise the opening's rule 3 (`parlett-agent`'s rollouts or
//!    `parlett-sampler`'s solves).

use super::endgame::Endgame;
use super::parlett_agent::{choose_end, phase_ends, PhaseLine, PlaysPhases};
use super::{ParlettAgent, Sampler};
use crate::blind::strategy::View;
use crate::deal::SplitMix64;
use crate::rules::Step;

/// Whose rule 3 decides the phases that rules 1 and 2 leave.
#[derive(Clone, Debug)]
pub enum Opening {
    Agent(ParlettAgent),
    Sampler(Sampler),
}

/// A player of rules 1-3 above.
#[derive(Clone, Debug)]
pub struct Closing {
    opening: Opening,
    endgame: Endgame,
    choose_within: usize,
    /// Only measure rule 2 against the opening's choice, never play it.
    audit: bool,
    /// Phases audited, and the win chance the opening's choices gave up there.
    audited: (u64, f64),
    line: PhaseLine,
}

impl Closing {
    /// `exact`: the unseen cards from which the expectimax decides (0: never;
    /// the work grows about sevenfold per card, 7 is about the most a game
    /// affords). `choose_within`: the cards to come from which the choice is
    /// not the first end found (`usize::MAX`: always chosen).
    pub fn new(opening: Opening, exact: usize, choose_within: usize) -> Closing {
        Closing {
            opening,
            endgame: Endgame::new(exact),
            choose_within,
            audit: false,
            audited: (0, 0.0),
            line: PhaseLine::default(),
        }
    }

    /// The opening's play, audited: at each phase with a choice and at most
    /// `exact` cards unseen, the exact value of every end is computed, and
    /// the best less that of the end the opening chose is added up (the win
    /// chance its choice gave up, exactly), but the opening's end is played.
    pub fn audited(opening: Opening, exact: usize) -> Closing {
        Closing {
            audit: true,
            ..Closing::new(opening, exact, usize::MAX)
        }
    }

    /// Phases audited so far, and the win chance given up in them.
    pub fn audit(&self) -> (u64, f64) {
        self.audited
    }
}

impl PlaysPhases for Closing {
    fn line(&mut self) -> &mut PhaseLine {
        &mut self.line
    }

    fn plan_phase(&mut self, view: &View<'_>, rng: &mut SplitMix64) -> Vec<Step> {
        let candidates = phase_ends(view.rules, view.tops, Sampler::PHASE_BUDGET);
        let (endgame, opening) = (&mut self.endgame, &self.opening);
        let (choose_within, audit, audited) = (self.choose_within, self.audit, &mut self.audited);
        choose_end(candidates, view, |candidates| {
            let exact = endgame.applies(view.unseen, view.stock_len);
            if view.stock_len > choose_within {
                0
            } else if exact && !audit {
                endgame.best(view.rules, candidates, view.unseen, view.stock_len)
            } else {
                let chosen = match opening {
                    Opening::Agent(agent) => agent.best_by_rollouts(view, candidates, rng),
                    Opening::Sampler(sampler) => sampler.best_by_solving(view, candidates, rng),
                };
                if exact {
                    let values: Vec<f64> = candidates
                        .iter()
                        .map(|c| endgame.value(view.rules, &c.row, view.unseen, view.stock_len))
                        .collect();
                    let best = values.iter().copied().fold(0.0, f64::max);
                    audited.0 += 1;
                    audited.1 += best - values[chosen];
                }
                chosen
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blind::play::testing::replayed;

    /// Every action is legal in the core's reference game, whichever rule
    /// decides, and the game ends where the referee says.
    #[test]
    fn plays_only_legal_moves_replayed_through_the_game() {
        for (rules, seed, deal) in crate::blind::strategies::parlett_test_deals() {
            let opening = if seed % 2 == 0 {
                Opening::Agent(ParlettAgent::with_effort(&rules, 4, 200))
            } else {
                Opening::Sampler(Sampler::new(4, 4, 200))
            };
            let mut player = Closing::new(opening, 5, [usize::MAX, 12][seed as usize % 2]);
            replayed(&rules, &mut player, &deal, true, seed);
        }
    }
}
