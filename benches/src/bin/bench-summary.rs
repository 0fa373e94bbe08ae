//! `bench-summary`: prints the figures the drivers last saved (`target/bench-figures/`) in one
//! table against their targets, and writes that table into `benches/README.md` between its
//! summary markers, with the date and the machine.
//!
//! Run with `cargo run --release -p benches --bin bench-summary` after the drivers (`make bench`
//! runs them all, then this).

use std::fmt::Write as _;
use std::path::PathBuf;

use anyhow::{Context, bail};
use benches::figures::{DRIVERS, Figures};

/// The line before the table in the README.
const START: &str = "<!-- summary:start -->";
/// The line after it.
const END: &str = "<!-- summary:end -->";

/// The processor's model name and the number of cores this process may use.
fn machine() -> String {
    let model = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|m| m.trim().to_owned())
        })
        .unwrap_or_else(|| "unknown processor".to_owned());
    let cores = std::thread::available_parallelism().map_or(0, std::num::NonZero::get);
    format!("{cores} cores ({model})")
}

fn verdict(met: Option<bool>) -> &'static str {
    match met {
        Some(true) => "met",
        Some(false) => "missed",
        None => "",
    }
}

/// The summary in Markdown.
fn table(all: &[Figures]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Written by `bench-summary` on {} for a machine with {}.\n",
        chrono::Utc::now().format("%Y-%m-%d"),
        machine()
    );
    let _ = writeln!(out, "| driver | figure | measured | target | |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    for figures in all {
        for row in &figures.rows {
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} |",
                figures.driver,
                row.figure,
                row.measured,
                row.target,
                verdict(row.met)
            );
        }
    }
    let _ = writeln!(out);
    for figures in all {
        let _ = writeln!(
            out,
            "- `{}` ({}): {}.",
            figures.driver, figures.measured_at, figures.setting
        );
    }
    out
}

fn readme() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md")
}

fn main() -> anyhow::Result<()> {
    let mut all = Vec::new();
    for driver in DRIVERS {
        match Figures::load(driver)? {
            Some(figures) => all.push(figures),
            None => println!("no figures from `{driver}` yet (run it first)"),
        }
    }
    if all.is_empty() {
        bail!("no driver has saved figures; run `make bench` first");
    }
    let summary = table(&all);
    println!("{summary}");
    let path = readme();
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let (Some(start), Some(end)) = (text.find(START), text.find(END)) else {
        bail!("{} has no {START} ... {END} markers", path.display());
    };
    let head = &text[..start + START.len()];
    let tail = &text[end..];
    std::fs::write(&path, format!("{head}\n{summary}{tail}"))
        .with_context(|| format!("writing {}", path.display()))?;
    println!("written to {}", path.display());
    Ok(())
}
