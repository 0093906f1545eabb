//! Issue 74's attacks on the HTTP layer, each reproduced at a smaller scale and seen refused
//! within bounded memory and time while `/healthz` keeps answering: big anonymous shares, half-sent
//! requests, a world-readable data folder, IPv6 addresses taken one per request, DNS rebinding,
//! other people's temporary pictures; and the answers to bodies without a size or compressed.
//! Set `PICTURES_SERVER` to an older binary to see the process tests fail on it.

use crate::common;

use std::net::SocketAddr;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use common::pictures::png;
use common::pins::upload;
use common::process::{ServerProcess, server_binary};
use common::{TestApp, graphql_with, new_client};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const MIB: usize = 1024 * 1024;

fn addr_of(app: &TestApp) -> SocketAddr {
    app.base_url.trim_start_matches("http://").parse().unwrap()
}

/// The status of the answer on `stream`, or `None` when it closed or sent nothing in `within`.
async fn status_of(stream: &mut TcpStream, within: Duration) -> Option<u16> {
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + within;
    while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => answer.extend_from_slice(&buf[..n]),
            _ => break,
        }
    }
    let line = String::from_utf8_lossy(&answer);
    line.split(' ').nth(1).and_then(|code| code.parse().ok())
}

/// `GET /healthz` on a fresh connection from `from` (a loopback address other than the
/// attacker's 127.0.0.1), and how long the answer took.
async fn healthz_from(from: &str, server: SocketAddr) -> (Option<u16>, Duration) {
    let started = Instant::now();
    let mut stream = connect_from(from, server).await;
    let request = format!("GET /healthz HTTP/1.1\r\nHost: {server}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let status = status_of(&mut stream, Duration::from_secs(5)).await;
    (status, started.elapsed())
}

/// A connection to `server` from the loopback address `from`.
async fn connect_from(from: &str, server: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    socket.connect(server).await.unwrap()
}

/// Whether the server closed `stream` (or answered) within `within`.
async fn closed_within(stream: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(within, stream.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

/// Sends a `multipart/form-data` POST to `path` whose text field `text` is `mib` MiB, chunked
/// (no size) or with a Content-Length, and returns the answer's status (`None`: none came).
async fn big_text_form(server: SocketAddr, path: &str, mib: usize, chunked: bool) -> Option<u16> {
    let mut stream = TcpStream::connect(server).await.unwrap();
    let start = "--XX\r\nContent-Disposition: form-data; name=\"text\"\r\n\r\n";
    let end = "\r\n--XX--\r\n";
    let length = start.len() + mib * MIB + end.len();
    let framing = match chunked {
        true => "Transfer-Encoding: chunked".to_owned(),
        false => format!("Content-Length: {length}"),
    };
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {server}\r\nOrigin: null\r\nSec-Fetch-Site: none\r\n\
         Content-Type: multipart/form-data; boundary=XX\r\n{framing}\r\n\r\n"
    );
    let (mut reader, mut writer) = stream.split();
    let send = async {
        let piece = |bytes: &[u8]| match chunked {
            true => [format!("{:x}\r\n", bytes.len()).as_bytes(), bytes, b"\r\n"].concat(),
            false => bytes.to_vec(),
        };
        writer.write_all(head.as_bytes()).await?;
        writer.write_all(&piece(start.as_bytes())).await?;
        let text = vec![b'a'; MIB];
        for _ in 0..mib {
            writer.write_all(&piece(&text)).await?;
        }
        writer.write_all(&piece(end.as_bytes())).await?;
        if chunked {
            writer.write_all(b"0\r\n\r\n").await?;
        }
        std::io::Result::Ok(())
    };
    let read = async {
        let mut answer = Vec::new();
        let mut buf = [0u8; 4096];
        while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
            match reader.read(&mut buf).await {
                Ok(n) if n > 0 => answer.extend_from_slice(&buf[..n]),
                _ => break,
            }
        }
        String::from_utf8_lossy(&answer)
            .split(' ')
            .nth(1)
            .and_then(|code| code.parse::<u16>().ok())
    };
    tokio::pin!(send, read);
    // The server may answer (and close) before the whole body is sent: the answer counts.
    let status = tokio::select! {
        status = &mut read => status,
        _ = &mut send => read.await,
    };
    status
}

/// Item 4: three anonymous shares with a 64 MiB text field each, chunked, and one with a
/// Content-Length: refused before their bodies are read, the server's memory does not grow by
/// their size, and `/healthz` answers meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn big_anonymous_shares_are_refused_unread() {
    let server = ServerProcess::start(&server_binary());
    let addr = addr_of(&server.app);
    let _ = healthz_from("127.0.0.2", addr).await;
    server.reset_peak();
    let before = server.rss_mib();
    let started = Instant::now();
    let shares = (0..4).map(|i| tokio::spawn(big_text_form(addr, "/share/", 64, i < 3)));
    let shares: Vec<_> = shares.collect();
    let (health, took) = healthz_from("127.0.0.2", addr).await;
    let mut statuses = Vec::new();
    for share in shares {
        statuses.push(share.await.unwrap());
    }
    let elapsed = started.elapsed();
    let growth = server.peak_rss_mib() - before;
    println!(
        "4 anonymous 64 MiB shares: {statuses:?} in {:.2} s, peak RSS +{growth:.0} MiB",
        elapsed.as_secs_f64()
    );
    assert_eq!(health, Some(200), "healthz answers meanwhile");
    assert!(took < Duration::from_secs(2), "healthz took {took:?}");
    assert_eq!(&statuses[..3], &[Some(411); 3], "no size, no reading");
    assert_eq!(
        statuses[3],
        Some(303),
        "a visitor's large share goes to the login page"
    );
    assert!(growth < 40.0, "peak RSS grew by {growth:.0} MiB");
    assert!(elapsed < Duration::from_secs(10), "took {elapsed:?}");
}

