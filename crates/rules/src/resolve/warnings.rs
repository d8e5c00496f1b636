//! The ruleset's warnings (rules that can never work), each at the key that set it.

use super::placing::element_span;
use super::{
    CountRules, WarningLocs, default_tie_breaks, embedded, replaced_list_words, set_in,
    some_counts, with_counts,
};
use crate::format::LinesDef;
use crate::loader::{Loader, Loc};
use crate::node::Seg;
use crownlands_core::Ruleset;

/// A box of the author's holding fewer dominoes than a line, where lines are `mixed`: there a
/// box only names its dominoes (`Q49` beside `K12`), and one too small to draw a line from is
/// surely not meant (a `box = "queendomino"` copied onto dominoes for a Kingdomino deck, a box
/// misspelt in a set); a box of several lines (Royal Wedding's, a set of house dominoes kept
/// apart) is a choice. Boxes dealt apart (`alternate`) are their line source's to check.
pub(super) fn small_boxes(loader: &mut Loader, ruleset: &Ruleset, pile_locs: &[Loc], leaf: usize) {
    let piles = ruleset.piles();
    if piles.len() < 2 {
        return;
    }
    let held = |b: usize| {
        ruleset
            .dominoes()
            .iter()
            .filter(|d| usize::from(d.pile) == b)
            .count()
    };
    let mut warnings = ByCounts::default();
    for (b, name) in piles.iter().enumerate() {
        let Some(loc) = pile_locs.get(b) else {
            continue;
        };
        if !loader.is_authors(loc.file, Some(leaf)) {
            continue;
        }
        let count = held(b);
        // (A box emptied by `remove-dominoes` deals nothing: nothing to join elsewhere.)
        if count == 0 {
            continue;
        }
        // The box meant: the one named like it, else the largest of the others.
        let others: Vec<&str> = piles
            .iter()
            .enumerate()
            .filter(|&(o, _)| o != b)
            .map(|(_, p)| p.as_str())
            .collect();
        let Some(meant) = crate::walk::closest(name, &others).or_else(|| {
            piles
                .iter()
                .enumerate()
                .filter(|&(o, _)| o != b)
                .max_by_key(|&(o, _)| held(o))
                .map(|(_, p)| p.as_str())
        }) else {
            continue;
        };
        let example = ruleset
            .dominoes()
            .iter()
            .find(|d| usize::from(d.pile) == b)
            .map(|d| {
                let initial = name.chars().next().unwrap_or('?').to_ascii_uppercase();
                format!(" (`{initial}{}`)", d.number)
            })
            .unwrap_or_default();
        for (n, rules) in ruleset.player_counts() {
            if !rules.lines.is_mixed() || count >= usize::from(rules.line_size) {
                continue;
            }
            let message = format!(
                "box `{}` holds {}, fewer than a line of {}: with `lines = \"mixed\"` a box of its own only gives its dominoes its initial{example}, so it is likely not meant; for them to join box `{}`, write `box = \"{}\"`",
                crownlands_core::text::excerpt(name),
                crownlands_core::modules::describe::plural(count as i64, "domino", "dominoes"),
                rules.line_size,
                crownlands_core::text::excerpt(meant),
                crownlands_core::text::excerpt(meant),
            );
            warnings.add(loc.clone(), message, *n);
        }
    }
    let all: Vec<u8> = ruleset.player_counts().iter().map(|(n, _)| *n).collect();
    warnings.report(loader, &all);
}

