//! The size of a query as it runs: each fragment counted every time it is spread, found from the
//! text in one pass (a fragment's size is found once), before the schema walks or runs anything.

use std::collections::HashMap;

use async_graphql::parser::types::{
    ExecutableDocument, FragmentDefinition, OperationType, Selection, SelectionSet,
};
use async_graphql::{Name, Positioned};
use corkboard_i18n::msg;

/// The most selections (fields, `__typename` included, and fragments) a query may have once
/// its fragments are spread: as many as its cost may count (`MAX_COST`, a field costing 1).
pub(crate) const MAX_SELECTIONS: usize = super::MAX_COST;
/// The most changes (top-level mutation fields, aliases included) one request may make.
pub(crate) const MAX_CHANGES: usize = 10;
/// The deepest nesting of fields and fragments walked (the schema then checks `MAX_DEPTH`); it
/// bounds this walk's own recursion, whatever the text.
const MAX_NESTING: usize = 64;

/// Why a query is refused before it runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    TooLarge,
    TooDeep,
    TooManyChanges,
    FragmentCycle,
}

impl Refusal {
    /// The sentence a person reads, in the request's language.
    pub fn message(&self) -> String {
        let message = match self {
            Refusal::TooLarge => msg!("error-request-too-large"),
            Refusal::TooDeep => msg!("error-request-too-deep"),
            Refusal::TooManyChanges => msg!("error-request-too-many-changes", max = MAX_CHANGES),
            Refusal::FragmentCycle => msg!("error-request-fragment-cycle"),
        };
        message.text()
    }
}

/// Checks every operation of `document`: its size with fragments spread, and for a mutation how
/// many changes it makes.
pub fn check(document: &ExecutableDocument) -> Result<(), Refusal> {
    let mut sizes = Sizes {
        fragments: &document.fragments,
        known: HashMap::new(),
        spreading: Vec::new(),
        depth: 0,
    };
    for (_, operation) in document.operations.iter() {
        let selections = &operation.node.selection_set;
        if sizes.of_set(selections)? > MAX_SELECTIONS {
            return Err(Refusal::TooLarge);
        }
        if operation.node.ty == OperationType::Mutation
            && sizes.top_fields(selections)? > MAX_CHANGES
        {
            return Err(Refusal::TooManyChanges);
        }
    }
    Ok(())
}

/// The expanded sizes of the fragments found so far.
struct Sizes<'a> {
    fragments: &'a HashMap<Name, Positioned<FragmentDefinition>>,
    known: HashMap<&'a str, usize>,
    /// The fragments being measured, to find one that spreads itself.
    spreading: Vec<&'a str>,
    /// How deep the walk is now.
    depth: usize,
}

impl<'a> Sizes<'a> {
    /// `walk` one level deeper, refused past `MAX_NESTING`.
    fn deeper(
        &mut self,
        walk: impl FnOnce(&mut Self) -> Result<usize, Refusal>,
    ) -> Result<usize, Refusal> {
        if self.depth >= MAX_NESTING {
            return Err(Refusal::TooDeep);
        }
        self.depth += 1;
        let found = walk(self);
        self.depth -= 1;
        found
    }

    fn of_set(&mut self, set: &'a Positioned<SelectionSet>) -> Result<usize, Refusal> {
        self.deeper(|sizes| sizes.of_items(set))
    }

    fn of_items(&mut self, set: &'a Positioned<SelectionSet>) -> Result<usize, Refusal> {
        let mut size = 0usize;
        for selection in &set.node.items {
            let inner = match &selection.node {
                Selection::Field(field) => self.of_set(&field.node.selection_set)?,
                Selection::InlineFragment(inline) => self.of_set(&inline.node.selection_set)?,
                Selection::FragmentSpread(spread) => {
                    self.of_fragment(spread.node.fragment_name.node.as_str())?
                }
            };
            size = size.saturating_add(1).saturating_add(inner);
            if size > MAX_SELECTIONS {
                return Err(Refusal::TooLarge);
            }
        }
        Ok(size)
    }

