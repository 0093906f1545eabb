//! The real server binary in a process of its own, for what only a process shows: its memory,
//! its signals, its logs; and its commands run once on a data folder.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

use super::{TestApp, new_client};

/// A `corkboard serve` process on 127.0.0.1:0 with a temporary data folder; killed when dropped.
pub struct ServerProcess {
    child: Child,
    pub app: TestApp,
}

impl ServerProcess {
    /// Starts `binary` and waits for its "listening on" line.
    pub fn start(binary: &Path) -> ServerProcess {
        ServerProcess::start_with(binary, |_| {})
    }

    /// Starts `binary` after `adjust` has added to its command (environment variables, say), and
    /// waits for its "listening on" line. Its standard error goes to `log()`.
    pub fn start_with(binary: &Path, adjust: impl FnOnce(&mut Command)) -> ServerProcess {
        let data_dir = tempfile::tempdir().expect("temp dir");
        let mut command = Command::new(binary);
        command
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir.path().join("data"))
            .env("RUST_LOG", "info");
        adjust(&mut command);
        ServerProcess::spawn(command, data_dir)
    }

    /// Runs `command`, a server that prints where it listens, and waits for that line; its
    /// standard error goes to `server.log` in `data_dir`, which lives as long as the process.
    pub fn spawn(mut command: Command, data_dir: TempDir) -> ServerProcess {
        let log = std::fs::File::create(data_dir.path().join("server.log")).unwrap();
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|error| panic!("cannot start {command:?}: {error}"));
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let base_url = stdout
            .lines()
            .map_while(Result::ok)
            .find_map(|line| line.split("listening on ").nth(1).map(str::to_owned))
            .expect("the server says where it listens");
        ServerProcess {
            child,
            app: TestApp {
                server: None,
                base_url,
                data_dir,
                client: new_client(),
            },
        }
    }

    fn status_kib(&self, key: &str) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        status
            .lines()
            .find_map(|line| line.strip_prefix(key))
            .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or_else(|| panic!("no {key} in /proc status"))
    }

    /// The resident memory now, in MiB.
    pub fn rss_mib(&self) -> f64 {
        self.status_kib("VmRSS:") as f64 / 1024.0
    }

    /// The highest resident memory since the start or the last `reset_peak`, in MiB.
    pub fn peak_rss_mib(&self) -> f64 {
        self.status_kib("VmHWM:") as f64 / 1024.0
    }

    /// Starts measuring the peak again from the memory in use now.
    pub fn reset_peak(&self) {
        std::fs::write(format!("/proc/{}/clear_refs", self.child.id()), "5").unwrap();
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM, as systemd does to stop a service, and waits (at most 20 s) for the exit.
    pub fn terminate(&mut self) -> ExitStatus {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: kill(2) with a valid signal number has no memory effects on this process.
        assert_eq!(
            unsafe { libc::kill(pid, libc::SIGTERM) },
            0,
            "cannot send SIGTERM"
        );
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the server did not stop after SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// What the server has logged so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.app.data_dir.path().join("server.log")).unwrap_or_default()
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The server binary to measure: `PICTURES_SERVER` when set (a release build, an older build),
/// else the one cargo built with these tests.
pub fn server_binary() -> std::path::PathBuf {
    std::env::var_os("PICTURES_SERVER")
        .map(Into::into)
        .unwrap_or_else(|| env!("CARGO_BIN_EXE_corkboard").into())
}

/// Runs `corkboard ARGS --data-dir DIR` with `stdin`; its status and what it printed (standard
/// output, then standard error).
pub fn run_command(data_dir: &Path, args: &[&str], stdin: &str) -> (bool, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_corkboard"))
        .args(args)
        .arg("--data-dir")
        .arg(data_dir)
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let printed = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.success(), printed)
}
