//! E-mail addresses: trimmed, lower-cased, one `@` with a dotted domain.

use crate::error::Error;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let email = raw.trim().to_lowercase();
        let invalid = || Error::field("email", "Bitte geben Sie eine gültige E-Mail-Adresse ein.");
        if email.len() > 254 || email.chars().any(char::is_whitespace) {
            return Err(invalid());
        }
        let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
        let domain_ok =
            domain.contains('.') && !domain.starts_with('.') && !domain.ends_with('.') && !domain.contains('@');
        if local.is_empty() || !domain_ok {
            return Err(invalid());
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_and_normalises_addresses() {
        assert_eq!(Email::parse(" Anna@Example.DE ").unwrap().as_str(), "anna@example.de");
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in ["", "anna", "anna@", "@example.de", "anna@example", "an na@example.de", "a@b@c.de", "anna@.de"] {
            assert!(Email::parse(bad).is_err(), "{bad} should be rejected");
        }
    }
}
