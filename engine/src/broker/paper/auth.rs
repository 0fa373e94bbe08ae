//! Paper logins: authorization codes, access and refresh tokens, and their expiry.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use rand::rngs::StdRng;
use rand::{RngCore, SeedableRng};

use super::config::PaperConfig;
use crate::broker::{AccessToken, AuthorizationCode, BrokerError, RefreshToken, TokenSet};

/// Random bytes in each issued secret.
const SECRET_BYTES: usize = 24;

#[derive(Debug)]
struct Login {
    /// Bumped by every code exchange; tokens of older generations are dead.
    generation: u64,
}

#[derive(Debug)]
struct Grant {
    username: String,
    generation: u64,
    expires_at: DateTime<Utc>,
}

/// Codes and tokens of every paper login.
#[derive(Debug)]
pub struct Auth {
    rng: StdRng,
    logins: HashMap<String, Login>,
    codes: HashMap<String, Grant>,
    access: HashMap<String, Grant>,
    refresh: HashMap<String, Grant>,
    config: PaperConfig,
}

impl Auth {
    /// No logins yet; secrets come from a generator seeded by the config.
    #[must_use]
    pub fn new(config: &PaperConfig) -> Self {
        Self {
            rng: StdRng::seed_from_u64(config.seed ^ 0x5EC2_E7A5),
            logins: HashMap::new(),
            codes: HashMap::new(),
            access: HashMap::new(),
            refresh: HashMap::new(),
            config: config.clone(),
        }
    }

    /// Issues a one-time code for `username` (the login must exist).
    pub fn issue_code(&mut self, username: &str, now: DateTime<Utc>) -> AuthorizationCode {
        self.logins
            .entry(username.to_owned())
            .or_insert(Login { generation: 0 });
        let code = self.secret("PC");
        self.codes.retain(|_, g| g.expires_at > now);
        self.codes.insert(
            code.clone(),
            Grant {
                username: username.to_owned(),
                generation: 0,
                expires_at: now + self.config.code_lifetime,
            },
        );
        AuthorizationCode::new(code)
    }

    /// Exchanges a code for tokens; every earlier token of that login stops working.
    ///
    /// # Errors
    /// `Rejected` for an unknown, used or expired code.
    pub fn exchange(
        &mut self,
        code: &AuthorizationCode,
        now: DateTime<Utc>,
    ) -> Result<(String, TokenSet), BrokerError> {
        let grant = self
            .codes
            .remove(code.expose_secret())
            .ok_or_else(|| BrokerError::rejected("the authorization code is not valid"))?;
        if grant.expires_at <= now {
            return Err(BrokerError::rejected("the authorization code has expired"));
        }
        let generation = match self.logins.get_mut(&grant.username) {
            Some(login) => {
                login.generation += 1;
                login.generation
            }
            None => return Err(BrokerError::rejected("the authorization code is not valid")),
        };
        self.access.retain(|_, g| g.expires_at > now);
        self.refresh.retain(|_, g| g.expires_at > now);
        let refresh_expires_at = now + self.config.refresh_lifetime;
        let refresh = self.secret("PR");
        self.refresh.insert(
            refresh.clone(),
            Grant {
                username: grant.username.clone(),
                generation,
                expires_at: refresh_expires_at,
            },
        );
        let (access, access_expires_at) = self.issue_access(&grant.username, generation, now);
        Ok((
            grant.username,
            TokenSet {
                access,
                refresh: RefreshToken::new(refresh),
                access_expires_at,
                refresh_expires_at: Some(refresh_expires_at),
            },
        ))
    }

    /// A new access token for a live refresh token (whose lifetime is not extended).
    ///
    /// # Errors
    /// `ReauthorizationNeeded` when the refresh token is unknown, expired or superseded.
    pub fn refresh(
        &mut self,
        refresh: &RefreshToken,
        now: DateTime<Utc>,
    ) -> Result<TokenSet, BrokerError> {
        let (username, generation, refresh_expires_at) = {
            let grant = self
                .refresh
                .get(refresh.expose_secret())
                .filter(|g| self.is_live(g, now))
                .ok_or(BrokerError::ReauthorizationNeeded)?;
            (grant.username.clone(), grant.generation, grant.expires_at)
        };
        let (access, access_expires_at) = self.issue_access(&username, generation, now);
        Ok(TokenSet {
            access,
            refresh: refresh.clone(),
            access_expires_at,
            refresh_expires_at: Some(refresh_expires_at),
        })
    }

    /// The login an access token belongs to.
    ///
    /// # Errors
    /// `TokenExpired` when the token is unknown, expired or superseded by a newer login.
    pub fn check(&self, token: &AccessToken, now: DateTime<Utc>) -> Result<&str, BrokerError> {
        self.access
            .get(token.expose_secret())
            .filter(|g| self.is_live(g, now))
            .map(|g| g.username.as_str())
            .ok_or(BrokerError::TokenExpired)
    }

    fn is_live(&self, grant: &Grant, now: DateTime<Utc>) -> bool {
        grant.expires_at > now
            && self
                .logins
                .get(&grant.username)
                .is_some_and(|l| l.generation == grant.generation)
    }

    fn issue_access(
        &mut self,
        username: &str,
        generation: u64,
        now: DateTime<Utc>,
    ) -> (AccessToken, DateTime<Utc>) {
        let token = self.secret("PA");
        let expires_at = now + self.config.access_lifetime;
        self.access.insert(
            token.clone(),
            Grant {
                username: username.to_owned(),
                generation,
                expires_at,
            },
        );
        (AccessToken::new(token), expires_at)
    }

    fn secret(&mut self, prefix: &str) -> String {
        let mut bytes = [0_u8; SECRET_BYTES];
        self.rng.fill_bytes(&mut bytes);
        format!("{prefix}.{}@", hex::encode(bytes))
    }
}
