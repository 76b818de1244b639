//! From a page's lines to paragraphs. A PDF keeps no paragraphs, only where each line
//! stands, so a paragraph ends where the layout shows one: a larger gap than between
//! lines, an indented first line, a change of font size, or a short line that ends a
//! sentence. Page numbers and running headers, the outermost lines of a page, are dropped
//! where they are easy to tell: a number alone, or a line repeated on several pages in
//! no more than the body text's size.

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use regex::Regex;

use super::super::plain::{ends_sentence, names_a_chapter, shouted};
use super::text::Line;

/// Longest line taken for a heading, as in plain text.
const MAX_HEADING_CHARS: usize = 80;
/// Pages that must repeat a line at their top or bottom for it to be a running header.
const MIN_HEADER_PAGES: usize = 3;

/// "12", "- 12 -", "Seite 12", "12 / 300", "xiv".
static PAGE_NUMBER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^[-–—\s]*(?:(?:seite|page|s\.)\s*)?(?:\d{1,4}|(?-i:[ivxlcdm]{1,7}))(?:\s*(?:/|von|of)\s*\d{1,4})?[-–—\s]*$")
        .expect("valid pattern")
});

/// "1. Einleitung", "2 Der Wald": a number, then a capitalised word.
static NUMBERED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"^\d{1,3}\.?\s+\p{Lu}").expect("valid pattern"));

/// The body text's font size and line spacing, in points: what most of the text has.
#[derive(Debug, Clone, Copy)]
pub(super) struct Body {
    pub size: f64,
    pub spacing: f64,
}

impl Body {
    pub fn measure(pages: &[Vec<Line>]) -> Body {
        let sizes = pages.iter().flatten().map(|l| (l.size, l.text.chars().filter(|c| !c.is_whitespace()).count()));
        let size = most_common(sizes).unwrap_or(12.0);
        let body = |line: &Line| (line.size - size).abs() <= 0.1 * size;
        let gaps = pages.iter().flat_map(|lines| lines.windows(2)).filter(|w| body(&w[0]) && body(&w[1]));
        let gaps = gaps.map(|w| w[0].y - w[1].y).filter(|gap| *gap > 0.5 * size && *gap < 3.0 * size);
        let spacing = most_common(gaps.map(|gap| (gap, 1))).unwrap_or(1.2 * size);
        Body { size, spacing }
    }

    fn is_body(&self, line: &Line) -> bool {
        (line.size - self.size).abs() <= 0.1 * self.size
    }

    /// Not larger than the body text (running headers and page numbers never are).
    fn at_most_body(&self, line: &Line) -> bool {
        line.size <= 1.1 * self.size
    }
}

/// The value that weighs most, to half a point.
fn most_common(values: impl Iterator<Item = (f64, usize)>) -> Option<f64> {
    let mut weights: HashMap<i64, usize> = HashMap::new();
    for (value, weight) in values {
        *weights.entry((value * 2.0).round() as i64).or_default() += weight;
    }
    let (key, _) = weights.into_iter().filter(|(_, w)| *w > 0).max_by_key(|&(key, weight)| (weight, -key))?;
    Some(key as f64 / 2.0)
}

/// Drops page numbers and running headers from the tops and bottoms of the pages.
pub(super) fn strip_margins(pages: &mut [Vec<Line>], body: &Body) {
    let outer: Vec<Vec<usize>> = pages.iter().map(|lines| outermost(lines)).collect();
    let mut repeats: HashMap<String, usize> = HashMap::new();
    for (lines, outer) in pages.iter().zip(&outer) {
        let keys: HashSet<String> = outer.iter().map(|&i| header_key(&lines[i].text)).collect();
        for key in keys.into_iter().filter(|key| !key.is_empty()) {
            *repeats.entry(key).or_default() += 1;
        }
    }
    for (lines, outer) in pages.iter_mut().zip(&outer) {
        let margin: HashSet<usize> = outer
            .iter()
            .copied()
            .filter(|&i| body.at_most_body(&lines[i]) && detached(lines, i, body))
            .filter(|&i| {
                let text = lines[i].text.trim();
                let repeated = repeats.get(&header_key(text)).is_some_and(|&n| n >= MIN_HEADER_PAGES);
                PAGE_NUMBER.is_match(text) || repeated
            })
            .collect();
        let mut index = 0;
        lines.retain(|_| {
            index += 1;
            !margin.contains(&(index - 1))
        });
    }
}

