use super::*;

/// A 5x5 kingdom from rows of letters around the castle `C` (`W` wheat, `F` forest, `.` empty),
/// read as `crownlands score` reads a kingdom file (`crownlands_rules::kingdom_file`: a test of
/// a module's rules needs no kingdom built by hand).
fn kingdom(rows: [&str; 5]) -> Kingdom {
    let ruleset = crownlands_rules::load(crownlands_core::Registry::shipped_ref(), "kingdomino")
        .expect("the shipped Kingdomino");
    // A kingdom file's cells are apart: `W W W . .`.
    let text: Vec<String> = rows
        .iter()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(" "))
        .collect();
    crownlands_rules::kingdom_file::parse(&text.join("\n"), "test", &ruleset, 5)
        .unwrap_or_else(|e| panic!("{e}"))
}

fn squares(terms: &Terms, k: &Kingdom, coins: u32, stalls: &[Cell]) -> Vec<Cell> {
    let mut out = Vec::new();
    terms.stall_squares(k, coins, stalls, |c| out.push(c));
    out
}

const TWO_FIELDS: [&str; 5] = [".....", "WWW..", "..CFF", ".....", "....."];

#[test]
fn a_stall_goes_on_a_territory_of_three_squares_or_more() {
    let k = kingdom(TWO_FIELDS);
    let terms = Terms::default();
    // Wheat (3 squares) takes one, at its first square; forest (2 squares) does not.
    assert_eq!(squares(&terms, &k, 2, &[]), vec![Cell::new(-2, -1)]);
    assert!(terms.is_stall_square(&k, 2, &[], Cell::new(-2, -1)));
    // Another square of the same territory does not name it.
    assert!(!terms.is_stall_square(&k, 2, &[], Cell::new(-1, -1)));
    assert!(!terms.is_stall_square(&k, 2, &[], Cell::new(1, 0)));
    let smaller = Terms {
        min_squares: 2,
        ..terms
    };
    assert_eq!(squares(&smaller, &k, 2, &[]).len(), 2);
}

#[test]
fn no_stall_without_the_coins_or_a_stall_left_or_on_a_territory_with_one() {
    let k = kingdom(TWO_FIELDS);
    let terms = Terms::default();
    assert!(squares(&terms, &k, 1, &[]).is_empty(), "1 coin is too few");
    let wheat = Cell::new(-2, -1);
    assert!(squares(&terms, &k, 9, &[wheat]).is_empty(), "wheat has one");
    // A stall elsewhere in the territory counts too.
    assert!(squares(&terms, &k, 9, &[Cell::new(0, -1)]).is_empty());
    let one = Terms { stalls: 1, ..terms };
    assert!(
        squares(&one, &k, 9, &[Cell::new(2, 2)]).is_empty(),
        "none left"
    );
}

#[test]
fn each_stall_scores_the_territory_it_stands_in_at_the_end() {
    let terms = Terms::default();
    let before = kingdom(TWO_FIELDS);
    let wheat = Cell::new(-2, -1);
    assert_eq!(terms.points(&before, &[wheat]), 3);
    // The wheat grows to 5 squares, and joins a second stall's territory: both score 5.
    let after = kingdom([".....", "WWW..", "W.CFF", "W....", "....."]);
    assert_eq!(terms.points(&after, &[wheat, Cell::new(-2, 1)]), 10);
    let double = Terms {
        points_per_square: 2,
        ..terms
    };
    assert_eq!(double.points(&after, &[wheat]), 10);
    assert_eq!(terms.points(&after, &[]), 0);
}

#[test]
fn why_a_stall_may_not_go_somewhere_is_said_in_words() {
    let k = kingdom(TWO_FIELDS);
    let terms = Terms::default();
    let wheat = Cell::new(-2, -1);
    assert_eq!(terms.why_not(&k, 2, &[], wheat), None);
    assert!(terms.is_stall_square(&k, 2, &[], wheat));
    let why =
        |coins, stalls: &[Cell], cell| terms.why_not(&k, coins, stalls, cell).unwrap_or_default();
    assert!(why(1, &[], wheat).contains("costs 2 coins"));
    assert!(why(2, &[], Cell::new(-1, -1)).contains("names its territory: -2,-1"));
    assert!(why(2, &[], Cell::new(1, 0)).contains("has 2 squares; a stall needs 3"));
    assert!(why(2, &[], Cell::new(2, 2)).contains("holds no territory"));
    assert!(why(2, &[wheat], wheat).contains("has a stall already"));
    let three = [Cell::new(9, 9); 3];
    assert!(why(9, &three, wheat).contains("all 3 stalls"));
    // Wherever it says nothing, the stall may go; wherever it says something, it may not.
    for x in -2..=2 {
        for y in -2..=2 {
            let c = Cell::new(x, y);
            assert_eq!(
                terms.why_not(&k, 2, &[], c).is_none(),
                terms.is_stall_square(&k, 2, &[], c)
            );
        }
    }
}
