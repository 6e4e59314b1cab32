//! How deeply a body's elements sit inside one another, and how many the parser makes of it.
//!
//! The HTML parser behind the sanitizer looks through every open element for many of the
//! tags it reads (is a `<p>` open? a list? a table?), so a body of nothing but openings
//! (`<div>` 50,000 times, or 50,000 `>` quote markers in Markdown) costs time that grows
//! with the square of its length: seconds to minutes for a body within the size limit.
//! With at most [`MAX_NESTING`] elements open at any point, each tag costs a bounded look.
//!
//! The parser also makes elements nobody wrote: bold, italic and links left open when a
//! paragraph or quote closes are reopened in each one after, and ones closed out of order
//! are copied to repair the tree. Thirty `<b>` left open make thirty new elements in every
//! paragraph that follows: with 200 KB of `<p>x</p>` after them, 5.6 MB of HTML and half a
//! second of sanitizing. So the elements made are counted too, at most [`MAX_ELEMENTS`].
//! Within both limits a body costs time in proportion to its length.
//!
//! [`check_html`] parses the HTML as the sanitizer will, with a tree that keeps nothing, and
//! counts after each tag and each run of text what the parser holds open (the elements
//! around the current point, and the bold, italic and link elements it would reopen there)
//! and the elements it has made. It stops at the first point past a limit, so a refused
//! body costs no more than an accepted one.

use std::borrow::Cow;
use std::cell::Cell;
use std::rc::Rc;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};
use html5ever::tree_builder::{
    ElementFlags, NodeOrText, QuirksMode, Tracer, TreeBuilder, TreeBuilderOpts, TreeSink,
};
use html5ever::{local_name, ns, Attribute, QualName, TokenizerResult};

/// Most elements open inside one another in a body: quotes, lists, their items and
/// paragraphs, emphasis, links. A real story uses about ten.
pub const MAX_NESTING: usize = 32;

/// Most elements the parser may make of a body: one for every two bytes of the longest
/// body. Markup written by hand or from Markdown makes at most one for every three bytes
/// (`<a>`), a real story one for every twenty or more.
pub const MAX_ELEMENTS: usize = 100_000;

/// Why a body costs too much to parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TooComplex {
    /// More than [`MAX_NESTING`] elements open at one point.
    Deep,
    /// More than [`MAX_ELEMENTS`] elements made.
    Tangled,
}

/// The parser reads this much of the body at a time, and stops between pieces once the body
/// is known to be too deep.
const PIECE: usize = 16 * 1024;

/// Whether `html`, parsed as the sanitizer parses it (a fragment inside a `<div>`), keeps
/// at most [`MAX_NESTING`] elements open at every point and makes at most [`MAX_ELEMENTS`].
pub fn check_html(html: &str) -> Result<(), TooComplex> {
    let html = without_named_references(html);
    let tokenizer = watched_parser();
    let input = BufferQueue::default();
    for piece in pieces(&html, PIECE) {
        input.push_back(StrTendril::from_slice(piece));
        // The tokenizer pauses after each `</script>`; it goes on where it stopped.
        while let TokenizerResult::Script(_) = tokenizer.feed(&input) {}
        if let Some(refused) = tokenizer.sink.refused.get() {
            return Err(refused);
        }
    }
    tokenizer.end();
    match tokenizer.sink.refused.get() {
        Some(refused) => Err(refused),
        None => Ok(()),
    }
}

/// html5ever's tokenizer and tree builder, set up as ammonia sets them up, with the watch
/// between the two.
fn watched_parser() -> Tokenizer<Watch> {
    let div = QualName::new(None, ns!(html), local_name!("div"));
    let context = Rc::new(Node::element(div, &ElementFlags::default()));
    let tree = Shape { made: Cell::new(0) };
    let builder = TreeBuilder::new_for_fragment(tree, context, None, TreeBuilderOpts::default());
    let opts = TokenizerOpts {
        initial_state: Some(builder.tokenizer_state_for_context_elem(false)),
        ..TokenizerOpts::default()
    };
    let watch = Watch {
        builder,
        at_start: Cell::new(0),
        round: Cell::new(0),
        refused: Cell::new(None),
    };
    // The document, the `<div>` and the `<html>` the parser starts with are not the body's.
    watch.at_start.set(watch.open_now());
    Tokenizer::new(watch, opts)
}

