//! The document outline (bookmarks): each top-level bookmark that leads to a page starts
//! a chapter there. An outline of a single bookmark over all the others (the book's
//! title) gives its children instead.
//!
//! The outline's items are a linked list and named destinations a tree, both written by
//! whoever made the file: each item and node is visited once, so a cycle ends the walk.

use std::collections::{HashMap, HashSet};

use lopdf::{Dictionary, Document, Object, ObjectId, decode_text_string};

/// A bookmark: its title and the index of the page it leads to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Bookmark {
    pub title: String,
    pub page: usize,
}

/// The chapters' bookmarks, and the title of a single bookmark above them all.
#[derive(Debug, Default)]
pub(super) struct Bookmarks {
    pub title: Option<String>,
    pub chapters: Vec<Bookmark>,
}

/// The outline's chapters; none when the document has no usable outline.
pub(super) fn read(doc: &Document, pages: &[ObjectId]) -> Bookmarks {
    let Some(first) = outline_root(doc).and_then(|root| root.get(b"First").ok()) else { return Bookmarks::default() };
    let mut seen = HashSet::new();
    let mut items = siblings(doc, first, &mut seen);
    let mut title = None;
    if let [only] = items.as_slice()
        && let Ok(children) = only.get(b"First")
    {
        title = text(doc, only);
        items = siblings(doc, children, &mut seen);
    }
    let page_index: HashMap<ObjectId, usize> = pages.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    let mut names = Names::default();
    let chapters = items
        .into_iter()
        .filter_map(|item| {
            let page = destination(doc, item, &mut names).and_then(|page| page_index.get(&page))?;
            Some(Bookmark { title: text(doc, item).unwrap_or_default(), page: *page })
        })
        .collect();
    Bookmarks { title, chapters }
}

fn outline_root(doc: &Document) -> Option<&Dictionary> {
    doc.catalog().ok()?.get_deref(b"Outlines", doc).ok()?.as_dict().ok()
}

/// An item and the ones its `Next` leads to, each once.
fn siblings<'a>(doc: &'a Document, first: &Object, seen: &mut HashSet<ObjectId>) -> Vec<&'a Dictionary> {
    let mut items = Vec::new();
    let mut next = first.as_reference().ok();
    while let Some(id) = next.filter(|id| seen.insert(*id)) {
        let Ok(item) = doc.get_dictionary(id) else { break };
        items.push(item);
        next = item.get(b"Next").and_then(Object::as_reference).ok();
    }
    items
}

fn text(doc: &Document, item: &Dictionary) -> Option<String> {
    decode_text_string(item.get_deref(b"Title", doc).ok()?).ok()
}

/// The page an item leads to: its `Dest`, or the destination of its `GoTo` action.
fn destination(doc: &Document, item: &Dictionary, names: &mut Names) -> Option<ObjectId> {
    let target = match item.get(b"Dest") {
        Ok(dest) => dest,
        Err(_) => {
            let action = item.get_deref(b"A", doc).ok()?.as_dict().ok()?;
            if action.get(b"S").and_then(Object::as_name).ok()? != b"GoTo" {
                return None;
            }
            action.get(b"D").ok()?
        }
    };
    match doc.dereference(target).ok()?.1 {
        Object::Name(name) | Object::String(name, _) => names.page(doc, name),
        explicit => explicit_page(doc, explicit),
    }
}

/// The page of an explicit destination (`[page /XYZ …]`), also as a dictionary's `D`.
fn explicit_page(doc: &Document, dest: &Object) -> Option<ObjectId> {
    match doc.dereference(dest).ok()?.1 {
        Object::Array(dest) => dest.first()?.as_reference().ok(),
        Object::Dictionary(dict) => {
            doc.dereference(dict.get(b"D").ok()?).ok()?.1.as_array().ok()?.first()?.as_reference().ok()
        }
        _ => None,
    }
}

/// Named destinations (the catalog's `Dests` and the `Dests` name tree), read at the
/// first bookmark that uses one.
#[derive(Default)]
struct Names {
    pages: Option<HashMap<Vec<u8>, ObjectId>>,
}

impl Names {
    fn page(&mut self, doc: &Document, name: &[u8]) -> Option<ObjectId> {
        self.pages.get_or_insert_with(|| named_pages(doc)).get(name).copied()
    }
}

fn named_pages(doc: &Document) -> HashMap<Vec<u8>, ObjectId> {
    let mut pages = HashMap::new();
    let Ok(catalog) = doc.catalog() else { return pages };
    if let Ok(dests) = catalog.get_deref(b"Dests", doc).and_then(Object::as_dict) {
        for (name, dest) in dests.iter() {
            if let Some(page) = explicit_page(doc, dest) {
                pages.insert(name.clone(), page);
            }
        }
    }
    let tree = catalog.get_deref(b"Names", doc).and_then(Object::as_dict).and_then(|n| n.get_deref(b"Dests", doc));
    if let Ok(root) = tree.and_then(Object::as_dict) {
        walk_name_tree(doc, root, &mut pages);
    }
    pages
}

/// The leaves of a name tree, every node visited once.
fn walk_name_tree(doc: &Document, root: &Dictionary, pages: &mut HashMap<Vec<u8>, ObjectId>) {
    let mut seen = HashSet::new();
    let mut nodes = vec![root];
    while let Some(node) = nodes.pop() {
        let kids = node.get_deref(b"Kids", doc).and_then(Object::as_array).map(Vec::as_slice).unwrap_or_default();
        for kid in kids.iter().filter_map(|kid| kid.as_reference().ok()) {
            if seen.insert(kid)
                && let Ok(kid) = doc.get_dictionary(kid)
            {
                nodes.push(kid);
            }
        }
        let leaves = node.get_deref(b"Names", doc).and_then(Object::as_array).map(Vec::as_slice).unwrap_or_default();
        for pair in leaves.chunks_exact(2) {
            if let (Ok(name), Some(page)) = (pair[0].as_str(), explicit_page(doc, &pair[1])) {
                pages.entry(name.to_vec()).or_insert(page);
            }
        }
    }
}
