//! E-mail addresses, normalised once: the one spelling used to store, look up, limit and
//! mail. Only plain ASCII addresses that the mailer (lettre) sends as they are written
//! are accepted, so nothing is rewritten between what a user typed and where mail goes.

use std::str::FromStr;

use crate::Invalid;

/// Longest address accepted (RFC 5321 path limit).
const MAX_LEN: usize = 254;
/// Characters of a local part besides letters and digits (RFC 5322 atext, no quoting).
const LOCAL_SPECIALS: &str = ".!#$%&'*+/=?^_`{|}~-";

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

fn invalid() -> Invalid {
    Invalid::field("email", "Bitte geben Sie eine gültige E-Mail-Adresse ein.")
}

impl Email {
    pub fn parse(raw: &str) -> Result<Self, Invalid> {
        let email = raw.trim();
        if email.is_empty() || email.len() > MAX_LEN || !email.is_ascii() {
            return Err(invalid());
        }
        let email = email.to_ascii_lowercase();
        let (local, domain) = email.split_once('@').ok_or_else(invalid)?;
        let local_ok = !local.is_empty()
            && local.len() <= 64
            && local.chars().all(|c| c.is_ascii_alphanumeric() || LOCAL_SPECIALS.contains(c))
            && !local.starts_with('.')
            && !local.ends_with('.')
            && !local.contains("..");
        let labels: Vec<&str> = domain.split('.').collect();
        let domain_ok = labels.len() >= 2
            && labels.iter().all(|l| {
                !l.is_empty()
                    && l.len() <= 63
                    && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && !l.starts_with('-')
                    && !l.ends_with('-')
            })
            && labels
                .last()
                .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic() || c == '-'));
        if !local_ok || !domain_ok {
            return Err(invalid());
        }
        // The mailer must take the address exactly as we store it.
        let parsed = lettre::Address::from_str(&email).map_err(|_| invalid())?;
        if parsed.to_string() != email {
            return Err(invalid());
        }
        Ok(Self(email))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The mailbox behind the address: the local part without a `+tag`. Limits and the
    /// one-time start credit count per mailbox, so `anna+1@…` and `anna+2@…` are one.
    pub fn mailbox(&self) -> String {
        let (local, domain) = self.0.split_once('@').expect("parsed addresses have an @");
        let local = local.split('+').next().unwrap_or(local);
        format!("{local}@{domain}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_and_normalises_addresses() {
        assert_eq!(Email::parse(" Anna@Example.DE ").unwrap().as_str(), "anna@example.de");
        assert_eq!(Email::parse("a.b-c+tag@mail.example.de").unwrap().as_str(), "a.b-c+tag@mail.example.de");
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in ["", "anna", "anna@", "@example.de", "anna@example", "an na@example.de", "a@b@c.de", "anna@.de"] {
            assert!(Email::parse(bad).is_err(), "{bad} should be rejected");
        }
    }

    #[test]
    fn rejects_what_the_mailer_would_rewrite_or_cannot_send_to() {
        for bad in [
            "a,b@x.de",
            "\"quoted\"@x.de",
            "<script>@x.de",
            "anna@x.de>",
            "anna@exa mple.de",
            "anna\u{0}@x.de",
            "anna\r\nBcc: x@y.de",
            ".anna@x.de",
            "an..na@x.de",
            "anna@-x.de",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be rejected");
        }
        assert!(Email::parse(&format!("{}@x.de", "a".repeat(100_000))).is_err(), "no 100 KB addresses");
    }

    #[test]
    fn one_unicode_spelling_cannot_pose_as_another_address() {
        // Rust and Postgres lower-case U+0130 differently; such addresses are not taken.
        assert!(Email::parse("adm\u{130}n@stimmwerk.local").is_err());
        assert!(Email::parse("müller@example.de").is_err());
    }

    #[test]
    fn the_mailbox_drops_the_tag() {
        assert_eq!(Email::parse("Anna+News@Example.de").unwrap().mailbox(), "anna@example.de");
        assert_eq!(Email::parse("anna@example.de").unwrap().mailbox(), "anna@example.de");
    }
}