/// The lines at the very top and bottom of a page (none on a page of one level).
fn outermost(lines: &[Line]) -> Vec<usize> {
    let top = lines.iter().map(|l| l.y).fold(f64::MIN, f64::max);
    let bottom = lines.iter().map(|l| l.y).fold(f64::MAX, f64::min);
    if top - bottom < 1.0 {
        return Vec::new();
    }
    (0..lines.len()).filter(|&i| lines[i].y >= top - 1.0 || lines[i].y <= bottom + 1.0).collect()
}

/// Whether a line stands apart from the text next to it by more than the line spacing,
/// as headers and footers do; the last line of a page's text does not.
fn detached(lines: &[Line], i: usize, body: &Body) -> bool {
    let y = lines[i].y;
    let nearest = lines.iter().map(|l| (l.y - y).abs()).filter(|d| *d >= 1.0).fold(f64::MAX, f64::min);
    nearest >= 1.3 * body.spacing
}

/// What running headers share from page to page: the text without its page number. A
/// chapter heading ("Kapitel 3") keeps its number, or every chapter's first page would
/// share it.
fn header_key(text: &str) -> String {
    let text = text.trim().to_lowercase();
    let kept = |c: &char| names_a_chapter(&text).is_some() || !c.is_ascii_digit();
    text.chars().filter(kept).collect::<String>().split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A line with its page and whether a paragraph ends before it.
#[derive(Debug)]
pub(super) struct Placed {
    pub line: Line,
    pub page: usize,
    pub break_before: bool,
}

/// The left and right edges of a page's body text.
struct Frame {
    left: f64,
    right: f64,
}

impl Frame {
    fn of(lines: &[Line], body: &Body) -> Frame {
        let body_lines: Vec<&Line> = lines.iter().filter(|l| body.is_body(l)).collect();
        let lines: Vec<&Line> = if body_lines.is_empty() { lines.iter().collect() } else { body_lines };
        let left = most_common(lines.iter().map(|l| (l.x0, 1))).unwrap_or(0.0);
        let right = lines.iter().map(|l| l.x1).fold(left, f64::max);
        Frame { left, right }
    }

    /// Whether a line stops well short of the right edge after a sentence: the last
    /// line of a paragraph.
    fn ends_paragraph(&self, line: &Line) -> bool {
        let text = line.text.trim_end().trim_end_matches(['"', '\'', '»', '«', '“', '”', '„', '’', ')']);
        let short = line.x1 - self.left < 0.75 * (self.right - self.left);
        short && text.ends_with(['.', '!', '?', '…', ':'])
    }
}

/// The lines of all pages in reading order, each marked where a paragraph begins.
pub(super) fn place(pages: Vec<Vec<Line>>, body: &Body) -> Vec<Placed> {
    let mut placed: Vec<Placed> = Vec::new();
    let mut previous_frame: Option<Frame> = None;
    for (page, lines) in pages.into_iter().enumerate() {
        if lines.is_empty() {
            continue;
        }
        let frame = Frame::of(&lines, body);
        for (i, line) in lines.into_iter().enumerate() {
            let break_before = match (placed.last(), &previous_frame) {
                (None, _) => true,
                (Some(before), Some(before_frame)) if i == 0 => {
                    page_break(&before.line, before_frame, &line, &frame, body)
                }
                (Some(before), _) => line_break(&before.line, &line, &frame, body),
            };
            placed.push(Placed { line, page, break_before });
        }
        previous_frame = Some(frame);
    }
    placed
}

/// Whether a paragraph ends between two lines of one page.
fn line_break(before: &Line, line: &Line, frame: &Frame, body: &Body) -> bool {
    let size = before.size.max(line.size);
    let drop = before.y - line.y;
    let spacing = body.spacing * size / body.size;
    drop < -0.5 * size
        || drop > 1.4 * spacing
        || resized(before, line)
        || line.x0 > before.x0 + 0.8 * body.size
        || frame.ends_paragraph(before)
}

/// Whether a paragraph ends with a page: the new page's first line is indented or set
/// in another size, or the old page's last line ended one.
fn page_break(before: &Line, before_frame: &Frame, line: &Line, frame: &Frame, body: &Body) -> bool {
    resized(before, line) || line.x0 > frame.left + 0.8 * body.size || before_frame.ends_paragraph(before)
}

fn resized(a: &Line, b: &Line) -> bool {
    (a.size - b.size).abs() > 0.15 * a.size.min(b.size)
}

/// The lines of a paragraph as one text: a word divided at a line's end ("Wort-" and
/// "teil") is joined when the next line goes on in lower case; a compound's hyphen
/// ("Nord-" and "Süd") stays, and so does one before "und" ("Ein- und Ausgang").
pub(super) fn join<'a>(lines: impl IntoIterator<Item = &'a str>) -> String {
    let mut text = String::new();
    for line in lines.into_iter().map(str::trim).filter(|l| !l.is_empty()) {
        if text.is_empty() {
            text.push_str(line);
            continue;
        }
        let divided = divided_word(&text);
        let conjunction = starts_with_conjunction(line);
        if text.ends_with('\u{AD}') || (divided && line.starts_with(char::is_lowercase) && !conjunction) {
            text.pop();
        } else if !divided || conjunction {
            text.push(' ');
        }
        text.push_str(line);
    }
    text
}

