//! The text of a page as lines with where they stand. A page's content stream places
//! strings with matrices; the text alone says nothing of lines or paragraphs, so each
//! string's start, end and size are worked out (from the font's glyph widths) and
//! strings on one baseline are joined into a line, with a space where a gap is.
//!
//! Everything unpacked here (page contents, forms, fonts' character maps) counts against
//! one budget of [`MAX_UNPACKED_BYTES`], and the text taken against
//! [`MAX_SOURCE_CHARS`]: a page or a form repeated a million times ends there.

use std::collections::HashMap;
use std::rc::Rc;

use lopdf::content::{Content, Operation};
use lopdf::{DecompressError, Dictionary, Document, Encoding, Error, Object, ObjectId};

use super::super::{MAX_SOURCE_CHARS, MAX_UNPACKED_BYTES, source_too_long};
use super::load::unpacked_too_large;
use crate::Result;

/// Most bytes one font's character map (`ToUnicode`) unpacks to; real ones, even for
/// Chinese, stay far below.
const MAX_CHARACTER_MAP_BYTES: usize = 1024 * 1024;
/// Forms inside forms read at most this deep (a form may even draw itself).
const MAX_FORM_DEPTH: usize = 4;
/// Saved graphics states kept at most: `q` a million times must not cost a million copies.
const MAX_SAVED_STATES: usize = 64;
/// Width of a glyph of a font that names none (the standard fonts), in thousandths of
/// the font size: an average letter.
const DEFAULT_WIDTH: f64 = 500.0;

/// A line of text as set on a page, in points: where it starts and ends, its baseline
/// (counted upwards) and its font size.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Line {
    pub text: String,
    pub x0: f64,
    pub x1: f64,
    pub y: f64,
    pub size: f64,
}

/// Reads the pages of one document, within one budget.
pub(super) struct Reader<'a> {
    doc: &'a Document,
    fonts: HashMap<ObjectId, Rc<Font<'a>>>,
    unpacked: usize,
    chars: usize,
    /// Whether some text was set in a font whose codes stand for no known characters.
    pub unreadable: bool,
}

impl<'a> Reader<'a> {
    pub fn new(doc: &'a Document) -> Self {
        Reader { doc, fonts: HashMap::new(), unpacked: 0, chars: 0, unreadable: false }
    }

    /// The lines of a page, in the order the page sets them.
    pub fn page(&mut self, page: ObjectId) -> Result<Vec<Line>> {
        let content = self.doc.get_page_content_with_limit(page, self.left()).map_err(|_| unpacked_too_large())?;
        self.unpacked += content.len();
        let resources = page_resources(self.doc, page);
        let mut lines = Lines::default();
        self.run(&content, &resources, State::new(Matrix::IDENTITY), 0, &mut lines)?;
        Ok(lines.finish())
    }

    fn left(&self) -> usize {
        (MAX_UNPACKED_BYTES as usize).saturating_sub(self.unpacked)
    }

