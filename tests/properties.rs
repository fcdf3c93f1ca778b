//! Property tests (proptest) of the core's parsers and of move application.
//!
//! The parsers must never panic, must accept what `docs/rules.md` calls valid and
//! round-trip through their canonical text; moves applied to a `Row` or a `Game`
//! must undo exactly and agree with a naive model written here from the rules
//! (piles as vectors, every pair of positions tried).

use accordion::{Action, Card, Deal, Distances, Error, Game, Play, Row, RuleSet, Rules, Step};
use proptest::prelude::*;
use proptest::sample::subsequence;

/// `default` cases, or a share of them: `PROPTEST_CASES` (as proptest reads it)
/// is taken as the count for the 256-case tests and scaled for the others, so
/// that cargo mutants can run them cheaply (benches/mutants.md).
fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse::<u32>().ok())
        .map_or(default, |n| (n * default / 256).max(8))
}

/// Every card, canonical text in index order.
fn deck() -> Vec<Card> {
    Card::all().collect()
}

/// A row of `1..=max` distinct cards in random order.
fn row_of(max: usize) -> impl Strategy<Value = Vec<Card>> {
    (1..=max)
        .prop_flat_map(|n| subsequence(deck(), n))
        .prop_flat_map(|cards| Just(cards).prop_shuffle())
}

/// A row drawn from few suits and ranks, so that most pairs agree and moves abound.
fn crowded_row(max: usize) -> impl Strategy<Value = Vec<Card>> {
    let crowded: Vec<Card> = deck()
        .into_iter()
        .filter(|c| c.rank() < 6 && c.suit() < 3)
        .collect();
    (1..=max.min(crowded.len()))
        .prop_flat_map(move |n| subsequence(crowded.clone(), n))
        .prop_flat_map(|cards| Just(cards).prop_shuffle())
}

fn any_rules() -> impl Strategy<Value = Rules> {
    let distances = prop_oneof![
        Just(vec![1, 3]),
        Just(vec![2, 3]),
        Just(vec![1, 2, 3]),
        proptest::collection::vec(1i128..=51, 1..5),
    ];
    // PySolFC's variants now and then: a win at more piles, a goal card never covered.
    let win_piles = prop_oneof![4 => Just(1usize), 1 => 1usize..=6];
    let goal = prop_oneof![3 => Just(None), 1 => (0u8..52).prop_map(Card::from_index)];
    (0..4usize, any::<bool>(), distances, win_piles, goal).prop_map(
        |(set, two_way, d, win_piles, goal)| {
            Rules::new(RuleSet::ALL[set])
                .with_two_way(two_way)
                .with_distances(Distances::new(&d).unwrap())
                .with_win_piles(win_piles)
                .unwrap()
                .with_goal(goal)
        },
    )
}

// ------------------------------------------------------------------ naive model

/// The rank of `text` as docs/rules.md spells ranks: `A 2-9 T J Q K` in either
/// case, or `10`.
fn model_rank(text: &str) -> Option<u8> {
    const RANKS: &str = "A23456789TJQK";
    if text == "10" {
        return Some(9);
    }
    let upper = text.to_ascii_uppercase();
    if upper.chars().count() != 1 {
        return None;
    }
    RANKS.find(upper.as_str()).map(|i| i as u8)
}

fn model_suit(c: char) -> Option<u8> {
    ["Cc♣♧", "Dd♦♢", "Hh♥♡", "Ss♠♤"]
        .iter()
        .position(|spellings| spellings.contains(c))
        .map(|s| s as u8)
}

/// A card as the rules define its text: rank then suit, white space around ignored.
fn model_card(text: &str) -> Option<Card> {
    let trimmed = text.trim();
    let suit = trimmed.chars().last()?;
    let rank = &trimmed[..trimmed.len() - suit.len_utf8()];
    Card::new(model_rank(rank)?, model_suit(suit)?)
}

/// Two cards agree when they share a suit or a rank.
fn model_agrees(a: Card, b: Card) -> bool {
    a.suit() == b.suit() || a.rank() == b.rank()
}

