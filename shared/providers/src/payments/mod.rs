//! Payment providers. Stripe Checkout is the one in use.

pub mod stripe;
