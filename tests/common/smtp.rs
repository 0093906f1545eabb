//! A minimal SMTP server for tests: accepts one conversation and hands over the mail's DATA.

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::sync::oneshot;

/// Listens on 127.0.0.1; returns its port and the DATA of the first mail it receives.
pub async fn start() -> (u16, oneshot::Receiver<String>) {
    let listener = TcpListener::bind("127.0.0.1:0")
        .await
        .expect("smtp listener");
    let port = listener.local_addr().unwrap().port();
    let (sender, received) = oneshot::channel();
    tokio::spawn(async move {
        let (socket, _) = listener.accept().await.expect("smtp connection");
        let (read, mut write) = socket.into_split();
        let mut lines = BufReader::new(read).lines();
        write
            .write_all(b"220 test.smtp ESMTP ready\r\n")
            .await
            .unwrap();
        let mut data = String::new();
        let mut in_data = false;
        while let Ok(Some(line)) = lines.next_line().await {
            if in_data {
                if line == "." {
                    in_data = false;
                    write.write_all(b"250 2.0.0 queued\r\n").await.unwrap();
                } else {
                    data.push_str(&line);
                    data.push('\n');
                }
                continue;
            }
            let verb = line
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_ascii_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "EHLO" => b"250-test.smtp\r\n250 8BITMIME\r\n",
                "HELO" | "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 2.1.0 ok\r\n",
                "DATA" => {
                    in_data = true;
                    b"354 end data with <CR><LF>.<CR><LF>\r\n"
                }
                "QUIT" => {
                    write.write_all(b"221 2.0.0 bye\r\n").await.unwrap();
                    break;
                }
                _ => b"502 5.5.2 not implemented\r\n",
            };
            write.write_all(reply).await.unwrap();
        }
        let _ = sender.send(data);
    });
    (port, received)
}
