//! CPU time and resident memory of a process (`/proc`) and of this process's threads (CPU clocks).

use std::path::Path;
use std::time::Duration;

use crate::RigError;
use crate::memory::vm_rss_bytes;

/// Clock ticks per second of the CPU times in `/proc/*/stat` (`USER_HZ`, 100 on every Linux
/// architecture copydesk runs on).
const USER_HZ: u64 = 100;

/// The name and the user plus system CPU time of a `/proc/<pid>/stat` line.
#[must_use]
pub fn parse_stat(stat: &str) -> Option<(String, Duration)> {
    // The name is in parentheses and may itself hold spaces and parentheses: it ends at the last ')'.
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat.get(open + 1..close)?.to_owned();
    let fields: Vec<&str> = stat.get(close + 1..)?.split_whitespace().collect();
    // After the name: state is field 3 of the line, utime field 14 and stime field 15.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    let ticks = utime + stime;
    Some((name, Duration::from_millis(ticks * 1000 / USER_HZ)))
}

fn read_stat(path: &Path) -> Result<(String, Duration), RigError> {
    let text = std::fs::read_to_string(path).map_err(|e| RigError::io("reading /proc stat", e))?;
    parse_stat(&text).ok_or_else(|| {
        RigError::io(
            "reading /proc stat",
            std::io::Error::other(format!("{} is not a stat line", path.display())),
        )
    })
}

/// The CPU time (user plus system) process `pid` has used so far.
///
/// # Errors
/// [`RigError::Io`] when its stat cannot be read.
pub fn process_cpu(pid: u32) -> Result<Duration, RigError> {
    read_stat(Path::new(&format!("/proc/{pid}/stat"))).map(|(_, cpu)| cpu)
}

/// The resident memory of process `pid`, in bytes.
///
/// # Errors
/// [`RigError::Io`] when its status cannot be read or has no `VmRSS` line.
pub fn process_rss(pid: u32) -> Result<u64, RigError> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| RigError::io("reading /proc status", e))?;
    vm_rss_bytes(&status).ok_or_else(|| {
        RigError::io(
            "reading /proc status",
            std::io::Error::other("no VmRSS line in kB"),
        )
    })
}

/// This process's CPU time so far, split into the threads whose name starts with one of some
/// prefixes and the rest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CpuSplit {
    /// CPU time of the threads named with one of the prefixes.
    pub named: Duration,
    /// CPU time of every other thread.
    pub others: Duration,
}

impl CpuSplit {
    /// What was used between `earlier` and this reading.
    #[must_use]
    pub fn since(self, earlier: Self) -> Self {
        Self {
            named: self.named.saturating_sub(earlier.named),
            others: self.others.saturating_sub(earlier.others),
        }
    }
}

/// Reads every live thread of this process (threads that ended are not counted, so read before
/// and after a measured step while the same threads run). Each thread's time is read from its CPU
/// clock, to the nanosecond; `/proc`'s stat counts in 10 ms ticks, too coarse for one fan-out.
///
/// # Errors
/// [`RigError::Io`] when `/proc/self/task` cannot be listed.
pub fn thread_cpu(prefixes: &[&str]) -> Result<CpuSplit, RigError> {
    let tasks = std::fs::read_dir("/proc/self/task")
        .map_err(|e| RigError::io("listing /proc/self/task", e))?;
    let mut split = CpuSplit::default();
    for task in tasks.flatten() {
        // A thread may end between the listing and the read; it is then left out.
        let Some(tid) = task
            .file_name()
            .to_str()
            .and_then(|t| t.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(name) = std::fs::read_to_string(task.path().join("comm")) else {
            continue;
        };
        let Some(cpu) = thread_clock(tid) else {
            continue;
        };
        if prefixes.iter().any(|p| name.starts_with(p)) {
            split.named += cpu;
        } else {
            split.others += cpu;
        }
    }
    Ok(split)
}

/// The CPU time of thread `tid` of this process, from its CPU clock: Linux names the clock of any
/// thread as `(!tid << 3) | 6` (a per-thread clock, counted by the scheduler). `None` once the
/// thread has ended.
fn thread_clock(tid: i32) -> Option<Duration> {
    let id = nix::time::ClockId::from_raw((!tid << 3) | 6);
    let time = nix::time::clock_gettime(id).ok()?;
    let nanos =
        u64::try_from(time.tv_sec()).ok()? * 1_000_000_000 + u64::try_from(time.tv_nsec()).ok()?;
    Some(Duration::from_nanos(nanos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stat_line_gives_the_name_and_user_plus_system_time() {
        let line = "4242 (actix-server wo) S 1 2 3 4 5 6 7 8 9 10 250 125 0 0 20 0 4 0 100 0 0";
        assert_eq!(
            parse_stat(line),
            Some(("actix-server wo".to_owned(), Duration::from_millis(3_750)))
        );
    }

    #[test]
    fn a_name_with_parentheses_ends_at_the_last_one() {
        let line = "7 (a (b) c) R 1 2 3 4 5 6 7 8 9 10 1 2 0 0";
        assert_eq!(
            parse_stat(line),
            Some(("a (b) c".to_owned(), Duration::from_millis(30)))
        );
        assert_eq!(parse_stat("7 (short) R 1 2"), None);
        assert_eq!(parse_stat("no name at all"), None);
    }

    #[test]
    fn a_named_thread_is_counted_apart_to_the_nanosecond() {
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let (spun, spun_wait) = std::sync::mpsc::channel::<()>();
        let worker = std::thread::Builder::new()
            .name("cpu-probe".into())
            .spawn(move || {
                let mut sum = 0_u64;
                for i in 0..20_000_000_u64 {
                    sum = std::hint::black_box(sum.wrapping_add(i));
                }
                let _ = spun.send(());
                let _ = wait.recv();
                sum
            })
            .expect("a thread");
        spun_wait.recv().expect("the probe spun");
        let split = thread_cpu(&["cpu-probe"]).expect("Linux /proc");
        let _ = done.send(());
        worker.join().expect("the probe ended");
        assert!(split.named > Duration::ZERO);
        assert_ne!(
            split.named.as_nanos() % 10_000_000,
            0,
            "not counted in ticks"
        );
    }

    #[test]
    fn this_process_reads_its_own_threads() {
        let split = thread_cpu(&["no thread is named like this"]).expect("Linux /proc");
        assert_eq!(split.named, Duration::ZERO);
        let pid = std::process::id();
        assert!(process_rss(pid).expect("own status") > 0);
        assert!(process_cpu(pid).is_ok());
        let later = CpuSplit {
            named: Duration::from_millis(5),
            others: Duration::from_millis(9),
        };
        assert_eq!(
            later.since(CpuSplit {
                named: Duration::from_millis(2),
                others: Duration::from_millis(10),
            }),
            CpuSplit {
                named: Duration::from_millis(3),
                others: Duration::ZERO,
            }
        );
    }
}
