//! Feeds written out as Atom and RSS 2.0 documents (with `atom_syndication` and `rss`): a title,
//! the page the feed follows, its own address and its pins, whatever the feed is of.

use atom_syndication as atom;
use chrono::{DateTime, FixedOffset, Utc};
use rss::extension::dublincore::DublinCoreExtension;

use crate::http::html::escaped;

/// A feed, ready to write out.
pub(crate) struct Feed {
    pub(crate) title: String,
    /// The language its own words (its title) are in: `en`, `fr`.
    pub(crate) language: String,
    /// The page the feed follows.
    pub(crate) page: String,
    /// The feed's own address.
    pub(crate) own: String,
    /// Newest first.
    pub(crate) entries: Vec<FeedEntry>,
}

/// One pin in a feed; every address is absolute.
pub(crate) struct FeedEntry {
    /// The pin's page, which is its id too.
    pub(crate) page: String,
    pub(crate) title: String,
    pub(crate) caption: String,
    pub(crate) tags: Vec<String>,
    pub(crate) author: String,
    pub(crate) author_page: String,
    /// A JPEG preview of the picture.
    pub(crate) picture: String,
    /// The page the picture came from.
    pub(crate) source: Option<String>,
    pub(crate) pinned: DateTime<Utc>,
}

const PICTURE_TYPE: &str = "image/jpeg";

impl Feed {
    /// When the newest pin was pinned.
    pub(crate) fn updated(&self) -> Option<DateTime<Utc>> {
        self.entries.iter().map(|entry| entry.pinned).max()
    }

    pub(crate) fn atom(&self) -> String {
        let link = |rel: &str, href: &str, mime_type: Option<&str>| atom::Link {
            href: href.to_owned(),
            rel: rel.to_owned(),
            mime_type: mime_type.map(str::to_owned),
            ..atom::Link::default()
        };
        let feed = atom::Feed {
            title: atom::Text::plain(&self.title),
            id: self.own.clone(),
            updated: fixed(self.updated().unwrap_or(DateTime::UNIX_EPOCH)),
            links: vec![
                link("alternate", &self.page, Some("text/html")),
                link("self", &self.own, Some("application/atom+xml")),
            ],
            generator: Some(atom::Generator {
                value: "Corkboard".into(),
                ..atom::Generator::default()
            }),
            entries: self
                .entries
                .iter()
                .map(|entry| {
                    let mut links = vec![
                        link("alternate", &entry.page, Some("text/html")),
                        link("enclosure", &entry.picture, Some(PICTURE_TYPE)),
                    ];
                    links.extend(
                        entry
                            .source
                            .iter()
                            .map(|source| link("related", source, None)),
                    );
                    atom::Entry {
                        title: atom::Text::plain(&entry.title),
                        id: entry.page.clone(),
                        updated: fixed(entry.pinned),
                        published: Some(fixed(entry.pinned)),
                        authors: vec![atom::Person {
                            name: entry.author.clone(),
                            uri: Some(entry.author_page.clone()),
                            ..atom::Person::default()
                        }],
                        categories: entry
                            .tags
                            .iter()
                            .map(|tag| atom::Category {
                                term: tag.clone(),
                                ..atom::Category::default()
                            })
                            .collect(),
                        links,
                        summary: Some(atom::Text::plain(&entry.caption)),
                        content: Some(atom::Content {
                            value: Some(entry.html()),
                            content_type: Some("html".into()),
                            ..atom::Content::default()
                        }),
                        ..atom::Entry::default()
                    }
                })
                .collect(),
            lang: Some(self.language.clone()),
            ..atom::Feed::default()
        };
        feed.to_string()
    }

    pub(crate) fn rss(&self) -> String {
        let channel = rss::Channel {
            title: self.title.clone(),
            link: self.page.clone(),
            description: self.title.clone(),
            generator: Some("Corkboard".into()),
            language: Some(self.language.clone()),
            last_build_date: self.updated().map(|updated| updated.to_rfc2822()),
            items: self
                .entries
                .iter()
                .map(|entry| rss::Item {
                    title: Some(entry.title.clone()),
                    link: Some(entry.page.clone()),
                    description: Some(entry.html()),
                    // RSS's own `author` is an email address: the name goes in Dublin Core's.
                    dublin_core_ext: Some(DublinCoreExtension {
                        creators: vec![entry.author.clone()],
                        ..DublinCoreExtension::default()
                    }),
                    categories: entry
                        .tags
                        .iter()
                        .map(|tag| rss::Category {
                            name: tag.clone(),
                            domain: None,
                        })
                        .collect(),
                    // The length is not known without reading the file; readers accept 0.
                    enclosure: Some(rss::Enclosure {
                        url: entry.picture.clone(),
                        length: "0".into(),
                        mime_type: PICTURE_TYPE.into(),
                    }),
                    guid: Some(rss::Guid {
                        value: entry.page.clone(),
                        permalink: true,
                    }),
                    pub_date: Some(entry.pinned.to_rfc2822()),
                    ..rss::Item::default()
                })
                .collect(),
            ..rss::Channel::default()
        };
        channel.to_string()
    }
}

impl FeedEntry {
    /// The entry's content: the picture, linked to its source page when it has one, and the
    /// caption.
    fn html(&self) -> String {
        let picture = format!(
            "<img src=\"{}\" alt=\"{}\">",
            escaped(&self.picture),
            escaped(&self.title)
        );
        let picture = match &self.source {
            Some(source) => format!("<a href=\"{}\">{picture}</a>", escaped(source)),
            None => picture,
        };
        format!("<p>{picture}</p><p>{}</p>", escaped(&self.caption))
    }
}

fn fixed(time: DateTime<Utc>) -> DateTime<FixedOffset> {
    time.fixed_offset()
}