/// A bonus's settings written in the file asked for (`rules.harmony.points = 10`) while the
/// bonus is off there, and the file does not switch it off itself: they change nothing until
/// `enabled = true`, which was likely meant. (Settings inherited while off are kept on purpose:
/// a file switching the bonus on gets them.)
pub(super) fn bonus_settings_while_off(loader: &mut Loader, counts: &[CountRules], leaf: usize) {
    let mut warnings = ByCounts::default();
    let here = |o: &Option<Loc>| o.as_ref().filter(|l| l.file == leaf).cloned();
    for c in counts {
        let e = &c.eff;
        let bonuses = [
            (
                "Harmony",
                "harmony",
                &e.harmony_enabled,
                vec![here(&e.harmony_points.origin)],
            ),
            (
                "Middle Kingdom",
                "middle-kingdom",
                &e.middle_enabled,
                vec![
                    here(&e.middle_points.origin),
                    here(&e.middle_reading.origin),
                ],
            ),
        ];
        for (name, key, enabled, settings) in bonuses {
            let switched_off_here = here(&enabled.origin).is_some();
            let Some(loc) = settings.into_iter().flatten().next() else {
                continue;
            };
            if enabled.value || switched_off_here {
                continue;
            }
            // Where the settings are: `[rules.harmony]`, or a count's own table (switching it
            // on under `[rules]` would play it at every count).
            let count = c.players.to_string();
            let in_count = loader
                .files
                .get(loc.file)
                .and_then(|f| {
                    f.doc
                        .at(&[Seg::Key("for-players"), Seg::Key(&count), Seg::Key(key)])
                })
                .is_some_and(|t| match &t.kind {
                    crate::node::Kind::Table(entries) => {
                        entries.iter().any(|e| e.value.span == loc.span)
                    }
                    _ => false,
                });
            let table = if in_count {
                format!("for-players.{count}.{key}")
            } else {
                format!("rules.{key}")
            };
            // As the settings are written: a dotted key (`harmony.points = 7`) takes its
            // `enabled` beside it, an inline table in its braces; a `[...]` table of its own
            // in that table (a second `[for-players.3.harmony]` would be refused as a table
            // given twice).
            let line = loader
                .files
                .get(loc.file)
                .map(|f| {
                    let text = f.src.text.as_str();
                    let (start, _) = crate::diagnostic::line_at(text, loc.span.start);
                    text.get(start..loc.span.start)
                        .unwrap_or_default()
                        .to_string()
                })
                .unwrap_or_default();
            // The dotted key up to the bonus's name (`harmony`, `rules.harmony`,
            // `for-players.3.harmony`): its `enabled` is written the same way.
            let dotted: Vec<&str> = line
                .split('=')
                .next()
                .unwrap_or_default()
                .split('.')
                .map(str::trim)
                .collect();
            let named = dotted.iter().position(|s| *s == key);
            let write = if line.contains('{') {
                "write `enabled = true` in its braces".to_string()
            } else if let Some(i) = named.filter(|&i| i + 1 < dotted.len()) {
                format!(
                    "write `{}.enabled = true` beside it",
                    dotted[..=i].join(".")
                )
            } else {
                format!("write `enabled = true` in `[{table}]`")
            };
            let message =
                format!("{name} is off, so its settings here change nothing: {write} to play it");
            warnings.add(loc, message, c.players);
        }
    }
    let all: Vec<u8> = counts.iter().map(|c| c.players).collect();
    warnings.report(loader, &all);
}

/// A `line-order` written in a file of the user's where lines are `mixed`: `mixed` deals from
/// every box at once, so the order does nothing (a warning at it, once for all counts). One
/// inherited from a shipped file (Royal Wedding's, under a house rule mixing the boxes) is
/// not the user's to remove.
pub(super) fn line_order_unused(loader: &mut Loader, counts: &[CountRules], leaf: usize) {
    let mut grouped = ByCounts::default();
    for count in counts {
        let eff = &count.eff;
        // The same `line-order` in use at another count (written under `[rules]` for lines
        // that alternate there, this count's own table mixing them): it is for those counts.
        let used_elsewhere = counts.iter().any(|c| {
            c.players != count.players
                && c.eff.lines.value != LinesDef::mixed()
                && match (&c.eff.line_order.origin, &eff.line_order.origin) {
                    (Some(a), Some(b)) => a.file == b.file && a.span == b.span,
                    _ => false,
                }
        });
        if eff.lines.value == LinesDef::mixed()
            && !used_elsewhere
            && eff.line_order.value.is_some()
            && let Some(at) = &eff.line_order.origin
            && loader.is_authors(at.file, Some(leaf))
        {
            grouped.add(
                count.at(&eff.line_order.origin),
                "`line-order` has no effect: `lines = \"mixed\"` deals from every box at once (set `lines = \"alternate\"` for lines taken from the boxes in this order)".into(),
                count.players,
            );
        }
    }
    let all: Vec<u8> = counts.iter().map(|c| c.players).collect();
    grouped.report(loader, &all);
}

