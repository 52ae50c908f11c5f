//! The `tengen` command: a GTP engine on stdin/stdout, plus `tengen bench`.
fn main() {}
