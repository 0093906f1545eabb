//! A code for the errors the schema raises itself (a request not valid, or too costly); an
//! `AppError` becomes a GraphQL error in `corkboard_domain::error::graphql`.

use async_graphql::ServerError;
use corkboard_i18n::msg;

/// Gives an error the schema raised itself, not a resolver (the request did not parse, did not fit
/// the schema, asked for too much, or a variable's value did not fit its argument), the code
/// `VALIDATION_ERROR`, with a sentence a person can act on.
pub(crate) fn code_schema_error(error: &mut ServerError) {
    if error
        .extensions
        .as_ref()
        .is_some_and(|e| e.get("code").is_some())
    {
        return;
    }
    let message = error.message.as_str();
    let too_much = match message {
        "Query is too complex." => Some(msg!("error-request-too-large")),
        "Query is nested too deep." => Some(msg!("error-request-too-deep")),
        _ if message.starts_with("The recursion depth of the query") => {
            Some(msg!("error-request-too-deep"))
        }
        _ if message.starts_with("The number of directives on the field") => {
            Some(msg!("error-request-too-many-directives"))
        }
        _ => None,
    };
    if let Some(message) = too_much {
        error.message = message.text();
    }
    error
        .extensions
        .get_or_insert_with(Default::default)
        .set("code", "VALIDATION_ERROR");
}
