//! How each call is mounted: both spellings of its path, 405 for other methods, and the record of
//! every mounted `/api` path.

use std::collections::BTreeSet;

use actix_web::web;

use crate::ApiError;

/// The `/api` paths [`mount`] has registered in this process (each written as `/api` + its path), so
/// tests can walk the route table.
static MOUNTED: std::sync::Mutex<BTreeSet<String>> = std::sync::Mutex::new(BTreeSet::new());

/// Every `/api` path mounted so far (all of them once an app has been configured), sorted.
pub fn mounted_api_paths() -> Vec<String> {
    MOUNTED
        .lock()
        .map(|paths| paths.iter().cloned().collect())
        .unwrap_or_default()
}

/// Mounts each `(path, route)` at both spellings of its path, one resource per path (routes of the same
/// path share it); other methods answer 405. Paths are relative to `/api` and are recorded for
/// [`mounted_api_paths`].
pub(crate) fn mount<const N: usize>(
    cfg: &mut web::ServiceConfig,
    routes: [(&str, actix_web::Route); N],
) {
    let mut resources: Vec<(&str, actix_web::Resource)> = Vec::new();
    if let Ok(mut mounted) = MOUNTED.lock() {
        mounted.extend(routes.iter().map(|(path, _)| format!("/api{path}")));
    }
    for (path, route) in routes {
        match resources.iter().position(|(p, _)| *p == path) {
            Some(index) => {
                let (p, resource) = resources.remove(index);
                resources.insert(index, (p, resource.route(route)));
            }
            None => resources.push((path, web::resource(both(path)).route(route))),
        }
    }
    for (_, resource) in resources {
        cfg.service(resource.default_service(web::to(method_not_allowed)));
    }
}

/// Both spellings of a path: without and with the trailing slash.
pub(crate) fn both(path: &str) -> [String; 2] {
    let bare = path.trim_end_matches('/').to_owned();
    let slashed = format!("{bare}/");
    [bare, slashed]
}

pub(crate) async fn method_not_allowed() -> Result<actix_web::HttpResponse, ApiError> {
    Err(ApiError::MethodNotAllowed)
}
