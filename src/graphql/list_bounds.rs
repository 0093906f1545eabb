//! Every list the schema answers is bounded: a list of objects is paged or capped, and its cost
//! counts the bound; a list of plain values has a bound the services keep. The test walks the
//! schema and fails on a list without one.

#[cfg(test)]
mod tests {
    use async_graphql::OutputType;
    use async_graphql::registry::{MetaType, Registry};

    use crate::graphql::mutation::MutationRoot;
    use crate::graphql::query::QueryRoot;
    use crate::graphql::schema_sdl;

    /// Lists of plain values and where their bound is kept.
    const BOUNDED_VALUES: &[(&str, &str)] = &[
        ("Board.pinDefaultTags", "domain::tags: at most TAGS_MAX"),
        ("Pin.tags", "domain::tags: at most TAGS_MAX"),
        ("Board.sharedWith", "service::boards: at most MOST_SHARES"),
        ("Pin.previewsSizes", "the sizes the server makes"),
        ("Pin.previewsFormats", "the formats the server makes"),
        ("SharedPin.tags", "domain::tags: at most TAGS_MAX"),
        ("SharedPin.previewsSizes", "the sizes the server makes"),
        ("SharedPin.previewsFormats", "the formats the server makes"),
        (
            "Suggestions.recentSearches",
            "graphql::suggestions: at most MAX_EACH",
        ),
    ];

    fn registry() -> Registry {
        let mut registry = Registry::default();
        QueryRoot::create_type_info(&mut registry);
        MutationRoot::create_type_info(&mut registry);
        registry
    }

    #[test]
    fn every_list_is_bounded_and_its_cost_counts_the_bound() {
        let registry = registry();
        let sdl = schema_sdl();
        let mut unbounded = Vec::new();
        for (type_name, ty) in &registry.types {
            let MetaType::Object { fields, .. } = ty else {
                continue;
            };
            // The parts a merged object is made of are not in the schema.
            if !sdl.contains(&format!("type {type_name} {{")) {
                continue;
            }
            for field in fields.values() {
                if !field.ty.starts_with('[') {
                    continue;
                }
                let item = field.ty.trim_matches(|c| matches!(c, '[' | ']' | '!'));
                let of_objects = matches!(registry.types.get(item), Some(MetaType::Object { .. }));
                let place = format!("{type_name}.{}", field.name);
                let bounded = match of_objects {
                    // A connection's items are counted by the field that asks for its page.
                    true => field.compute_complexity.is_some() || type_name.ends_with("Connection"),
                    false => BOUNDED_VALUES.iter().any(|(name, _)| *name == place),
                };
                if !bounded {
                    unbounded.push(place);
                }
            }
        }
        assert!(
            unbounded.is_empty(),
            "lists without a counted bound: {unbounded:?}"
        );
    }
}