/// Whether a text ends in a word and a hyphen (not a dash after a space).
fn divided_word(text: &str) -> bool {
    let mut end = text.chars().rev();
    end.next() == Some('-') && end.next().is_some_and(char::is_alphabetic)
}

fn starts_with_conjunction(line: &str) -> bool {
    let word = line.split_whitespace().next().unwrap_or_default();
    matches!(word.trim_end_matches([',', ';']), "und" | "oder" | "bis" | "sowie" | "als" | "noch" | "bzw.")
}

/// A paragraph's lines as a chapter title, when they look like one: a chapter keyword
/// ("Kapitel 3", "Prolog"), or a short line that ends no sentence and is set larger than
/// the body text, or numbered ("1. Einleitung"), or in capitals. Kept conservative: a
/// heading taken for text costs a chapter, text taken for a heading costs much more.
pub(super) fn heading(lines: &[&Line], body: &Body) -> Option<String> {
    if lines.is_empty() || lines.len() > 2 || lines.iter().any(|l| l.text.trim().chars().count() > MAX_HEADING_CHARS) {
        return None;
    }
    let text = join(lines.iter().map(|l| l.text.as_str()));
    if let Some(named) = names_a_chapter(&text) {
        return named.then_some(text);
    }
    if ends_sentence(&text) || text.chars().filter(|c| c.is_alphabetic()).count() < 2 {
        return None;
    }
    let larger = lines.iter().all(|l| l.size >= 1.3 * body.size);
    let not_smaller = lines.iter().all(|l| l.size >= 0.95 * body.size);
    let alone = lines.len() == 1;
    let marked = alone && not_smaller && (NUMBERED.is_match(&text) || shouted(&text));
    (larger || marked).then_some(text)
}