    /// Runs a content stream's operators; a damaged stream is read up to the damage.
    fn run(
        &mut self,
        content: &[u8],
        resources: &[&'a Dictionary],
        state: State<'a>,
        depth: usize,
        lines: &mut Lines,
    ) -> Result<()> {
        let mut run = Run { state, saved: Vec::new(), overflow: 0, tm: Matrix::IDENTITY, tlm: Matrix::IDENTITY };
        for operation in Content::<Vec<Operation>>::decode_iter(content) {
            let Ok(operation) = operation else { break };
            self.operation(&operation, resources, &mut run, depth, lines)?;
        }
        Ok(())
    }

    fn operation(
        &mut self,
        operation: &Operation,
        resources: &[&'a Dictionary],
        run: &mut Run<'a>,
        depth: usize,
        lines: &mut Lines,
    ) -> Result<()> {
        let operands = operation.operands.as_slice();
        let number = |i: usize| operands.get(i).and_then(|o| o.as_float().ok()).map(f64::from);
        match operation.operator.as_str() {
            "q" => run.save(),
            "Q" => run.restore(),
            "cm" => {
                if let Some(m) = Matrix::from_operands(operands) {
                    run.state.ctm = m.then(run.state.ctm);
                }
            }
            "BT" => (run.tm, run.tlm) = (Matrix::IDENTITY, Matrix::IDENTITY),
            "Tf" => {
                let name = operands.first().and_then(|o| o.as_name().ok()).unwrap_or_default();
                run.state.font = self.font(resources, name)?;
                run.state.size = number(1).unwrap_or(0.0);
            }
            "Tc" => run.state.char_spacing = number(0).unwrap_or(0.0),
            "Tw" => run.state.word_spacing = number(0).unwrap_or(0.0),
            "Tz" => run.state.scale = number(0).unwrap_or(100.0) / 100.0,
            "TL" => run.state.leading = number(0).unwrap_or(0.0),
            "Ts" => run.state.rise = number(0).unwrap_or(0.0),
            "Td" => run.next_line(number(0).unwrap_or(0.0), number(1).unwrap_or(0.0)),
            "TD" => {
                run.state.leading = -number(1).unwrap_or(0.0);
                run.next_line(number(0).unwrap_or(0.0), number(1).unwrap_or(0.0));
            }
            "Tm" => {
                if let Some(m) = Matrix::from_operands(operands) {
                    (run.tm, run.tlm) = (m, m);
                }
            }
            "T*" => run.next_line(0.0, -run.state.leading),
            "Tj" => self.show_operand(operands.first(), run, lines)?,
            "'" => {
                run.next_line(0.0, -run.state.leading);
                self.show_operand(operands.first(), run, lines)?;
            }
            "\"" => {
                run.state.word_spacing = number(0).unwrap_or(0.0);
                run.state.char_spacing = number(1).unwrap_or(0.0);
                run.next_line(0.0, -run.state.leading);
                self.show_operand(operands.get(2), run, lines)?;
            }
            "TJ" => {
                for item in operands.first().and_then(|o| o.as_array().ok()).into_iter().flatten() {
                    match item {
                        Object::String(bytes, _) => self.show(bytes, run, lines)?,
                        other => {
                            // Numbers move the next glyph left, in thousandths of the size.
                            let shift = other.as_float().map_or(0.0, f64::from);
                            run.advance(-shift / 1000.0 * run.state.size * run.state.scale);
                        }
                    }
                }
            }
            "Do" if depth < MAX_FORM_DEPTH => {
                let name = operands.first().and_then(|o| o.as_name().ok()).unwrap_or_default();
                self.form(name, resources, &run.state, depth, lines)?;
            }
            _ => {}
        }
        Ok(())
    }

    fn show_operand(&mut self, operand: Option<&Object>, run: &mut Run<'a>, lines: &mut Lines) -> Result<()> {
        match operand {
            Some(Object::String(bytes, _)) => self.show(bytes, run, lines),
            _ => Ok(()),
        }
    }

    /// Sets a string: notes its text where it stands and moves past it.
    fn show(&mut self, bytes: &[u8], run: &mut Run<'a>, lines: &mut Lines) -> Result<()> {
        let Some(font) = run.state.font.clone() else { return Ok(()) };
        let state = &run.state;
        let advance: f64 = font
            .codes(bytes)
            .map(|code| {
                let word = if code == 32 && !font.two_byte { state.word_spacing } else { 0.0 };
                (font.width(code) * state.size + state.char_spacing + word) * state.scale
            })
            .sum();
        let device = run.tm.then(state.ctm);
        let (start, y) = device.apply(0.0, state.rise);
        let (end, _) = device.apply(advance, state.rise);
        let size = state.size.abs() * device.vertical_scale();
        run.advance(advance);
        let Some(text) = font.decode(bytes) else {
            self.unreadable = true;
            return Ok(());
        };
        self.chars += text.chars().count();
        if self.chars > MAX_SOURCE_CHARS {
            return Err(source_too_long());
        }
        lines.push(Line { text, x0: start.min(end), x1: start.max(end), y, size });
        Ok(())
    }

    /// Runs a form (`Do` of a form XObject) with its own matrix and resources; images
    /// and other XObjects have no text.
    fn form(
        &mut self,
        name: &[u8],
        resources: &[&'a Dictionary],
        state: &State<'a>,
        depth: usize,
        lines: &mut Lines,
    ) -> Result<()> {
        let Some((_, object)) = lookup(self.doc, resources, b"XObject", name) else { return Ok(()) };
        let Ok(stream) = object.as_stream() else { return Ok(()) };
        if stream.dict.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Form") {
            return Ok(());
        }
        let content = match stream.decompressed_content_with_limit(self.left()) {
            Ok(content) => content,
            Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. })) => return Err(unpacked_too_large()),
            Err(_) => return Ok(()),
        };
        self.unpacked += content.len();
        let own = stream.dict.get_deref(b"Resources", self.doc).and_then(Object::as_dict);
        let resources = own.map_or_else(|_| resources.to_vec(), |own| vec![own]);
        let matrix =
            stream.dict.get(b"Matrix").ok().and_then(|m| m.as_array().ok()).and_then(|m| Matrix::from_operands(m));
        let mut state = state.clone();
        state.ctm = matrix.unwrap_or(Matrix::IDENTITY).then(state.ctm);
        self.run(&content, &resources, state, depth + 1, lines)
    }

    /// The font a page's resources name, read once per document.
    fn font(&mut self, resources: &[&'a Dictionary], name: &[u8]) -> Result<Option<Rc<Font<'a>>>> {
        let Some((id, object)) = lookup(self.doc, resources, b"Font", name) else { return Ok(None) };
        if let Some(font) = id.and_then(|id| self.fonts.get(&id)) {
            return Ok(Some(font.clone()));
        }
        let Ok(dict) = object.as_dict() else { return Ok(None) };
        let font = Rc::new(self.load_font(dict)?);
        if let Some(id) = id {
            self.fonts.insert(id, font.clone());
        }
        Ok(Some(font))
    }

    fn load_font(&mut self, dict: &'a Dictionary) -> Result<Font<'a>> {
        let subtype = dict.get(b"Subtype").and_then(Object::as_name).unwrap_or_default();
        let two_byte = subtype == b"Type0";
        self.charge_character_map(dict)?;
        let encoding = match dict.get_font_encoding_with_limit(self.doc, MAX_CHARACTER_MAP_BYTES) {
            Ok(encoding) => Some(encoding),
            Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. })) => return Err(unpacked_too_large()),
            Err(_) => None,
        };
        // A composite font's codes mean characters only through its character map; without
        // one lopdf falls back to a one-byte encoding, which would read them as garbage.
        let encoding = encoding.filter(|e| !two_byte || matches!(e, Encoding::UnicodeMapEncoding(_)));
        let widths = if two_byte { cid_widths(self.doc, dict) } else { simple_widths(self.doc, dict, subtype) };
        Ok(Font { encoding, two_byte, widths })
    }

    /// Counts the font's character map against the budget, as lopdf will unpack it.
    fn charge_character_map(&mut self, dict: &Dictionary) -> Result<()> {
        let Ok(stream) = dict.get_deref(b"ToUnicode", self.doc).and_then(Object::as_stream) else { return Ok(()) };
        match stream.get_plain_content_with_limit(MAX_CHARACTER_MAP_BYTES.min(self.left())) {
            Ok(map) => self.unpacked += map.len(),
            Err(Error::Decompress(DecompressError::MemoryLimitExceeded { .. })) => return Err(unpacked_too_large()),
            // A damaged map: lopdf falls back to a standard encoding.
            Err(_) => {}
        }
        Ok(())
    }
}

