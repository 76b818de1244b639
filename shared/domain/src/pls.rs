//! Pronunciation dictionaries as W3C PLS 1.0 files (Pronunciation Lexicon Specification,
//! <https://www.w3.org/TR/pronunciation-lexicon/>), the format ElevenLabs, Azure and Amazon
//! Polly take: a file read into entries of our dictionary ([`Entry`]), and our entries
//! written as one. Pure: bytes in, values out; saving is the use case's (which checks
//! every entry as a typed one, `use_cases::pronunciation`).
//!
//! A file is refused as a whole, with a German message, when it is not PLS 1.0 (root
//! `<lexicon version="1.0">` in the PLS namespace with `alphabet` and `xml:lang`, every
//! `<lexeme>` with a `<grapheme>` and an `<alias>` or `<phoneme>`), when a phoneme is not
//! IPA, when it is larger than [`MAX_BYTES`] or has more than [`MAX_LEXEMES`] lexemes, or
//! when it carries a DOCTYPE. What PLS has and our dictionary has not (`<meta>`,
//! `<metadata>`, `<example>`, the `role` of a lexeme, elements of other namespaces) is
//! read past.
//!
//! Round trip: for every lexicon `l` that [`parse`] returns or [`from_entries`] makes,
//! `parse(write(l)) == l`, and so `write(parse(write(l)))` is `write(l)` byte for byte.

use std::collections::HashMap;

use quick_xml::NsReader;
use quick_xml::errors::{Error as XmlError, IllFormedError, SyntaxError};
use quick_xml::escape::{EscapeError, escape, partial_escape};
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::{Namespace, ResolveResult};

use crate::Invalid;
use crate::caps::thousands;
use crate::dictionary::Entry;

/// The PLS 1.0 namespace: a `<lexicon>` outside it is some other format.
pub const NAMESPACE: &str = "http://www.w3.org/2005/01/pronunciation-lexicon";
/// Largest file read (1 MB): thousands of entries fit several times over, and the bound
/// is checked before any parsing.
pub const MAX_BYTES: usize = 1024 * 1024;
/// Most lexemes one file may carry: well above what a dictionary holds (`caps`), so that
/// the cap, and not this bound, says when a dictionary is full; the bound only keeps a
/// crafted file from costing more work than any import could use.
pub const MAX_LEXEMES: usize = 5_000;
/// The one phonetic alphabet read: our phonetic spellings are IPA (`domain::ipa`).
/// X-SAMPA is refused rather than converted: its backslash and underscore diacritics
/// have no single IPA reading that we could check, and a wrong conversion would be
/// spoken without anyone noticing.
const IPA: &str = "ipa";

/// A PLS document: its language, its default phonetic alphabet, its lexemes in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lexicon {
    /// The language of the graphemes (`xml:lang`, such as "de-DE").
    pub xml_lang: String,
    /// The alphabet of phonemes that name none themselves ("ipa").
    pub alphabet: String,
    pub lexemes: Vec<Lexeme>,
}

/// One `<lexeme>`: spellings that share their pronunciations. Texts have their white
/// space collapsed to single spaces and trimmed (a pretty-printed file breaks lines
/// inside an `<alias>`; the line break is not part of what is spoken).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lexeme {
    /// What is written (at least one).
    pub graphemes: Vec<String>,
    /// Other spellings to speak instead, the preferred one first.
    pub aliases: Vec<String>,
    /// Phonetic spellings, the preferred one first.
    pub phonemes: Vec<Phoneme>,
}

/// One `<phoneme>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phoneme {
    pub text: String,
    /// Its own `alphabet`, when it names one; otherwise the lexicon's applies.
    pub alphabet: Option<String>,
}

/// A grapheme of an imported file, as a dictionary entry or the reason it is left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportedEntry {
    /// The lexeme it comes from, counted from 1 in the file (for messages: "Lexem 3").
    pub lexeme: usize,
    /// The entry to save (the use case still checks it like a typed one), or why this
    /// grapheme cannot be one (German).
    pub entry: Result<Entry, String>,
}

/// Reads a PLS 1.0 file (UTF-8, a byte-order mark allowed).
pub fn parse(xml: &[u8]) -> Result<Lexicon, Invalid> {
    if xml.len() > MAX_BYTES {
        return Err(refused("Wörterbuch zu groß", "Die Datei ist zu groß: höchstens 1 MB.".into()));
    }
    let xml = xml.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(xml);
    // Decoded once up front: a Windows-1252 file read as UTF-8 would come out with wrong
    // umlauts in every term, so it is refused instead of guessed at.
    let text = std::str::from_utf8(xml).map_err(|_| broken("sie ist nicht in UTF-8 gespeichert."))?;
    Parser::new(text).run()
}

/// The lexicon as a canonical PLS 1.0 document: XML declaration, the root with version,
/// namespace, alphabet and language, then per lexeme its graphemes, aliases and phonemes
/// (in that order), two spaces of indentation, a line per element.
pub fn write(lexicon: &Lexicon) -> String {
    let mut out = String::with_capacity(200 + lexicon.lexemes.len() * 100);
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str(&format!(
        "<lexicon version=\"1.0\" xmlns=\"{NAMESPACE}\" alphabet=\"{}\" xml:lang=\"{}\">\n",
        escape(lexicon.alphabet.as_str()),
        escape(lexicon.xml_lang.as_str())
    ));
    for lexeme in &lexicon.lexemes {
        out.push_str("  <lexeme>\n");
        for grapheme in &lexeme.graphemes {
            element(&mut out, "grapheme", None, grapheme);
        }
        for alias in &lexeme.aliases {
            element(&mut out, "alias", None, alias);
        }
        for phoneme in &lexeme.phonemes {
            element(&mut out, "phoneme", phoneme.alphabet.as_deref(), &phoneme.text);
        }
        out.push_str("  </lexeme>\n");
    }
    out.push_str("</lexicon>\n");
    out
}

fn element(out: &mut String, name: &str, alphabet: Option<&str>, text: &str) {
    out.push_str("    <");
    out.push_str(name);
    if let Some(alphabet) = alphabet {
        out.push_str(&format!(" alphabet=\"{}\"", escape(alphabet)));
    }
    out.push('>');
    // `>` too, not only `<` and `&`: a text holding "]]>" would otherwise end the
    // document's well-formedness.
    out.push_str(&partial_escape(text));
    out.push_str("</");
    out.push_str(name);
    out.push_str(">\n");
}

