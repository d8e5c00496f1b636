//! Terrains, dominoes and building tiles gathered from component sets and inline declarations:
//! terrains merge by name, dominoes and buildings name their terrains, domino numbers are unique
//! within a box and building numbers within the ruleset.

use crate::format::{
    BuildingDef, BuildingValueKind, DominoDef, DominoRef, MAX_BUILDINGS, SquareDef, TerrainDef,
};
use crate::loader::{Loader, Loc};
use crate::node::Seg;
use crate::walk::closest;
use crownlands_core::modules::Param;
use crownlands_core::modules::value_words::PathPart;
use crownlands_core::ruleset::{MAX_DOMINOES, MAX_PILES};
use crownlands_core::terrain::MAX_TERRAINS;
use crownlands_core::{Building, BuildingValue, Domino, Square, Terrain, TerrainId};
use std::collections::{BTreeMap, HashMap};

/// The components one file declares.
pub(crate) struct Block {
    pub file: usize,
    pub terrains: Vec<TerrainDef>,
    pub dominoes: Vec<DominoDef>,
    pub buildings: Vec<BuildingDef>,
    /// Component tables' rows, by table.
    pub tables: BTreeMap<String, Vec<Param>>,
    /// The box of dominoes that name none; empty when they must name one (they are left out:
    /// the loader reported them).
    pub default_box: String,
    /// Where the file names `default_box` (a set's `box` or `name`, a ruleset's top-level
    /// `box`): where a problem with the box is reported, rather than at its first domino.
    pub default_box_at: Option<Loc>,
    /// `remove-dominoes`: taken out of the dominoes gathered before this block.
    pub removals: Vec<(DominoRef, Loc)>,
    /// `remove-buildings`: taken out of the building tiles gathered before this block.
    pub building_removals: Vec<(u16, Loc)>,
    /// A ruleset's own block (not a component set's): a terrain it declares again with the
    /// same symbol recolours it (a house rule's palette), where two sets must agree.
    pub recolours: bool,
}

impl Block {
    /// The components of a component set, file `file`: its dominoes join its `box`, else a
    /// box named after the set.
    pub fn of_set(loader: &Loader, file: usize, sf: crate::format::SetFile) -> Block {
        let (default_box, key) = match sf.set.box_name {
            Some(b) => (b, "box"),
            None => (sf.set.name, "name"),
        };
        Block {
            file,
            terrains: sf.terrain,
            dominoes: sf.domino,
            buildings: sf.building,
            tables: sf.component,
            default_box,
            default_box_at: Some(loader.loc(file, &[Seg::Key("set"), Seg::Key(key)])),
            removals: Vec::new(),
            building_removals: Vec::new(),
            recolours: false,
        }
    }
}

pub(crate) struct Components {
    pub terrains: Vec<Terrain>,
    pub piles: Vec<String>,
    /// Where each box of `piles` was first named (a domino's `box`, a file's, a set's `box` or
    /// `name`), or its first domino where nothing names it.
    pub pile_locs: Vec<Loc>,
    pub dominoes: Vec<Domino>,
    pub buildings: Vec<Building>,
    pub tables: BTreeMap<String, Vec<Param>>,
    /// Every domino declared is in the deck (none was thrown out for a problem of its own: a
    /// terrain unknown, a number taken; nor a whole set the loader could not read), so the
    /// deck's size can be judged: a deck short of a thrown-out domino would be said not to
    /// divide into lines when the file is fine.
    pub dominoes_complete: bool,
}

/// Whether a symbol is one ASCII uppercase letter other than `C` (the castle).
pub(crate) fn valid_symbol(s: &str) -> Option<char> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_uppercase() && c != 'C' => Some(c),
        _ => None,
    }
}

pub(crate) fn valid_colour(s: &str) -> bool {
    s.len() == 7 && s.starts_with('#') && s[1..].chars().all(|c| c.is_ascii_hexdigit())
}

/// The terrains a block's dominoes and buildings may name: every terrain of the ruleset
/// (`shared`), or only those the block declares (a set checked alone); and the terrains
/// declared but thrown out as invalid (already reported), so that naming one is not reported
/// again as unknown.
struct Scope<'a> {
    terrains: &'a [Terrain],
    visible: &'a [String],
    rejected: &'a [String],
    shared: bool,
    /// Terrains may be missing for a problem reported already (a set not read): a name not
    /// found is not reported unknown.
    partial: bool,
}

