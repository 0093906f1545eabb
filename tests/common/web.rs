//! A small web site on a loopback address, for download and scan tests: fixed answers by path.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// One answer of the site.
#[derive(Clone)]
pub struct Page {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Waits this long before answering.
    pub delay: Duration,
    /// A request line or header the request must hold (lowercase), else the answer is a 401.
    pub requires: Option<String>,
}

impl Page {
    pub fn new(content_type: &str, body: impl Into<Vec<u8>>) -> Page {
        Page {
            status: 200,
            headers: vec![("Content-Type".into(), content_type.into())],
            body: body.into(),
            delay: Duration::ZERO,
            requires: None,
        }
    }

    pub fn redirect(to: &str) -> Page {
        Page {
            status: 302,
            headers: vec![("Location".into(), to.into())],
            body: Vec::new(),
            delay: Duration::ZERO,
            requires: None,
        }
    }

    /// Answers 401 unless the request's head holds `header` (e.g. "authorization: token abc").
    pub fn requiring(mut self, header: &str) -> Page {
        self.requires = Some(header.to_lowercase());
        self
    }

    pub fn slow(mut self, delay: Duration) -> Page {
        self.delay = delay;
        self
    }
}

/// Serves `pages` on `ip` (a random port) until the test ends; returns the site's base URL.
pub async fn serve_site(ip: &str, pages: Vec<(&str, Page)>) -> String {
    let pages: Vec<(String, Page)> = pages
        .into_iter()
        .map(|(path, page)| (path.to_owned(), page))
        .collect();
    serve_site_naming_itself(ip, |_| pages).await
}

/// Serves the pages `make_pages` makes knowing the site's base URL (for pages that link to
/// the site itself by absolute addresses); returns that base URL.
pub async fn serve_site_naming_itself(
    ip: &str,
    make_pages: impl FnOnce(&str) -> Vec<(String, Page)>,
) -> String {
    let listener = TcpListener::bind(SocketAddr::new(ip.parse().unwrap(), 0))
        .await
        .unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let pages: Arc<HashMap<String, Page>> = Arc::new(make_pages(&base).into_iter().collect());
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let pages = pages.clone();
            tokio::spawn(async move {
                let Some((path, head)) = request_head(&mut stream).await else {
                    return;
                };
                let page = pages
                    .get(&path)
                    .cloned()
                    .unwrap_or_else(|| Page::new("text/plain", "not found"));
                let allowed = page
                    .requires
                    .as_ref()
                    .is_none_or(|needed| head.to_lowercase().contains(needed.as_str()));
                let page = if !allowed {
                    Page {
                        status: 401,
                        ..page
                    }
                } else if pages.contains_key(&path) {
                    page
                } else {
                    Page {
                        status: 404,
                        ..page
                    }
                };
                tokio::time::sleep(page.delay).await;
                let mut answer = format!("HTTP/1.1 {} X\r\n", page.status);
                for (name, value) in &page.headers {
                    answer.push_str(&format!("{name}: {value}\r\n"));
                }
                answer.push_str(&format!(
                    "Content-Length: {}\r\nConnection: close\r\n\r\n",
                    page.body.len()
                ));
                let _ = stream.write_all(answer.as_bytes()).await;
                let _ = stream.write_all(&page.body).await;
            });
        }
    });
    base
}

/// Reads a request's head from `stream`: its path and the whole head; none when the client
/// went away.
pub async fn request_head(stream: &mut tokio::net::TcpStream) -> Option<(String, String)> {
    let mut head = Vec::new();
    let mut buffer = [0u8; 1024];
    while !head.windows(4).any(|w| w == b"\r\n\r\n") {
        match stream.read(&mut buffer).await {
            Ok(0) | Err(_) => return None,
            Ok(n) => head.extend_from_slice(&buffer[..n]),
        }
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let path = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
    Some((path, head))
}
