//! Why a benchmark rig could not be set up or driven.

use engine::account::AccountError;
use engine::broker::BrokerError;
use engine::broker::schwab::SchwabConfigError;
use engine::copy::RepositoryError;
use engine::ids::AccountId;

/// A failure while building or driving a rig; the texts never carry a token or password.
#[derive(Debug, thiserror::Error)]
pub enum RigError {
    /// schwab-fake did not start.
    #[error("schwab-fake could not start: {0}")]
    Fake(#[from] fixtures::fake::FakeError),
    /// The paper market's bundled universe did not load.
    #[error("the paper market could not start: {0}")]
    Universe(#[from] engine::broker::paper::UniverseError),
    /// The Schwab client settings were refused.
    #[error("the Schwab client settings are invalid: {0}")]
    SchwabConfig(#[from] SchwabConfigError),
    /// The store could not be opened or written.
    #[error("store: {0}")]
    Store(#[from] store::StoreError),
    /// The fan-out was refused before sending.
    #[error("the fan-out was not carried out: {0}")]
    Execute(String),
    /// The session repository failed.
    #[error(transparent)]
    Sessions(#[from] RepositoryError),
    /// copydesk's services did not start.
    #[error("copydesk could not start: {0}")]
    Services(#[from] facade::services::StartError),
    /// A brokerage call made by the rig itself failed.
    #[error("brokerage: {0}")]
    Broker(#[from] BrokerError),
    /// One account could not be started, authorized or read.
    #[error("account {account}: {source}")]
    Account {
        /// The account.
        account: AccountId,
        /// What went wrong.
        source: AccountError,
    },
    /// An account actor's mailbox was closed.
    #[error("an account actor did not answer: {0}")]
    Mailbox(#[from] actix::MailboxError),
    /// A rig was asked for no account at all.
    #[error("accounts: at least one account is needed")]
    NoAccounts,
    /// The option chain had no contract the rig can use.
    #[error("the option chain of {0} lists no contract at least a week out with a bid")]
    NoContract(String),
    /// A local I/O step failed (temporary directory, binding a port, /proc).
    #[error("{what}: {source}")]
    Io {
        /// What was being done.
        what: &'static str,
        /// Why it failed.
        source: std::io::Error,
    },
    /// An HTTP call of a load driver failed.
    #[error("HTTP: {0}")]
    Http(#[from] reqwest::Error),
    /// copydesk answered a driver's setup call with something unexpected.
    #[error("{call} answered {status}: {body}")]
    Unexpected {
        /// The call.
        call: &'static str,
        /// The HTTP status.
        status: u16,
        /// The answer's body.
        body: String,
    },
}

impl RigError {
    /// An I/O failure while doing `what`.
    #[must_use]
    pub fn io(what: &'static str, source: std::io::Error) -> Self {
        Self::Io { what, source }
    }

    /// An account failure of `account`.
    #[must_use]
    pub fn account(account: AccountId, source: AccountError) -> Self {
        Self::Account { account, source }
    }
}

impl From<engine::copy::ExecuteError> for RigError {
    fn from(err: engine::copy::ExecuteError) -> Self {
        Self::Execute(err.to_string())
    }
}
