//! A house rule of our own, as a module in a crate of its own: `markets`.
//!
//! After placing a domino (and taxing), a side may pay 2 coins for a market stall on a territory
//! of at least 3 squares that has none of its stalls: one a turn, 3 stalls a side. At the end
//! each stall scores 1 point per square of the territory it stands in. Stalls are paid in coins,
//! so the module declares that it uses `coins`: a ruleset listing it without a module that
//! provides coins (`knights`, `wealth`) is refused at load.
//!
//! [`registry`] is the shipped registry with `markets` and its ruleset added; the
//! `crownlands-markets` binary is the `crownlands` command run with it.

pub mod action;
pub mod markets;
pub mod rules;

pub use action::MarketAction;
pub use markets::Markets;

use crownlands_core::Registry;

/// Everything Crownlands ships, and `markets`: the module, and its ruleset by name
/// (`crownlands-markets play markets`, `extends = "markets"`).
pub fn registry() -> Registry {
    let mut registry = Registry::shipped();
    markets::register(&mut registry);
    registry.add_ruleset("markets", include_str!("../markets.toml"));
    registry
}
