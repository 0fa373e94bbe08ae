//! Login attempt limits per username and per client address (governor token buckets).

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Two keyed limiters: one per username, one per client address. An attempt must pass both.
#[derive(Debug)]
pub struct LoginLimiter {
    per_username: DefaultKeyedRateLimiter<String>,
    per_address: DefaultKeyedRateLimiter<IpAddr>,
}

impl LoginLimiter {
    /// Allows `per_minute` attempts per minute (burst of the same size) for each key.
    pub fn new(per_minute: u32) -> Self {
        let per_minute = NonZeroU32::new(per_minute).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::per_minute(per_minute);
        Self {
            per_username: RateLimiter::keyed(quota),
            per_address: RateLimiter::keyed(quota),
        }
    }

    /// Records an attempt; false when either the username or the address is over its limit.
    pub fn allow(&self, username: &str, address: Option<IpAddr>) -> bool {
        let address_ok = address.is_none_or(|ip| self.per_address.check_key(&ip).is_ok());
        let username_ok = self.per_username.check_key(&username.to_owned()).is_ok();
        address_ok && username_ok
    }

    /// Forgets keys whose buckets are full again, bounding memory.
    pub fn forget_idle(&self) {
        self.per_username.retain_recent();
        self.per_address.retain_recent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_username_and_each_address_has_its_own_budget() {
        let limiter = LoginLimiter::new(3);
        let home: IpAddr = [10, 0, 0, 1].into();
        let other: IpAddr = [10, 0, 0, 2].into();
        assert!((0..3).all(|_| limiter.allow("alice", Some(home))));
        assert!(
            !limiter.allow("alice", Some(other)),
            "alice's budget is spent"
        );
        assert!(!limiter.allow("bob", Some(home)), "home's budget is spent");
        assert!(limiter.allow("bob", Some(other)));
    }
}
