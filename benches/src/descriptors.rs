//! File descriptors of this process: how many are open and the soft limit (Linux `/proc`).

use crate::RigError;

/// How many file descriptors this process has open now.
///
/// # Errors
/// [`RigError::Io`] when `/proc/self/fd` cannot be listed.
pub fn open_descriptors() -> Result<usize, RigError> {
    let entries =
        std::fs::read_dir("/proc/self/fd").map_err(|e| RigError::io("listing /proc/self/fd", e))?;
    Ok(entries.count())
}

/// The soft limit on open files in a `/proc/<pid>/limits` text; `None` when unlimited or missing.
#[must_use]
pub fn soft_open_files_limit(limits: &str) -> Option<u64> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.trim_start_matches("Max open files")
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// This process's soft limit on open files; `None` when unlimited.
///
/// # Errors
/// [`RigError::Io`] when `/proc/self/limits` cannot be read.
pub fn open_files_limit() -> Result<Option<u64>, RigError> {
    let limits = std::fs::read_to_string("/proc/self/limits")
        .map_err(|e| RigError::io("reading /proc/self/limits", e))?;
    Ok(soft_open_files_limit(&limits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soft_limit_is_the_first_number() {
        let limits = "Limit                     Soft Limit           Hard Limit           Units     \n\
                      Max processes             63418                63418                processes \n\
                      Max open files            20000                40000                files     \n";
        assert_eq!(soft_open_files_limit(limits), Some(20_000));
        let unlimited =
            "Max open files            unlimited            unlimited            files\n";
        assert_eq!(soft_open_files_limit(unlimited), None);
        assert_eq!(soft_open_files_limit(""), None);
    }

    #[test]
    fn this_process_has_descriptors_open() {
        assert!(open_descriptors().expect("Linux /proc") >= 3);
    }
}
