//! The markets' one action: put a stall on a territory, named by its first square. In text
//! `stall@X,Y` (`stall@-2,-1`: the square two columns west and one row north of the castle); in
//! JSON (saves) `{"action":"stall","cell":{"x":-2,"y":-1}}`.

use crownlands_core::Cell;
use crownlands_core::action_text::ActionWord;
use crownlands_core::module_action::{
    ModuleAction, cell_of_payload, cell_payload, read_at_cell, write_at_cell,
};
use serde::{Deserialize, Serialize};

/// What a side may do in the market step (besides passing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "action")]
pub enum MarketAction {
    /// Pay for a stall on the territory whose first square (lowest row, then lowest column) is
    /// `cell`, and put it there.
    Stall { cell: Cell },
}

impl ModuleAction for MarketAction {
    const WORD: ActionWord = ActionWord {
        keyword: "stall",
        form: "stall@X,Y (a market stall on the territory whose first square is X,Y)",
        example: "stall@-2,-1 (market)",
    };

    // One square: the core's helpers pack it and write it `stall@X,Y`.
    fn to_payload(self) -> u32 {
        let MarketAction::Stall { cell } = self;
        cell_payload(cell)
    }

    fn from_payload(payload: u32) -> Option<MarketAction> {
        cell_of_payload(payload).map(|cell| MarketAction::Stall { cell })
    }

    fn write(self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let MarketAction::Stall { cell } = self;
        write_at_cell(f, Self::WORD.keyword, cell)
    }

    fn read(rest: &str) -> Option<MarketAction> {
        read_at_cell(rest).map(|cell| MarketAction::Stall { cell })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Text(MarketAction);

    impl std::fmt::Display for Text {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            self.0.write(f)
        }
    }

    #[test]
    fn every_cell_packs_writes_and_reads_back() {
        for x in -8..=8 {
            for y in -8..=8 {
                let a = MarketAction::Stall {
                    cell: Cell::new(x, y),
                };
                assert_eq!(MarketAction::from_payload(a.to_payload()), Some(a));
                let text = Text(a).to_string();
                let rest = text.strip_prefix("stall").expect("keyword first");
                assert_eq!(MarketAction::read(rest), Some(a), "{text}");
            }
        }
        assert_eq!(
            Text(MarketAction::Stall {
                cell: Cell::new(-2, 1)
            })
            .to_string(),
            "stall@-2,1"
        );
    }

    #[test]
    fn only_the_written_form_reads() {
        for bad in [
            "", "@", "@1", "@1,", "@,1", "1,1", "@+1,1", "@-0,1", "@01,1", "@1,1 ", "@1,-128x",
            "@200,1",
        ] {
            assert_eq!(MarketAction::read(bad), None, "{bad:?}");
        }
        assert_eq!(MarketAction::from_payload(0x1_0000), None);
    }

    #[test]
    fn its_json_names_the_cell() {
        let a = MarketAction::Stall {
            cell: Cell::new(-2, 1),
        };
        let json = serde_json::to_string(&a).expect("serialises");
        assert_eq!(json, r#"{"action":"stall","cell":{"x":-2,"y":1}}"#);
        assert_eq!(serde_json::from_str::<MarketAction>(&json).ok(), Some(a));
    }
}