/// `html` with each named character reference (`&lt;`, `&amp;`, `&mdash;`...) made plain
/// text (`_lt;`), which the tokenizer reads some 300 times faster: 200 KB of `<` in Markdown
/// is 200,000 `&lt;`, tens of milliseconds to decode. A reference is only ever letters,
/// digits and `;`, so where each tag begins and ends stays the same; and what it stood for
/// is text that is not white space either way (but for `&Tab;` and `&NewLine;`, kept), so
/// the tree builder does the same with it.
fn without_named_references(html: &str) -> Cow<'_, str> {
    if !html.contains('&') {
        return Cow::Borrowed(html);
    }
    let mut plain = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find('&') {
        let after = &rest[at + 1..];
        let named = after.starts_with(|c: char| c.is_ascii_alphabetic())
            && !after.starts_with("Tab;")
            && !after.starts_with("NewLine;");
        plain.push_str(&rest[..at]);
        plain.push(if named { '_' } else { '&' });
        rest = after;
    }
    plain.push_str(rest);
    Cow::Owned(plain)
}

/// `text` in pieces of about `size` bytes, cut between characters.
fn pieces(text: &str, size: usize) -> impl Iterator<Item = &str> {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let mut end = size.min(rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (piece, after) = rest.split_at(end);
        rest = after;
        Some(piece)
    })
}

/// Passes each token from the tokenizer to the tree builder, then counts what the builder
/// holds open and has made; past a limit it passes nothing more.
struct Watch {
    builder: TreeBuilder<Handle, Shape>,
    at_start: Cell<usize>,
    /// Numbers each count, so an element both open and reopenable is counted once.
    round: Cell<u32>,
    refused: Cell<Option<TooComplex>>,
}

impl Watch {
    /// The elements the tree builder holds: the open ones, the ones it would reopen, and its
    /// document and context.
    fn open_now(&self) -> usize {
        let round = self.round.get().wrapping_add(1);
        self.round.set(round);
        let tally = Tally {
            round,
            seen: Cell::new(0),
        };
        self.builder.trace_handles(&tally);
        tally.seen.get()
    }
}

impl TokenSink for Watch {
    type Handle = Handle;

    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<Handle> {
        if self.refused.get().is_some() {
            return TokenSinkResult::Continue;
        }
        let result = self.builder.process_token(token, line_number);
        if self.open_now() > self.at_start.get() + MAX_NESTING {
            self.refused.set(Some(TooComplex::Deep));
        } else if self.builder.sink.made.get() > MAX_ELEMENTS {
            self.refused.set(Some(TooComplex::Tangled));
        }
        result
    }

    fn end(&self) {
        if self.refused.get().is_none() {
            self.builder.end();
        }
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        self.builder
            .adjusted_current_node_present_but_not_in_html_namespace()
    }
}

/// Counts distinct elements: each is marked with the round that saw it.
struct Tally {
    round: u32,
    seen: Cell<usize>,
}

impl Tracer for Tally {
    type Handle = Handle;

    fn trace_handle(&self, node: &Handle) {
        if node.seen_in.replace(self.round) != self.round {
            self.seen.set(self.seen.get() + 1);
        }
    }
}

type Handle = Rc<Node>;

/// What the tree builder asks of a node: its name, and the flags it was made with.
struct Node {
    name: QualName,
    template_contents: Option<Handle>,
    mathml_annotation_xml_integration_point: bool,
    seen_in: Cell<u32>,
}

