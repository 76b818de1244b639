//! Plain text: paragraphs are separated by blank lines (a single line break is a wrapped
//! line), and a line that looks like a chapter heading starts a chapter.

use std::sync::LazyLock;

use regex::Regex;

use super::{Manuscript, Outline};
use crate::Result;

/// Longest line taken for a heading: longer ones are sentences.
const MAX_HEADING_CHARS: usize = 80;

/// "Kapitel 3", "Chapter IV", "Teil zwei", "Prolog", with whatever follows in `rest`.
/// Roman numerals only in capitals: "Teil mit" is no heading.
static KEYWORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(concat!(
        r"(?i)^(?:(?:kapitel|chapter|teil|part|buch|book)\s+",
        r"(?:\d+|(?-i:[IVXLCDM]+)|eins|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf",
        r"|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)",
        r"|prolog|prologue|epilog|epilogue|vorwort|nachwort)\b(?<rest>.*)$",
    ))
    .expect("valid pattern")
});

pub(super) fn parse(text: &str) -> Result<Manuscript> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let lines: Vec<&str> = text.lines().collect();
    let mut outline = Outline::default();
    let mut block: Vec<&str> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            flush(&mut outline, &mut block);
        } else if let Some(title) = heading(&lines, i) {
            flush(&mut outline, &mut block);
            outline.heading(title);
        } else {
            block.push(line);
        }
    }
    flush(&mut outline, &mut block);
    outline.finish(None)
}

/// The lines gathered so far as one paragraph.
fn flush(outline: &mut Outline, block: &mut Vec<&str>) {
    if !block.is_empty() {
        outline.paragraph(&block.join(" "));
        block.clear();
    }
}

/// The chapter title if line `i` is a heading: "# Titel", a chapter keyword, or a short
/// line in capitals standing alone between blank lines.
fn heading<'a>(lines: &[&'a str], i: usize) -> Option<&'a str> {
    let line = lines[i].trim();
    if let Some(title) = line.strip_prefix("# ").or_else(|| line.strip_prefix("## ")) {
        return Some(title.trim());
    }
    if line.chars().count() > MAX_HEADING_CHARS {
        return None;
    }
    if let Some(named) = names_a_chapter(line) {
        return named.then_some(line);
    }
    let alone = blank(lines, i.checked_sub(1)) && blank(lines, Some(i + 1));
    (alone && shouted(line) && !ends_sentence(line)).then_some(line)
}

/// For a trimmed line that begins with a chapter keyword ("Kapitel 3", "Prolog"): whether
/// it is a heading rather than a sentence beginning so ("Kapitel 3 beginnt mit …").
/// `None` for lines without a keyword. PDF headings are found by the same rule.
pub(super) fn names_a_chapter(line: &str) -> Option<bool> {
    let found = KEYWORD.captures(line)?;
    let rest = found["rest"].trim();
    let titled = rest.starts_with([':', '.', '-', '–', '—']);
    Some(rest.is_empty() || titled || !ends_sentence(line))
}

/// Whether line `i` is blank or beyond the text.
fn blank(lines: &[&str], i: Option<usize>) -> bool {
    i.and_then(|i| lines.get(i)).is_none_or(|line| line.trim().is_empty())
}

/// At least two letters, none of them lower case.
pub(super) fn shouted(line: &str) -> bool {
    line.chars().filter(|c| c.is_alphabetic()).count() >= 2 && !line.chars().any(char::is_lowercase)
}

pub(super) fn ends_sentence(line: &str) -> bool {
    line.ends_with(['.', ',', ';', ':', '!', '?', '…'])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles(text: &str) -> Vec<String> {
        parse(text).unwrap().chapters.into_iter().map(|c| c.title).collect()
    }

    #[test]
    fn kapitel_lines_start_chapters_with_or_without_a_blank_line() {
        let text = "Kapitel 1\nEs war einmal.\n\nKapitel 2: Der Wald\n\nIm Wald.\n\nTeil II\nDanach.";
        let manuscript = parse(text).unwrap();
        let titles: Vec<_> = manuscript.chapters.iter().map(|c| c.title.as_str()).collect();
        assert_eq!(titles, ["Kapitel 1", "Kapitel 2: Der Wald", "Teil II"]);
        assert_eq!(manuscript.chapters[0].paragraphs, ["Es war einmal."]);
        assert_eq!(manuscript.chapters[2].paragraphs, ["Danach."]);
    }

    #[test]
    fn prolog_epilog_chapter_and_hash_headings_are_recognised() {
        let text = "Prolog\n\nA.\n\nChapter 1\n\nB.\n\n# Zwischenspiel\n\nC.\n\nEpilog\n\nD.";
        assert_eq!(titles(text), ["Prolog", "Chapter 1", "Zwischenspiel", "Epilog"]);
    }

    #[test]
    fn sentences_that_begin_like_headings_stay_text() {
        let text = "Kapitel 3 beginnt mit einem Knall.\n\nTeil mir das bitte mit.\n\nProloge sind selten.";
        let manuscript = parse(text).unwrap();
        assert_eq!(manuscript.chapters.len(), 1);
        assert_eq!(manuscript.chapters[0].paragraphs.len(), 3);
    }

    #[test]
    fn a_short_line_in_capitals_between_blank_lines_is_a_heading() {
        assert_eq!(titles("DER ANFANG\n\nText.\n\nDAS ENDE\n\nMehr."), ["DER ANFANG", "DAS ENDE"]);
        // Not alone, or ending a sentence: text.
        assert_eq!(titles("DER ANFANG\nText.\n\nHALT!\n\nMehr."), ["Kapitel 1"]);
    }

    #[test]
    fn wrapped_lines_join_into_one_paragraph_and_windows_line_ends_count_as_breaks() {
        let manuscript = parse("Eine Zeile\r\nund ihre Fortsetzung.\r\n\r\nNeuer Absatz.").unwrap();
        assert_eq!(manuscript.chapters[0].paragraphs, ["Eine Zeile und ihre Fortsetzung.", "Neuer Absatz."]);
    }
}