/// A paragraph whose first line names a chapter ("Kapitel 1" right above its text): the
/// title, and the lines after it.
pub(super) fn leading_heading<'a, 'b>(lines: &'b [&'a Line]) -> Option<(&'a str, &'b [&'a Line])> {
    let (first, rest) = lines.split_first()?;
    let title = first.text.trim();
    let named = title.chars().count() <= MAX_HEADING_CHARS && names_a_chapter(title) == Some(true);
    (named && !rest.is_empty()).then_some((title, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(text: &str, x0: f64, x1: f64, y: f64, size: f64) -> Line {
        Line { text: text.to_owned(), x0, x1, y, size }
    }

    #[test]
    fn a_word_divided_at_a_line_end_is_joined_when_lower_case_goes_on() {
        assert_eq!(join(["Ein Wort-", "teil und mehr."]), "Ein Wortteil und mehr.");
        assert_eq!(join(["Die Nord-", "Süd-Achse"]), "Die Nord-Süd-Achse");
        assert_eq!(join(["Der Ein-", "und Ausgang"]), "Der Ein- und Ausgang");
        assert_eq!(join(["Ein Gedanken -", "strich"]), "Ein Gedanken - strich");
        assert_eq!(join(["Weich\u{AD}", "trennung"]), "Weichtrennung");
        assert_eq!(join(["Zwei", "Zeilen"]), "Zwei Zeilen");
    }

    #[test]
    fn page_numbers_and_running_headers_are_dropped_but_not_chapter_headings() {
        let body = Body { size: 11.0, spacing: 13.0 };
        let page = |n: usize, heading: &str| {
            vec![
                line(&format!("Der Roman {n}"), 72.0, 200.0, 800.0, 9.0),
                line(heading, 72.0, 200.0, 760.0, 11.0),
                line("Text der Seite.", 72.0, 500.0, 740.0, 11.0),
                line(&format!("- {n} -"), 280.0, 300.0, 40.0, 9.0),
            ]
        };
        let mut pages: Vec<Vec<Line>> = (1..=4).map(|n| page(n, &format!("Kapitel {n}"))).collect();
        strip_margins(&mut pages, &body);
        let texts: Vec<&str> = pages[2].iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts, ["Kapitel 3", "Text der Seite."]);

        // A chapter heading at the very top of its pages, repeated in body size, stays:
        // its number tells the pages apart.
        let mut pages: Vec<Vec<Line>> = (1..=4)
            .map(|n| {
                let text = ["Eins.", "Zwei.", "Drei.", "Vier."][n - 1];
                vec![line(&format!("Kapitel {n}"), 72.0, 200.0, 800.0, 11.0), line(text, 72.0, 500.0, 700.0, 11.0)]
            })
            .collect();
        strip_margins(&mut pages, &body);
        assert!(pages.iter().all(|p| p.len() == 2));
    }

    #[test]
    fn gaps_indents_size_changes_and_short_lines_end_paragraphs() {
        let body = Body { size: 10.0, spacing: 12.0 };
        let lines = vec![
            line("Überschrift", 72.0, 300.0, 700.0, 18.0),
            line("Ein Absatz, der über zwei", 72.0, 500.0, 670.0, 10.0),
            line("Zeilen geht und endet.", 72.0, 200.0, 658.0, 10.0),
            line("Nach der Lücke.", 72.0, 500.0, 630.0, 10.0),
            line("Eingerückt beginnt einer", 90.0, 500.0, 618.0, 10.0),
            line("und geht weiter.", 72.0, 500.0, 606.0, 10.0),
        ];
        let breaks: Vec<bool> = place(vec![lines], &body).iter().map(|p| p.break_before).collect();
        assert_eq!(breaks, [true, true, false, true, true, false]);
    }

    #[test]
    fn headings_are_keywords_larger_short_lines_numbers_or_capitals() {
        let body = Body { size: 10.0, spacing: 12.0 };
        let heading_of = |text: &str, size: f64| heading(&[&line(text, 72.0, 200.0, 700.0, size)], &body);
        assert_eq!(heading_of("Kapitel 3", 10.0).as_deref(), Some("Kapitel 3"));
        assert_eq!(heading_of("Der Anfang", 16.0).as_deref(), Some("Der Anfang"));
        assert_eq!(heading_of("1. Einleitung", 10.0).as_deref(), Some("1. Einleitung"));
        assert_eq!(heading_of("DER WALD", 10.0).as_deref(), Some("DER WALD"));
        assert_eq!(heading_of("Kapitel 3 beginnt mit einem Knall.", 10.0), None);
        assert_eq!(heading_of("Ein kurzer Satz", 10.0), None);
        assert_eq!(heading_of("1 Siehe dort", 8.0), None);
        assert_eq!(heading_of("Ein großer Satz.", 16.0), None);
    }
}