/// The resource dictionaries a page sees, nearest first (a page inherits its parents').
fn page_resources(doc: &Document, page: ObjectId) -> Vec<&Dictionary> {
    let Ok((direct, ids)) = doc.get_page_resources(page) else { return Vec::new() };
    direct.into_iter().chain(ids.iter().filter_map(|id| doc.get_dictionary(*id).ok())).collect()
}

/// The resource of a category (`Font`, `XObject`) named `name`, and its object id when
/// it is an indirect object.
fn lookup<'a>(
    doc: &'a Document,
    resources: &[&'a Dictionary],
    category: &[u8],
    name: &[u8],
) -> Option<(Option<ObjectId>, &'a Object)> {
    resources.iter().find_map(|dict| {
        let entries = dict.get_deref(category, doc).and_then(Object::as_dict).ok()?;
        let (id, object) = doc.dereference(entries.get(name).ok()?).ok()?;
        Some((id, object))
    })
}

/// A font as far as text needs it: how its codes become characters and how wide they set.
struct Font<'a> {
    /// `None` when its codes stand for no known characters.
    encoding: Option<Encoding<'a>>,
    /// Composite fonts (`Type0`) use two-byte codes (Identity-H, as nearly all do).
    two_byte: bool,
    widths: Widths,
}

impl Font<'_> {
    fn codes<'b>(&self, bytes: &'b [u8]) -> impl Iterator<Item = u32> + 'b {
        let step = if self.two_byte { 2 } else { 1 };
        bytes.chunks(step).map(|code| code.iter().fold(0u32, |value, &byte| value << 8 | u32::from(byte)))
    }

    /// The width of a code's glyph, in units of the font size.
    fn width(&self, code: u32) -> f64 {
        match &self.widths {
            Widths::Simple { first, widths, missing, scale } => {
                let index = i64::from(code) - first;
                let width = usize::try_from(index).ok().and_then(|i| widths.get(i)).copied();
                width.unwrap_or(*missing) * scale
            }
            Widths::Composite { default, ranges } => {
                let after = ranges.partition_point(|&(first, _, _)| first <= code);
                let width = after.checked_sub(1).map(|i| ranges[i]).filter(|&(_, last, _)| code <= last);
                width.map_or(*default, |(_, _, width)| width) / 1000.0
            }
        }
    }

    /// The characters of a string, or `None` if the font cannot say.
    fn decode(&self, bytes: &[u8]) -> Option<String> {
        let text = self.encoding.as_ref()?.bytes_to_string(bytes).ok()?;
        Some(plain_letters(&text))
    }
}

