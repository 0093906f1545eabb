//! `AppError` as a GraphQL error: the person's sentence, with `extensions.code` (and `field`);
//! and a code for the errors the schema raises itself (a request not valid, or too costly).

use async_graphql::ServerError;

use crate::error::AppError;

impl From<AppError> for async_graphql::Error {
    fn from(error: AppError) -> Self {
        error.log_if_internal();
        let mut graphql_error = async_graphql::Error::new(error.message());
        let mut extensions = async_graphql::ErrorExtensionValues::default();
        extensions.set("code", error.code());
        if let AppError::Validation {
            field: Some(field), ..
        } = &error
        {
            extensions.set("field", field.as_str());
        }
        graphql_error.extensions = Some(extensions);
        graphql_error
    }
}

/// Gives an error the schema raised itself, not a resolver (the request did not parse, did not fit
/// the schema, asked for too much, or a variable's value did not fit its argument), the code
/// `VALIDATION_ERROR`, with a sentence a person can act on.
pub fn code_schema_error(error: &mut ServerError) {
    if error
        .extensions
        .as_ref()
        .is_some_and(|e| e.get("code").is_some())
    {
        return;
    }
    let message = error.message.as_str();
    let too_much = match message {
        "Query is too complex." => {
            Some("This request asks for too much at once: ask for fewer items or fields.")
        }
        "Query is nested too deep." => Some("This request nests its fields too deeply."),
        _ if message.starts_with("The recursion depth of the query") => {
            Some("This request nests its fields too deeply.")
        }
        _ if message.starts_with("The number of directives on the field") => {
            Some("This request puts too many directives on one field.")
        }
        _ => None,
    };
    if let Some(message) = too_much {
        error.message = message.to_owned();
    }
    error
        .extensions
        .get_or_insert_with(Default::default)
        .set("code", "VALIDATION_ERROR");
}
