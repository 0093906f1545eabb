//! Parsed queries kept by their text: the UI asks the same few dozen queries over and over, and
//! parsing one costs more than copying it (a tenth of a 50-pin page's time, measured in
//! bench/TUNING.md); with each, whether it passed every rule of the schema once and whether its
//! answers merge (`merging`).

use std::collections::HashMap;
use std::sync::Mutex;

use async_graphql::Request;
use async_graphql::parser::types::{DocumentOperations, ExecutableDocument, OperationType};
use async_graphql::parser::{Error as ParseError, parse_query};

use super::expansion::{self, Refusal};
use super::merging::merges_objects;

/// How many parsed queries are kept; when more are asked, the kept ones are forgotten.
const MAX_DOCUMENTS: usize = 256;
/// The longest query kept (the UI's longest is about 2 KB).
const MAX_QUERY_BYTES: usize = 16 << 10;

#[derive(Default)]
pub(crate) struct Documents {
    kept: Mutex<HashMap<String, Kept>>,
}

struct Kept {
    document: ExecutableDocument,
    known: Known,
}

/// What is known of a query's text.
#[derive(Clone, Copy, Default)]
pub(crate) struct Known {
    /// The rules of GraphQL hold for a text whatever its variables' values: async-graphql checks
    /// each value against its variable's type, and the cost and depth, at every request.
    pub passed_every_rule: bool,
    /// Its answers are merged as maps (`merging`).
    pub merges_objects: bool,
    /// Why it is refused before it runs, whatever its variables (`expansion`).
    pub refused: Option<Refusal>,
}

impl Documents {
    /// Gives `request` its parsed query, from those kept or parsed now; or why it does not parse.
    pub fn parse(&self, request: &mut Request) -> Result<Known, ParseError> {
        let (document, known) = self.parsed(&request.query)?;
        request.set_parsed_query(document);
        Ok(known)
    }

    /// Gives `request` its query parsed now, not kept (the plain executor's way); or why it does
    /// not parse.
    pub(crate) fn parse_anew(request: &mut Request) -> Result<Known, ParseError> {
        let (document, known) = parse_now(&request.query)?;
        request.set_parsed_query(document);
        // The plain executor answers every object as a map.
        Ok(Known {
            merges_objects: true,
            ..known
        })
    }

    /// Notes that `query` passed every rule of the schema.
    pub(crate) fn passed_every_rule(&self, query: &str) {
        if let Some(kept) = self.lock().get_mut(query) {
            kept.known.passed_every_rule = true;
        }
    }

    fn parsed(&self, query: &str) -> Result<(ExecutableDocument, Known), ParseError> {
        if let Some(kept) = self.lock().get(query) {
            return Ok((kept.document.clone(), kept.known));
        }
        let (document, known) = parse_now(query)?;
        if query.len() <= MAX_QUERY_BYTES {
            let mut kept = self.lock();
            if kept.len() >= MAX_DOCUMENTS {
                kept.clear();
            }
            let fresh = Kept {
                document: document.clone(),
                known,
            };
            kept.insert(query.to_owned(), fresh);
        }
        Ok((document, known))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Kept>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// `query` parsed now, with what is known of it before the schema's rules are checked.
fn parse_now(query: &str) -> Result<(ExecutableDocument, Known), ParseError> {
    let document = parse_query(query)?;
    let known = Known {
        passed_every_rule: false,
        merges_objects: merges_objects(&document),
        refused: expansion::check(&document).err(),
    };
    Ok((document, known))
}

/// Whether the operation `request` asks for reads only (false when its query did not parse).
pub(crate) fn is_query(request: &mut Request) -> bool {
    let name = request.operation_name.clone();
    let Ok(document) = request.parsed_query() else {
        return false;
    };
    let operation = match (&document.operations, name.as_deref()) {
        (DocumentOperations::Single(operation), _) => Some(operation),
        (DocumentOperations::Multiple(operations), Some(name)) => operations.get(name),
        // One named operation, asked without its name.
        (DocumentOperations::Multiple(operations), None) if operations.len() == 1 => {
            operations.values().next()
        }
        (DocumentOperations::Multiple(_), None) => None,
    };
    operation.is_some_and(|operation| operation.node.ty == OperationType::Query)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_query_is_the_one_parsed_and_a_bad_one_is_left_to_the_schema() {
        let documents = Documents::default();
        let mut first = Request::new("query Last { pins(first: 2) { totalCount } }");
        documents.parse(&mut first).unwrap();
        let mut again = Request::new("query Last { pins(first: 2) { totalCount } }");
        documents.parse(&mut again).unwrap();
        assert!(is_query(&mut again));
        assert_eq!(documents.lock().len(), 1);

        let mut mutation = Request::new("mutation { logout }");
        documents.parse(&mut mutation).unwrap();
        assert!(!is_query(&mut mutation));

        let mut broken = Request::new("query { pins(");
        assert!(documents.parse(&mut broken).is_err());
        assert_eq!(documents.lock().len(), 2);
    }

    #[test]
    fn the_kept_queries_are_bounded() {
        let documents = Documents::default();
        for n in 0..MAX_DOCUMENTS + 10 {
            let _ = documents.parse(&mut Request::new(format!("{{ a{n}: me {{ id }} }}")));
        }
        assert!(documents.lock().len() <= MAX_DOCUMENTS);
    }
}
