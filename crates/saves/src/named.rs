//! How a save's own rules stand against the ruleset of this build its name reads as: a save
//! keeps its rules whole, so a name this build knows for other rules (the ruleset file edited,
//! the ruleset changed since) is said where the save is read, lest the name be taken for the
//! rules.

use crate::Save;
use crownlands_core::{Registry, Ruleset};

/// A save's ruleset name against this build's rulesets ([`named_rules`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedRules {
    /// The name of this build's ruleset the save's name reads as.
    pub known: String,
    /// Whether the save's name is that name as written (else it only reads as it: an invisible
    /// character, another script's letter).
    pub exact: bool,
    /// Whether the save's rules are that ruleset's, its name apart.
    pub same: bool,
    /// Where the name only reads as the known one by letters of another script, those letters
    /// said (` (`о` is U+043E, a Cyrillic letter drawn as `o`)`), as the two names print alike;
    /// else empty.
    pub letters: String,
}

/// The ruleset of this build whose name the save's reads as, and whether its rules are the
/// save's; `None` where no name reads so (or either ruleset does not load). `file` names the
/// save in messages.
pub fn named_rules(registry: &Registry, save: &Save, file: &str) -> Option<NamedRules> {
    let look = crownlands_core::text::look(&save.ruleset_name);
    let known = crownlands_rules::ruleset_names(registry)
        .into_iter()
        .find(|n| crownlands_core::text::look(n) == look)?;
    let own = save.load_ruleset(registry, file).ok()?;
    let named = crownlands_rules::load(registry, &known).ok()?;
    Some(NamedRules {
        letters: crownlands_rules::lookalike_note(&save.ruleset_name),
        exact: known == save.ruleset_name,
        same: unnamed(&own) == unnamed(&named),
        known,
    })
}

/// A ruleset as `show` writes it, but for its name: the `name` line, the first of the file,
/// and the comments, which name it too.
fn unnamed(r: &Ruleset) -> String {
    let text = crownlands_rules::to_toml(r, None);
    let mut lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    if let Some(at) = lines.iter().position(|l| l.starts_with("name = ")) {
        lines.remove(at);
    }
    lines.join("\n")
}
