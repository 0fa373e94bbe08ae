//! How fast this machine runs right now: a fixed piece of CPU work and a loopback TCP round trip,
//! each timed a few times, so a driver's figures from a slow hour can be told from a slower build.

use std::hint::black_box;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::time::{Duration, Instant};

use crate::RigError;
use crate::figures::Figures;

/// Steps of the fixed CPU work (about 33 ms on the 2-core development machine).
const STEPS: u64 = 20_000_000;
/// Times the CPU work is run; the fastest counts (the others met a preemption or a busy core).
const CPU_ROUNDS: usize = 5;
/// Round trips of one byte over loopback TCP between two threads.
const ROUND_TRIPS: usize = 2_000;

/// What the machine did at one moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MachineSpeed {
    /// The fastest of the rounds of the fixed CPU work.
    pub cpu_work: Duration,
    /// The median of the loopback round trips: a write, the other thread's wake-up and read, its
    /// write back and this thread's wake-up and read, as each HTTP exchange of a fan-out has.
    pub round_trip: Duration,
}

impl MachineSpeed {
    /// Times the CPU work and the round trips (about a third of a second).
    ///
    /// # Errors
    /// [`RigError::Io`] when the loopback sockets cannot be set up or fail.
    pub fn measure() -> Result<Self, RigError> {
        Ok(Self {
            cpu_work: cpu_work(),
            round_trip: round_trip()?,
        })
    }

    /// Notes the readings taken at the start and at the end of a driver's run as one row of `figures`:
    /// the same build reads differently from one hour to the next on a shared machine, and this says
    /// how fast the machine itself was.
    pub fn note_run(figures: &mut Figures, [at_start, at_end]: [Self; 2]) {
        figures.note(
            "machine at the start / end of the run",
            format!("{} / {}", at_start.describe(), at_end.describe()),
        );
    }

    /// E.g. `CPU work 33.1 ms, loopback round trip 59 µs`.
    #[must_use]
    pub fn describe(&self) -> String {
        format!(
            "CPU work {:.1} ms, loopback round trip {} µs",
            self.cpu_work.as_secs_f64() * 1e3,
            self.round_trip.as_micros()
        )
    }
}

/// The fastest of [`CPU_ROUNDS`] runs of [`STEPS`] steps of a xorshift generator.
fn cpu_work() -> Duration {
    (0..CPU_ROUNDS)
        .map(|round| {
            let started = Instant::now();
            let mut state = black_box(0x9E37_79B9_7F4A_7C15_u64 ^ round as u64);
            for _ in 0..STEPS {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
            }
            black_box(state);
            started.elapsed()
        })
        .min()
        .unwrap_or_default()
}

/// The median of [`ROUND_TRIPS`] one-byte round trips to an echoing thread over loopback TCP.
fn round_trip() -> Result<Duration, RigError> {
    let io = |e| RigError::io("timing a loopback round trip", e);
    let listener = TcpListener::bind("127.0.0.1:0").map_err(io)?;
    let address = listener.local_addr().map_err(io)?;
    let echo = std::thread::spawn(move || -> std::io::Result<()> {
        let (mut stream, _) = listener.accept()?;
        stream.set_nodelay(true)?;
        let mut byte = [0_u8; 1];
        // Ends when the other side closes (a read of 0 bytes).
        while stream.read(&mut byte)? == 1 {
            stream.write_all(&byte)?;
        }
        Ok(())
    });
    let mut stream = TcpStream::connect(address).map_err(io)?;
    stream.set_nodelay(true).map_err(io)?;
    let mut times = Vec::with_capacity(ROUND_TRIPS);
    let mut byte = [7_u8; 1];
    for _ in 0..ROUND_TRIPS {
        let started = Instant::now();
        stream.write_all(&byte).map_err(io)?;
        stream.read_exact(&mut byte).map_err(io)?;
        times.push(started.elapsed());
    }
    drop(stream);
    echo.join()
        .map_err(|_| io(std::io::Error::other("the echo thread panicked")))?
        .map_err(io)?;
    times.sort_unstable();
    Ok(times.get(times.len() / 2).copied().unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reading_is_written_in_milliseconds_and_microseconds() {
        let speed = MachineSpeed {
            cpu_work: Duration::from_micros(33_140),
            round_trip: Duration::from_micros(59),
        };
        assert_eq!(
            speed.describe(),
            "CPU work 33.1 ms, loopback round trip 59 µs"
        );
    }

    #[test]
    fn a_run_is_noted_as_one_row_of_its_start_and_end() {
        let reading = |millis, micros| MachineSpeed {
            cpu_work: Duration::from_millis(millis),
            round_trip: Duration::from_micros(micros),
        };
        let mut figures = Figures::new("fan-out", "test");
        MachineSpeed::note_run(&mut figures, [reading(33, 59), reading(35, 80)]);
        let rows: Vec<(&str, &str)> = figures
            .rows
            .iter()
            .map(|row| (row.figure.as_str(), row.measured.as_str()))
            .collect();
        assert_eq!(
            rows,
            vec![(
                "machine at the start / end of the run",
                "CPU work 33.0 ms, loopback round trip 59 µs / CPU work 35.0 ms, loopback round trip 80 µs"
            )]
        );
    }

    #[test]
    fn both_readings_are_taken() {
        let speed = MachineSpeed::measure().expect("loopback works");
        assert!(speed.cpu_work > Duration::ZERO);
        assert!(speed.round_trip > Duration::ZERO);
    }
}
