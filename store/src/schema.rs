//! The store layout version, written on first open and checked on every open.

use crate::StoreError;

/// The layout version this build reads and writes.
pub const SCHEMA_VERSION: u32 = 1;

const META_TREE: &str = "meta";
const VERSION_KEY: &[u8] = b"schema_version";

/// Writes the layout version into a new database, or refuses a database of another layout.
pub(crate) fn check_or_initialise(db: &sled::Db) -> Result<(), StoreError> {
    let meta = db.open_tree(META_TREE)?;
    let current = SCHEMA_VERSION.to_string();
    match meta.compare_and_swap(VERSION_KEY, None as Option<&[u8]>, Some(current.as_bytes()))? {
        Ok(()) => Ok(()),
        Err(existing) => {
            let found = existing
                .current
                .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
                .unwrap_or_default();
            if found == current {
                Ok(())
            } else {
                Err(StoreError::UnsupportedSchema {
                    found,
                    supported: SCHEMA_VERSION,
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_database_gets_the_current_version_and_opens_again() {
        let db = sled::Config::new().temporary(true).open().unwrap();
        check_or_initialise(&db).unwrap();
        check_or_initialise(&db).unwrap();
        let stored = db
            .open_tree(META_TREE)
            .unwrap()
            .get(VERSION_KEY)
            .unwrap()
            .unwrap();
        assert_eq!(&*stored, b"1");
    }

    #[test]
    fn a_newer_layout_is_refused_with_a_clear_message() {
        let db = sled::Config::new().temporary(true).open().unwrap();
        db.open_tree(META_TREE)
            .unwrap()
            .insert(VERSION_KEY, b"7")
            .unwrap();
        let err = check_or_initialise(&db).unwrap_err();
        assert!(
            matches!(err, StoreError::UnsupportedSchema { ref found, supported: 1 } if found == "7")
        );
        assert!(err.to_string().contains("uses store layout 7"));
    }
}
