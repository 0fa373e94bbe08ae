//! Agent password hashing with argon2id.

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

/// A hash of a password nobody has, verified against when the username is unknown so that the answer
/// takes as long as for a known username.
const DECOY_PASSWORD: &str = "copydesk-decoy-password";

/// Hashes a password with argon2id and a random salt into a PHC string.
///
/// # Errors
/// Returns the hasher's error text when hashing fails (it does not for valid inputs).
pub fn hash_password(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|err| err.to_string())
}

/// Checks a password against a stored PHC hash; with no hash, spends the same effort and answers false.
pub fn verify_password(password: &str, stored: Option<&str>) -> bool {
    match stored.and_then(|s| PasswordHash::new(s).ok()) {
        Some(hash) => Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok(),
        None => {
            if let Ok(decoy) = hash_password(DECOY_PASSWORD) {
                if let Ok(hash) = PasswordHash::new(&decoy) {
                    let _ = Argon2::default().verify_password(password.as_bytes(), &hash);
                }
            }
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_salted_and_verify() {
        let first = hash_password("correct horse").unwrap();
        let second = hash_password("correct horse").unwrap();
        assert!(first.starts_with("$argon2id$"));
        assert_ne!(first, second);
        assert!(verify_password("correct horse", Some(&first)));
        assert!(!verify_password("wrong horse", Some(&first)));
        assert!(!verify_password("correct horse", None));
        assert!(!verify_password("correct horse", Some("not a hash")));
    }
}
