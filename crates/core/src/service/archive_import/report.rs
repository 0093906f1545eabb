//! What an import did, as the CLI prints it and `POST /api/import` answers it. Its sentences
//! are said when it is sent, in its reader's language (the import itself runs on threads of
//! its own, outside the request).

use corkboard_i18n::Message;
use serde::{Serialize, Serializer};

#[derive(Debug, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ImportReport {
    /// Records created.
    pub created: Counts,
    /// Records already there: imported before (from the same archive or another export of the
    /// same instance), or pins whose picture their owner already had.
    pub skipped: Counts,
    /// Usernames and slugs that were taken, and the names used instead.
    pub renamed: Vec<Renamed>,
    /// Records not imported, with the reason.
    pub failed: Vec<Failed>,
    /// Pins not added because their owner reached a quota (`[quotas]`); a note says which.
    pub over_quota: usize,
    /// Everything else worth knowing (accounts matched by email, shares dropped...).
    pub notes: Vec<Sentence>,
}

/// A sentence of the report: a message, or a message and then the one that says why
/// (`1,800 pins were not added:` and the quota reached).
#[derive(Debug, Clone, PartialEq)]
pub struct Sentence(Vec<Message>);

impl Sentence {
    /// `said`, then `why`.
    pub fn because(said: Message, why: Message) -> Sentence {
        Sentence(vec![said, why])
    }

    /// The sentence in the current request's language (English outside a request).
    pub fn text(&self) -> String {
        let parts: Vec<String> = self.0.iter().map(Message::text).collect();
        parts.join(" ")
    }
}

impl From<Message> for Sentence {
    fn from(message: Message) -> Sentence {
        Sentence(vec![message])
    }
}

impl Serialize for Sentence {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

#[derive(Debug, Default, Serialize, PartialEq, Eq)]
pub struct Counts {
    pub users: usize,
    pub folders: usize,
    pub boards: usize,
    pub pins: usize,
}

#[derive(Debug, Serialize)]
pub struct Renamed {
    /// `user`, `folder` or `board`.
    pub kind: &'static str,
    /// The owner's username in the archive (the username itself for a user).
    pub owner: String,
    pub from: String,
    pub to: String,
}

#[derive(Debug, Serialize)]
pub struct Failed {
    /// `user`, `folder`, `board` or `pin`.
    pub kind: &'static str,
    /// Which one: a username, a slug, or a pin's id in the archive with its caption.
    pub what: String,
    pub reason: Sentence,
}

impl ImportReport {
    pub fn fail(&mut self, kind: &'static str, what: impl Into<String>, reason: Message) {
        self.failed.push(Failed {
            kind,
            what: what.into(),
            reason: reason.into(),
        });
    }

    pub fn rename(&mut self, kind: &'static str, owner: &str, from: &str, to: &str) {
        if from != to {
            self.renamed.push(Renamed {
                kind,
                owner: owner.to_owned(),
                from: from.to_owned(),
                to: to.to_owned(),
            });
        }
    }

    /// The report as lines of text (for the command line).
    pub fn lines(&self) -> Vec<String> {
        let counts = |c: &Counts| {
            format!(
                "{} users, {} folders, {} boards, {} pins",
                c.users, c.folders, c.boards, c.pins
            )
        };
        let mut lines = vec![
            format!("created: {}", counts(&self.created)),
            format!("skipped as already there: {}", counts(&self.skipped)),
        ];
        for r in &self.renamed {
            lines.push(format!(
                "renamed {} {} of {}: {} is now {}",
                r.kind, r.from, r.owner, r.from, r.to
            ));
        }
        if self.over_quota > 0 {
            lines.push(format!("not added over a quota: {} pins", self.over_quota));
        }
        for f in &self.failed {
            lines.push(format!("failed {} {}: {}", f.kind, f.what, f.reason.text()));
        }
        lines.extend(
            self.notes
                .iter()
                .map(|note| format!("note: {}", note.text())),
        );
        lines
    }
}