/// Typographic ligatures as their letters, and the typographic hyphen as the plain one
/// (so that a word divided at a line's end is seen as divided).
fn plain_letters(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\u{FB00}' => out.push_str("ff"),
            '\u{FB01}' => out.push_str("fi"),
            '\u{FB02}' => out.push_str("fl"),
            '\u{FB03}' => out.push_str("ffi"),
            '\u{FB04}' => out.push_str("ffl"),
            '\u{FB05}' | '\u{FB06}' => out.push_str("st"),
            '\u{2010}' | '\u{2011}' => out.push('-'),
            c => out.push(c),
        }
    }
    out
}

enum Widths {
    /// `Widths` from `FirstChar` on, in thousandths (or, for Type 3 fonts, in glyph
    /// space scaled by the font matrix).
    Simple { first: i64, widths: Vec<f64>, missing: f64, scale: f64 },
    /// A composite font's `W` as (first code, last code, width), sorted, and its `DW`.
    Composite { default: f64, ranges: Vec<(u32, u32, f64)> },
}

fn number(doc: &Document, object: &Object) -> Option<f64> {
    doc.dereference(object).ok()?.1.as_float().ok().map(f64::from)
}

fn simple_widths(doc: &Document, font: &Dictionary, subtype: &[u8]) -> Widths {
    let first = font.get(b"FirstChar").and_then(Object::as_i64).unwrap_or(0);
    let widths: Vec<f64> = font
        .get_deref(b"Widths", doc)
        .and_then(Object::as_array)
        .map(|widths| widths.iter().map(|w| number(doc, w).unwrap_or(0.0)).collect())
        .unwrap_or_default();
    let descriptor = font.get_deref(b"FontDescriptor", doc).and_then(Object::as_dict);
    let missing = descriptor.ok().and_then(|d| d.get(b"MissingWidth").ok()).and_then(|w| number(doc, w));
    let missing = missing.filter(|w| *w > 0.0).unwrap_or(DEFAULT_WIDTH);
    let matrix = font.get_deref(b"FontMatrix", doc).and_then(Object::as_array).ok();
    let scale = match (subtype, matrix.and_then(|m| m.first()).and_then(|a| number(doc, a))) {
        (b"Type3", Some(a)) => a,
        _ => 0.001,
    };
    Widths::Simple { first, widths, missing, scale }
}