impl Node {
    /// The document, a comment, or a template's contents.
    fn other() -> Node {
        Node {
            name: QualName::new(None, ns!(), local_name!("")),
            template_contents: None,
            mathml_annotation_xml_integration_point: false,
            seen_in: Cell::new(0),
        }
    }

    fn element(name: QualName, flags: &ElementFlags) -> Node {
        Node {
            name,
            template_contents: flags.template.then(|| Rc::new(Node::other())),
            mathml_annotation_xml_integration_point: flags.mathml_annotation_xml_integration_point,
            seen_in: Cell::new(0),
        }
    }
}

/// A tree that keeps no tree, only the number of elements made: the tree builder's own
/// stack is all the watch needs besides.
struct Shape {
    made: Cell<usize>,
}

impl TreeSink for Shape {
    type Handle = Handle;
    type Output = ();
    type ElemName<'a> = &'a QualName;

    fn finish(self) {}

    fn parse_error(&self, _message: Cow<'static, str>) {}

    fn get_document(&self) -> Handle {
        Rc::new(Node::other())
    }

    fn elem_name<'a>(&'a self, target: &'a Handle) -> &'a QualName {
        &target.name
    }

    fn create_element(
        &self,
        name: QualName,
        _attrs: Vec<Attribute>,
        flags: ElementFlags,
    ) -> Handle {
        self.made.set(self.made.get() + 1);
        Rc::new(Node::element(name, &flags))
    }

    fn create_comment(&self, _text: StrTendril) -> Handle {
        Rc::new(Node::other())
    }

    fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> Handle {
        Rc::new(Node::other())
    }

    fn append(&self, _parent: &Handle, _child: NodeOrText<Handle>) {}

    fn append_based_on_parent_node(
        &self,
        _element: &Handle,
        _prev_element: &Handle,
        _child: NodeOrText<Handle>,
    ) {
    }

    fn append_doctype_to_document(
        &self,
        _name: StrTendril,
        _public_id: StrTendril,
        _system_id: StrTendril,
    ) {
    }

    fn get_template_contents(&self, target: &Handle) -> Handle {
        // Asked only of templates, which always have contents.
        target
            .template_contents
            .clone()
            .unwrap_or_else(|| target.clone())
    }

    fn same_node(&self, x: &Handle, y: &Handle) -> bool {
        Rc::ptr_eq(x, y)
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, _sibling: &Handle, _new_node: NodeOrText<Handle>) {}

    fn add_attrs_if_missing(&self, _target: &Handle, _attrs: Vec<Attribute>) {}

    fn remove_from_parent(&self, _target: &Handle) {}

    fn reparent_children(&self, _node: &Handle, _new_parent: &Handle) {}

    fn is_mathml_annotation_xml_integration_point(&self, handle: &Handle) -> bool {
        handle.mathml_annotation_xml_integration_point
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nested(open: &str, close: &str, levels: usize) -> String {
        format!("{}text{}", open.repeat(levels), close.repeat(levels))
    }

    #[test]
    fn the_limit_is_exact_for_closed_elements() {
        for (open, close) in [
            ("<blockquote>", "</blockquote>"),
            ("<div>", "</div>"),
            ("<em>", "</em>"),
            ("<span>", "</span>"),
        ] {
            assert_eq!(
                check_html(&nested(open, close, MAX_NESTING)),
                Ok(()),
                "{open}"
            );
            assert_eq!(
                check_html(&nested(open, close, MAX_NESTING + 1)),
                Err(TooComplex::Deep),
                "{open}"
            );
        }
        // A list level is two elements: the list and its item.
        assert_eq!(
            check_html(&nested("<ul><li>", "</li></ul>", MAX_NESTING / 2)),
            Ok(())
        );
        assert_eq!(
            check_html(&nested("<ul><li>", "</li></ul>", MAX_NESTING / 2 + 1)),
            Err(TooComplex::Deep)
        );
    }

    #[test]
    fn long_runs_of_openings_are_refused() {
        let cases = [
            "<blockquote>".repeat(10_000),
            "<div>".repeat(50_000),
            "<ul><li>".repeat(10_000),
            "<dl><dd>".repeat(10_000),
            "<b>".repeat(10_000),
            "<table><tr><td>".repeat(5_000),
            "<svg><g>".repeat(5_000),
            "<template>".repeat(10_000),
            // The parser's repairs: an element closed across a block is reopened inside it.
            "<b><div></b>".repeat(5_000),
            "<p><b class=x><i class=y></p>x".repeat(5_000),
        ];
        for html in cases {
            assert_eq!(check_html(&html), Err(TooComplex::Deep), "{}", &html[..30]);
        }
    }

    #[test]
    fn named_references_are_read_as_text_but_white_space_stays() {
        assert_eq!(
            without_named_references("a &lt; &amp;lt; &nbsp &#60; &Tab; &NewLine; & &"),
            "a _lt; _amp;lt; _nbsp &#60; &Tab; &NewLine; & &"
        );
        assert_eq!(
            check_html(&"<div>&lt;".repeat(MAX_NESTING + 1)),
            Err(TooComplex::Deep)
        );
    }

    #[test]
    fn elements_the_parser_makes_again_and_again_are_counted() {
        // Thirty bold elements left open, reopened in every paragraph after.
        let bold: String = (0..30).map(|i| format!("<b id={i}>")).collect();
        let reopened = format!("<p>{bold}</p>{}", "<p>x</p>".repeat(5_000));
        assert_eq!(check_html(&reopened), Err(TooComplex::Tangled));
        // Closed where they end, the same paragraphs make an element each.
        let closed = format!(
            "<p>{bold}{}</p>{}",
            "</b>".repeat(30),
            "<p>x</p>".repeat(5_000)
        );
        assert_eq!(check_html(&closed), Ok(()));
        // The densest markup written by hand, as long as a body may be, makes fewer.
        assert_eq!(check_html(&"<a>".repeat(68_000)), Ok(()));
    }

    #[test]
    fn only_what_stays_open_counts() {
        let n = 5_000;
        let pairs = [
            // Closed, or closed by the next one of its kind: flat however long.
            ("<ul><li>item</li></ul>".repeat(n), "<ul><li>item".repeat(n)),
            (
                "<ul>".to_owned() + &"<li>item".repeat(n),
                "<li><ul>".repeat(n),
            ),
            ("<p>paragraph".repeat(n), "<blockquote>paragraph".repeat(n)),
            ("<div></div>".repeat(n), "<div>".repeat(n)),
            (
                "<table>".to_owned() + &"<tr><td>a<td>b".repeat(n) + "</table>",
                "<table><tr><td>".repeat(n),
            ),
            (
                "<br><img src=x><hr>".repeat(n),
                "<span><img src=x>".repeat(n),
            ),
            (
                "</div></blockquote>".repeat(n),
                "<div></blockquote>".repeat(n),
            ),
            // Text cut between two pieces of the parser's reading stays whole.
            ("<p>é</p>".repeat(n), "<div>é".repeat(n)),
            // Openings in text, comments, scripts and attributes are not elements.
            ("&lt;div&gt;".repeat(n), "<div>".repeat(n)),
            ("&lt<div>&gt</div>".repeat(n), "&lt<div>&gt".repeat(n)),
            ("<!-- <div> -->".repeat(n), "<div><!-- </div> -->".repeat(n)),
            (
                format!("<script>{}</script>", "<div>".repeat(n)),
                format!("<script></script>{}", "<div>".repeat(n)),
            ),
            (
                format!("<p title=\"{}\">x</p>", "<div>".repeat(n)),
                format!("<p title=x>{}</p>", "<div>".repeat(n)),
            ),
        ];
        for (flat, deep) in pairs {
            assert_eq!(check_html(&flat), Ok(()), "{}", &flat[..30]);
            assert_eq!(check_html(&deep), Err(TooComplex::Deep), "{}", &deep[..30]);
        }
    }
}
