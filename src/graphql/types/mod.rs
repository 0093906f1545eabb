//! GraphQL object types: their values in `objects`, their fields in a file per entity above it.

pub mod board;
pub mod objects;
pub mod passkey;
pub mod pin;
pub mod share_link;
pub mod shared_board;
pub mod temp_pin;
pub mod user;

#[cfg(test)]
mod tests {
    use async_graphql::parser::parse_schema;
    use async_graphql::parser::types::{TypeKind, TypeSystemDefinition};

    use super::board::{BoardFields, FolderFields};
    use super::pin::PinFields;
    use crate::graphql::schema_sdl;

    /// A name of `plain` that is not a field would never be asked, and its field would wait.
    #[test]
    fn plain_fields_are_fields_of_their_types() {
        let schema = parse_schema(schema_sdl()).unwrap();
        let fields_of = |name: &str| -> Vec<String> {
            let object = schema
                .definitions
                .iter()
                .find_map(|definition| match definition {
                    TypeSystemDefinition::Type(ty) if ty.node.name.node == name => {
                        Some(&ty.node.kind)
                    }
                    _ => None,
                });
            let Some(TypeKind::Object(object)) = object else {
                panic!("{name} is not an object of the schema");
            };
            object
                .fields
                .iter()
                .map(|field| field.node.name.node.to_string())
                .collect()
        };
        for (ty, plain) in [
            ("Pin", PinFields::PLAIN),
            ("Board", BoardFields::PLAIN),
            ("Folder", FolderFields::PLAIN),
        ] {
            let fields = fields_of(ty);
            for name in plain {
                assert!(fields.iter().any(|field| field == name), "{ty}.{name}");
            }
        }
    }
}