/// A signed-in user's share of a picture still becomes a temporary pin (from a file, not memory),
/// and a text field past 64 KiB is refused with a sentence.
#[tokio::test]
async fn a_users_share_is_bounded_and_still_works() {
    let app = TestApp::start().await;
    let client = reqwest::Client::builder()
        .cookie_store(true)
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let signed_up = graphql_with(
        &client,
        &app.base_url,
        "mutation { addUser(email: \"ada@example.org\", password: \"password-1\", username: \"ada\") { id } }",
        json!({}),
    )
    .await;
    assert!(signed_up["errors"].is_null(), "{signed_up}");
    let form = reqwest::multipart::Form::new()
        .text("title", "A picture")
        .part(
            "pin",
            reqwest::multipart::Part::bytes(png(40, 30, 1)).file_name("p.png"),
        );
    let shared = client
        .post(app.url("/share/"))
        .header("Origin", &app.base_url)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(shared.status(), 303);
    let location = shared.headers()["location"].to_str().unwrap();
    assert!(location.starts_with("/pin-it/?temp="), "{location}");
    let long = reqwest::multipart::Form::new().text("text", "a".repeat(70 * 1024));
    let refused = client
        .post(app.url("/share/"))
        .header("Origin", &app.base_url)
        .multipart(long)
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status(), 413);
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["message"].as_str().unwrap().contains("too long"),
        "{body}"
    );
}

/// Item 7: hundreds of half-sent requests from one address: those over the per-address cap are
/// closed at once, the others once the head deadline passes, a slow trickle too, and a body that
/// stops; `/healthz` answers quickly from another address all along.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn half_sent_requests_are_closed_and_healthz_answers() {
    let server = ServerProcess::start_with(&server_binary(), |command: &mut Command| {
        command
            .env("CORKBOARD_HTTP__HEADER_TIMEOUT_SECONDS", "1")
            .env("CORKBOARD_HTTP__BODY_IDLE_SECONDS", "1")
            .env("CORKBOARD_HTTP__CONNECTIONS_PER_ADDRESS", "100");
    });
    let addr = addr_of(&server.app);
    let started = Instant::now();
    let mut held = Vec::new();
    for _ in 0..300 {
        let mut stream = TcpStream::connect(addr).await.unwrap();
        let _ = stream
            .write_all(format!("GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").as_bytes())
            .await;
        held.push(stream);
    }
    let (health, took) = healthz_from("127.0.0.2", addr).await;
    println!("healthz with 300 half-sent requests open: {health:?} in {took:?}");
    assert_eq!(health, Some(200));
    assert!(took < Duration::from_millis(1500), "healthz took {took:?}");

    let mut trickle = connect_from("127.0.0.3", addr).await;
    let trickling = tokio::spawn(async move {
        let begun = Instant::now();
        for byte in b"GET / HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
            if trickle.write_all(&[*byte]).await.is_err() {
                return Some(begun.elapsed());
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        None
    });
    let mut stalled_body = connect_from("127.0.0.4", addr).await;
    let head = format!(
        "POST /api/graphql HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{{\"query\":"
    );
    stalled_body.write_all(head.as_bytes()).await.unwrap();

    let closings = held
        .iter_mut()
        .map(|stream| closed_within(stream, Duration::from_secs(4)));
    let closed = futures_util::future::join_all(closings)
        .await
        .into_iter()
        .filter(|closed| *closed)
        .count();
    let all_closed_after = started.elapsed();
    println!("{closed} of 300 half-sent requests closed after {all_closed_after:?}");
    assert_eq!(closed, 300, "every half-sent request is closed");
    assert!(all_closed_after < Duration::from_secs(6));
    let cut = trickling.await.unwrap();
    println!("a request trickled a byte each 200 ms was cut after {cut:?}");
    assert!(
        cut.is_some_and(|cut| cut < Duration::from_secs(4)),
        "{cut:?}"
    );
    assert!(
        closed_within(&mut stalled_body, Duration::from_secs(4)).await,
        "a stalled body is given up"
    );
    let (health, _) = healthz_from("127.0.0.1", addr).await;
    assert_eq!(health, Some(200), "the attacker's address is free again");
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn modes_under(dir: &Path, found: &mut Vec<(String, u32)>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        found.push((path.display().to_string(), mode(&path)));
        if path.is_dir() {
            modes_under(&path, found);
        }
    }
}

