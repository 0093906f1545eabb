//! `AppError` as a GraphQL error: the person's sentence, with `extensions.code` (and `field`).

use super::AppError;

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