/// A seating of teams (`teams = "alternating"`) an author's file sets where every team is one
/// player (`team-size = 1`): each player is a side of its own, so there are no teams to seat.
/// Not where the same `teams` seats teams at another count (a `[for-players.N]` with teams).
pub(super) fn teams_without_teams(loader: &mut Loader, counts: &[CountRules], leaf: usize) {
    let mut grouped = ByCounts::default();
    for count in counts {
        let eff = &count.eff;
        let used_elsewhere = counts.iter().any(|c| {
            c.players != count.players
                && c.eff.team_size.value > 1
                && match (&c.eff.teams.origin, &eff.teams.origin) {
                    (Some(a), Some(b)) => a.file == b.file && a.span == b.span,
                    _ => false,
                }
        });
        if eff.team_size.value == 1
            && !used_elsewhere
            && let Some(at) = &eff.teams.origin
            && loader.is_authors(at.file, Some(leaf))
        {
            grouped.add(
                at.clone(),
                format!(
                    "`teams = \"{}\"` has no effect: with `team-size = 1` every player is a side of one, so there are no teams to seat (give `team-size = 2` or more for teams, or leave `teams` out)",
                    crownlands_core::text::excerpt(&eff.teams.value)
                ),
                count.players,
            );
        }
    }
    let all: Vec<u8> = counts.iter().map(|c| c.players).collect();
    grouped.report(loader, &all);
}

/// Record the ruleset's warnings (rules that can never work), each at the key that set it and
/// naming the player counts it affects. A key in a shipped file is blamed on the user's first
/// file instead (its `extends`), saying where the value came from.
pub(super) fn warn(
    loader: &mut Loader,
    ruleset: &Ruleset,
    locs: &[WarningLocs],
    first_user_file: Option<usize>,
    replaced_modules: Option<&[String]>,
) {
    use crownlands_core::WarningAt;
    let mut grouped = ByCounts::default();
    for ((n, rules), at) in ruleset.player_counts().iter().zip(locs) {
        for w in ruleset.warnings(*n) {
            let loc = match w.at {
                WarningAt::Deck => Some(&at.deck),
                WarningAt::Grid => Some(&at.grid),
                WarningAt::Module(i) => at.modules.get(i),
                // At the parameter where a file sets it, else as the module's own warnings.
                WarningAt::ModuleParam { module, key } => at
                    .params
                    .get(module)
                    .and_then(|ps| ps.iter().find(|(k, _)| k == key))
                    .map(|(_, loc)| loc)
                    .or_else(|| at.modules.get(module)),
                WarningAt::TieBreak(i) => at.tie_breaks.get(i),
                WarningAt::LineOrder => Some(&at.line_order),
                WarningAt::Modules | WarningAt::BuildingTiles => Some(&at.module_list),
                WarningAt::FirstClaims => Some(&at.first_claims),
                WarningAt::Castle => Some(&at.castle),
                WarningAt::MatchTieBreaks => at.tie_breaks.first(),
                WarningAt::MatchTieBreak(i) => at.match_tie_breaks.get(i),
                WarningAt::Harmony => Some(&at.harmony),
                WarningAt::MiddleKingdom => Some(&at.middle_kingdom),
            };
            let mut loc = loc.cloned().unwrap_or_else(|| at.deck.clone());
            // A module's warning put at its parameters (the file sets them, the list came from
            // the file it extends): at the parameter its message names (`uses-per-round` is
            // 0), not at another of the module's (its `price`, first in the table).
            if let WarningAt::Module(i) = w.at
                && let Some(params) = at.params.get(i)
                && params
                    .iter()
                    .any(|(_, l)| l.file == loc.file && l.span == loc.span)
                && let Some((_, named)) = params
                    .iter()
                    .find(|(k, _)| w.message.contains(&format!("`{k}`")))
            {
                loc = named.clone();
            }
            let mut message = w.message;
            // What the list says of the rules comes from this file's `modules`, which dropped
            // modules of the list it extends (`modules = ["goals"]` over Queendomino: its tiles
            // then never appear): say that it replaces the list.
            if matches!(w.at, WarningAt::Modules | WarningAt::BuildingTiles)
                && message.contains("no module of `modules`")
                && let Some(inherited) = replaced_modules
            {
                message.push_str(&replaced_list_words(inherited));
            }
            // An element of a list parameter (`goal[1].squares`): at that element.
            if let WarningAt::ModuleParam { module, key } = w.at
                && let Some(name) = rules.modules.get(module).map(|m| m.name.as_str())
                && let Some(span) = element_span(loader, &loc, name, key, &message)
            {
                loc.span = span;
            }
            // A module's list positions in words, from 1 (`goal[1].squares`, read above to
            // find the element: `squares` of `goal` item 2).
            message = match w.at {
                WarningAt::ModuleParam { key, .. } => {
                    crate::diagnostic::positions_in_words(&message, Some(key))
                }
                WarningAt::Module(_) => crate::diagnostic::positions_in_words(&message, None),
                _ => message,
            };
            if w.at == WarningAt::MatchTieBreaks {
                // The tie-breaks every ruleset has unless a file gives others (Dynasty's, from
                // Kingdomino; `show` writes them out): no choice of the author's to warn of.
                if rules.tie_breaks == default_tie_breaks() {
                    continue;
                }
                if embedded(loader, loc.file) {
                    // A shipped file's tie-breaks (Volcano's) made part of a match by the
                    // author's `match-games`: said there, with where they come from; a shipped
                    // match of shipped tie-breaks is no author's.
                    if embedded(loader, at.match_games.file) {
                        continue;
                    }
                    // (Said of the tie-breaks, before the message goes on to the key that
                    // breaks the match's ties.)
                    let place = set_in(loader, &loc);
                    message = match message.strip_prefix("tie-breaks ") {
                        Some(rest) => format!("tie-breaks ({place}) {rest}"),
                        None => format!("{message} (the tie-breaks {place})"),
                    };
                    loc = at.match_games.clone();
                }
            }
            // Building tiles no module plays, the list of modules not the author's (Kingdomino's
            // default, none): at the author's tiles (`[[building]]`, else `add-sets` or `sets`), not at a
            // shipped file's `players`, where a default list is placed.
            if w.at == WarningAt::BuildingTiles
                && embedded(loader, loc.file)
                && let Some(user) = first_user_file
                && let Some(tiles) = ["building", "add-sets", "sets"]
                    .iter()
                    .map(|key| loader.loc(user, &[Seg::Key(key)]))
                    .find(|l| l.span != (0..0))
            {
                message.push_str(
                    "; list `buildings` in `modules` (Queendomino's are knights, buildings, queen, dragon and wealth)",
                );
                grouped.add(tiles, message, *n);
                continue;
            }
            // A shipped file's snake made useless by the author's one king a player: at the
            // author's `kings-per-player`, with the key that goes beside it.
            if w.at == WarningAt::FirstClaims
                && embedded(loader, loc.file)
                && let Some(kings) = &at.kings_per_player
                && !embedded(loader, kings.file)
            {
                let place = set_in(loader, &loc);
                message.push_str(&format!(
                    " ({place}; give `first-claims = \"drawn\"` beside this `kings-per-player`)"
                ));
                grouped.add(kings.clone(), message, *n);
                continue;
            }
            let embedded = embedded(loader, loc.file);
            if embedded && let Some(user) = first_user_file {
                // Where the shipped file set it, said once for the counts it holds at from one
                // line of it (the entries of its `players` list, where a rule left at its
                // default is placed, would otherwise make one warning a count).
                let user_loc = loader.loc(user, &[Seg::Key("extends")]);
                let place = set_in(loader, &loc);
                let line = place.rsplit_once(':').map_or(place.as_str(), |(l, _)| l);
                if grouped.add_to_prefix(&user_loc, &format!("{message} ({line}:"), *n) {
                    continue;
                }
                message.push_str(&format!(" ({place})"));
                loc = user_loc;
            }
            grouped.add(loc, message, *n);
        }
    }
    let all: Vec<u8> = ruleset.player_counts().iter().map(|(n, _)| *n).collect();
    grouped.report(loader, &all);
}

