//! The store layer's error type.

use std::path::PathBuf;

/// What can go wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// sled failed to read or write.
    #[error("database error: {0}")]
    Database(#[from] sled::Error),
    /// A sled transaction failed.
    #[error("database transaction failed: {0}")]
    Transaction(String),
    /// A stored record could not be encoded or decoded.
    #[error("stored record could not be encoded or decoded: {0}")]
    Codec(#[from] serde_json::Error),
    /// The database was written by a layout this build does not know.
    #[error(
        "the data directory uses store layout {found}, but this copydesk understands only layout {supported}; \
         use a copydesk build that matches the data, or start with an empty data directory"
    )]
    UnsupportedSchema {
        /// The layout found in the database.
        found: String,
        /// The layout this build writes.
        supported: u32,
    },
    /// The secret key file could not be read or created.
    #[error("secret key file {path} could not be read or created: {source}")]
    KeyFile {
        /// The key file's path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The secret key is not 32 bytes of hex.
    #[error("the secret key must be 64 hexadecimal characters (32 bytes)")]
    BadSecretKey,
    /// A sealed secret could not be opened (wrong key or damaged data).
    #[error("a stored secret could not be decrypted; the secret key does not match this data")]
    Decrypt,
    /// A unique key is already taken.
    #[error("{0} already exists")]
    Conflict(String),
}