/// Every legal step by trying every pair of positions (no early exits, no bit
/// masks); no pile lands on the goal card.
fn model_moves(tops: &[Card], rules: &Rules) -> Vec<Step> {
    let n = tops.len();
    let mut moves = Vec::new();
    for from in 0..n {
        let mut left = Vec::new();
        let mut right = Vec::new();
        for to in 0..n {
            let d = from.abs_diff(to);
            if to == from
                || !rules.distances.contains(d)
                || !model_agrees(tops[from], tops[to])
                || rules.goal == Some(tops[to])
            {
                continue;
            }
            if to < from {
                left.push((d, Step { from, to }));
            } else if rules.two_way {
                right.push((d, Step { from, to }));
            }
        }
        left.sort_by_key(|&(d, _)| d);
        right.sort_by_key(|&(d, _)| d);
        moves.extend(left.into_iter().chain(right).map(|(_, s)| s));
    }
    moves
}

/// The one move of `strict` (nearest) or `strict-leap` (farthest): the leftmost
/// pile from position `start` on that can move, ties between the two directions
/// going leftwards.
fn model_forced(tops: &[Card], rules: &Rules, start: usize) -> Option<Step> {
    let moves = model_moves(tops, rules);
    let from = moves.iter().map(|s| s.from).filter(|&f| f >= start).min()?;
    moves
        .into_iter()
        .filter(|s| s.from == from)
        .min_by_key(|s| {
            let d = s.from.abs_diff(s.to) as i64;
            let distance = if rules.set == RuleSet::StrictLeap {
                -d
            } else {
                d
            };
            (distance, s.to > s.from)
        })
}

/// Lift the pile at `from` onto the pile at `to`, then remove the emptied place.
fn model_apply(piles: &mut Vec<Vec<Card>>, step: Step) {
    let mover = std::mem::take(&mut piles[step.from]);
    piles[step.to].extend(mover);
    piles.remove(step.from);
}

fn check_row(row: &Row) {
    assert_eq!(row.tops().len(), row.piles().len());
    for (pile, top) in row.piles().iter().zip(row.tops()) {
        assert_eq!(pile.last(), Some(top), "a top is the last card of its pile");
    }
}

fn all_cards(row: &Row) -> Vec<Card> {
    let mut cards: Vec<Card> = row.piles().iter().flatten().copied().collect();
    cards.sort();
    cards
}

