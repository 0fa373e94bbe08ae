//! HTTPS: the rustls server configuration built from a PEM certificate chain and private key.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};

use crate::settings::TlsFiles;

/// Why HTTPS cannot be set up from the given files.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    /// The certificate file cannot be read or is not PEM.
    #[error("cannot read the TLS certificate {path}: {reason}")]
    Certificate {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// The certificate file holds no certificate.
    #[error("the TLS certificate file {path} holds no certificate")]
    NoCertificate {
        /// The file.
        path: PathBuf,
    },
    /// The key file cannot be read or holds no private key.
    #[error("cannot read the TLS private key {path}: {reason}")]
    Key {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
    /// rustls refused the pair (e.g. the key does not belong to the certificate).
    #[error("the TLS certificate and key cannot be used: {0}")]
    Unusable(String),
}

/// The certificates of a PEM file, leaf first.
fn certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, TlsError> {
    let failed = |reason: String| TlsError::Certificate {
        path: path.to_owned(),
        reason,
    };
    let chain = CertificateDer::pem_file_iter(path)
        .map_err(|e| failed(e.to_string()))?
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| failed(e.to_string()))?;
    if chain.is_empty() {
        return Err(TlsError::NoCertificate {
            path: path.to_owned(),
        });
    }
    Ok(chain)
}

/// A rustls server configuration (TLS 1.2 and 1.3 on the ring provider) for `files`.
///
/// # Errors
/// [`TlsError`] naming the file that cannot be read, or why the pair cannot be used.
pub fn server_config(files: &TlsFiles) -> Result<rustls::ServerConfig, TlsError> {
    let chain = certificates(&files.cert)?;
    let key = PrivateKeyDer::from_pem_file(&files.key).map_err(|e| TlsError::Key {
        path: files.key.clone(),
        reason: e.to_string(),
    })?;
    rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .map_err(|e| TlsError::Unusable(e.to_string()))?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(|e| TlsError::Unusable(e.to_string()))
}