/// Item 8: a data folder made 0755 with a 0644 file is made private at start, with a log line;
/// what the server then makes (database, index, pictures, mails) is private too.
#[tokio::test]
async fn the_data_folder_is_private() {
    let folder = tempfile::tempdir().unwrap();
    let data = folder.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(data.join("notes.txt"), "mine").unwrap();
    std::fs::set_permissions(
        data.join("notes.txt"),
        std::fs::Permissions::from_mode(0o644),
    )
    .unwrap();
    let mut command = Command::new(server_binary());
    command
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&data)
        .env("RUST_LOG", "info");
    let server = ServerProcess::spawn(command, folder);
    let app = &server.app;
    let client = app.client_signed_in_new("ada").await;
    let (status, temp) = upload(app, &client, png(64, 48, 3), "p.png").await;
    assert_eq!(status, 200, "{temp}");
    let pinned = graphql_with(
        &client,
        &app.base_url,
        "mutation($t: String!) { addPin(tempFileName: $t, caption: \"x\") { id } }",
        json!({ "t": temp["tempFileName"] }),
    )
    .await;
    assert!(pinned["errors"].is_null(), "{pinned}");
    let reset = app
        .graphql(
            "mutation { startUserPasswordReset(email: \"ada@example.org\") { message } }",
            json!({}),
        )
        .await;
    assert!(reset["errors"].is_null(), "{reset}");

    assert_eq!(mode(&data), 0o700);
    let mut found = Vec::new();
    modes_under(&data, &mut found);
    let open: Vec<_> = found.iter().filter(|(_, mode)| mode & 0o077 != 0).collect();
    assert!(open.is_empty(), "readable by others: {open:?}");
    for made in ["corkboard.redb", "outbox", "index"] {
        assert!(data.join(made).exists(), "{made} was made");
    }
    let log = server.log();
    assert!(
        log.contains("made private") && log.contains("changed=2"),
        "the log says so: {log}"
    );
}

/// Item 11: behind a trusted proxy, clients of one IPv6 /64 share one sign-up limit however
/// many addresses they take; another /64 has its own.
#[tokio::test]
async fn ipv6_clients_are_limited_by_their_64() {
    let app = TestApp::start_with(|config| {
        config.trusted_proxies = vec!["127.0.0.1/32".parse().unwrap()];
        config.limits.sign_ups_per_hour = 2;
    })
    .await;
    let sign_up = |from: &'static str, name: &'static str| {
        let app = &app;
        async move {
            let answer: Value = new_client()
                .post(app.url("/api/graphql"))
                .header("X-Forwarded-For", from)
                .json(&json!({
                    "query": "mutation($e: String!, $u: String!) { addUser(email: $e, password: \"password-1\", username: $u) { id } }",
                    "variables": { "e": format!("{name}@example.org"), "u": name },
                }))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            common::error_code(&answer).map(str::to_owned)
        }
    };
    assert_eq!(sign_up("2001:db8::1", "ada").await, None);
    assert_eq!(sign_up("2001:db8::2", "bob").await, None);
    assert_eq!(
        sign_up("2001:db8::ffff:3", "cyd").await.as_deref(),
        Some("RATE_LIMITED"),
        "a new address of the same /64 counts as the same client"
    );
    assert_eq!(sign_up("2001:db8:0:1::1", "dan").await, None);
}

