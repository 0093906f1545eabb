//! The server under test as a child process: started on a data folder, killed with SIGKILL,
//! stopped with SIGTERM; and `corkboard check` run on the folder while it is down.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// How long a start may take (it repairs the database and indexes pending pins first).
const START_TIMEOUT: Duration = Duration::from_secs(120);

pub struct Server {
    child: Child,
    pub base: String,
}

impl Server {
    /// Starts `bin serve` on `data_dir`, its log appended to `log`, and waits until it listens.
    pub fn start(bin: &Path, data_dir: &Path, log: &Path) -> Server {
        let mut child = Command::new(bin)
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir)
            .env(
                "RUST_LOG",
                "warn,corkboard_core::service=info,corkboard_store=info,corkboard_search=info",
            )
            // An error's message, not its backtrace, at the end of the log.
            .env("RUST_LIB_BACKTRACE", "0")
            .env("CORKBOARD_LIMITS__SIGN_UPS_PER_HOUR", "1000000")
            .env("CORKBOARD_LIMITS__SIGN_IN_FAILURES", "1000000")
            .stdout(Stdio::piped())
            .stderr(append(log))
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start {}: {error}", bin.display()));
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, first_line) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                let _ = sender.send(line);
            }
            for _ in lines {}
        });
        let line = match first_line.recv_timeout(START_TIMEOUT) {
            Ok(line) => line,
            Err(_) => {
                let _ = child.kill();
                let status = child.wait().ok();
                panic!(
                    "the server did not start ({status:?}); its log:\n{}",
                    log_tail(log)
                );
            }
        };
        let base = line
            .strip_prefix("corkboard listening on ")
            .unwrap_or_else(|| panic!("unexpected first line: {line}"))
            .trim()
            .to_owned();
        Server { child, base }
    }

    /// Starts the server and kills it after `delay_ms`, listening or not yet.
    pub fn start_and_kill(bin: &Path, data_dir: &Path, log: &Path, delay_ms: u64) {
        let mut child = Command::new(bin)
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir)
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(append(log))
            .spawn()
            .expect("the server starts");
        std::thread::sleep(Duration::from_millis(delay_ms));
        child.kill().expect("SIGKILL");
        child.wait().expect("the killed server is reaped");
    }

    /// `kill -9`: no clean-up of any kind.
    pub fn kill(mut self) {
        self.child.kill().expect("SIGKILL");
        self.child.wait().expect("the killed server is reaped");
    }

    /// SIGTERM, then waits for the server to finish its requests and exit.
    pub fn stop(mut self) {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: sends a signal to our own child, which has not been reaped yet.
        unsafe { libc::kill(pid, libc::SIGTERM) };
        let status = self.child.wait().expect("the server exits");
        assert!(status.success(), "the server stopped with {status}");
    }
}

/// Runs `bin check` on the data folder; returns whether it found it consistent, and its output.
pub fn check(bin: &Path, data_dir: &Path, log: &Path) -> (bool, String) {
    let output = Command::new(bin)
        .args(["check", "--data-dir"])
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .stderr(append(log))
        .output()
        .expect("corkboard check runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

fn append(log: &Path) -> File {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .expect("the log file opens")
}

/// The last lines of the servers' log, for a failure message.
pub fn log_tail(log: &Path) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(40)..].join("\n")
}

/// Every picture file under `previews/` and `originals/`.
pub fn picture_files(data_dir: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, found: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else {
                found.push(path);
            }
        }
    }
    let mut found = Vec::new();
    walk(&data_dir.join("previews"), &mut found);
    walk(&data_dir.join("originals"), &mut found);
    found
}
