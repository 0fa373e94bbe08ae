//! Resident memory of this process, read from `/proc/self/status` (Linux).

use crate::RigError;

/// The `VmRSS` line of a `/proc/<pid>/status` text, in bytes.
#[must_use]
pub fn vm_rss_bytes(status: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let mut fields = line.trim_start_matches("VmRSS:").split_whitespace();
    let kib: u64 = fields.next()?.parse().ok()?;
    (fields.next() == Some("kB")).then_some(kib * 1024)
}

/// This process's resident memory now, in bytes.
///
/// # Errors
/// [`RigError::Io`] when `/proc/self/status` cannot be read or has no readable `VmRSS` line.
pub fn resident_bytes() -> Result<u64, RigError> {
    let status = std::fs::read_to_string("/proc/self/status")
        .map_err(|e| RigError::io("reading /proc/self/status", e))?;
    vm_rss_bytes(&status).ok_or_else(|| {
        RigError::io(
            "reading /proc/self/status",
            std::io::Error::other("no VmRSS line in kB"),
        )
    })
}

/// Bytes as mebibytes with one decimal, for tables.
#[must_use]
pub fn mib(bytes: u64) -> String {
    // Display only: byte counts of any real process fit an f64 exactly.
    let value = bytes as f64 / (1024.0 * 1024.0);
    format!("{value:.1} MiB")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vm_rss_line_is_read_in_bytes() {
        let status = "Name:\tbench\nVmPeak:\t  900 kB\nVmRSS:\t   12345 kB\nThreads:\t3\n";
        assert_eq!(vm_rss_bytes(status), Some(12_345 * 1024));
    }

    #[test]
    fn a_missing_or_odd_line_reads_as_nothing() {
        assert_eq!(vm_rss_bytes("Name:\tbench\n"), None);
        assert_eq!(vm_rss_bytes("VmRSS:\t12 MB\n"), None);
        assert_eq!(vm_rss_bytes("VmRSS:\tmany kB\n"), None);
    }

    #[test]
    fn this_process_has_resident_memory() {
        let bytes = resident_bytes().expect("Linux /proc");
        assert!(bytes > 0);
        assert_eq!(mib(3 * 1024 * 1024 + 512 * 1024), "3.5 MiB");
    }
}