    /// A fragment's size; an unknown one is left to the schema, which names it.
    fn of_fragment(&mut self, name: &'a str) -> Result<usize, Refusal> {
        if let Some(size) = self.known.get(name) {
            return Ok(*size);
        }
        if self.spreading.contains(&name) {
            return Err(Refusal::FragmentCycle);
        }
        let Some(fragment) = self.fragments.get(name) else {
            return Ok(0);
        };
        self.spreading.push(name);
        let size = self.of_set(&fragment.node.selection_set);
        self.spreading.pop();
        let size = size?;
        self.known.insert(name, size);
        Ok(size)
    }

    /// The fields of `set` itself, with those of the fragments it spreads.
    fn top_fields(&mut self, set: &'a Positioned<SelectionSet>) -> Result<usize, Refusal> {
        self.deeper(|sizes| sizes.top_fields_of_items(set))
    }

    fn top_fields_of_items(&mut self, set: &'a Positioned<SelectionSet>) -> Result<usize, Refusal> {
        let mut fields = 0usize;
        for selection in &set.node.items {
            fields += match &selection.node {
                Selection::Field(_) => 1,
                Selection::InlineFragment(inline) => self.top_fields(&inline.node.selection_set)?,
                Selection::FragmentSpread(spread) => {
                    let name = spread.node.fragment_name.node.as_str();
                    match self.fragments.get(name) {
                        Some(fragment) if !self.spreading.contains(&name) => {
                            self.spreading.push(name);
                            let inner = self.top_fields(&fragment.node.selection_set);
                            self.spreading.pop();
                            inner?
                        }
                        Some(_) => return Err(Refusal::FragmentCycle),
                        None => 0,
                    }
                }
            };
            if fields > MAX_CHANGES {
                return Err(Refusal::TooManyChanges);
            }
        }
        Ok(fields)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_graphql::parser::parse_query;

    fn checked(query: &str) -> Result<(), Refusal> {
        check(&parse_query(query).unwrap())
    }

    /// The audit's query: six fragments, each spreading the next 30 times (24 million
    /// `__typename`s once spread), in 1,056 bytes.
    fn nested_spreads(times: usize) -> String {
        let fragments: String = (0..6)
            .map(|i| {
                let body = match i < 5 {
                    true => format!("...F{} ", i + 1).repeat(times),
                    false => "__typename".to_owned(),
                };
                format!("fragment F{i} on Query {{ {body} }} ")
            })
            .collect();
        format!("{{ ...F0 }} {fragments}")
    }

    #[test]
    fn a_fragment_counts_every_time_it_is_spread() {
        assert_eq!(checked(&nested_spreads(30)), Err(Refusal::TooLarge));
        // 3^5 = 243 `__typename`s: small enough.
        assert_eq!(checked(&nested_spreads(3)), Ok(()));
    }

    #[test]
    fn a_long_chain_of_fragments_is_refused_without_walking_it() {
        let chain: String = (0..5_000)
            .map(|i| format!("fragment F{i} on Query {{ ...F{} }} ", i + 1))
            .collect();
        let query = format!("{{ ...F0 }} {chain} fragment F5000 on Query {{ __typename }}");
        assert_eq!(checked(&query), Err(Refusal::TooDeep));
    }

    #[test]
    fn a_fragment_that_spreads_itself_is_refused() {
        let query = "{ ...A } fragment A on Query { me { id } ...B } fragment B on Query { ...A }";
        assert_eq!(checked(query), Err(Refusal::FragmentCycle));
    }

    #[test]
    fn aliased_changes_are_counted_through_fragments() {
        let many: String = (0..11).map(|n| format!("k{n}: logout ")).collect();
        assert_eq!(
            checked(&format!("mutation {{ {many} }}")),
            Err(Refusal::TooManyChanges)
        );
        let spread = "mutation { ...M ...M } fragment M on Mutation { a: logout b: logout c: logout d: logout e: logout f: logout }";
        assert_eq!(checked(spread), Err(Refusal::TooManyChanges));
        assert_eq!(checked("mutation { a: logout b: logout }"), Ok(()));
        let reads: String = (0..11).map(|n| format!("m{n}: me {{ id }} ")).collect();
        assert_eq!(checked(&format!("{{ {reads} }}")), Ok(()));
    }
}
