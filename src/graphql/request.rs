//! A GraphQL request read from its JSON body, and the answers to a body that is not one: a
//! batch, text that is not JSON, or a query that does not parse, each with a short sentence that
//! never repeats what was sent.

use async_graphql::parser::Error as ParseError;
use async_graphql::{ErrorExtensionValues, ServerError};
use corkboard_i18n::msg;
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
        return Err(msg!("error-request-batch").text());
    }
    serde_json::from_slice(body).map_err(|error| {
        tracing::debug!(%error, "a GraphQL request that is not JSON");
        let (line, column) = (error.line().to_string(), error.column().to_string());
        match error.classify() {
            serde_json::error::Category::Data => {
                msg!("error-request-not-graphql", line = line, column = column).text()
            }
            _ => msg!("error-request-not-json", line = line, column = column).text(),
        }
    })
}

/// A person's sentence for a query that does not parse.
pub(crate) fn parse_error(error: &ParseError) -> ServerError {
    let message = match error {
        ParseError::Syntax { start, .. } => msg!(
            "error-request-syntax",
            line = start.line.to_string(),
            column = start.column.to_string()
        ),
        ParseError::RecursionLimitExceeded => msg!("error-request-too-deep"),
        ParseError::MultipleOperations { .. } => msg!("error-request-unnamed-operation"),
        ParseError::OperationDuplicated { operation, .. } => {
            msg!(
                "error-request-operation-twice",
                operation = operation.as_str()
            )
        }
        ParseError::FragmentDuplicated { fragment, .. } => {
            msg!("error-request-fragment-twice", fragment = fragment.as_str())
        }
        ParseError::MissingOperation => msg!("error-request-no-operation"),
        _ => msg!("error-request-not-valid-graphql"),
    };
    let position = error.positions().next();
    validation_error(message.text(), position)
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
            msg!("error-request-more-errors", count = more).text(),
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
