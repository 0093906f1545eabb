//! The catalogs are read when the crate is compiled (`static_loader!`): a new or changed file
//! under `locales/` compiles it again.

fn main() {
    println!("cargo::rerun-if-changed=locales");
}