impl Scope<'_> {
    /// The terrain called `name`; else the problem to report (`None` when it was declared but
    /// thrown out, which is reported already).
    fn find(&self, name: &str) -> Result<TerrainId, Option<String>> {
        let known = self.shared || self.visible.iter().any(|v| v == name);
        if let Some(t) = self
            .terrains
            .iter()
            .position(|t| t.name == name)
            .filter(|_| known)
        {
            return Ok(TerrainId(t as u8));
        }
        if self.partial || self.rejected.iter().any(|r| r == name) {
            return Err(None);
        }
        let mut names: Vec<&str> = if self.shared {
            self.terrains.iter().map(|t| t.name.as_str()).collect()
        } else {
            self.visible.iter().map(String::as_str).collect()
        };
        // Declared though invalid: still declared, as far as the user can see.
        for r in self.rejected {
            if !names.contains(&r.as_str()) {
                names.push(r);
            }
        }
        // A terrain's symbol where its name is meant (`terrain = "D"`): the terrain it is of.
        let mut chars = name.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && let Some(t) = self
                .terrains
                .iter()
                .find(|t| t.symbol == c && names.contains(&t.name.as_str()))
        {
            return Err(Some(format!(
                "unknown terrain `{name}` (did you mean `{}`? `{name}` is its symbol, for kingdom files and the screen; a square names its terrain); known terrains: {}",
                t.name,
                names.join(", ")
            )));
        }
        Err(Some(unknown_terrain_message(name, &names, self.shared)))
    }

    /// [`Scope::find`], reporting the problem at `loc`.
    fn terrain(&self, loader: &mut Loader, loc: &Loc, name: &str) -> Option<TerrainId> {
        match self.find(name) {
            Ok(t) => Some(t),
            Err(problem) => {
                if let Some(message) = problem {
                    let message = self.how_to_declare(loader, name, message);
                    loader.err(loc, message);
                }
                None
            }
        }
    }

    /// An unknown terrain's `message`, with how a new one is declared where the name is no
    /// misspelling (a terrain of one's own, which a `[[terrain]]` table declares): said once a
    /// load, and not to a save's embedded ruleset (written by the program, not a person). A
    /// terrain a shipped set declares names that set, once for each such terrain.
    fn how_to_declare(&self, loader: &mut Loader, name: &str, mut message: String) -> String {
        if !self.shared || loader.sealed || message.contains("(did you mean") {
            return message;
        }
        let declare = !loader.said_new_terrain;
        // A terrain of a shipped set (the house rules' `volcano`): the set that brings it.
        let set = if loader.said_set_of.iter().any(|n| n == name) {
            None
        } else {
            shipped_set_hint(name)
        };
        if let Some(hint) = &set {
            loader.said_set_of.push(name.to_string());
            message.push_str(hint);
        }
        if declare {
            loader.said_new_terrain = true;
            message.push_str(&format!(
                "; {}a new terrain is declared in a [[terrain]] table (name = \"{}\", a symbol and a colour)",
                if set.is_some() { "else " } else { "" },
                crownlands_core::text::excerpt(name)
            ));
        }
        message
    }
}

/// The terrains of every block, merged by name, and the names each block declared.
struct Terrains {
    all: Vec<Terrain>,
    /// Where each of `all` was declared (its `name`; a recolouring's where it was recoloured).
    locs: Vec<Loc>,
    by_block: Vec<Vec<String>>,
    /// Per block: declared but thrown out by the schema check (see [`Scope`]).
    rejected: Vec<Vec<String>>,
    rejected_anywhere: Vec<String>,
    /// See [`Scope::partial`].
    partial: bool,
}

impl Terrains {
    fn scope(&self, block: usize, shared: bool) -> Scope<'_> {
        Scope {
            terrains: &self.all,
            visible: if shared { &[] } else { &self.by_block[block] },
            rejected: if shared {
                &self.rejected_anywhere
            } else {
                &self.rejected[block]
            },
            shared,
            partial: self.partial,
        }
    }
}

impl Components {
    /// Merge the blocks in order: terrains, then dominoes (after each block's removals), then
    /// buildings. With `shared_terrains`, a domino may name a terrain declared in any block (a
    /// ruleset); without, only its own block's terrains (a set validated alone). With
    /// `partial`, components are missing for a problem reported already (a set not read): a
    /// terrain not found is not reported unknown.
    pub fn build(
        loader: &mut Loader,
        blocks: &[Block],
        shared_terrains: bool,
        partial: bool,
    ) -> Components {
        let mut terrains = terrains(loader, blocks);
        terrains.partial = partial;
        let (piles, pile_locs, dominoes, kept_all) =
            dominoes(loader, blocks, &terrains, shared_terrains);
        // None thrown out while gathering them, nor before (by the schema check: every entry a
        // file writes reached its block).
        let dominoes_complete = kept_all
            && blocks.iter().all(|b| {
                loader
                    .files
                    .get(b.file)
                    .is_none_or(|f| f.declared_dominoes <= b.dominoes.len())
            });
        let buildings = buildings(loader, blocks, &terrains, shared_terrains);
        let tables = tables(loader, blocks);
        // A ruleset's own terrain on no domino of its deck never shows in a game (a name
        // misspelt on the dominoes meant for it is an error of its own, so not when one was
        // thrown out). A set may declare terrains for others to use; shipped files are not
        // the author's to mend.
        if shared_terrains && !partial && dominoes_complete {
            for (id, (terrain, loc)) in terrains.all.iter().zip(&terrains.locs).enumerate() {
                let used = dominoes.iter().any(|d| {
                    usize::from(d.first.terrain.0) == id || usize::from(d.second.terrain.0) == id
                });
                if !used && !loader.is_shipped(loc.file) {
                    loader.warn(
                        loc,
                        format!(
                            "terrain `{}` ({}) is on no domino of the deck: it never appears in a game",
                            crownlands_core::text::escape_controls(&terrain.name),
                            terrain.symbol
                        ),
                    );
                }
            }
        }
        Components {
            terrains: terrains.all,
            piles,
            pile_locs,
            dominoes,
            buildings,
            tables,
            dominoes_complete,
        }
    }
}