/// A composite font's widths, from its descendant font's `W` (`c [w1 w2 …]` or
/// `first last w`) and `DW`.
fn cid_widths(doc: &Document, font: &Dictionary) -> Widths {
    let descendant = font
        .get_deref(b"DescendantFonts", doc)
        .and_then(Object::as_array)
        .ok()
        .and_then(|fonts| fonts.first())
        .and_then(|d| doc.dereference(d).ok())
        .and_then(|(_, d)| d.as_dict().ok());
    let Some(descendant) = descendant else { return Widths::Composite { default: 1000.0, ranges: Vec::new() } };
    let default = descendant.get(b"DW").ok().and_then(|w| number(doc, w)).unwrap_or(1000.0);
    let w = descendant.get_deref(b"W", doc).and_then(Object::as_array).map(Vec::as_slice).unwrap_or_default();
    let code = |object: &Object| number(doc, object).filter(|n| *n >= 0.0).map(|n| n as u32);
    let mut ranges = Vec::new();
    let mut i = 0;
    while let Some(first) = w.get(i).and_then(code) {
        match w.get(i + 1).map(|o| doc.dereference(o).map(|(_, o)| o)) {
            Some(Ok(Object::Array(list))) => {
                let widths = list.iter().map(|w| number(doc, w).unwrap_or(default));
                ranges.extend((first..).zip(widths).map(|(c, width)| (c, c, width)));
                i += 2;
            }
            Some(Ok(last)) => {
                let (Some(last), Some(width)) = (code(last), w.get(i + 2).and_then(|o| number(doc, o))) else { break };
                ranges.push((first, last, width));
                i += 3;
            }
            _ => break,
        }
    }
    ranges.sort_by_key(|&(first, _, _)| first);
    Widths::Composite { default, ranges }
}

/// An affine matrix `[a b c d e f]` as PDF writes it (points as row vectors).
#[derive(Debug, Clone, Copy)]
struct Matrix([f64; 6]);

impl Matrix {
    const IDENTITY: Matrix = Matrix([1.0, 0.0, 0.0, 1.0, 0.0, 0.0]);

    fn from_operands(operands: &[Object]) -> Option<Matrix> {
        let mut m = [0.0; 6];
        for (slot, operand) in m.iter_mut().zip(operands) {
            *slot = f64::from(operand.as_float().ok()?);
        }
        (operands.len() >= 6 && m.iter().all(|v| v.is_finite())).then_some(Matrix(m))
    }

    fn translate(x: f64, y: f64) -> Matrix {
        Matrix([1.0, 0.0, 0.0, 1.0, x, y])
    }

    /// This transformation followed by `next`.
    fn then(self, next: Matrix) -> Matrix {
        let [a, b, c, d, e, f] = self.0;
        let [na, nb, nc, nd, ne, nf] = next.0;
        Matrix([
            a * na + b * nc,
            a * nb + b * nd,
            c * na + d * nc,
            c * nb + d * nd,
            e * na + f * nc + ne,
            e * nb + f * nd + nf,
        ])
    }

