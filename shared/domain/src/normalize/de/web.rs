//! E-mail addresses, web addresses and domains as Germans say them: "at", "Punkt",
//! "Schrägstrich", "Bindestrich"; words stay words, two-letter top-level domains and short
//! consonant-only labels are spelled by their letter names.

use regex::Captures;

use super::lexicon::spell;
use crate::normalize::{Context, Rule};

pub(super) fn rules() -> Vec<Rule> {
    vec![
        Rule::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+", email),
        Rule::new(
            r"(?:https?://)?www\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:/[A-Za-z0-9._~%/-]*[A-Za-z0-9_~%/-])?/?|https?://[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:/[A-Za-z0-9._~%/-]*[A-Za-z0-9_~%/-])?/?",
            url,
        ),
        Rule::new(
            r"[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.(?:de|com|org|net|eu|io|at|ch|info|shop|online|app|dev)\b",
            domain,
        ),
    ]
}

/// One label of an address: spelled when it is a two-letter top-level domain or a short
/// run of consonants ("ard", "zdf"), read otherwise.
fn label(text: &str, top_level: bool) -> String {
    let consonants_only = text.chars().all(|c| c.is_ascii_alphabetic() && !"aeiouyAEIOUY".contains(c));
    if (top_level && text.len() == 2) || (consonants_only && text.len() <= 4) || text.eq_ignore_ascii_case("www") {
        spell(text)
    } else {
        text.to_owned()
    }
}

/// An address part: its labels with the separators spoken between them.
fn spoken(text: &str, host: bool) -> String {
    let mut out = Vec::new();
    let labels: Vec<&str> = text.split('.').collect();
    for (i, part) in labels.iter().enumerate() {
        if i > 0 {
            out.push("Punkt".to_owned());
        }
        let top_level = host && i == labels.len() - 1 && i > 0;
        let mut word = String::new();
        for c in part.chars() {
            let spoken = match c {
                '-' => Some("Bindestrich"),
                '_' => Some("Unterstrich"),
                '/' => Some("Schrägstrich"),
                '+' => Some("plus"),
                '~' => Some("Tilde"),
                _ => None,
            };
            match spoken {
                Some(name) => {
                    if !word.is_empty() {
                        out.push(label(&word, false));
                        word.clear();
                    }
                    out.push(name.to_owned());
                }
                None => word.push(c),
            }
        }
        if !word.is_empty() {
            out.push(label(&word, top_level));
        }
    }
    out.join(" ")
}

fn email(caps: &Captures, _: &Context) -> Option<String> {
    let (local, domain) = caps[0].split_once('@')?;
    Some(format!("{} at {}", spoken(local, false), spoken(domain, true)))
}

fn url(caps: &Captures, _: &Context) -> Option<String> {
    let text = caps[0].trim_start_matches("https://").trim_start_matches("http://").trim_end_matches('/');
    let (host, path) = match text.split_once('/') {
        Some((host, path)) => (host, Some(path)),
        None => (text, None),
    };
    let mut out = spoken(host, true);
    if let Some(path) = path {
        for part in path.split('/') {
            out.push_str(" Schrägstrich ");
            out.push_str(&spoken(part, false));
        }
    }
    Some(out)
}

fn domain(caps: &Captures, ctx: &Context) -> Option<String> {
    (!ctx.before().is_some_and(|c| c.is_alphanumeric() || matches!(c, '@' | '.' | '/'))).then(|| spoken(&caps[0], true))
}