/// Every block's terrains, checked and merged by name (a name declared again must agree).
fn terrains(loader: &mut Loader, blocks: &[Block]) -> Terrains {
    let mut terrains: Vec<Terrain> = Vec::new();
    let mut terrain_locs: Vec<Loc> = Vec::new();
    let mut too_many_terrains = false;
    let mut by_block: Vec<Vec<String>> = Vec::new();
    for b in blocks {
        let mut names = Vec::new();
        for (i, t) in b.terrains.iter().enumerate() {
            let at = |k: &'static str| [Seg::Key("terrain"), Seg::Index(i), Seg::Key(k)];
            let name_loc = loader.loc(b.file, &at("name"));
            let sym_loc = loader.loc(b.file, &at("symbol"));
            let col_loc = loader.loc(b.file, &at("colour"));
            names.push(t.name.clone());
            let symbol = check_terrain(loader, t, &name_loc, &sym_loc, &col_loc);
            if let Some(j) = terrains.iter().position(|x| x.name == t.name) {
                let earlier = loader.describe(&terrain_locs[j]);
                if terrains[j].symbol != symbol && symbol != '?' {
                    let msg = format!(
                        "terrain `{}` is declared again with symbol {symbol}, but {earlier} gave it {}",
                        t.name, terrains[j].symbol
                    );
                    loader.err(&sym_loc, msg);
                }
                let recolours = b.recolours && terrain_locs[j].file != b.file;
                if !terrains[j].colour.eq_ignore_ascii_case(&t.colour)
                    && recolours
                    && (terrains[j].symbol == symbol || symbol == '?')
                {
                    // A ruleset recolours a terrain of its sets (or of a file it extends): the
                    // colour, and where it was given, are the ruleset's. (Twice in one file is
                    // a mistake, as in a set.)
                    terrains[j].colour = t.colour.clone();
                    terrain_locs[j] = name_loc.clone();
                } else if !terrains[j].colour.eq_ignore_ascii_case(&t.colour) && !recolours {
                    // (Where it may recolour but the symbol differs, the symbol's error alone:
                    // mended, the colour is taken.)
                    let msg = format!(
                        "terrain `{}` is declared again with colour {}, but {earlier} gave it {}",
                        t.name, t.colour, terrains[j].colour
                    );
                    loader.err(&col_loc, msg);
                }
                continue;
            }
            if let Some(j) = terrains
                .iter()
                .position(|x| symbol != '?' && x.symbol == symbol)
            {
                let msg = format!(
                    "symbol {symbol} of terrain `{}` is already used by terrain `{}` ({})",
                    t.name,
                    terrains[j].name,
                    loader.describe(&terrain_locs[j])
                );
                loader.err(&sym_loc, msg);
            }
            // Two names a player cannot tell apart (another script's letter, another case).
            if let Some(j) = terrains.iter().position(|x| {
                crownlands_core::text::look(&x.name) == crownlands_core::text::look(&t.name)
            }) {
                let msg = format!(
                    "terrain `{}` looks like terrain `{}` ({}) on a screen: they differ only in case, \
                     spacing, a character drawn as nothing or a letter of another script; rename one",
                    crownlands_core::text::escape_controls(
                        &crownlands_core::text::reveal_invisible(&t.name)
                    ),
                    crownlands_core::text::escape_controls(
                        &crownlands_core::text::reveal_invisible(&terrains[j].name)
                    ),
                    loader.describe(&terrain_locs[j])
                );
                loader.warn(&name_loc, msg);
            }
            if terrains.len() >= MAX_TERRAINS {
                if !too_many_terrains {
                    loader.err(
                        &name_loc,
                        format!("too many terrains: at most {MAX_TERRAINS} are supported"),
                    );
                    too_many_terrains = true;
                }
                continue;
            }
            terrains.push(Terrain {
                name: t.name.clone(),
                symbol,
                colour: t.colour.clone(),
            });
            terrain_locs.push(name_loc);
        }
        by_block.push(names);
    }
    let rejected = rejected_terrains(loader, blocks);
    let rejected_anywhere = rejected.iter().flatten().cloned().collect();
    Terrains {
        all: terrains,
        locs: terrain_locs,
        by_block,
        rejected,
        rejected_anywhere,
        partial: false,
    }
}

/// One terrain's name, symbol and colour, each problem reported; its symbol, `?` if invalid.
fn check_terrain(
    loader: &mut Loader,
    t: &TerrainDef,
    name_loc: &Loc,
    sym_loc: &Loc,
    col_loc: &Loc,
) -> char {
    if t.name.trim().is_empty() {
        loader.err(name_loc, "a terrain's name may not be empty");
    }
    let symbol = match valid_symbol(&t.symbol) {
        Some(c) => c,
        None => {
            loader.err(
                sym_loc,
                format!(
                    "terrain `{}`: symbol must be one ASCII uppercase letter other than C (the castle), not \"{}\"",
                    t.name, t.symbol
                ),
            );
            '?'
        }
    };
    if !valid_colour(&t.colour) {
        loader.err(
            col_loc,
            format!(
                "terrain `{}`: colour must be written #rrggbb, not \"{}\"",
                t.name, t.colour
            ),
        );
    }
    symbol
}

