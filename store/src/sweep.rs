//! Removing the records of a tree that a rule condemns (expired sessions, old command keys).

use serde::de::DeserializeOwned;

use crate::StoreError;

/// Removes every record of `tree` (JSON of `T`) for which `doomed` holds; returns how many.
///
/// # Errors
/// [`StoreError::Database`] or [`StoreError::Codec`] on storage failure.
pub(crate) fn remove_where<T: DeserializeOwned>(
    tree: &sled::Tree,
    doomed: impl Fn(&T) -> bool,
) -> Result<usize, StoreError> {
    let mut removed = 0;
    for entry in tree.iter() {
        let (id, bytes) = entry?;
        let record: T = serde_json::from_slice(&bytes)?;
        if doomed(&record) {
            tree.remove(id)?;
            removed += 1;
        }
    }
    Ok(removed)
}