/// The lexicon's graphemes as dictionary entries, one per grapheme in file order.
///
/// Spoken is the preferred (first) alias. A lexeme with phonemes only still needs a
/// spoken form, since our entries require one (engines without IPA speak it): the
/// grapheme itself, so those engines read the word as before, and the phoneme becomes the
/// entry's IPA for the engines that take one.
///
/// `whole_word` and `case_sensitive` have no PLS equivalent: PLS has no attribute for
/// either, and the engines that read it look a grapheme up as a whole token, as written
/// (ElevenLabs: "PLS files are case sensitive", which is why its own example lists both
/// "tomato" and "Tomato"). Imported entries are
/// whole words, then, and case-insensitive, as our entries are by default: our dictionary
/// keeps one entry per term regardless of case (the unique index on `lower(term)`), so
/// the case variants a PLS file lists one by one can only be one entry, and only a
/// case-insensitive one speaks them all. A grapheme that repeats an earlier one (in any
/// case) with the same pronunciation adds nothing and is left out without a word; with
/// another pronunciation it cannot be kept beside the first: it comes back as `Err` with
/// the reason, and the first entry becomes case-sensitive when the spellings differ in
/// case, so that the variant is not spoken the first one's way.
pub fn entries(lexicon: &Lexicon) -> Vec<ImportedEntry> {
    let mut out: Vec<ImportedEntry> = Vec::new();
    // Terms in lower case, and the entries that hold them.
    let mut kept: HashMap<String, Kept> = HashMap::new();
    for (index, lexeme) in lexicon.lexemes.iter().enumerate() {
        let number = index + 1;
        let alias = lexeme.aliases.first().map(String::as_str);
        let ipa = lexeme
            .phonemes
            .iter()
            .find(|p| is_ipa(p.alphabet.as_deref().unwrap_or(&lexicon.alphabet)))
            .map(|p| p.text.as_str());
        for grapheme in &lexeme.graphemes {
            if alias.is_none() && ipa.is_none() {
                let reason = format!("„{grapheme}“ hat keine Aussprache als <alias> oder IPA-<phoneme>.");
                out.push(ImportedEntry { lexeme: number, entry: Err(reason) });
                continue;
            }
            let key = grapheme.to_lowercase();
            let Some(&Kept { at, lexeme: first_lexeme, alias: first_alias, ipa: first_ipa }) = kept.get(&key) else {
                kept.insert(key, Kept { at: out.len(), lexeme: number, alias, ipa });
                let entry = Entry {
                    term: grapheme.clone(),
                    spoken: alias.unwrap_or(grapheme).to_owned(),
                    ipa: ipa.map(str::to_owned),
                    whole_word: true,
                    case_sensitive: false,
                };
                out.push(ImportedEntry { lexeme: number, entry: Ok(entry) });
                continue;
            };
            let Ok(first) = &mut out[at].entry else { continue };
            let same_spelling = first.term == *grapheme;
            let same_pronunciation = (alias, ipa) == (first_alias, first_ipa);
            // A case-sensitive first entry (made so by a variant spoken otherwise) no
            // longer speaks this spelling, even with the same pronunciation.
            if same_pronunciation && (same_spelling || !first.case_sensitive) {
                continue;
            }
            if !same_spelling {
                first.case_sensitive = true;
            }
            let how = match same_pronunciation {
                true => "das nur genau so geschrieben gilt",
                false => "mit anderer Aussprache",
            };
            let reason = format!(
                "„{grapheme}“ steht schon in Lexem {first_lexeme} als „{}“, {how}. Das Wörterbuch hält je Begriff \
                 nur einen Eintrag, gleich in welcher Groß- und Kleinschreibung; übernommen wird der erste.",
                first.term
            );
            out.push(ImportedEntry { lexeme: number, entry: Err(reason) });
        }
    }
    out
}

/// An entry [`entries`] made: where it is in its answer, the lexeme it came from, and its
/// pronunciation as the file gave it.
#[derive(Clone, Copy)]
struct Kept<'l> {
    at: usize,
    lexeme: usize,
    alias: Option<&'l str>,
    ipa: Option<&'l str>,
}

/// Our entries as a lexicon in `xml_lang` ("de-DE"): a lexeme per entry, its term as the
/// grapheme, the spoken form as the alias, the IPA as the phoneme.
///
/// The alias comes first: PLS speaks the first pronunciation when none is marked
/// preferred, and an alias is what every engine can speak (ElevenLabs takes phonemes only
/// for English); the phoneme stays beside it for engines and imports that read it. An
/// entry spoken as written but with IPA has the phoneme alone, since such an alias would
/// only hide the phoneme. `whole_word` and `case_sensitive` are lost: PLS has no place
/// for them, and the engines that read it match a grapheme as a whole token, as written
/// (see [`entries`]). `xml_lang` is a language tag such as "de-DE". Texts are cleaned as
/// [`parse`] cleans them (white space collapsed, characters XML cannot carry removed), so
/// the lexicon reads back unchanged; an entry whose term is then empty is left out.
pub fn from_entries(entries: &[Entry], xml_lang: &str) -> Lexicon {
    let lexemes = entries
        .iter()
        .filter_map(|entry| {
            let term = clean(&entry.term);
            if term.is_empty() {
                return None;
            }
            let spoken = Some(clean(&entry.spoken)).filter(|s| !s.is_empty()).unwrap_or_else(|| term.clone());
            let ipa = entry.ipa.as_deref().map(clean).filter(|i| !i.is_empty());
            let aliases = if spoken == term && ipa.is_some() { Vec::new() } else { vec![spoken] };
            let phonemes = ipa.into_iter().map(|text| Phoneme { text, alphabet: None }).collect();
            Some(Lexeme { graphemes: vec![term], aliases, phonemes })
        })
        .collect();
    Lexicon { xml_lang: clean(xml_lang), alphabet: IPA.into(), lexemes }
}

fn is_ipa(alphabet: &str) -> bool {
    alphabet.eq_ignore_ascii_case(IPA)
}

/// XML's white space (not Unicode's: a no-break space inside a term is meant).
fn is_xml_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

/// Characters XML 1.0 allows (no C0 controls but white space, not U+FFFE or U+FFFF).
fn is_xml_char(c: char) -> bool {
    is_xml_space(c) || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}')
}

/// White space collapsed to single spaces and trimmed.
fn collapse(text: &str) -> String {
    text.split(is_xml_space).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
}

/// A text as a lexicon holds it: characters XML cannot carry removed, white space
/// collapsed.
fn clean(text: &str) -> String {
    collapse(&text.chars().filter(|&c| is_xml_char(c)).collect::<String>())
}

/// A file the dictionary import cannot take: the form's one field is the file.
fn refused(title: &'static str, message: String) -> Invalid {
    Invalid { title, fields: [("file", message.clone())].into(), message }
}

