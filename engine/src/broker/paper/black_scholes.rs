//! Black–Scholes prices of European options, the model behind paper option quotes.

use super::normal::cdf;
use crate::order::PutCall;

/// Inputs of one valuation.
#[derive(Debug, Clone, Copy)]
pub struct Valuation {
    /// Underlying price.
    pub spot: f64,
    /// Strike price.
    pub strike: f64,
    /// Years until expiry (0 or less: worth intrinsic value).
    pub years: f64,
    /// Annual volatility (0.25 = 25 %).
    pub volatility: f64,
    /// Annual risk-free rate (0.045 = 4.5 %).
    pub rate: f64,
}

/// The model price of a call or put per share.
#[must_use]
pub fn price(side: PutCall, v: Valuation) -> f64 {
    let intrinsic = match side {
        PutCall::Call => (v.spot - v.strike).max(0.0),
        PutCall::Put => (v.strike - v.spot).max(0.0),
    };
    if v.years <= 0.0 || v.volatility <= 0.0 || v.spot <= 0.0 || v.strike <= 0.0 {
        return intrinsic;
    }
    let root_t = v.years.sqrt();
    let d1 = ((v.spot / v.strike).ln() + (v.rate + v.volatility * v.volatility / 2.0) * v.years)
        / (v.volatility * root_t);
    let d2 = d1 - v.volatility * root_t;
    let discounted_strike = v.strike * (-v.rate * v.years).exp();
    let value = match side {
        PutCall::Call => v.spot * cdf(d1) - discounted_strike * cdf(d2),
        PutCall::Put => discounted_strike * cdf(-d2) - v.spot * cdf(-d1),
    };
    value.max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(spot: f64) -> Valuation {
        Valuation {
            spot,
            strike: 100.0,
            years: 0.25,
            volatility: 0.3,
            rate: 0.045,
        }
    }

    #[test]
    fn textbook_value() {
        // S=100, K=100, T=1, σ=0.2, r=0.05: call ≈ 10.4506, put ≈ 5.5735.
        let v = Valuation {
            spot: 100.0,
            strike: 100.0,
            years: 1.0,
            volatility: 0.2,
            rate: 0.05,
        };
        assert!((price(PutCall::Call, v) - 10.4506).abs() < 1e-3);
        assert!((price(PutCall::Put, v) - 5.5735).abs() < 1e-3);
    }

    #[test]
    fn call_rises_and_put_falls_with_spot() {
        let mut previous = (
            price(PutCall::Call, at(50.0)),
            price(PutCall::Put, at(50.0)),
        );
        for spot in (51..=150).map(f64::from) {
            let now = (
                price(PutCall::Call, at(spot)),
                price(PutCall::Put, at(spot)),
            );
            assert!(now.0 > previous.0, "call at {spot}");
            assert!(now.1 < previous.1, "put at {spot}");
            previous = now;
        }
    }

    #[test]
    fn put_call_parity_holds() {
        for spot in [60.0, 90.0, 100.0, 110.0, 140.0] {
            let v = at(spot);
            let lhs = price(PutCall::Call, v) - price(PutCall::Put, v);
            let rhs = spot - v.strike * (-v.rate * v.years).exp();
            assert!((lhs - rhs).abs() < 1e-4, "spot {spot}: {lhs} vs {rhs}");
        }
    }

    #[test]
    fn expired_options_are_worth_intrinsic_value() {
        let v = Valuation {
            years: 0.0,
            ..at(104.0)
        };
        assert!((price(PutCall::Call, v) - 4.0).abs() < 1e-12);
        assert!(price(PutCall::Put, v).abs() < 1e-12);
    }
}
