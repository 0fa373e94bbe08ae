//! Serving the built UI (`ui/dist`) at `/`.

use std::path::Path;

use actix_files::Files;

/// The static file service for the built UI, with `index.html` at `/`.
pub fn files(dir: &Path) -> Files {
    Files::new("/", dir)
        .index_file("index.html")
        .prefer_utf8(true)
}