/// A file that is no PLS 1.0 document, and why.
fn broken(why: impl std::fmt::Display) -> Invalid {
    refused("Wörterbuch nicht lesbar", format!("Die Datei ist kein gültiges PLS-Wörterbuch: {why}"))
}

/// Where the reader is in the document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    BeforeRoot,
    Lexicon,
    Lexeme,
    Text(Kind),
    AfterRoot,
}

/// The elements of a lexeme that hold text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Grapheme,
    Alias,
    Phoneme,
}

impl Kind {
    fn tag(self) -> &'static str {
        match self {
            Kind::Grapheme => "<grapheme>",
            Kind::Alias => "<alias>",
            Kind::Phoneme => "<phoneme>",
        }
    }
}

/// A lexeme being read: pronunciations keep their `prefer` until the lexeme ends.
#[derive(Debug, Default)]
struct Draft {
    graphemes: Vec<String>,
    aliases: Vec<(String, bool)>,
    phonemes: Vec<(Phoneme, bool)>,
}

struct Parser<'i> {
    text: &'i str,
    reader: NsReader<&'i [u8]>,
    place: Place,
    /// Depth inside an element read past (`<meta>`, `<example>`, another namespace's).
    skip: usize,
    lexicon: Lexicon,
    draft: Draft,
    /// The text element being read: its characters, and a phoneme's `alphabet`/`prefer`.
    buffer: String,
    alphabet: Option<String>,
    prefer: bool,
}

impl<'i> Parser<'i> {
    fn new(text: &'i str) -> Self {
        let mut reader = NsReader::from_str(text);
        // "--" inside a comment is not XML; quick-xml lets it pass unless asked.
        reader.config_mut().check_comments = true;
        Parser {
            text,
            reader,
            place: Place::BeforeRoot,
            skip: 0,
            lexicon: Lexicon { xml_lang: String::new(), alphabet: String::new(), lexemes: Vec::new() },
            draft: Draft::default(),
            buffer: String::new(),
            alphabet: None,
            prefer: false,
        }
    }

    fn run(mut self) -> Result<Lexicon, Invalid> {
        loop {
            let (pls, event) = match self.reader.read_resolved_event() {
                Ok((ResolveResult::Bound(Namespace(ns)), event)) => (ns == NAMESPACE.as_bytes(), event),
                Ok((_, event)) => (false, event),
                Err(error) => {
                    let line = self.line(self.reader.error_position());
                    return Err(broken(format!("Zeile {line}: {}.", german(&error))));
                }
            };
            match event {
                Event::Start(start) => self.start(&start, pls)?,
                Event::End(_) => self.end()?,
                Event::Text(text) => {
                    let text = text.unescape().map_err(|error| self.error(&error))?;
                    self.characters(&text)?;
                }
                Event::CData(data) => {
                    let data = data.decode().map_err(|error| self.error(&XmlError::Encoding(error)))?;
                    self.characters(&data)?;
                }
                // quick-xml expands no entities a DTD declares, but a PLS file has no use
                // for one: refusing it says so plainly instead of reading a file whose
                // `&name;` would then fail one by one.
                Event::DocType(_) => {
                    return Err(broken(
                        "sie enthält eine DOCTYPE-Deklaration. Die wird aus Sicherheitsgründen nicht gelesen; \
                         bitte die Zeile <!DOCTYPE …> entfernen.",
                    ));
                }
                Event::Decl(declaration) => {
                    if let Some(Ok(encoding)) = declaration.encoding() {
                        let encoding = String::from_utf8_lossy(&encoding).into_owned();
                        if !["utf-8", "utf8", "us-ascii", "ascii"].contains(&encoding.to_lowercase().as_str()) {
                            return Err(broken(format!(
                                "sie ist als „{encoding}“ gespeichert; gelesen wird nur UTF-8."
                            )));
                        }
                    }
                }
                Event::Comment(_) | Event::PI(_) => {}
                // `<grapheme/>` as a start and an end: one path for empty and filled elements.
                Event::Empty(start) => {
                    self.start(&start, pls)?;
                    self.end()?;
                }
                Event::Eof => return self.finish(),
            }
        }
    }

    fn start(&mut self, start: &BytesStart, pls: bool) -> Result<(), Invalid> {
        if self.skip > 0 {
            self.skip += 1;
            return Ok(());
        }
        let name = String::from_utf8_lossy(start.local_name().as_ref()).into_owned();
        match (self.place, pls, name.as_str()) {
            (Place::BeforeRoot, true, "lexicon") => {
                self.root(start)?;
                self.place = Place::Lexicon;
            }
            (Place::BeforeRoot, false, "lexicon") => {
                return Err(broken(format!(
                    "<lexicon> steht nicht im Namensraum {NAMESPACE} (das Attribut xmlns fehlt oder nennt einen \
                     anderen)."
                )));
            }
            (Place::BeforeRoot, ..) => {
                return Err(broken(format!("das äußerste Element muss <lexicon> sein, nicht <{name}>.")));
            }
            (Place::Lexicon, true, "lexeme") => {
                if self.lexicon.lexemes.len() == MAX_LEXEMES {
                    let most = thousands(MAX_LEXEMES as i64);
                    return Err(refused(
                        "Wörterbuch zu groß",
                        format!(
                            "Das Wörterbuch hat mehr als {most} Einträge (<lexeme>); gelesen werden höchstens {most} \
                             auf einmal. Bitte die Datei teilen."
                        ),
                    ));
                }
                self.draft = Draft::default();
                self.place = Place::Lexeme;
            }
            (Place::Lexicon, true, "meta" | "metadata") | (Place::Lexeme, true, "example") => self.skip = 1,
            (Place::Lexeme, true, "grapheme") => self.text_element(start, Kind::Grapheme)?,
            (Place::Lexeme, true, "alias") => self.text_element(start, Kind::Alias)?,
            (Place::Lexeme, true, "phoneme") => self.text_element(start, Kind::Phoneme)?,
            // Other vocabularies may extend a document; ours reads past them.
            (Place::Lexicon | Place::Lexeme, false, _) => self.skip = 1,
            (Place::Lexicon | Place::Lexeme, true, _) => {
                let line = self.line(self.reader.buffer_position());
                return Err(broken(format!("Zeile {line}: <{name}> gehört nicht in ein PLS-Wörterbuch.")));
            }
            (Place::Text(kind), ..) => {
                let line = self.line(self.reader.buffer_position());
                return Err(broken(format!("Zeile {line}: {} darf nur Text enthalten, kein <{name}>.", kind.tag())));
            }
            (Place::AfterRoot, ..) => {
                let line = self.line(self.reader.buffer_position());
                return Err(broken(format!("Zeile {line}: nach </lexicon> folgt noch ein Element.")));
            }
        }
        Ok(())
    }