/// Warnings gathered over the player counts: one a place and message, saying its counts.
#[derive(Default)]
pub(super) struct ByCounts(Vec<(Loc, String, Vec<u8>)>);

impl ByCounts {
    fn add(&mut self, loc: Loc, message: String, players: u8) {
        match self
            .0
            .iter_mut()
            .find(|(l, m, _)| l.file == loc.file && l.span == loc.span && *m == message)
        {
            Some((_, _, ns)) => ns.push(players),
            None => self.0.push((loc, message, vec![players])),
        }
    }

    /// Count `players` in for the warning at `loc` whose message starts with `prefix` (one
    /// said with where a shipped file set it), if there is one.
    fn add_to_prefix(&mut self, loc: &Loc, prefix: &str, players: u8) -> bool {
        match self
            .0
            .iter_mut()
            .find(|(l, m, _)| l.file == loc.file && l.span == loc.span && m.starts_with(prefix))
        {
            Some((_, _, ns)) => {
                ns.push(players);
                true
            }
            None => false,
        }
    }

    /// Into the loader's warnings, each led by its counts (`at 3 and 4 players: ...`) unless
    /// it holds at every count of the ruleset (`all`).
    fn report(self, loader: &mut Loader, all: &[u8]) {
        for (loc, message, ns) in self.0 {
            let mut d = match loader.files.get(loc.file) {
                Some(f) => f
                    .src
                    .diag(loc.span.clone(), with_counts(&ns, all, &message)),
                None => crate::Diagnostic::unplaced("", message),
            };
            d.players = some_counts(&ns, all);
            loader.warnings.push(d);
        }
    }
}