// ------------------------------------------------------------------ parsers

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn card_parsing_is_the_model_on_any_text(text in "\\PC{0,6}") {
        let parsed = text.parse::<Card>();
        match model_card(&text) {
            Some(card) => prop_assert_eq!(parsed, Ok(card)),
            None => prop_assert!(matches!(parsed, Err(Error::InvalidCard(_))), "{:?}", parsed),
        }
    }

    #[test]
    fn card_parsing_is_the_model_on_card_like_text(
        rank in "(?i)[a2-9tjqkx0]|10|1|",
        suit in "[cdhsCDHSx♣♧♦♢♥♡♠♤]",
        pad in "[ \t]{0,2}",
    ) {
        let text = format!("{pad}{rank}{suit}{pad}");
        prop_assert_eq!(text.parse::<Card>().ok(), model_card(&text));
    }

    #[test]
    fn deal_parsing_never_panics_and_fails_with_a_deal_or_card_error(text in "\\PC{0,40}|([2-9AKQJT][CDHS][ ,;]{0,2}){0,8}") {
        match text.parse::<Deal>() {
            Ok(deal) => {
                prop_assert!((1..=52).contains(&deal.len()));
                prop_assert_eq!(deal.to_string().parse::<Deal>().unwrap(), deal);
            }
            Err(Error::InvalidDeal(_) | Error::InvalidCard(_)) => {}
            Err(other) => prop_assert!(false, "unexpected error {other:?}"),
        }
    }

    #[test]
    fn a_repeated_card_is_refused(cards in row_of(51), at in any::<prop::sample::Index>()) {
        let mut cards = cards;
        let twice = cards[at.index(cards.len())];
        cards.push(twice);
        let is_duplicate_error = matches!(Deal::new(cards), Err(Error::InvalidDeal(m)) if m.contains("duplicate"));
        prop_assert!(is_duplicate_error);
    }

    #[test]
    fn plays_round_trip_in_every_notation(pair in subsequence(deck(), 2).prop_shuffle(), notation in 0..4usize, pad in "[ ]{0,2}") {
        let (mover, target) = (pair[0], pair[1]);
        let sep = [">", "-", "→", " on "][notation];
        let text = format!("{pad}{mover}{sep}{target}{pad}");
        let play = Play::parse(&text).unwrap();
        prop_assert_eq!(play, Play::Move { mover, target });
        prop_assert_eq!(Play::parse(&play.to_string()).unwrap(), play);
    }

    #[test]
    fn play_parsing_never_panics(text in "\\PC{0,12}|(?i)[2-9AKQJT][CDHS] ?(>|-|→| on |ON)? ?[2-9AKQJT][CDHS]|(?i) *deal *") {
        match Play::parse(&text) {
            Ok(play) => {
                prop_assert_eq!(Play::parse(&play.to_string()).unwrap(), play);
                if let Play::Move { mover, target } = play {
                    prop_assert_ne!(mover, target);
                }
            }
            Err(Error::InvalidMove(_)) => {}
            Err(other) => prop_assert!(false, "unexpected error {other:?}"),
        }
    }

    #[test]
    fn distance_sets_round_trip_and_iterate_in_order(set in proptest::collection::btree_set(1usize..=51, 1..10)) {
        let values: Vec<i128> = set.iter().map(|&d| d as i128).collect();
        let distances = Distances::new(&values).unwrap();
        let listed: Vec<usize> = distances.iter().collect();
        prop_assert_eq!(&listed, &set.iter().copied().collect::<Vec<_>>());
        prop_assert_eq!(distances.max(), *set.iter().next_back().unwrap());
        for d in 0..70 {
            prop_assert_eq!(distances.contains(d), set.contains(&d));
        }
        let text = distances.to_string();
        prop_assert_eq!(text.parse::<Distances>().unwrap(), distances);
        let reversed: Vec<String> = set.iter().rev().map(|d| format!(" {d} ")).collect();
        prop_assert_eq!(reversed.join(",").parse::<Distances>().unwrap(), distances);
    }

    #[test]
    fn distance_parsing_refuses_anything_out_of_1_to_51(values in proptest::collection::vec(-200i128..200, 1..5)) {
        let text = values.iter().map(ToString::to_string).collect::<Vec<_>>().join(",");
        let parsed = text.parse::<Distances>();
        if values.iter().all(|d| (1..=51).contains(d)) {
            prop_assert!(parsed.is_ok());
        } else {
            let bad = values.iter().find(|d| !(1..=51).contains(*d)).unwrap();
            let names_it = matches!(&parsed, Err(Error::InvalidRules(m)) if m.contains(&format!("distance {bad} ")));
            prop_assert!(names_it, "{:?}", parsed);
        }
    }

    #[test]
    fn distance_and_rule_set_parsing_never_panics(text in "\\PC{0,12}|[0-9, +-]{0,12}") {
        let _ = text.parse::<Distances>();
        match text.parse::<RuleSet>() {
            Ok(set) => prop_assert_eq!(set.name(), text.trim().to_ascii_lowercase()),
            Err(e) => prop_assert!(matches!(e, Error::InvalidRules(_))),
        }
    }

    #[test]
    fn rule_set_names_parse_in_any_ascii_case_and_padding(set in 0..4usize, mask in any::<u16>(), pad in "[ \t]{0,2}") {
        let name: String = RuleSet::ALL[set]
            .name()
            .chars()
            .enumerate()
            .map(|(i, c)| if mask >> (i % 16) & 1 == 1 { c.to_ascii_uppercase() } else { c })
            .collect();
        prop_assert_eq!(format!("{pad}{name}{pad}").parse::<RuleSet>().unwrap(), RuleSet::ALL[set]);
    }
}

