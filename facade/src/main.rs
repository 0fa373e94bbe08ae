//! The `copydesk` command.
fn main() {}
