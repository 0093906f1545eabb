//! A GraphQL request read from its JSON body, and the answers to a body that is not one: a
//! batch, text that is not JSON, or a query that does not parse, each with a short sentence that
//! never repeats what was sent.

use async_graphql::parser::Error as ParseError;
use async_graphql::{ErrorExtensionValues, ServerError};
use poem::Response;
use poem::http::StatusCode;

/// The most errors one answer lists; the rest are counted in a last one.
const MAX_ERRORS: usize = 10;
/// The longest error message answered, in bytes (a name in a message comes from the request).
const MAX_MESSAGE_BYTES: usize = 300;

/// The request in `body`, or the sentence that says why it is not one (see `refusal`).
pub(crate) fn from_json(body: &[u8]) -> Result<async_graphql::Request, String> {
    let first = body.iter().find(|byte| !byte.is_ascii_whitespace());
    if first == Some(&b'[') {
        return Err("Send one GraphQL request at a time: batches are not accepted.".into());
    }
    serde_json::from_slice(body).map_err(|error| {
        tracing::debug!(%error, "a GraphQL request that is not JSON");
        match error.classify() {
            serde_json::error::Category::Data => format!(
                "This request is not a GraphQL request: send an object with \"query\" and, if \
                 needed, \"variables\" (line {}, column {}).",
                error.line(),
                error.column()
            ),
            _ => format!(
                "This request is not valid JSON (line {}, column {}).",
                error.line(),
                error.column()
            ),
        }
    })
}

/// A person's sentence for a query that does not parse.
pub(crate) fn parse_error(error: &ParseError) -> ServerError {
    let message = match error {
        ParseError::Syntax { start, .. } => format!(
            "This request is not valid GraphQL: see line {}, column {}.",
            start.line, start.column
        ),
        ParseError::RecursionLimitExceeded => "This request nests its fields too deeply.".into(),
        ParseError::MultipleOperations { .. } => {
            "This request holds an operation without a name beside others: name each one.".into()
        }
        ParseError::OperationDuplicated { operation, .. } => {
            format!("The operation {operation} is defined twice.")
        }
        ParseError::FragmentDuplicated { fragment, .. } => {
            format!("The fragment {fragment} is defined twice.")
        }
        ParseError::MissingOperation => "This request holds no operation to run.".into(),
        _ => "This request is not valid GraphQL.".into(),
    };
    let position = error.positions().next();
    validation_error(message, position)
}

/// An error of the request as a whole, with the code `VALIDATION_ERROR`.
pub(crate) fn validation_error(
    message: String,
    position: Option<async_graphql::Pos>,
) -> ServerError {
    let mut error = ServerError::new(message, position);
    let mut extensions = ErrorExtensionValues::default();
    extensions.set("code", "VALIDATION_ERROR");
    error.extensions = Some(extensions);
    error
}

/// Keeps an answer's errors short: at most `MAX_ERRORS`, each message at most
/// `MAX_MESSAGE_BYTES` (10,000 repeated arguments made 1.4 MB of errors).
pub(crate) fn shorten_errors(errors: &mut Vec<ServerError>) {
    if errors.len() > MAX_ERRORS {
        let more = errors.len() - (MAX_ERRORS - 1);
        errors.truncate(MAX_ERRORS - 1);
        errors.push(validation_error(
            format!("… and {more} more errors like these."),
            None,
        ));
    }
    for error in errors {
        if error.message.len() > MAX_MESSAGE_BYTES {
            let mut end = MAX_MESSAGE_BYTES;
            while !error.message.is_char_boundary(end) {
                end -= 1;
            }
            error.message.truncate(end);
            error.message.push('…');
        }
    }
}

/// A 400 answer in the shape of GraphQL's errors.
pub fn refusal(message: &str) -> Response {
    let body = serde_json::json!({
        "errors": [{ "message": message, "extensions": { "code": "VALIDATION_ERROR" } }]
    });
    Response::builder()
        .status(StatusCode::BAD_REQUEST)
        .content_type("application/json")
        .body(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_and_text_that_is_not_json_are_told_apart() {
        assert!(from_json(br#"{"query": "{ me { id } }"}"#).is_ok());
        assert!(from_json(br#" [{"query": "{ me { id } }"}]"#).is_err());
        assert!(from_json(b"\x1f\x8b\x08").is_err());
        assert!(from_json(br#"{"query": 5}"#).is_err());
    }

    #[test]
    fn a_syntax_error_does_not_repeat_the_query() {
        let query = format!("{{ {} }}", "a { ".repeat(40));
        let error = async_graphql::parser::parse_query(&query).unwrap_err();
        let answered = parse_error(&error);
        assert!(answered.message.len() < 100, "{}", answered.message);
    }

    #[test]
    fn many_errors_become_ten_short_ones() {
        let mut errors: Vec<ServerError> = (0..10_000)
            .map(|n| ServerError::new(format!("{n} {}", "x".repeat(1000)), None))
            .collect();
        shorten_errors(&mut errors);
        assert_eq!(errors.len(), MAX_ERRORS);
        assert!(
            errors
                .iter()
                .all(|e| e.message.len() <= MAX_MESSAGE_BYTES + 3)
        );
        assert!(errors[MAX_ERRORS - 1].message.contains("9991 more"));
    }
}
