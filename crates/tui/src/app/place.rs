//! The ghost domino a human moves around the kingdom before placing it.

use crownlands_core::{Cell, Direction, Game, Kingdom, Placement};

/// The cells of a kingdom where squares may still go, as (min x, min y, max x, max y) around the
/// castle: the occupied bounding box stretched as far as the grid size allows in every direction
/// ([`Kingdom::frame`]: no farther than a castle fixed at the centre allows).
pub fn frame(kingdom: &Kingdom) -> (i8, i8, i8, i8) {
    kingdom.frame()
}

fn inside(f: (i8, i8, i8, i8), c: Cell) -> bool {
    c.x >= f.0 && c.x <= f.2 && c.y >= f.1 && c.y <= f.3
}

/// Clamp a placement so both squares lie inside the frame, keeping its direction.
pub fn clamp(p: Placement, f: (i8, i8, i8, i8)) -> Placement {
    let (dx, dy) = p.direction.delta();
    let lo_x = f.0.max(f.0 - dx);
    let hi_x = f.2.min(f.2 - dx);
    let lo_y = f.1.max(f.1 - dy);
    let hi_y = f.3.min(f.3 - dy);
    let x = p.first.x.clamp(lo_x.min(hi_x), hi_x.max(lo_x));
    let y = p.first.y.clamp(lo_y.min(hi_y), hi_y.max(lo_y));
    Placement::new(Cell::new(x, y), p.direction)
}

/// Move the ghost by a step, staying in the frame.
pub fn moved(p: Placement, dx: i8, dy: i8, f: (i8, i8, i8, i8)) -> Placement {
    let next = Placement::new(
        Cell::new(p.first.x.saturating_add(dx), p.first.y.saturating_add(dy)),
        p.direction,
    );
    if inside(f, next.first) && inside(f, next.second()) {
        next
    } else {
        p
    }
}

/// Turn the ghost a quarter clockwise around its first square, staying in the frame.
pub fn rotated(p: Placement, f: (i8, i8, i8, i8)) -> Placement {
    let d = match p.direction {
        Direction::East => Direction::South,
        Direction::South => Direction::West,
        Direction::West => Direction::North,
        Direction::North => Direction::East,
    };
    clamp(Placement::new(p.first, d), f)
}

/// The legal spots of the domino to place, as Tab goes through them: each way of laying it
/// once (a domino of two like squares laid either way round on the same cells is one spot,
/// [`crownlands_core::PlacementSet::distinct`]: Tab had seemed to do nothing, flipping between
/// the two).
pub fn spots(game: &Game) -> Vec<Placement> {
    let placements = game.placements();
    match to_place(game) {
        Some(d) => placements.distinct(d).iter().collect(),
        None => placements.iter().collect(),
    }
}

/// The placement among [`spots`] that lays the domino as `p` does (`p` itself, or for a
/// domino of two like squares laid west or north, the same cells laid east or south).
pub fn same_spot(game: &Game, p: Placement) -> Placement {
    to_place(game).map_or(p, |d| crownlands_core::PlacementSet::kept_for(d, p))
}

fn to_place(game: &Game) -> Option<&crownlands_core::domino::Domino> {
    game.domino_to_place()
        .and_then(|d| game.ruleset().dominoes().get(d.index()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_of_an_empty_5x5_kingdom_is_9x9() {
        let k = Kingdom::new(5);
        assert_eq!(frame(&k), (-4, -4, 4, 4));
        let p = Placement::new(Cell::new(4, 0), Direction::East);
        assert_eq!(clamp(p, frame(&k)).first, Cell::new(3, 0));
        let r = rotated(Placement::new(Cell::new(0, 4), Direction::East), frame(&k));
        assert_eq!(r.direction, Direction::South);
        assert_eq!(r.first, Cell::new(0, 3));
        let m = moved(
            Placement::new(Cell::new(3, 0), Direction::East),
            1,
            0,
            frame(&k),
        );
        assert_eq!(m.first, Cell::new(3, 0));
    }
}
