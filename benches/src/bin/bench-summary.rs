//! `bench-summary`: prints the figures the drivers last saved (`target/bench-figures/`) in one
//! table against their targets, and writes that table into `benches/README.md` between its
//! summary markers, with the date and the machine. A driver with no saved figures here (the soak,
//! say, which `make bench` does not run) keeps the rows the README already holds for it.
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

/// What the summary shows for one driver.
enum Entry {
    /// Figures saved by a run on this machine.
    Saved(Figures),
    /// The README's earlier table rows and setting line of a driver not run here.
    Kept {
        rows: Vec<String>,
        setting: Option<String>,
    },
}

/// The README's rows and setting line for `driver` in an earlier summary (none when it has none).
fn kept(old_summary: &str, driver: &str) -> Option<Entry> {
    let row_start = format!("| {driver} |");
    let setting_start = format!("- `{driver}` (");
    let rows: Vec<String> = old_summary
        .lines()
        .filter(|l| l.starts_with(&row_start))
        .map(str::to_owned)
        .collect();
    let setting = old_summary
        .lines()
        .find(|l| l.starts_with(&setting_start))
        .map(str::to_owned);
    (!rows.is_empty()).then_some(Entry::Kept { rows, setting })
}

/// The summary in Markdown.
fn table(all: &[Entry]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Written by `bench-summary` on {} for a machine with {}.\n",
        chrono::Utc::now().format("%Y-%m-%d"),
        machine()
    );
    let _ = writeln!(out, "| driver | figure | measured | target | |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    for entry in all {
        match entry {
            Entry::Saved(figures) => {
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
            Entry::Kept { rows, .. } => {
                for row in rows {
                    let _ = writeln!(out, "{row}");
                }
            }
        }
    }
    let _ = writeln!(out);
    for entry in all {
        match entry {
            Entry::Saved(figures) => {
                let _ = writeln!(
                    out,
                    "- `{}` ({}): {}.",
                    figures.driver, figures.measured_at, figures.setting
                );
            }
            Entry::Kept {
                setting: Some(setting),
                ..
            } => {
                let _ = writeln!(out, "{setting}");
            }
            Entry::Kept { setting: None, .. } => {}
        }
    }
    out
}

fn readme() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("README.md")
}

fn main() -> anyhow::Result<()> {
    let path = readme();
    let text =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let (Some(start), Some(end)) = (text.find(START), text.find(END)) else {
        bail!("{} has no {START} ... {END} markers", path.display());
    };
    let old_summary = &text[start..end];
    let mut all = Vec::new();
    let mut saved = 0;
    for driver in DRIVERS {
        match Figures::load(driver)? {
            Some(figures) => {
                saved += 1;
                all.push(Entry::Saved(figures));
            }
            None => match kept(old_summary, driver) {
                Some(entry) => {
                    println!("no figures from `{driver}` here: its earlier rows are kept");
                    all.push(entry);
                }
                None => println!("no figures from `{driver}` yet (run it first)"),
            },
        }
    }
    if saved == 0 {
        bail!("no driver has saved figures; run `make bench` first");
    }
    let summary = table(&all);
    println!("{summary}");
    let head = &text[..start + START.len()];
    let tail = &text[end..];
    std::fs::write(&path, format!("{head}\n{summary}{tail}"))
        .with_context(|| format!("writing {}", path.display()))?;
    println!("written to {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &str = "<!-- summary:start -->\n| driver | figure | measured | target | |\n|---|---|---|---|---|\n\
| soak | errors | 0 | 0 | met |\n| soak | poll p99 | 101 ms | - |  |\n| fan-out | warm | 1 ms | - |  |\n\n\
- `soak` (2026-11-23T20:31:25Z): 20 agents.\n- `fan-out` (2026-11-23T19:15:51Z): 1000 accounts.\n";

    #[test]
    fn a_driver_not_run_keeps_its_rows_and_setting() {
        let Some(Entry::Kept { rows, setting }) = kept(OLD, "soak") else {
            panic!("the soak's rows are kept");
        };
        assert_eq!(
            rows,
            vec![
                "| soak | errors | 0 | 0 | met |",
                "| soak | poll p99 | 101 ms | - |  |"
            ]
        );
        assert_eq!(
            setting.as_deref(),
            Some("- `soak` (2026-11-23T20:31:25Z): 20 agents.")
        );
        assert!(kept(OLD, "api-place").is_none());
    }
}
