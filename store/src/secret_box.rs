//! Encryption of secrets at rest with XChaCha20-Poly1305 and a 32-byte key kept outside the database.

use std::io::Write;
use std::path::Path;

use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{XChaCha20Poly1305, XNonce};
use rand::RngCore;

use crate::StoreError;

/// The key file's name inside the data directory.
pub const SECRET_KEY_FILE: &str = "secret.key";
/// The environment variable that may carry the key as 64 hex characters instead of the file.
pub const SECRET_KEY_ENV: &str = "COPYDESK_SECRET_KEY";

const NONCE_LEN: usize = 24;

/// Seals and opens secrets. Cloning shares the same key.
#[derive(Clone)]
pub struct SecretBox {
    key: [u8; 32],
}

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox([redacted])")
    }
}

impl SecretBox {
    /// A box with a fresh random key (for temporary stores).
    pub fn generate() -> Self {
        let mut key = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut key);
        Self { key }
    }

    /// A box whose key is given as 64 hexadecimal characters.
    ///
    /// # Errors
    /// [`StoreError::BadSecretKey`] when the text is not exactly 32 bytes of hex.
    pub fn from_hex(text: &str) -> Result<Self, StoreError> {
        let bytes = hex::decode(text.trim()).map_err(|_| StoreError::BadSecretKey)?;
        let key: [u8; 32] = bytes.try_into().map_err(|_| StoreError::BadSecretKey)?;
        Ok(Self { key })
    }

    /// Reads the key file, or creates it with a random key and mode 0600 when it does not exist.
    ///
    /// # Errors
    /// [`StoreError::KeyFile`] on I/O failure, [`StoreError::BadSecretKey`] on a damaged file.
    pub fn load_or_create(path: &Path) -> Result<Self, StoreError> {
        let io_err = |source| StoreError::KeyFile {
            path: path.to_path_buf(),
            source,
        };
        match std::fs::read_to_string(path) {
            Ok(text) => Self::from_hex(&text),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                let created = Self::generate();
                let mut options = std::fs::OpenOptions::new();
                options.write(true).create_new(true);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::OpenOptionsExt;
                    options.mode(0o600);
                }
                let mut file = options.open(path).map_err(io_err)?;
                file.write_all(hex::encode(created.key).as_bytes())
                    .map_err(io_err)?;
                file.sync_all().map_err(io_err)?;
                Ok(created)
            }
            Err(err) => Err(io_err(err)),
        }
    }

    /// Encrypts `plain` under a fresh random nonce; the result is nonce followed by ciphertext.
    pub fn seal(&self, plain: &[u8]) -> Vec<u8> {
        let cipher = XChaCha20Poly1305::new((&self.key).into());
        let mut nonce = [0u8; NONCE_LEN];
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let sealed = cipher
            .encrypt(XNonce::from_slice(&nonce), plain)
            // Encryption with a valid 32-byte key and 24-byte nonce cannot fail for in-memory input.
            .expect("XChaCha20-Poly1305 encryption of an in-memory buffer cannot fail");
        let mut out = Vec::with_capacity(NONCE_LEN + sealed.len());
        out.extend_from_slice(&nonce);
        out.extend_from_slice(&sealed);
        out
    }

    /// Decrypts what [`SecretBox::seal`] produced.
    ///
    /// # Errors
    /// [`StoreError::Decrypt`] when the data was sealed with another key or was altered.
    pub fn open(&self, sealed: &[u8]) -> Result<Vec<u8>, StoreError> {
        if sealed.len() < NONCE_LEN {
            return Err(StoreError::Decrypt);
        }
        let (nonce, body) = sealed.split_at(NONCE_LEN);
        XChaCha20Poly1305::new((&self.key).into())
            .decrypt(XNonce::from_slice(nonce), body)
            .map_err(|_| StoreError::Decrypt)
    }

    /// Seals a text secret.
    pub fn seal_str(&self, plain: &str) -> Vec<u8> {
        self.seal(plain.as_bytes())
    }

    /// Opens a text secret.
    ///
    /// # Errors
    /// [`StoreError::Decrypt`] when the data cannot be opened or is not UTF-8.
    pub fn open_str(&self, sealed: &[u8]) -> Result<String, StoreError> {
        String::from_utf8(self.open(sealed)?).map_err(|_| StoreError::Decrypt)
    }

    /// Key material for deriving other keys (e.g. the cookie signing key); never logged.
    pub fn key_material(&self) -> &[u8; 32] {
        &self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_text_round_trips_and_hides_the_plain_text() {
        let secrets = SecretBox::generate();
        let sealed = secrets.seal_str("hunter2-password");
        assert!(!sealed.windows(7).any(|w| w == b"hunter2"));
        assert_eq!(secrets.open_str(&sealed).unwrap(), "hunter2-password");
    }

    #[test]
    fn another_key_or_a_flipped_bit_cannot_open_it() {
        let secrets = SecretBox::generate();
        let mut sealed = secrets.seal(b"token");
        assert!(matches!(
            SecretBox::generate().open(&sealed),
            Err(StoreError::Decrypt)
        ));
        let last = sealed.len() - 1;
        sealed[last] ^= 1;
        assert!(matches!(secrets.open(&sealed), Err(StoreError::Decrypt)));
        assert!(matches!(secrets.open(b"short"), Err(StoreError::Decrypt)));
    }

    #[test]
    fn the_key_file_is_created_with_mode_0600_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(SECRET_KEY_FILE);
        let first = SecretBox::load_or_create(&path).unwrap();
        let again = SecretBox::load_or_create(&path).unwrap();
        assert_eq!(first.key, again.key);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600);
        }
    }

    #[test]
    fn a_key_from_the_environment_must_be_64_hex_characters() {
        assert!(SecretBox::from_hex(&"ab".repeat(32)).is_ok());
        assert!(matches!(
            SecretBox::from_hex("abcd"),
            Err(StoreError::BadSecretKey)
        ));
        assert!(matches!(
            SecretBox::from_hex(&"zz".repeat(32)),
            Err(StoreError::BadSecretKey)
        ));
    }

    #[test]
    fn debug_output_redacts_the_key() {
        assert_eq!(
            format!("{:?}", SecretBox::generate()),
            "SecretBox([redacted])"
        );
    }
}
