mod common;
use common::*;
#[test]
fn look() {
    let mut app = app("queendomino", "you,greedy,greedy,greedy", 3);
    for _ in 0..12 {
        press(&mut app, "<enter>");
        if app.mode() == crownlands_tui::Mode::Place && !app.ghost_is_legal() {
            press(&mut app, "<tab>");
        }
    }
    println!("{}", screen(&app, 200, 60));
}