/// Terrains a block declared but that were thrown out as invalid (already reported):
/// dominoes naming them get no second, misleading, "unknown terrain" error.
fn rejected_terrains(loader: &Loader, blocks: &[Block]) -> Vec<Vec<String>> {
    blocks
        .iter()
        .map(|b| {
            loader
                .files
                .get(b.file)
                .map(|f| {
                    f.declared_terrains
                        .iter()
                        .filter(|n| !b.terrains.iter().any(|t| t.name == **n))
                        .cloned()
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect()
}

/// Every block's dominoes, in order, each block's `remove-dominoes` applied first: the boxes
/// and the dominoes, numbers unique within a box. A domino removed and declared again (replaced)
/// takes the removed one's place, so the deal is the same but for that domino and `compare`
/// pairs the games of a ruleset and its replacement of a domino.
fn dominoes(
    loader: &mut Loader,
    blocks: &[Block],
    terrains: &Terrains,
    shared: bool,
) -> (Vec<String>, Vec<Loc>, Vec<Domino>, bool) {
    // Whether every domino declared went into the deck (none thrown out for a problem of its
    // own, nor a removal refused).
    let mut kept_all = true;
    let mut piles: Vec<String> = Vec::new();
    // Where each box is named (see `Components::pile_locs`).
    let mut pile_locs: Vec<Loc> = Vec::new();
    // A removed domino leaves its place empty until one of the same box and number fills it.
    let mut dominoes: Vec<Option<Domino>> = Vec::new();
    let mut numbers: HashMap<(u8, u16), Loc> = HashMap::new();
    // The dominoes removed so far (box, number), each with where, and the place each left.
    let mut removed: HashMap<(u8, u16), Loc> = HashMap::new();
    let mut places: HashMap<(u8, u16), usize> = HashMap::new();
    'blocks: for (bi, b) in blocks.iter().enumerate() {
        for (r, loc) in &b.removals {
            let mut deck = Deck {
                piles: &piles,
                dominoes: &mut dominoes,
                numbers: &mut numbers,
                removed: &mut removed,
                places: &mut places,
            };
            kept_all &= remove(loader, &mut deck, r, loc);
        }
        let scope = terrains.scope(bi, shared);
        for (i, d) in b.dominoes.iter().enumerate() {
            if d.box_name.is_none() && b.default_box.is_empty() {
                kept_all = false;
                continue;
            }
            let number_loc = loader.loc(
                b.file,
                &[Seg::Key("domino"), Seg::Index(i), Seg::Key("number")],
            );
            // The dominoes in the deck: the places left empty are the removed ones'.
            if dominoes.len() - places.len() >= MAX_DOMINOES {
                loader.err(
                    &number_loc,
                    format!(
                        "too many dominoes: at most {MAX_DOMINOES} are supported in one ruleset"
                    ),
                );
                kept_all = false;
                break 'blocks;
            }
            let first = square(loader, &scope, b.file, i, "first", &d.first);
            let second = square(loader, &scope, b.file, i, "second", &d.second);
            let box_name = d.box_name.clone().unwrap_or_else(|| b.default_box.clone());
            let pile = match piles.iter().position(|p| *p == box_name) {
                Some(p) => p,
                None => {
                    // A new box: a problem with it is at the name the file gives it (the
                    // domino's `box`, else the file's), else at the domino that makes it.
                    let loc = match (&d.box_name, &b.default_box_at) {
                        (Some(_), _) => loader.loc(
                            b.file,
                            &[Seg::Key("domino"), Seg::Index(i), Seg::Key("box")],
                        ),
                        (None, Some(at)) => at.clone(),
                        (None, None) => loader.loc(b.file, &[Seg::Key("domino"), Seg::Index(i)]),
                    };
                    if piles.len() >= MAX_PILES {
                        loader.err(
                            &loc,
                            format!(
                                "too many boxes of dominoes: at most {MAX_PILES} are supported"
                            ),
                        );
                        kept_all = false;
                        continue;
                    }
                    if let Some(problem) = initial_problem(&piles, &box_name) {
                        loader.err(&loc, problem);
                    }
                    piles.push(box_name.clone());
                    pile_locs.push(loc);
                    piles.len() - 1
                }
            };
            let pile = pile as u8;
            if let Some(earlier) = numbers.get(&(pile, d.number)) {
                // A replacement whose `remove-dominoes` is written where it is not read
                // (reported there) is no second problem.
                if earlier.file != b.file
                    && b.recolours
                    && loader.misplaced(b.file, "remove-dominoes")
                {
                    kept_all = false;
                    continue;
                }
                // What to do depends on where the two are: `remove-dominoes` takes out only
                // what the files before this one gathered, ahead of the file's own dominoes.
                let fix = if earlier.file == b.file {
                    "declared twice in this file: keep one".to_string()
                } else if !b.recolours {
                    // Two component sets: no removal comes between them.
                    // Past every number the box holds or a thrown-out domino took.
                    let free = numbers
                        .keys()
                        .filter(|(p, _)| *p == pile)
                        .map(|&(_, n)| n)
                        .max()
                        .map_or(1, |n| n.saturating_add(1));
                    format!(
                        "two component sets may not share a number: renumber this set's dominoes (box `{box_name}` is free from {free} on)"
                    )
                } else {
                    "to replace it, list it in `remove-dominoes` first".to_string()
                };
                let msg = format!(
                    "domino number {} appears twice in box `{box_name}` (first at {}); {fix}",
                    d.number,
                    loader.describe(earlier)
                );
                loader.err(&number_loc, msg);
                kept_all = false;
                continue;
            }
            numbers.insert((pile, d.number), number_loc);
            if let (Some(first), Some(second)) = (first, second) {
                let domino = Domino {
                    number: d.number,
                    pile,
                    first,
                    second,
                };
                match places.remove(&(pile, d.number)) {
                    Some(at) if dominoes.get(at).is_some_and(Option::is_none) => {
                        dominoes[at] = Some(domino);
                    }
                    _ => dominoes.push(Some(domino)),
                }
            } else {
                kept_all = false;
            }
        }
    }
    (
        piles,
        pile_locs,
        dominoes.into_iter().flatten().collect(),
        kept_all,
    )
}

/// Why box `new` cannot join the boxes `piles` of a deck, if it cannot: with several boxes a
/// domino is named by its box's initial and its number (`K12`, in play, saves and
/// `remove-dominoes`), so each box needs an initial of its own, and a letter.
fn initial_problem(piles: &[String], new: &str) -> Option<String> {
    let initial = |name: &str| name.chars().next().map(|c| c.to_ascii_uppercase());
    let why = "with several boxes a domino is named by its box's initial and number (`K12`), so each box needs a first letter of its own";
    let rename = "rename one (its set's `name`, or the dominoes' `box`)";
    // A box alone needs no initial (its dominoes are named by number): the first box is
    // checked when a second joins it.
    if piles.is_empty() {
        return None;
    }
    for name in piles
        .iter()
        .take(usize::from(piles.len() == 1))
        .map(String::as_str)
        .chain([new])
    {
        if !initial(name).is_some_and(|c| c.is_ascii_alphabetic()) {
            return Some(format!(
                "box `{name}` does not begin with a letter (A to Z): {why}; {rename}"
            ));
        }
    }
    let mine = initial(new)?;
    let other = piles.iter().find(|p| initial(p) == Some(mine))?;
    // A misspelt box name reads as a box of its own.
    let known: Vec<&str> = piles.iter().map(String::as_str).collect();
    if let Some(meant) = crownlands_core::text::closest(new, &known) {
        return Some(format!(
            "box `{new}` is not one of the deck's boxes (did you mean `{meant}`?), and a new box needs a first letter of its own, not {mine}"
        ));
    }
    Some(format!(
        "box `{new}` begins with {mine}, as box `{other}` does: {why}; {rename}"
    ))
}

/// How a domino is named in messages: its number, prefixed by its box's initial when there are
/// several boxes (as the engine labels it).
fn label(piles: &[String], pile: u8, number: u16) -> String {
    if piles.len() > 1 {
        let initial = piles
            .get(usize::from(pile))
            .and_then(|p| p.chars().next())
            .unwrap_or('?')
            .to_ascii_uppercase();
        format!("{initial}{number}")
    } else {
        number.to_string()
    }
}

/// The deck gathered so far, for `remove-dominoes`.
struct Deck<'a> {
    piles: &'a [String],
    /// The dominoes in order, a removed one's place empty.
    dominoes: &'a mut Vec<Option<Domino>>,
    /// Each domino's (box, number), with where it was declared.
    numbers: &'a mut HashMap<(u8, u16), Loc>,
    /// Each domino removed so far, with the entry that removed it.
    removed: &'a mut HashMap<(u8, u16), Loc>,
    /// The place each removed domino left, for one declared again in its stead.
    places: &'a mut HashMap<(u8, u16), usize>,
}

/// Take one `remove-dominoes` entry out of the dominoes gathered so far, or report why not
/// (false).
fn remove(loader: &mut Loader, deck: &mut Deck<'_>, r: &DominoRef, loc: &Loc) -> bool {
    let piles = deck.piles;
    let initials: Vec<char> = piles
        .iter()
        .map(|p| p.chars().next().unwrap_or('?').to_ascii_uppercase())
        .collect();
    let (pile, number): (Option<u8>, Option<u16>) = match r {
        DominoRef::Number(n) => (None, Some(*n)),
        DominoRef::Label(text) => {
            // Written as the game writes it (`12`, `K12`): no spaces, sign or leading zeros,
            // which `str::parse` would let through (`" 6"`, `"+7"`, `"08"`).
            let t = text.as_str();
            let plain = |digits: &str| {
                (!digits.is_empty()
                    && digits.bytes().all(|b| b.is_ascii_digit())
                    && (digits == "0" || !digits.starts_with('0')))
                .then(|| digits.parse::<u16>().ok())
                .flatten()
            };
            match t.chars().next() {
                Some(c) if c.is_ascii_alphabetic() => {
                    let c = c.to_ascii_uppercase();
                    let rest = &t[1..];
                    match initials.iter().position(|&i| i == c) {
                        Some(p) => (Some(p as u8), plain(rest)),
                        None => {
                            let boxes: Vec<String> = piles
                                .iter()
                                .zip(&initials)
                                .map(|(p, i)| format!("{i} ({p})"))
                                .collect();
                            loader.err(
                                loc,
                                format!(
                                    "\"{t}\": no box starts with {c}; the deck's boxes: {}",
                                    boxes.join(", ")
                                ),
                            );
                            return false;
                        }
                    }
                }
                _ => (None, plain(t)),
            }
        }
    };
    let Some(number) = number else {
        let example = match piles.len() {
            0 | 1 => "12".to_string(),
            _ => format!("\"{}12\"", initials[0]),
        };
        let shown = match r {
            DominoRef::Number(n) => n.to_string(),
            DominoRef::Label(t) => format!("\"{t}\""),
        };
        loader.err(
            loc,
            format!("{shown} does not name a domino: write its number, e.g. {example}"),
        );
        return false;
    };
    let pile = match pile {
        Some(p) => p,
        None if piles.len() > 1 => {
            let options: Vec<String> = (0..piles.len())
                .filter(|&p| deck.numbers.contains_key(&(p as u8, number)))
                .map(|p| format!("\"{}\"", label(piles, p as u8, number)))
                .collect();
            let hint = if options.is_empty() {
                String::new()
            } else {
                format!(": {}", options.join(" or "))
            };
            loader.err(
                loc,
                format!(
                    "the deck has several boxes ({}): name domino {number} with its box's initial{hint}",
                    piles.join(", ")
                ),
            );
            return false;
        }
        None => 0,
    };
    if deck.numbers.remove(&(pile, number)).is_none() {
        if let Some(first) = deck.removed.get(&(pile, number)) {
            let message = removed_again(
                &format!("domino {}", label(piles, pile, number)),
                first.file == loc.file,
                &loader.describe(first),
            );
            loader.err(loc, message);
            return false;
        }
        let in_box: Vec<u16> = deck
            .dominoes
            .iter()
            .flatten()
            .filter(|d| d.pile == pile)
            .map(|d| d.number)
            .collect();
        let range = match (in_box.iter().min(), in_box.iter().max()) {
            (Some(lo), Some(hi)) => format!(
                " (numbered {} to {})",
                label(piles, pile, *lo),
                label(piles, pile, *hi)
            ),
            _ => String::new(),
        };
        loader.err(
            loc,
            format!("no domino {} to remove{range}", label(piles, pile, number)),
        );
        return false;
    }
    deck.removed.insert((pile, number), loc.clone());
    if let Some(at) = deck.dominoes.iter().position(|d| {
        d.as_ref()
            .is_some_and(|d| d.pile == pile && d.number == number)
    }) {
        deck.dominoes[at] = None;
        deck.places.insert((pile, number), at);
    }
    true
}

/// Why `what` (`domino 48`) may not be removed again: listed twice in one file, or already
/// removed by a file this one extends (`first`, where).
fn removed_again(what: &str, same_file: bool, first: &str) -> String {
    if same_file {
        format!("{what} is removed twice (first at {first}): list it once")
    } else {
        format!(
            "{what} is already removed (at {first}, which this file extends): leave it out here"
        )
    }
}

/// Take building `number` out of the tiles gathered so far (`out`, whose numbers are in
/// `numbers`), or report why not: a number no tile has, or one removed twice (a tile removed,
/// declared again, then removed by a file extending that one is not: as with dominoes). Its
/// place is left empty (in `places`) for a tile declared again in its stead. True where it
/// was taken out.
fn remove_building(
    loader: &mut Loader,
    out: &mut [Option<Building>],
    places: &mut HashMap<u16, usize>,
    numbers: &mut HashMap<u16, Loc>,
    removed: &mut HashMap<u16, Loc>,
    number: u16,
    loc: &Loc,
) -> bool {
    let present = out
        .iter()
        .position(|b| b.as_ref().is_some_and(|b| b.number == number));
    if present.is_none()
        && let Some(earlier) = removed.get(&number)
    {
        let msg = removed_again(
            &format!("building {number}"),
            earlier.file == loc.file,
            &loader.describe(earlier),
        );
        loader.err(loc, msg);
        return false;
    }
    let Some(at) = present else {
        let have: Vec<u16> = out.iter().flatten().map(|b| b.number).collect();
        // In runs: `1 to 12, 15 to 32`.
        let list = crownlands_core::text::number_runs(&have, |n| n.to_string());
        loader.err(
            loc,
            format!("no building tile numbered {number} to remove; the tiles so far: {list}"),
        );
        return false;
    };
    out[at] = None;
    places.insert(number, at);
    numbers.remove(&number);
    removed.insert(number, loc.clone());
    true
}

/// The building tiles of every block, in order: numbers unique across the blocks, values
/// complete and naming known terrains. A tile removed and declared again takes the removed
/// one's place (the building pile is shuffled from this order: see [`dominoes`]).
fn buildings(
    loader: &mut Loader,
    blocks: &[Block],
    terrains: &Terrains,
    shared: bool,
) -> Vec<Building> {
    let mut out: Vec<Option<Building>> = Vec::new();
    // The place each removed tile left empty.
    let mut places: HashMap<u16, usize> = HashMap::new();
    let mut numbers: HashMap<u16, Loc> = HashMap::new();
    // The tiles removed so far, each with the entry that removed it.
    let mut removed: HashMap<u16, Loc> = HashMap::new();
    // The names of the tiles so far (as a reader sees them: `text::look`, and as written), by
    // number, each with where it was written: two tiles alike by name are told apart nowhere
    // else.
    let mut names: HashMap<u16, (String, String, Loc)> = HashMap::new();
    // The tiles declared and not removed since: at most `MAX_BUILDINGS` (a file that removes
    // every tile may declare as many again, as with dominoes).
    let mut seen = 0;
    'blocks: for (bi, b) in blocks.iter().enumerate() {
        for (number, loc) in &b.building_removals {
            names.remove(number);
            if remove_building(
                loader,
                &mut out,
                &mut places,
                &mut numbers,
                &mut removed,
                *number,
                loc,
            ) {
                seen -= 1;
            }
        }
        for (i, d) in b.buildings.iter().enumerate() {
            seen += 1;
            let at = |keys: &[&'static str]| {
                let mut path = vec![Seg::Key("building"), Seg::Index(i)];
                path.extend(keys.iter().map(|k| Seg::Key(k)));
                path
            };
            let number_loc = loader.loc(b.file, &at(&["number"]));
            if seen > MAX_BUILDINGS {
                loader.err(
                    &number_loc,
                    format!(
                        "too many buildings: at most {MAX_BUILDINGS} are supported in one ruleset"
                    ),
                );
                break 'blocks;
            }
            let mut ok = true;
            if let Some(earlier) = numbers.get(&d.number) {
                // (Not when this file's `remove-buildings` is written where it is not read:
                // reported there.)
                let replacing =
                    earlier.file != b.file && loader.misplaced(b.file, "remove-buildings");
                let msg = format!(
                    "building number {} appears twice (first at {}); to replace it, list it in `remove-buildings` first",
                    d.number,
                    loader.describe(earlier)
                );
                if !replacing {
                    loader.err(&number_loc, msg);
                }
                ok = false;
            } else {
                numbers.insert(d.number, number_loc);
            }
            if d.name.as_deref().is_some_and(|n| n.trim().is_empty()) {
                let loc = loader.loc(b.file, &at(&["name"]));
                loader.err(
                    &loc,
                    "a building's name may not be blank: leave `name` out instead",
                );
                ok = false;
            } else if let Some(name) = d.name.as_deref()
                && ok
            {
                let loc = loader.loc(b.file, &at(&["name"]));
                // A warning (a save's embedded ruleset must still load): `simulate` counts a
                // line that takes points away as `NAME (penalty)`.
                if name.ends_with(" (penalty)") {
                    loader.warn(
                        &loc,
                        format!(
                            "building {} is named `{}`: `simulate`'s statistics add ` (penalty)` to a line that takes points away, so its line would be counted with another's; name it otherwise",
                            d.number,
                            crownlands_core::text::excerpt(name)
                        ),
                    );
                }
                let look = crownlands_core::text::look(name);
                let mut alike: Vec<(&u16, &(String, String, Loc))> =
                    names.iter().filter(|(_, (l, _, _))| *l == look).collect();
                alike.sort_by_key(|(n, _)| **n);
                // A warning, not an error: a save's embedded ruleset written before this check
                // must still load.
                if let Some((first, (_, first_name, first_loc))) = alike.first() {
                    let named = if first_name == name {
                        format!("as building {first} is")
                    } else {
                        format!(
                            "and building {first} `{}`: they read alike",
                            crownlands_core::text::excerpt(first_name)
                        )
                    };
                    loader.warn(
                        &loc,
                        format!(
                            "building {} is named `{}` {named} (at {}): the scores and `simulate`'s statistics tell tiles apart by name, so give each a name of its own, or none (it is then called by its number)",
                            d.number,
                            crownlands_core::text::excerpt(name),
                            loader.describe(first_loc)
                        ),
                    );
                } else {
                    names.insert(d.number, (look, name.to_string(), loc));
                }
            }
            let v = &d.value;
            let kind = v.kind.name();
            // Each message names the building, as the others of a building do.
            let number = d.number;
            let value_loc = loader.loc(b.file, &at(&["value"]));
            let points = match (v.kind, v.points) {
                (BuildingValueKind::None, Some(_)) => {
                    let loc = loader.loc(b.file, &at(&["value", "points"]));
                    loader.err(
                        &loc,
                        format!("building {number}: a value of kind \"none\" takes no `points`; use kind = \"fixed\" for points in all"),
                    );
                    ok = false;
                    0
                }
                (BuildingValueKind::None, None) => 0,
                (_, Some(p)) => p,
                (_, None) => {
                    // Written but refused (out of range, not a number): said already there.
                    let refused = loader
                        .files
                        .get(b.file)
                        .is_some_and(|f| f.refused_within(&value_loc.span));
                    if !refused {
                        loader.err(
                            &value_loc,
                            format!("building {number}: a value of kind \"{kind}\" needs `points`"),
                        );
                    }
                    ok = false;
                    0
                }
            };
            let needs_terrain = matches!(
                v.kind,
                BuildingValueKind::PerTerritory | BuildingValueKind::PerCrown
            );
            let terrain = match (needs_terrain, &v.terrain) {
                (true, None) => {
                    let what = if v.kind == BuildingValueKind::PerCrown {
                        "whose crowns count"
                    } else {
                        "whose separate territories count"
                    };
                    loader.err(
                        &value_loc,
                        format!("building {number}: a value of kind \"{kind}\" needs `terrain`: the terrain {what}"),
                    );
                    ok = false;
                    None
                }
                (true, Some(name)) => {
                    let loc = loader.loc(b.file, &at(&["value", "terrain"]));
                    let t = terrains.scope(bi, shared).terrain(loader, &loc, name);
                    if t.is_none() {
                        ok = false;
                    }
                    t
                }
                (_, Some(_)) => {
                    let loc = loader.loc(b.file, &at(&["value", "terrain"]));
                    loader.err(
                        &loc,
                        format!(
                            "building {number}: a value of kind \"{kind}\" takes no `terrain`; only \"per-territory\" and \"per-crown\" do"
                        ),
                    );
                    ok = false;
                    None
                }
                (_, None) => None,
            };
            let coins = match (v.kind, v.coins) {
                (BuildingValueKind::PerCoins, Some(c)) => c,
                (BuildingValueKind::PerCoins, None) => {
                    // A `coins` written but out of range was reported where it is.
                    let written = loader
                        .files
                        .get(value_loc.file)
                        .and_then(|f| f.src.text.get(value_loc.span.clone()))
                        .is_some_and(|text| {
                            // `coins =` as a key, not `per-coins` in the kind.
                            text.match_indices("coins").any(|(i, _)| {
                                let before = text[..i].chars().last();
                                !before.is_some_and(|c| c == '-' || c.is_alphanumeric())
                                    && text[i + 5..].trim_start().starts_with('=')
                            })
                        });
                    if !written {
                        loader.err(
                            &value_loc,
                            format!("building {number}: a value of kind \"per-coins\" needs `coins`: points are given for each this many coins"),
                        );
                    }
                    ok = false;
                    1
                }
                (_, Some(_)) => {
                    let loc = loader.loc(b.file, &at(&["value", "coins"]));
                    loader.err(
                        &loc,
                        format!(
                            "building {number}: a value of kind \"{kind}\" takes no `coins`; only \"per-coins\" does"
                        ),
                    );
                    ok = false;
                    1
                }
                (_, None) => 1,
            };
            if !ok {
                continue;
            }
            let value = match v.kind {
                BuildingValueKind::None => BuildingValue::None,
                BuildingValueKind::Fixed => BuildingValue::Fixed { points },
                BuildingValueKind::PerTerritory => match terrain {
                    Some(terrain) => BuildingValue::PerTerritory { terrain, points },
                    None => continue,
                },
                BuildingValueKind::PerTower => BuildingValue::PerTower { points },
                BuildingValueKind::PerKnight => BuildingValue::PerKnight { points },
                BuildingValueKind::PerCrown => match terrain {
                    Some(terrain) => BuildingValue::PerCrown { terrain, points },
                    None => continue,
                },
                BuildingValueKind::PerCoins => BuildingValue::PerCoins {
                    coins: coins.max(1),
                    points,
                },
                BuildingValueKind::PerBuilding => BuildingValue::PerBuilding { points },
            };
            let building = Building {
                number: d.number,
                name: d.name.clone().unwrap_or_default(),
                crowns: d.crowns,
                knights: d.knights,
                towers: d.towers,
                coins: d.coins,
                price: d.price,
                tax_bonus: d.tax_bonus,
                value,
            };
            match places.remove(&d.number) {
                Some(at) if out.get(at).is_some_and(Option::is_none) => out[at] = Some(building),
                _ => out.push(Some(building)),
            }
        }
    }
    out.into_iter().flatten().collect()
}

/// "; the shipped set `volcano` declares it, with its dominoes: `add-sets = [\"volcano\"]`",
/// for a terrain a shipped set declares (none for another).
pub(crate) fn shipped_set_hint(name: &str) -> Option<String> {
    shipped_set_declaring(name).map(|set| {
        format!(
            "; the shipped set `{set}` declares it, with its dominoes: `add-sets = [\"{set}\"]`"
        )
    })
}

/// The first shipped component set (by name) that declares a terrain called `name`.
fn shipped_set_declaring(name: &str) -> Option<String> {
    crate::source::shipped_set_names().into_iter().find(|set| {
        crate::source::embedded(&format!("sets/{set}.toml"))
            .and_then(|text| text.parse::<toml::Table>().ok())
            .and_then(|t| t.get("terrain")?.as_array().cloned())
            .is_some_and(|terrains| {
                terrains
                    .iter()
                    .any(|t| t.get("name").and_then(|n| n.as_str()) == Some(name))
            })
    })
}

fn unknown_terrain_message(name: &str, names: &[&str], shared: bool) -> String {
    let mut msg = format!("unknown terrain `{name}`");
    if let Some(c) = closest(name, names) {
        msg.push_str(&format!(" (did you mean `{c}`?)"));
    }
    if names.is_empty() {
        msg.push_str(if shared {
            "; no terrains are declared"
        } else {
            "; this set declares no terrains (a set checked on its own must declare the terrains it uses)"
        });
    } else if shared {
        msg.push_str(&format!("; known terrains: {}", names.join(", ")));
    } else {
        msg.push_str(&format!(
            "; terrains declared in this set: {}",
            names.join(", ")
        ));
    }
    msg
}

/// One half of a domino, its terrain looked up in `scope` (`None`: reported, or declared but
/// thrown out).
fn square(
    loader: &mut Loader,
    scope: &Scope<'_>,
    file: usize,
    index: usize,
    half: &'static str,
    sq: &SquareDef,
) -> Option<Square> {
    let terrain = match scope.find(&sq.terrain) {
        Ok(t) => t,
        Err(problem) => {
            if let Some(message) = problem {
                let message = scope.how_to_declare(loader, &sq.terrain, message);
                let path = [
                    Seg::Key("domino"),
                    Seg::Index(index),
                    Seg::Key(half),
                    Seg::Key("terrain"),
                ];
                let loc = loader.loc(file, &path);
                loader.err(&loc, message);
            }
            return None;
        }
    };
    Some(Square {
        terrain,
        crowns: sq.crowns,
    })
}

/// The rows of every block's component tables, table by table in block order: each table one a
/// module of the loader's registry plays, each row read by that module's type (a problem is
/// reported at the row, and the row left out).
fn tables(loader: &mut Loader, blocks: &[Block]) -> BTreeMap<String, Vec<Param>> {
    use crownlands_core::modules::table::{MAX_ROWS, MAX_TABLES};
    let declared = loader.registry.component_tables();
    let keys: Vec<&'static str> = declared.iter().map(|(_, t)| t.key).collect();
    let mut out: BTreeMap<String, Vec<Param>> = BTreeMap::new();
    for b in blocks {
        for (key, rows) in &b.tables {
            let table_loc = loader.loc(b.file, &[Seg::Key("component"), Seg::Key(key)]);
            let Some((_, table)) = declared.iter().find(|(_, t)| t.key == key) else {
                let problem = crownlands_core::Problem::UnknownTable {
                    key: key.clone(),
                    suggestion: closest(key, &keys),
                    known: keys.join(", "),
                };
                loader.err(&table_loc, problem.to_string());
                continue;
            };
            if !out.contains_key(key.as_str()) && out.len() >= MAX_TABLES {
                loader.err(
                    &table_loc,
                    format!("too many component tables: at most {MAX_TABLES} are supported"),
                );
                continue;
            }
            let kept = out.entry(key.clone()).or_default();
            for (i, row) in rows.iter().enumerate() {
                let loc = loader.loc(
                    b.file,
                    &[Seg::Key("component"), Seg::Key(key), Seg::Index(i)],
                );
                if kept.len() >= MAX_ROWS {
                    loader.err(
                        &loc,
                        format!(
                            "too many rows of component `{key}`: at most {MAX_ROWS} are supported"
                        ),
                    );
                    break;
                }
                match (table.check)(row) {
                    Ok(()) => kept.push(row.clone()),
                    Err(problem) => {
                        // At the part of the row at fault, where the file has it.
                        let mut path = vec![Seg::Key("component"), Seg::Key(key), Seg::Index(i)];
                        for part in &problem.path {
                            path.push(match part {
                                PathPart::Key(k) => Seg::Key(k),
                                PathPart::Index(n) => Seg::Index(*n),
                            });
                        }
                        if let Some(unknown) = &problem.unknown {
                            path.push(Seg::Key(unknown));
                        }
                        let at = loader.loc(b.file, &path);
                        let at = if at.span == (0..0) { loc } else { at };
                        let words = crate::diagnostic::positions_in_words(
                            &crownlands_core::modules::table::row_words(&problem),
                            None,
                        );
                        loader.err(&at, format!("component `{key}`: {words}"));
                    }
                }
            }
        }
    }
    out
}
