//! The browser and system a session was opened from, as its owner reads it in the
//! sessions list ("Chrome auf Linux"), from the User-Agent header (parsed by `woothee`).
//! A header is the client's claim, not proof: the list shows it next to the address.

/// "Firefox auf Windows", "Safari auf iPhone", or `None` when the header says nothing
/// a person would recognise.
pub fn describe(user_agent: &str) -> Option<String> {
    let parsed = woothee::parser::Parser::new().parse(user_agent)?;
    let known = |s: &str| !s.is_empty() && s != "UNKNOWN";
    match (known(parsed.name), known(parsed.os)) {
        (true, true) => Some(format!("{} auf {}", parsed.name, parsed.os)),
        (true, false) => Some(parsed.name.to_owned()),
        (false, true) => Some(parsed.os.to_owned()),
        (false, false) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_is_named_with_its_system() {
        let chrome =
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
        assert_eq!(describe(chrome).as_deref(), Some("Chrome auf Linux"));
        let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
        assert_eq!(describe(iphone).as_deref(), Some("Safari auf iPhone"));
    }

    #[test]
    fn an_unknown_agent_says_nothing() {
        assert_eq!(describe(""), None);
        assert_eq!(describe("xyz"), None);
    }
}