    /// The root's attributes: `version="1.0"`, `alphabet`, `xml:lang`.
    fn root(&mut self, start: &BytesStart) -> Result<(), Invalid> {
        let mut version = None;
        for attribute in start.attributes() {
            let attribute = attribute.map_err(|error| self.error(&XmlError::InvalidAttr(error)))?;
            let value = attribute.unescape_value().map_err(|error| self.error(&error))?;
            let value = self.checked(&value)?.trim().to_owned();
            match attribute.key.as_ref() {
                b"version" => version = Some(value),
                b"alphabet" => self.lexicon.alphabet = value,
                b"xml:lang" => self.lexicon.xml_lang = value,
                _ => {}
            }
        }
        match version.as_deref() {
            Some("1.0") => {}
            Some(other) => return Err(broken(format!("gelesen wird PLS 1.0, nicht Version „{other}“."))),
            None => return Err(broken("<lexicon> braucht das Attribut version=\"1.0\".")),
        }
        if self.lexicon.alphabet.is_empty() {
            return Err(broken("<lexicon> braucht das Attribut alphabet (für IPA: alphabet=\"ipa\")."));
        }
        let lang = &self.lexicon.xml_lang;
        let tag =
            lang.len() <= 35 && lang.split('-').all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric()));
        if lang.is_empty() {
            return Err(broken("<lexicon> braucht das Attribut xml:lang mit der Sprache (z. B. xml:lang=\"de-DE\")."));
        }
        if !tag {
            return Err(broken(format!("xml:lang=\"{lang}\" ist keine Sprachangabe wie „de-DE“.")));
        }
        Ok(())
    }

    fn text_element(&mut self, start: &BytesStart, kind: Kind) -> Result<(), Invalid> {
        self.buffer.clear();
        self.alphabet = None;
        self.prefer = false;
        for attribute in start.attributes() {
            let attribute = attribute.map_err(|error| self.error(&XmlError::InvalidAttr(error)))?;
            let value = attribute.unescape_value().map_err(|error| self.error(&error))?;
            let value = self.checked(&value)?.trim().to_owned();
            match attribute.key.as_ref() {
                b"alphabet" if kind == Kind::Phoneme => self.alphabet = Some(value),
                // An XML Schema boolean.
                b"prefer" => self.prefer = matches!(value.as_str(), "true" | "1"),
                _ => {}
            }
        }
        self.place = Place::Text(kind);
        Ok(())
    }

    fn characters(&mut self, text: &str) -> Result<(), Invalid> {
        let text = self.checked(text)?;
        match self.place {
            _ if self.skip > 0 => {}
            Place::Text(_) => self.buffer.push_str(text),
            _ if text.chars().all(is_xml_space) => {}
            Place::BeforeRoot => return Err(broken("vor <lexicon> steht Text: die Datei ist wohl kein XML.")),
            _ => {
                let line = self.line(self.reader.buffer_position());
                let shown: String = collapse(text).chars().take(40).collect();
                return Err(broken(format!(
                    "Zeile {line}: der Text „{shown}“ steht außerhalb von <grapheme>, <alias> und <phoneme>."
                )));
            }
        }
        Ok(())
    }

    fn end(&mut self) -> Result<(), Invalid> {
        if self.skip > 0 {
            self.skip -= 1;
            return Ok(());
        }
        match self.place {
            Place::Text(kind) => {
                let text = collapse(&self.buffer);
                let number = self.lexicon.lexemes.len() + 1;
                if text.is_empty() {
                    return Err(broken(format!("Lexem {number} hat ein leeres {}.", kind.tag())));
                }
                match kind {
                    Kind::Grapheme => self.draft.graphemes.push(text),
                    Kind::Alias => self.draft.aliases.push((text, self.prefer)),
                    Kind::Phoneme => {
                        self.draft.phonemes.push((Phoneme { text, alphabet: self.alphabet.take() }, self.prefer))
                    }
                }
                self.place = Place::Lexeme;
            }
            Place::Lexeme => {
                let draft = std::mem::take(&mut self.draft);
                let lexeme = self.lexeme(draft)?;
                self.lexicon.lexemes.push(lexeme);
                self.place = Place::Lexicon;
            }
            Place::Lexicon => self.place = Place::AfterRoot,
            // quick-xml refuses an end tag that closes nothing before it reaches here.
            Place::BeforeRoot | Place::AfterRoot => return Err(broken("ein schließendes Tag schließt nichts.")),
        }
        Ok(())
    }

    /// A finished lexeme, checked, its preferred pronunciations first.
    fn lexeme(&self, draft: Draft) -> Result<Lexeme, Invalid> {
        let number = self.lexicon.lexemes.len() + 1;
        let Some(first) = draft.graphemes.first() else {
            return Err(broken(format!("Lexem {number} hat keine Schreibung (<grapheme>).")));
        };
        if draft.aliases.is_empty() && draft.phonemes.is_empty() {
            return Err(broken(format!("Lexem {number} („{first}“) hat weder <alias> noch <phoneme>.")));
        }
        for (phoneme, _) in &draft.phonemes {
            let alphabet = phoneme.alphabet.as_deref().unwrap_or(&self.lexicon.alphabet);
            if !is_ipa(alphabet) {
                return Err(refused(
                    "Lautschrift nicht lesbar",
                    format!(
                        "Das Lexem „{first}“ (Nr. {number}) hat eine Lautschrift im Alphabet „{alphabet}“. Gelesen \
                         wird nur IPA (alphabet=\"ipa\"): bitte die Lautschrift in IPA schreiben oder die Aussprache \
                         als <alias> angeben."
                    ),
                ));
            }
        }
        Ok(Lexeme {
            graphemes: draft.graphemes,
            aliases: preferred_first(draft.aliases),
            phonemes: preferred_first(draft.phonemes),
        })
    }

    fn finish(self) -> Result<Lexicon, Invalid> {
        match self.place {
            Place::AfterRoot => Ok(self.lexicon),
            Place::BeforeRoot => Err(broken("sie enthält kein <lexicon>.")),
            _ => Err(broken("sie endet, bevor </lexicon> sie abschließt.")),
        }
    }

    /// `text` if XML allows all its characters (quick-xml does not check them).
    fn checked<'t>(&self, text: &'t str) -> Result<&'t str, Invalid> {
        match text.chars().find(|&c| !is_xml_char(c)) {
            None => Ok(text),
            Some(c) => {
                let line = self.line(self.reader.buffer_position());
                Err(broken(format!("Zeile {line}: das Zeichen U+{:04X} ist in XML nicht erlaubt.", c as u32)))
            }
        }
    }

    fn error(&self, error: &XmlError) -> Invalid {
        let line = self.line(self.reader.buffer_position());
        broken(format!("Zeile {line}: {}.", german(error)))
    }

    /// The line (from 1) of a byte position.
    fn line(&self, position: u64) -> usize {
        let end = usize::try_from(position).unwrap_or(usize::MAX).min(self.text.len());
        self.text.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
    }
}