/// Item 14: a page on another name pointed at the server (DNS rebinding) sends its own `Host`
/// and a matching `Origin`: it cannot create the first account, nor upload.
#[tokio::test]
async fn a_foreign_host_changes_nothing() {
    let app = TestApp::start().await;
    let port = addr_of(&app).port();
    let evil = format!("evil.example:{port}");
    let answer = new_client()
        .post(app.url("/api/graphql"))
        .header("Host", &evil)
        .header("Origin", format!("http://{evil}"))
        .json(&json!({ "query": "mutation { addUser(email: \"m@evil.example\", password: \"password-1\", username: \"mallory\") { id } }" }))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 421);
    let body: Value = answer.json().await.unwrap();
    assert_eq!(body["code"], "PERMISSION_DENIED_ERROR", "{body}");
    let upload = new_client()
        .post(app.url("/api/upload/pin"))
        .header("Host", &evil)
        .multipart(reqwest::multipart::Form::new().part(
            "pin",
            reqwest::multipart::Part::bytes(png(8, 8, 1)).file_name("p.png"),
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(upload.status(), 421);
    // The first account is still to be made, here by its own name.
    let first = app.sign_up("ada").await;
    assert_eq!(first["username"], "ada");
    let localhost = new_client()
        .post(format!("http://localhost:{port}/api/graphql"))
        .header("Origin", format!("http://localhost:{port}"))
        .json(&json!({ "query": "{ viewer { id } }" }))
        .send()
        .await
        .unwrap();
    assert_eq!(
        localhost.status(),
        200,
        "localhost is a loopback server's name"
    );
}

/// Item 18: a temporary picture is served to its uploader only, and HEAD answers like GET.
#[tokio::test]
async fn temporary_pictures_are_their_uploaders() {
    let app = TestApp::start().await;
    let ada = app.client_signed_in_new("ada").await;
    let bob = app.client_signed_in_new("bob").await;
    let (status, temp) = upload(&app, &ada, png(40, 30, 2), "p.png").await;
    assert_eq!(status, 200, "{temp}");
    let url = app.url(temp["tempFileUrl"].as_str().unwrap());
    assert_eq!(ada.get(&url).send().await.unwrap().status(), 200);
    assert_eq!(bob.get(&url).send().await.unwrap().status(), 404);
    assert_eq!(new_client().get(&url).send().await.unwrap().status(), 404);
    let head = ada.head(&url).send().await.unwrap();
    assert_eq!(head.status(), 200, "HEAD is answered like GET");
    let length = head.headers()["content-length"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_ne!(length, "0");
    assert!(head.bytes().await.unwrap().is_empty());
}

/// The messages: every endpoint that takes a body answers a body without a size with the same
/// 411 and JSON, and a compressed one with 415 and a sentence.
#[tokio::test]
async fn bodies_without_a_size_or_compressed_get_one_answer() {
    let app = TestApp::start().await;
    let client = app.client_signed_in_new("ada").await;
    let mut messages = Vec::new();
    for path in ["/api/graphql", "/api/upload/pin", "/api/import", "/share/"] {
        let mut stream = TcpStream::connect(addr_of(&app)).await.unwrap();
        let request = format!(
            "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{{}}\r\n0\r\n\r\n",
            addr_of(&app)
        );
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).await.unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 411"), "{path}: {head}");
        let body: Value = serde_json::from_str(body).unwrap();
        messages.push(body);
    }
    let gzip = client
        .post(app.url("/api/graphql"))
        .header("Origin", &app.base_url)
        .header("Content-Type", "application/json")
        .header("Content-Encoding", "gzip")
        .body(vec![0x1f, 0x8b, 0, 0])
        .send()
        .await
        .unwrap();
    assert_eq!(gzip.status(), 415);
    let body: Value = gzip.json().await.unwrap();
    assert_eq!(body["message"], "Send requests without Content-Encoding.");
}

/// The messages: a server listening on all addresses without `public_url` makes no invite link
/// that would name `[::]` or `0.0.0.0`, and says what to set.
#[tokio::test]
async fn no_invite_link_without_public_url_on_a_public_listener() {
    let mut app = TestApp::start_with(|config| config.listen = "0.0.0.0:0".parse().unwrap()).await;
    app.base_url = app.base_url.replace("0.0.0.0", "127.0.0.1");
    app.sign_up("ada").await;
    let answer = app
        .graphql("mutation { createInvite { url } }", json!({}))
        .await;
    let message = answer["errors"][0]["message"].as_str().unwrap_or_default();
    assert_eq!(
        message, "Set public_url in the settings so that invite links point to this server.",
        "{answer}"
    );
}