proptest! {
    // Each case builds up to 52 separators: fewer cases keep it to a second.
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    #[test]
    fn deals_round_trip_in_any_separators(cards in row_of(52), seps in proptest::collection::vec("[ \t\n]{1,3}|[ ]*,[ ]*", 52)) {
        let mut text = String::new();
        for (i, card) in cards.iter().enumerate() {
            if i > 0 {
                text.push_str(&seps[i]);
            }
            text.push_str(&card.to_string());
        }
        let deal = text.parse::<Deal>().unwrap();
        prop_assert_eq!(deal.cards(), &cards[..]);
        prop_assert_eq!(deal.to_string().parse::<Deal>().unwrap(), deal);
    }
}

// ------------------------------------------------------------------ moves

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(256)))]

    #[test]
    fn move_generation_is_the_model(tops in prop_oneof![row_of(20), crowded_row(18)], rules in any_rules()) {
        let mut all = Vec::new();
        rules.all_moves(&tops, &mut all);
        prop_assert_eq!(&all, &model_moves(&tops, &rules));
        prop_assert_eq!(rules.has_move(&tops), !all.is_empty());
        let forced = rules.forced_move(&tops, 0);
        prop_assert_eq!(forced, model_forced(&tops, &rules, 0));
        let mut legal = Vec::new();
        rules.legal_moves(&tops, &mut legal);
        if rules.set.is_automatic() {
            prop_assert_eq!(legal, forced.into_iter().collect::<Vec<_>>());
        } else {
            prop_assert_eq!(legal, all);
        }
    }

    #[test]
    fn forced_move_from_a_start_skips_the_piles_before_it(tops in crowded_row(14), rules in any_rules(), start in 0usize..15) {
        prop_assert_eq!(rules.forced_move(&tops, start), model_forced(&tops, &rules, start));
    }

    #[test]
    fn a_row_applies_moves_as_the_model_and_undoes_them_exactly(
        tops in crowded_row(18),
        rules in any_rules(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..18),
    ) {
        let mut row = Row::from_cards(&tops);
        let mut model: Vec<Vec<Card>> = tops.iter().map(|&c| vec![c]).collect();
        let mut done = Vec::new();
        let mut rows = vec![row.clone()];
        for pick in picks {
            let moves = model_moves(row.tops(), &rules);
            if moves.is_empty() {
                break;
            }
            let step = moves[pick.index(moves.len())];
            let mover_cards = model[step.from].len();
            let moved = row.apply(step);
            model_apply(&mut model, step);
            prop_assert_eq!(moved, mover_cards);
            prop_assert_eq!(row.piles(), &model[..]);
            prop_assert_eq!(row.len(), rows.last().unwrap().len() - 1);
            prop_assert_eq!(row.piles()[step.landing()].len(), rows.last().unwrap().piles()[step.to].len() + moved);
            prop_assert_eq!(all_cards(&row), all_cards(&rows[0]));
            check_row(&row);
            done.push((step, moved));
            rows.push(row.clone());
        }
        while let Some((step, moved)) = done.pop() {
            rows.pop();
            row.unapply(step, moved);
            prop_assert_eq!(&row, rows.last().unwrap());
            check_row(&row);
        }
        prop_assert_eq!(row, Row::from_cards(&tops));
    }

    #[test]
    fn games_keep_their_invariants_and_undo_to_every_earlier_state(
        cards in prop_oneof![row_of(16), crowded_row(16)],
        rules in any_rules(),
        blind in any::<bool>(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..40),
    ) {
        let deal = Deal::new(cards.clone()).unwrap();
        let mut game = Game::new(deal.clone(), rules, blind);
        let mut states = vec![game.clone()];
        let mut model: Vec<Vec<Card>> = if blind { Vec::new() } else { cards.iter().map(|&c| vec![c]).collect() };
        let mut dealt = if blind { 0 } else { cards.len() };
        for pick in picks {
            let actions = game.legal_actions();
            // legal_actions: the model's moves (or the forced one), then deal when allowed.
            let tops: Vec<Card> = model.iter().map(|p| *p.last().unwrap()).collect();
            let mut want: Vec<Action> = if rules.set.is_automatic() {
                model_forced(&tops, &rules, 0).into_iter().map(Action::Move).collect()
            } else {
                model_moves(&tops, &rules).into_iter().map(Action::Move).collect()
            };
            if dealt < cards.len() && (want.is_empty() || !rules.set.must_move()) {
                want.push(Action::Deal);
            }
            prop_assert_eq!(&actions, &want);
            prop_assert_eq!(game.is_over(), actions.is_empty());
            if actions.is_empty() {
                break;
            }
            let action = actions[pick.index(actions.len())];
            let play = game.play_of(action);
            prop_assert_eq!(game.action_of(play), Ok(action));
            game.play(action).unwrap();
            match action {
                Action::Deal => {
                    model.push(vec![cards[dealt]]);
                    dealt += 1;
                }
                Action::Move(step) => model_apply(&mut model, step),
            }
            prop_assert_eq!(game.row().piles(), &model[..]);
            prop_assert_eq!(game.stock(), &cards[dealt..]);
            prop_assert_eq!(game.last_play(), Some(play));
            prop_assert_eq!(game.ply(), states.len());
            let outcome = game.outcome();
            prop_assert_eq!(outcome.piles, model.len());
            let grade = match model.len() {
                n if n <= rules.win_piles => accordion::Grade::Win,
                2 | 3 => accordion::Grade::Strong,
                4 | 5 => accordion::Grade::MoralVictory,
                _ => accordion::Grade::Loss,
            };
            // A grade only once the game is over.
            prop_assert_eq!(outcome.grade, outcome.is_over.then_some(grade));
            check_row(game.row());
            let mut held = all_cards(game.row());
            held.extend(game.stock());
            held.sort();
            let mut all = cards.clone();
            all.sort();
            prop_assert_eq!(held, all);
            states.push(game.clone());
        }
        let history = game.history();
        prop_assert_eq!(history.len(), states.len() - 1);
        // Replaying the history by its text reaches the same position.
        let mut replay = Game::new(deal, rules, blind);
        for play in &history {
            let action = replay.action_of(Play::parse(&play.to_string()).unwrap()).unwrap();
            replay.play(action).unwrap();
        }
        prop_assert_eq!(replay.row(), game.row());
        prop_assert_eq!(game.with_rules(rules).history(), history.clone());
        while game.undo().is_some() {
            states.pop();
            let before = states.last().unwrap();
            prop_assert_eq!(game.row(), before.row());
            prop_assert_eq!(game.stock(), before.stock());
            prop_assert_eq!(game.history(), before.history());
        }
        prop_assert_eq!(states.len(), 1);
        prop_assert_eq!(game.undo(), None);
    }

    #[test]
    fn only_listed_actions_are_legal_and_the_rest_say_why(
        cards in crowded_row(12),
        rules in any_rules(),
        blind in any::<bool>(),
        picks in proptest::collection::vec(any::<prop::sample::Index>(), 0..12),
    ) {
        let mut game = Game::new(Deal::new(cards).unwrap(), rules, blind);
        for pick in picks {
            let legal = game.legal_actions();
            let n = game.row().len();
            for from in 0..n {
                for to in 0..n {
                    let action = Action::Move(Step { from, to });
                    let listed = legal.contains(&action);
                    prop_assert_eq!(game.is_legal(action), listed);
                    if !listed {
                        let mut copy = game.clone();
                        let refused = matches!(copy.play(action), Err(Error::IllegalMove(_)));
                        prop_assert!(refused);
                        prop_assert_eq!(copy.row(), game.row());
                    }
                }
            }
            prop_assert_eq!(game.is_legal(Action::Deal), legal.contains(&Action::Deal));
            if legal.is_empty() {
                break;
            }
            game.play(legal[pick.index(legal.len())]).unwrap();
        }
    }
}
