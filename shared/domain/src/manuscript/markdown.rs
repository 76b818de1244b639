//! Markdown (CommonMark): `#` and `##` headings start chapters (ATX or setext), every
//! other block is a paragraph of its text. Inline markup goes, except emphasis: `*x*` and
//! `_x_` come out as `*x*`, which the speech reads as emphasis. Links keep their text,
//! images go, code stays as text, raw HTML goes (markup, not text to read).

use pulldown_cmark::{Event, HeadingLevel, Parser, Tag, TagEnd};

use super::{Manuscript, Outline};
use crate::Result;

/// A block of the document: a heading of some level, or any other block's text.
#[derive(Debug, PartialEq, Eq)]
enum Block {
    Heading(HeadingLevel, String),
    Paragraph(String),
}

pub(super) fn parse(text: &str) -> Result<Manuscript> {
    let blocks = blocks(text);
    let title = book_title(&blocks);
    let mut outline = Outline::default();
    for block in &blocks {
        match block {
            // With a book title, the only level-1 heading is that title.
            Block::Heading(HeadingLevel::H1, _) if title.is_some() => {}
            Block::Heading(HeadingLevel::H1 | HeadingLevel::H2, text) => outline.heading(text),
            Block::Heading(_, text) | Block::Paragraph(text) => outline.paragraph(text),
        }
    }
    outline.finish(title)
}

/// The one level-1 heading of a document whose chapters are level-2 headings.
fn book_title(blocks: &[Block]) -> Option<String> {
    let level = |wanted| {
        blocks.iter().filter_map(move |b| match b {
            Block::Heading(level, text) if *level == wanted => Some(text),
            _ => None,
        })
    };
    let level_1: Vec<&String> = level(HeadingLevel::H1).collect();
    let has_level_2 = level(HeadingLevel::H2).next().is_some();
    (level_1.len() == 1 && has_level_2).then(|| level_1[0].clone())
}

fn blocks(text: &str) -> Vec<Block> {
    let mut collector = Collector::default();
    for event in Parser::new(text) {
        collector.event(event);
    }
    collector.flush();
    collector.blocks
}

/// Blocks found so far and the text of the one being read.
#[derive(Debug, Default)]
struct Collector {
    blocks: Vec<Block>,
    current: String,
    heading: Option<HeadingLevel>,
    /// Inside an image (nested images are possible): its alt text is not read.
    images: usize,
}

impl Collector {
    fn event(&mut self, event: Event) {
        match event {
            Event::Start(Tag::Image { .. }) => self.images += 1,
            Event::End(TagEnd::Image) => self.images = self.images.saturating_sub(1),
            _ if self.images > 0 => {}
            Event::Start(Tag::Heading { level, .. }) => {
                self.flush();
                self.heading = Some(level);
            }
            Event::End(TagEnd::Heading(level)) => {
                self.blocks.push(Block::Heading(level, std::mem::take(&mut self.current)));
                self.heading = None;
            }
            // Titles are labels, not read with emphasis.
            Event::Start(Tag::Emphasis) | Event::End(TagEnd::Emphasis) if self.heading.is_none() => {
                self.current.push('*')
            }
            Event::Start(tag) if !inline(&tag.to_end()) => self.flush(),
            Event::End(tag) if !inline(&tag) => self.flush(),
            Event::Text(text) | Event::Code(text) => self.current.push_str(&text),
            Event::SoftBreak | Event::HardBreak => self.current.push(' '),
            _ => {}
        }
    }

    /// Ends the paragraph being read (a block started or ended).
    fn flush(&mut self) {
        if !self.current.trim().is_empty() {
            self.blocks.push(Block::Paragraph(std::mem::take(&mut self.current)));
        }
        self.current.clear();
    }
}

/// Markup inside a paragraph, as opposed to a block of its own.
fn inline(tag: &TagEnd) -> bool {
    matches!(
        tag,
        TagEnd::Emphasis
            | TagEnd::Strong
            | TagEnd::Strikethrough
            | TagEnd::Superscript
            | TagEnd::Subscript
            | TagEnd::Link
            | TagEnd::Image
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn titles(manuscript: &Manuscript) -> Vec<&str> {
        manuscript.chapters.iter().map(|c| c.title.as_str()).collect()
    }

    #[test]
    fn level_one_and_two_headings_start_chapters_deeper_ones_are_text() {
        let text = "# Erstes\n\nA.\n\n### Unterabschnitt\n\nB.\n\nZweites\n-------\n\nC.\n\n# Drittes\n\nD.";
        let manuscript = parse(text).unwrap();
        assert_eq!(manuscript.title, None);
        assert_eq!(titles(&manuscript), ["Erstes", "Zweites", "Drittes"]);
        assert_eq!(manuscript.chapters[0].paragraphs, ["A.", "Unterabschnitt", "B."]);
    }

    #[test]
    fn a_single_level_one_heading_over_level_two_chapters_is_the_title() {
        let text = "Das Buch\n========\n\nVorwort.\n\n## Eins\n\nA.\n\n## Zwei\n\nB.";
        let manuscript = parse(text).unwrap();
        assert_eq!(manuscript.title.as_deref(), Some("Das Buch"));
        assert_eq!(titles(&manuscript), ["Einleitung", "Eins", "Zwei"]);
        assert_eq!(manuscript.chapters[0].paragraphs, ["Vorwort."]);
    }

    #[test]
    fn a_document_without_headings_is_one_chapter() {
        let manuscript = parse("Nur Text.\n\nUnd mehr.").unwrap();
        assert_eq!(titles(&manuscript), ["Kapitel 1"]);
        assert_eq!(manuscript.chapters[0].paragraphs, ["Nur Text.", "Und mehr."]);
    }

    #[test]
    fn emphasis_is_kept_as_stars_and_other_markup_removed() {
        let text = "# *Titel*\n\nEin *wichtiges* und _betontes_ Wort, **fett**, `code` und [ein Link](https://x.de).\n\
                    ![Bild](b.png)Danach &amp; &auml;.";
        let manuscript = parse(text).unwrap();
        assert_eq!(manuscript.chapters[0].title, "Titel");
        assert_eq!(
            manuscript.chapters[0].paragraphs,
            ["Ein *wichtiges* und *betontes* Wort, fett, code und ein Link. Danach & ä."]
        );
    }

    #[test]
    fn lists_quotes_and_code_blocks_are_paragraphs_and_html_is_dropped() {
        let text = "- eins\n- zwei\n\n> Zitat\n\n```\nlet x = 1;\n```\n\n<div>\nroh\n</div>\n\nEnde.";
        let manuscript = parse(text).unwrap();
        assert_eq!(manuscript.chapters[0].paragraphs, ["eins", "zwei", "Zitat", "let x = 1;", "Ende."]);
    }
}