    fn apply(self, x: f64, y: f64) -> (f64, f64) {
        let [a, b, c, d, e, f] = self.0;
        (x * a + y * c + e, x * b + y * d + f)
    }

    /// How much the matrix stretches a vertical distance (a font's size).
    fn vertical_scale(self) -> f64 {
        let [_, _, c, d, _, _] = self.0;
        c.hypot(d)
    }
}

/// The graphics and text state that `q` saves and `Q` restores.
#[derive(Clone)]
struct State<'a> {
    ctm: Matrix,
    font: Option<Rc<Font<'a>>>,
    size: f64,
    char_spacing: f64,
    word_spacing: f64,
    /// Horizontal scaling (`Tz`) as a factor.
    scale: f64,
    leading: f64,
    rise: f64,
}

impl State<'_> {
    fn new(ctm: Matrix) -> Self {
        State { ctm, font: None, size: 0.0, char_spacing: 0.0, word_spacing: 0.0, scale: 1.0, leading: 0.0, rise: 0.0 }
    }
}

/// One content stream being run: the state, the saved ones, and the text matrices.
struct Run<'a> {
    state: State<'a>,
    saved: Vec<State<'a>>,
    /// `q`s past [`MAX_SAVED_STATES`], whose `Q`s restore nothing.
    overflow: usize,
    tm: Matrix,
    tlm: Matrix,
}

impl Run<'_> {
    fn save(&mut self) {
        if self.saved.len() < MAX_SAVED_STATES {
            self.saved.push(self.state.clone());
        } else {
            self.overflow += 1;
        }
    }

    fn restore(&mut self) {
        if self.overflow > 0 {
            self.overflow -= 1;
        } else if let Some(state) = self.saved.pop() {
            self.state = state;
        }
    }

    fn next_line(&mut self, x: f64, y: f64) {
        self.tlm = Matrix::translate(x, y).then(self.tlm);
        self.tm = self.tlm;
    }

    fn advance(&mut self, x: f64) {
        self.tm = Matrix::translate(x, 0.0).then(self.tm);
    }
}

/// Strings joined into lines as they are set.
#[derive(Default)]
struct Lines {
    done: Vec<Line>,
    current: Option<Line>,
    /// Visible characters of the current line, which weigh its size.
    weight: usize,
}

impl Lines {
    fn push(&mut self, piece: Line) {
        match &mut self.current {
            Some(line) if same_line(line, &piece) => {
                let gap = piece.x0 - line.x1;
                let size = line.size.max(piece.size);
                let spaced = line.text.ends_with(char::is_whitespace) || piece.text.starts_with(char::is_whitespace);
                if gap > 0.15 * size && !spaced {
                    line.text.push(' ');
                }
                line.text.push_str(&piece.text);
                line.x1 = line.x1.max(piece.x1);
                let weight = piece.text.chars().filter(|c| !c.is_whitespace()).count();
                if weight > 0 {
                    line.size =
                        (line.size * self.weight as f64 + piece.size * weight as f64) / (self.weight + weight) as f64;
                    self.weight += weight;
                }
            }
            _ => {
                self.flush();
                self.weight = piece.text.chars().filter(|c| !c.is_whitespace()).count();
                self.current = Some(piece);
            }
        }
    }

    fn flush(&mut self) {
        if let Some(line) = self.current.take().filter(|line| !line.text.trim().is_empty()) {
            self.done.push(line);
        }
    }

    fn finish(mut self) -> Vec<Line> {
        self.flush();
        self.done
    }
}

/// Whether a string continues a line: on its baseline (a superscript too) and not far
/// back to the left of its end.
fn same_line(line: &Line, piece: &Line) -> bool {
    let size = line.size.max(piece.size).max(1.0);
    (piece.y - line.y).abs() <= 0.5 * size && piece.x0 >= line.x1 - 2.0 * size
}