/// PLS: the pronunciation marked `prefer="true"` is used, else the first; in our
/// lexicon the one used comes first (a stable move: the others keep their order).
fn preferred_first<T>(mut items: Vec<(T, bool)>) -> Vec<T> {
    if let Some(at) = items.iter().position(|(_, prefer)| *prefer) {
        let preferred = items.remove(at);
        items.insert(0, preferred);
    }
    items.into_iter().map(|(item, _)| item).collect()
}

/// quick-xml's error, in German.
fn german(error: &XmlError) -> String {
    match error {
        XmlError::Syntax(syntax) => match syntax {
            SyntaxError::InvalidBangMarkup => "nach „<!“ folgt weder Kommentar noch CDATA".into(),
            SyntaxError::UnclosedPIOrXmlDecl => "„<?“ ohne abschließendes „?>“".into(),
            SyntaxError::UnclosedComment => "ein Kommentar ohne abschließendes „-->“".into(),
            SyntaxError::UnclosedDoctype => "eine DOCTYPE-Deklaration (nicht erlaubt) ohne „>“".into(),
            SyntaxError::UnclosedCData => "ein CDATA-Abschnitt ohne abschließendes „]]>“".into(),
            SyntaxError::UnclosedTag => "ein Tag ohne abschließendes „>“".into(),
        },
        XmlError::IllFormed(ill) => match ill {
            IllFormedError::MissingDeclVersion(_) => "die XML-Deklaration nennt keine Version".into(),
            IllFormedError::MissingDoctypeName => "eine DOCTYPE-Deklaration (nicht erlaubt) ohne Namen".into(),
            IllFormedError::MissingEndTag(tag) => format!("</{tag}> fehlt"),
            IllFormedError::UnmatchedEndTag(tag) => format!("</{tag}> schließt kein offenes Element"),
            IllFormedError::MismatchedEndTag { expected, found } => {
                format!("</{found}> steht, wo </{expected}> erwartet wird")
            }
            IllFormedError::DoubleHyphenInComment => "„--“ mitten in einem Kommentar".into(),
        },
        XmlError::InvalidAttr(_) => {
            "ein Attribut ist fehlerhaft (doppelt, ohne „=“ oder ohne Anführungszeichen um den Wert)".into()
        }
        XmlError::Escape(escape) => match escape {
            EscapeError::UnrecognizedEntity(_, name) => format!(
                "unbekannte Entität „&{name};“ (erlaubt sind &amp; &lt; &gt; &quot; &apos; und Zeichenreferenzen \
                 wie &#252;)"
            ),
            EscapeError::UnterminatedEntity(_) => "ein „&“ ohne „;“ (ein einzelnes & bitte als &amp; schreiben)".into(),
            EscapeError::InvalidCharRef(_) => "eine ungültige Zeichenreferenz (&#…;)".into(),
        },
        XmlError::Encoding(_) => "Zeichen, die nicht UTF-8 sind".into(),
        XmlError::Namespace(_) => "eine fehlerhafte Namensraum-Deklaration (xmlns)".into(),
        XmlError::Io(_) => "die Datei ließ sich nicht lesen".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lexeme(graphemes: &[&str], aliases: &[&str], phonemes: &[&str]) -> Lexeme {
        Lexeme {
            graphemes: graphemes.iter().map(|g| g.to_string()).collect(),
            aliases: aliases.iter().map(|a| a.to_string()).collect(),
            phonemes: phonemes.iter().map(|p| Phoneme { text: p.to_string(), alphabet: None }).collect(),
        }
    }

    fn entry(term: &str, spoken: &str, ipa: Option<&str>) -> Entry {
        Entry {
            term: term.into(),
            spoken: spoken.into(),
            ipa: ipa.map(Into::into),
            whole_word: true,
            case_sensitive: false,
        }
    }

    fn saved(imported: &[ImportedEntry]) -> Vec<Entry> {
        imported.iter().filter_map(|i| i.entry.clone().ok()).collect()
    }

    fn message(xml: &str) -> String {
        parse(xml.as_bytes()).unwrap_err().message
    }

    fn document(lexemes: &str) -> String {
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<lexicon version=\"1.0\" xmlns=\"{NAMESPACE}\" \
             alphabet=\"ipa\" xml:lang=\"de-DE\">\n{lexemes}\n</lexicon>\n"
        )
    }

    #[test]
    fn a_lexicon_written_and_read_again_is_unchanged() {
        let mut tricky = lexeme(&["AT&T", "<b>", "\"Zitat\"", "O'Neill", "a]]>b"], &["A T & T", "x < y > z"], &[]);
        tricky.phonemes.push(Phoneme { text: "ˈʃtɪmvɛʁk".into(), alphabet: Some("ipa".into()) });
        let lexicons = [
            Lexicon { xml_lang: "de-DE".into(), alphabet: "ipa".into(), lexemes: Vec::new() },
            Lexicon {
                xml_lang: "de-DE".into(),
                alphabet: "ipa".into(),
                lexemes: vec![
                    lexeme(&["Müller", "Mueller"], &[], &["ˈmʏlɐ"]),
                    lexeme(&["Straße", "Str."], &["Straße"], &["ˈʃtʁaːsə"]),
                    lexeme(&["GmbH"], &["Gesellschaft mit beschränkter Haftung"], &[]),
                    lexeme(&["Fuß"], &["Fuss", "Fuß"], &["fuːs", "fʊs"]),
                    tricky,
                ],
            },
            // Aliases only: the lexicon's alphabet is never used, so any is kept as given.
            Lexicon {
                xml_lang: "en-US".into(),
                alphabet: "x-sampa".into(),
                lexemes: vec![lexeme(&["W3C"], &["World Wide Web Consortium"], &[])],
            },
        ];
        for lexicon in lexicons {
            let written = write(&lexicon);
            let read = parse(written.as_bytes()).unwrap_or_else(|e| panic!("{}: {written}", e.message));
            assert_eq!(read, lexicon);
            assert_eq!(write(&read), written, "byte for byte");
        }
    }

    #[test]
    fn the_written_document_is_canonical_pls() {
        let lexicon = Lexicon {
            xml_lang: "de-DE".into(),
            alphabet: "ipa".into(),
            lexemes: vec![
                lexeme(&["Stimmwerk"], &["Schtimmwerk"], &["ˈʃtɪmvɛʁk"]),
                lexeme(&["AT&T", "A&T"], &["A T <und> T"], &[]),
            ],
        };
        assert_eq!(
            write(&lexicon),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <lexicon version=\"1.0\" xmlns=\"http://www.w3.org/2005/01/pronunciation-lexicon\" alphabet=\"ipa\" \
             xml:lang=\"de-DE\">\n  \
               <lexeme>\n    \
                 <grapheme>Stimmwerk</grapheme>\n    \
                 <alias>Schtimmwerk</alias>\n    \
                 <phoneme>ˈʃtɪmvɛʁk</phoneme>\n  \
               </lexeme>\n  \
               <lexeme>\n    \
                 <grapheme>AT&amp;T</grapheme>\n    \
                 <grapheme>A&amp;T</grapheme>\n    \
                 <alias>A T &lt;und&gt; T</alias>\n  \
               </lexeme>\n\
             </lexicon>\n"
        );
    }

    /// The PLS specification's alias example ("W3C" spoken as "World Wide Web
    /// Consortium"), in the form Amazon Polly's documentation gives it.
    #[test]
    fn the_w3c_example_reads_as_its_alias() {
        let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2007/CR-pronunciation-lexicon-20071212/pls.xsd"
      alphabet="ipa" xml:lang="en-US">
  <lexeme>
    <grapheme>W3C</grapheme>
    <alias>World Wide Web Consortium</alias>
  </lexeme>
</lexicon>"#;
        let lexicon = parse(xml.as_bytes()).unwrap();
        assert_eq!(lexicon.xml_lang, "en-US");
        assert_eq!(lexicon.alphabet, "ipa");
        assert_eq!(lexicon.lexemes, [lexeme(&["W3C"], &["World Wide Web Consortium"], &[])]);
        assert_eq!(
            entries(&lexicon),
            [ImportedEntry { lexeme: 1, entry: Ok(entry("W3C", "World Wide Web Consortium", None)) }]
        );
    }

    const REAL_WORLD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- Aussprache-Wörterbuch der Redaktion, aus dem Editor exportiert -->
<lexicon version="1.0"
      xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
      xsi:schemaLocation="http://www.w3.org/2005/01/pronunciation-lexicon
        http://www.w3.org/TR/2008/REC-pronunciation-lexicon-20081014/pls.xsd"
      alphabet="ipa" xml:lang="de-DE">
  <meta name="author" content="Redaktion"/>
  <metadata>
    <dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Redaktion</dc:creator>
  </metadata>
  <!-- Namen -->
  <lexeme>
    <grapheme>Müller</grapheme>
    <grapheme>Mueller</grapheme>
    <phoneme>ˈmʏlɐ</phoneme>
  </lexeme>
  <lexeme role="noun">
    <grapheme>Stimmwerk</grapheme>
    <grapheme>stimmwerk</grapheme>
    <alias>Schtimmwerk</alias>
    <phoneme>ˈʃtɪmvɛʁk</phoneme>
  </lexeme>
  <!-- Abkürzungen -->
  <lexeme>
    <grapheme>GmbH</grapheme>
    <alias>
      Gesellschaft mit
      beschränkter Haftung
    </alias>
  </lexeme>
  <lexeme>
    <grapheme>AT&amp;T</grapheme>
    <alias>A T &#38; T</alias>
  </lexeme>
  <lexeme>
    <grapheme>Fuß</grapheme>
    <phoneme>fuːs</phoneme>
    <example>Der Fuß tut weh.</example>
  </lexeme>
  <lexeme>
    <grapheme>Maß</grapheme>
    <phoneme>maːs</phoneme>
    <phoneme prefer="true"><![CDATA[maːs]]>ə</phoneme>
  </lexeme>
</lexicon>
"#;

    #[test]
    fn a_real_world_file_reads_into_the_expected_entries_and_exports_the_same_lexemes() {
        let lexicon = parse(REAL_WORLD.as_bytes()).unwrap();
        let imported = entries(&lexicon);
        let numbers: Vec<usize> = imported.iter().map(|i| i.lexeme).collect();
        assert_eq!(numbers, [1, 1, 2, 3, 4, 5, 6], "\"stimmwerk\" is \"Stimmwerk\" already");
        let expected = [
            entry("Müller", "Müller", Some("ˈmʏlɐ")),
            entry("Mueller", "Mueller", Some("ˈmʏlɐ")),
            entry("Stimmwerk", "Schtimmwerk", Some("ˈʃtɪmvɛʁk")),
            entry("GmbH", "Gesellschaft mit beschränkter Haftung", None),
            entry("AT&T", "A T & T", None),
            entry("Fuß", "Fuß", Some("fuːs")),
            entry("Maß", "Maß", Some("maːsə")),
        ];
        assert_eq!(saved(&imported), expected);

        // Exported again: a lexeme per entry, each grapheme with the pronunciation it had.
        let exported = write(&from_entries(&expected, &lexicon.xml_lang));
        assert_eq!(
            exported,
            document(
                "  <lexeme>\n    <grapheme>Müller</grapheme>\n    <phoneme>ˈmʏlɐ</phoneme>\n  </lexeme>\n  \
                 <lexeme>\n    <grapheme>Mueller</grapheme>\n    <phoneme>ˈmʏlɐ</phoneme>\n  </lexeme>\n  \
                 <lexeme>\n    <grapheme>Stimmwerk</grapheme>\n    <alias>Schtimmwerk</alias>\n    \
                 <phoneme>ˈʃtɪmvɛʁk</phoneme>\n  </lexeme>\n  \
                 <lexeme>\n    <grapheme>GmbH</grapheme>\n    <alias>Gesellschaft mit beschränkter Haftung</alias>\n  \
                 </lexeme>\n  \
                 <lexeme>\n    <grapheme>AT&amp;T</grapheme>\n    <alias>A T &amp; T</alias>\n  </lexeme>\n  \
                 <lexeme>\n    <grapheme>Fuß</grapheme>\n    <phoneme>fuːs</phoneme>\n  </lexeme>\n  \
                 <lexeme>\n    <grapheme>Maß</grapheme>\n    <phoneme>maːsə</phoneme>\n  </lexeme>"
            )
        );
        // ... whose pairs of grapheme and pronunciation are the file's, as used.
        let pairs = |lexicon: &Lexicon| -> Vec<(String, Option<String>, Option<String>)> {
            let mut pairs: Vec<_> = lexicon
                .lexemes
                .iter()
                .flat_map(|l| {
                    let alias = l.aliases.first().cloned();
                    let phoneme = l.phonemes.first().map(|p| p.text.clone());
                    l.graphemes.iter().map(move |g| (g.clone(), alias.clone(), phoneme.clone()))
                })
                .filter(|(g, ..)| g != "stimmwerk")
                .collect();
            pairs.sort();
            pairs
        };
        assert_eq!(pairs(&parse(exported.as_bytes()).unwrap()), pairs(&lexicon));
    }

    #[test]
    fn the_preferred_pronunciation_comes_first_and_is_the_one_imported() {
        let xml = document(
            "<lexeme><grapheme>Tomate</grapheme><alias>Tomahte</alias><alias prefer=\"true\">Tomaate</alias>\
             <phoneme>toˈmaːtə</phoneme><phoneme prefer=\"1\">toˈmaːtɛ</phoneme><phoneme>x</phoneme></lexeme>",
        );
        let lexicon = parse(xml.as_bytes()).unwrap();
        assert_eq!(lexicon.lexemes, [lexeme(&["Tomate"], &["Tomaate", "Tomahte"], &["toˈmaːtɛ", "toˈmaːtə", "x"])]);
        assert_eq!(saved(&entries(&lexicon)), [entry("Tomate", "Tomaate", Some("toˈmaːtɛ"))]);
    }

    #[test]
    fn case_variants_become_one_entry_and_a_conflicting_one_is_reported() {
        let lexicon = Lexicon {
            xml_lang: "de-DE".into(),
            alphabet: "ipa".into(),
            lexemes: vec![
                lexeme(&["tomato", "Tomato"], &[], &["təˈmeɪtoʊ"]),
                lexeme(&["US"], &["U S"], &[]),
                lexeme(&["us"], &["uns"], &[]),
                lexeme(&["US"], &["United States"], &[]),
                lexeme(&["US"], &["U S"], &[]),
            ],
        };
        let imported = entries(&lexicon);
        let mut us = entry("US", "U S", None);
        us.case_sensitive = true;
        assert_eq!(saved(&imported), [entry("tomato", "tomato", Some("təˈmeɪtoʊ")), us]);
        let refused: Vec<(usize, &str)> =
            imported.iter().filter_map(|i| i.entry.as_ref().err().map(|e| (i.lexeme, e.as_str()))).collect();
        assert_eq!(refused.len(), 2, "{refused:?}");
        assert_eq!(refused[0].0, 3);
        assert!(
            refused[0].1.starts_with("„us“ steht schon in Lexem 2 als „US“, mit anderer Aussprache."),
            "{refused:?}"
        );
        assert_eq!(refused[1].0, 4);
    }

    #[test]
    fn our_entries_exported_and_imported_again_are_unchanged() {
        let ours = [
            entry("Stimmwerk", "Schtimmwerk", Some("ˈʃtɪmvɛʁk")),
            entry("Müller", "Müller", Some("ˈmʏlɐ")),
            entry("kHz", "Kilohertz", None),
            entry("Grüße", "Grüße", None),
            entry("AT&T", "A T und T", None),
            entry("<tag>", "\"Tag\" 'in' Klammern", None),
        ];
        let lexicon = from_entries(&ours, "de-DE");
        assert_eq!(lexicon.lexemes[1], lexeme(&["Müller"], &[], &["ˈmʏlɐ"]), "an alias equal to the term only hides");
        let read = parse(write(&lexicon).as_bytes()).unwrap();
        assert_eq!(read, lexicon);
        assert_eq!(saved(&entries(&read)), ours);
        // Case and word rules are not carried: the imported entry has our defaults.
        let mut inside = entry("kHz", "Kilohertz", None);
        inside.whole_word = false;
        inside.case_sensitive = true;
        assert_eq!(saved(&entries(&from_entries(&[inside], "de-DE"))), [entry("kHz", "Kilohertz", None)]);
    }

    #[test]
    fn texts_are_cleaned_so_an_export_reads_back_unchanged() {
        let lexicon =
            from_entries(&[entry("  Stimm\twerk\n GmbH ", "a\u{1}b", Some(" ")), entry(" ", "x", None)], "de-DE");
        assert_eq!(lexicon.lexemes, [lexeme(&["Stimm werk GmbH"], &["ab"], &[])]);
        assert_eq!(parse(write(&lexicon).as_bytes()).unwrap(), lexicon);
        assert_eq!(from_entries(&[entry("a\u{A0}b", "c", None)], "de-DE").lexemes[0].graphemes, ["a\u{A0}b"]);
    }

    #[test]
    fn a_doctype_is_refused() {
        let xxe = format!(
            "<?xml version=\"1.0\"?><!DOCTYPE lexicon [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>{}",
            document("<lexeme><grapheme>a</grapheme><alias>&xxe;</alias></lexeme>").split_once("?>\n").unwrap().1
        );
        let laughs = "<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;\">]><lexicon/>";
        for xml in [xxe.as_str(), laughs, "<!DOCTYPE lexicon SYSTEM \"pls.dtd\"><lexicon/>"] {
            let error = parse(xml.as_bytes()).unwrap_err();
            assert!(error.message.contains("DOCTYPE"), "{}", error.message);
            assert_eq!(error.title, "Wörterbuch nicht lesbar");
            assert_eq!(error.fields.get("file"), Some(&error.message));
        }
        // Without a DTD, a named entity is simply unknown.
        let unknown = message(&document("<lexeme><grapheme>a</grapheme><alias>&xxe;</alias></lexeme>"));
        assert!(unknown.contains("unbekannte Entität „&xxe;“"), "{unknown}");
    }

    #[test]
    fn non_ipa_phonemes_are_refused_by_name() {
        let sampa = document("<lexeme><grapheme>Stimmwerk</grapheme><phoneme>\"StImvERk</phoneme></lexeme>")
            .replace("alphabet=\"ipa\"", "alphabet=\"x-sampa\"");
        let error = parse(sampa.as_bytes()).unwrap_err();
        assert_eq!(error.title, "Lautschrift nicht lesbar");
        assert!(error.message.starts_with("Das Lexem „Stimmwerk“ (Nr. 1) hat eine Lautschrift im Alphabet „x-sampa“."));
        let own = document(
            "<lexeme><grapheme>a</grapheme><alias>b</alias></lexeme>\
             <lexeme><grapheme>GmbH</grapheme><phoneme alphabet=\"x-microsoft-sapi\">g e</phoneme></lexeme>",
        );
        assert!(
            message(&own).starts_with("Das Lexem „GmbH“ (Nr. 2) hat eine Lautschrift im Alphabet „x-microsoft-sapi“")
        );
        // A phoneme naming IPA itself is read in a lexicon of another alphabet, and so are
        // aliases, which need no alphabet.
        let mixed = sampa.replace("<phoneme>\"StImvERk", "<alias>Schtimmwerk</alias><phoneme alphabet=\"IPA\">ʃtɪm");
        let lexicon = parse(mixed.as_bytes()).unwrap();
        assert_eq!(saved(&entries(&lexicon)), [entry("Stimmwerk", "Schtimmwerk", Some("ʃtɪm"))]);
    }

    #[test]
    fn files_over_one_megabyte_are_refused() {
        let filler = "<!-- ".to_string() + &"x".repeat(MAX_BYTES) + " -->";
        let error = parse(document(&filler).as_bytes()).unwrap_err();
        assert_eq!(error.message, "Die Datei ist zu groß: höchstens 1 MB.");
        assert_eq!(error.title, "Wörterbuch zu groß");
    }

    #[test]
    fn more_than_five_thousand_lexemes_are_refused() {
        let lexemes = |n: usize| -> String {
            (0..n).map(|i| format!("<lexeme><grapheme>w{i}</grapheme><alias>a</alias></lexeme>")).collect()
        };
        assert_eq!(parse(document(&lexemes(MAX_LEXEMES)).as_bytes()).unwrap().lexemes.len(), MAX_LEXEMES);
        let error = parse(document(&lexemes(MAX_LEXEMES + 1)).as_bytes()).unwrap_err();
        assert!(error.message.starts_with("Das Wörterbuch hat mehr als 5.000 Einträge"), "{}", error.message);
    }

    #[test]
    fn malformed_files_are_refused_in_german_with_their_line() {
        let lexeme = |body: &str| document(&format!("  <lexeme>\n{body}\n  </lexeme>"));
        let cases = [
            (lexeme("<grapheme>a</alias>"), "Zeile 4: </alias> steht, wo </grapheme> erwartet wird."),
            (lexeme("<grapheme>AT&T</grapheme><alias>x</alias>"), "Zeile 4: ein „&“ ohne „;“"),
            (
                document("<lexeme><grapheme>a</grapheme><alias>b</alias></lexeme>").replace("</lexicon>", ""),
                "sie endet, bevor </lexicon> sie abschließt.",
            ),
            (lexeme("<grapheme>a</grapheme>"), "Lexem 1 („a“) hat weder <alias> noch <phoneme>."),
            (lexeme("<alias>a</alias>"), "Lexem 1 hat keine Schreibung (<grapheme>)."),
            (lexeme("<grapheme> </grapheme><alias>a</alias>"), "Lexem 1 hat ein leeres <grapheme>."),
            (lexeme("<grapheme>a</grapheme><alias/>"), "Lexem 1 hat ein leeres <alias>."),
            (lexeme("<grapheme>a<b>c</b></grapheme>"), "Zeile 4: <grapheme> darf nur Text enthalten, kein <b>."),
            (lexeme("<grapheme>a</grapheme>b<alias>c</alias>"), "Zeile 4: der Text „b“ steht außerhalb"),
            (lexeme("<graphem>a</graphem>"), "Zeile 4: <graphem> gehört nicht in ein PLS-Wörterbuch."),
            (document("") + "<lexicon/>", "nach </lexicon> folgt noch ein Element."),
            (document("").replace(" version=\"1.0\" xmlns", " xmlns"), "braucht das Attribut version=\"1.0\"."),
            (document("").replace("version=\"1.0\" xmlns", "version=\"1.1\" xmlns"), "nicht Version „1.1“."),
            (document("").replace(" alphabet=\"ipa\"", ""), "braucht das Attribut alphabet"),
            (document("").replace(" xml:lang=\"de-DE\"", ""), "braucht das Attribut xml:lang"),
            (document("").replace("de-DE", "de DE"), "xml:lang=\"de DE\" ist keine Sprachangabe"),
            (document("").replace(NAMESPACE, "urn:x"), "<lexicon> steht nicht im Namensraum"),
            (document("").replace(" alphabet", " alphabet=\"ipa\" alphabet"), "ein Attribut ist fehlerhaft"),
            ("<speak>Hallo</speak>".into(), "das äußerste Element muss <lexicon> sein, nicht <speak>."),
            ("".into(), "sie enthält kein <lexicon>."),
            ("Begriff;Aussprache".into(), "vor <lexicon> steht Text: die Datei ist wohl kein XML."),
            (document("").replace("UTF-8", "ISO-8859-1"), "sie ist als „ISO-8859-1“ gespeichert"),
            (lexeme("<grapheme>a&#1;</grapheme>"), "Zeile 4: das Zeichen U+0001 ist in XML nicht erlaubt."),
            (lexeme("<grapheme>a</grapheme><alias>b</alias>\n<!-- a -- b -->"), "Zeile 5: „--“ mitten in einem"),
        ];
        for (xml, expected) in cases {
            let error = parse(xml.as_bytes()).unwrap_err();
            assert!(
                error.message.starts_with("Die Datei ist kein gültiges PLS-Wörterbuch: "),
                "{xml}: {}",
                error.message
            );
            assert!(error.message.contains(expected), "{xml}\n{}\nshould contain {expected}", error.message);
        }
        let latin1 = b"<lexicon>Gr\xFC\xDFe</lexicon>";
        assert_eq!(
            parse(latin1).unwrap_err().message,
            "Die Datei ist kein gültiges PLS-Wörterbuch: sie ist nicht in UTF-8 gespeichert."
        );
    }

    #[test]
    fn a_prefixed_namespace_and_other_vocabularies_are_read() {
        let xml = format!(
            "<p:lexicon xmlns:p=\"{NAMESPACE}\" version=\"1.0\" alphabet=\"ipa\" xml:lang=\"de\">\
             <x:note xmlns:x=\"urn:x\"><p:lexeme><p:grapheme>nein</p:grapheme></p:lexeme></x:note>\
             <p:lexeme><p:phoneme>ʃtɪm</p:phoneme><x:hint xmlns:x=\"urn:x\"/><p:grapheme>Stimm</p:grapheme></p:lexeme>\
             </p:lexicon>"
        );
        let lexicon = parse(xml.as_bytes()).unwrap();
        assert_eq!(lexicon.lexemes, [lexeme(&["Stimm"], &[], &["ʃtɪm"])]);
    }

    #[test]
    fn a_byte_order_mark_and_an_empty_lexicon_are_read() {
        let xml = format!("\u{FEFF}{}", document(""));
        let lexicon = parse(xml.as_bytes()).unwrap();
        assert_eq!(lexicon, Lexicon { xml_lang: "de-DE".into(), alphabet: "ipa".into(), lexemes: Vec::new() });
        assert!(entries(&lexicon).is_empty());
    }
}
