//! The progress bar of long commands: `[#####.....]  45/100  details`, redrawn in place on a
//! terminal, a line each time otherwise.

use std::io::{IsTerminal, Write};

const WIDTH: usize = 30;

pub(crate) fn draw(done: usize, total: usize, details: &str) {
    let filled = (done * WIDTH)
        .checked_div(total)
        .unwrap_or(WIDTH)
        .min(WIDTH);
    let line = format!(
        "[{}{}] {done:>5}/{total}  {details}",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled)
    );
    let mut err = std::io::stderr();
    let _ = if err.is_terminal() {
        write!(err, "\r{line}")
    } else {
        writeln!(err, "{line}")
    };
    let _ = err.flush();
}

/// Ends the bar's line on a terminal.
pub fn finish() {
    if std::io::stderr().is_terminal() {
        eprintln!();
    }
}
