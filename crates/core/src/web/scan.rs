//! Finding the pictures a web page shows: `img` (with the largest `srcset` candidate), `og:image`
//! and links to picture files, resolved against the page and without duplicates. Pictures the
//! page says are small (icons, spacers, avatars) are left out, as the browser button does.

use scraper::{ElementRef, Html, Selector};
use url::Url;

/// One picture found on a page.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    pub src: String,
    pub title: Option<String>,
    pub alt: Option<String>,
}

/// Pictures smaller than this on either side are left out: the browser button's
/// `MIN_PICTURE_SIDE` (ui/src/lib/bookmarklet.ts), read here from an `img`'s `width` and `height`.
const MIN_PICTURE_SIDE: u32 = 200;

const PICTURE_EXTENSIONS: [&str; 7] = ["jpg", "jpeg", "png", "gif", "webp", "avif", "bmp"];

/// The pictures of `html`, a page found at `page`, in page order (`og:image` first).
pub(crate) fn scan_page(html: &str, page: &Url) -> Vec<Found> {
    let document = Html::parse_document(html);
    let base = select(&document, "base[href]")
        .next()
        .and_then(|base| page.join(base.attr("href")?).ok())
        .unwrap_or_else(|| page.clone());
    let page_title = select(&document, "title")
        .next()
        .map(|title| title.text().collect::<String>());
    let mut found = Vec::new();
    let mut add = |address: &str, title: Option<String>, alt: Option<String>| {
        let Ok(url) = base.join(address.trim()) else {
            return;
        };
        if !matches!(url.scheme(), "http" | "https") {
            return;
        }
        let src = url.to_string();
        if found.iter().all(|known: &Found| known.src != src) {
            found.push(Found {
                src,
                title: clean(title),
                alt: clean(alt),
            });
        }
    };
    for meta in select(&document, "meta[content]") {
        let name = meta
            .attr("property")
            .or_else(|| meta.attr("name"))
            .unwrap_or_default();
        if matches!(name, "og:image" | "og:image:url" | "twitter:image") {
            add(
                meta.attr("content").unwrap_or_default(),
                page_title.clone(),
                None,
            );
        }
    }
    for img in select(&document, "img") {
        // A srcset's largest candidate is larger than the size the page shows it at.
        if let Some(largest) = img.attr("srcset").and_then(largest_candidate) {
            add(largest, attribute(&img, "title"), attribute(&img, "alt"));
            continue;
        }
        if declared_small(&img) {
            continue;
        }
        let Some(src) = img.attr("src").or_else(|| img.attr("data-src")) else {
            continue;
        };
        add(src, attribute(&img, "title"), attribute(&img, "alt"));
    }
    for link in select(&document, "a[href]") {
        let href = link.attr("href").unwrap_or_default();
        if links_to_picture(href) {
            let text = link.text().collect::<String>();
            add(href, attribute(&link, "title").or(Some(text)), None);
        }
    }
    found
}

fn select<'a>(document: &'a Html, selector: &str) -> impl Iterator<Item = ElementRef<'a>> + 'a {
    let selector = Selector::parse(selector).expect("the scanner's selectors are valid");
    document.select(&selector).collect::<Vec<_>>().into_iter()
}

/// Whether an `img` gives its size (`width="100" height="100"`) and it is below the minimum on
/// either side.
fn declared_small(img: &ElementRef) -> bool {
    let side = |name| {
        let value = img.attr(name)?.trim().trim_end_matches("px");
        value.parse::<f64>().ok().filter(|side| *side > 0.0)
    };
    match (side("width"), side("height")) {
        (Some(width), Some(height)) => {
            width < f64::from(MIN_PICTURE_SIDE) || height < f64::from(MIN_PICTURE_SIDE)
        }
        _ => false,
    }
}

fn attribute(element: &ElementRef, name: &str) -> Option<String> {
    element.attr(name).map(str::to_owned)
}

fn clean(text: Option<String>) -> Option<String> {
    let text = text?.split_whitespace().collect::<Vec<_>>().join(" ");
    (!text.is_empty()).then_some(text)
}

/// The widest (`640w`) or densest (`2x`) candidate of a `srcset`.
fn largest_candidate(srcset: &str) -> Option<&str> {
    srcset
        .split(',')
        .filter_map(|candidate| {
            let mut parts = candidate.split_whitespace();
            let url = parts.next()?;
            let descriptor = parts.next().unwrap_or("1x");
            let size: f64 = descriptor
                .trim_end_matches(['w', 'x'])
                .parse()
                .unwrap_or(1.0);
            let size = if descriptor.ends_with('x') {
                size * 1000.0
            } else {
                size
            };
            Some((url, size))
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(url, _)| url)
}

fn links_to_picture(href: &str) -> bool {
    let path = href.split(['?', '#']).next().unwrap_or_default();
    path.rsplit_once('.').is_some_and(|(_, extension)| {
        PICTURE_EXTENSIONS.contains(&extension.to_ascii_lowercase().as_str())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_kind_of_picture_once_resolved_against_the_page() {
        let page = Url::parse("https://example.org/blog/post.html").unwrap();
        let html = r#"<html><head><title>A  post</title>
            <meta property="og:image" content="/cover.jpg"></head><body>
            <img src="a.png" alt="First" title="One">
            <img src="small.jpg" srcset="small.jpg 300w, large.jpg 1200w, medium.jpg 600w" alt="Second">
            <img src="/cover.jpg" alt="Again">
            <a href="https://cdn.example.org/full.JPEG?x=1">Full size</a>
            <a href="/about">About</a>
            <img src="data:image/png;base64,AAAA">
            </body></html>"#;
        let found = scan_page(html, &page);
        let sources: Vec<&str> = found.iter().map(|f| f.src.as_str()).collect();
        assert_eq!(
            sources,
            [
                "https://example.org/cover.jpg",
                "https://example.org/blog/a.png",
                "https://example.org/blog/large.jpg",
                "https://cdn.example.org/full.JPEG?x=1"
            ]
        );
        assert_eq!(found[0].title.as_deref(), Some("A post"));
        assert_eq!(found[1].alt.as_deref(), Some("First"));
        assert_eq!(found[1].title.as_deref(), Some("One"));
        assert_eq!(found[3].title.as_deref(), Some("Full size"));
    }

    #[test]
    fn a_base_element_changes_where_relative_addresses_point() {
        let page = Url::parse("https://example.org/a/b.html").unwrap();
        let html = r#"<head><base href="https://static.example.org/img/"></head><img src="x.png">"#;
        assert_eq!(
            scan_page(html, &page)[0].src,
            "https://static.example.org/img/x.png"
        );
    }

    #[test]
    fn density_descriptors_pick_the_densest() {
        assert_eq!(
            largest_candidate("a.jpg, b.jpg 2x, c.jpg 1.5x"),
            Some("b.jpg")
        );
    }
}
