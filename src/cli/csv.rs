//! CSV as RFC 4180 says (CRLF line ends, quotes doubled inside quoted cells), in UTF-8, with
//! one guard: a cell that starts with = + - @, a tab or a CR gets a leading ', so a
//! spreadsheet shows it as text instead of running it as a formula.

use std::borrow::Cow;
use std::io::{self, Write};

pub struct CsvWriter<W: Write> {
    out: W,
}

impl<W: Write> CsvWriter<W> {
    pub fn new(out: W) -> Self {
        CsvWriter { out }
    }

    /// The UTF-8 byte-order mark, for spreadsheets that guess the encoding otherwise.
    pub fn byte_order_mark(&mut self) -> io::Result<()> {
        self.out.write_all("\u{feff}".as_bytes())
    }

    pub fn row<'a>(&mut self, cells: impl IntoIterator<Item = &'a str>) -> io::Result<()> {
        for (i, value) in cells.into_iter().enumerate() {
            if i > 0 {
                self.out.write_all(b",")?;
            }
            self.out.write_all(cell(value).as_bytes())?;
        }
        self.out.write_all(b"\r\n")
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// One cell, guarded and quoted as needed.
pub fn cell(value: &str) -> Cow<'_, str> {
    let guarded: Cow<'_, str> = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        Cow::Owned(format!("'{value}"))
    } else {
        Cow::Borrowed(value)
    };
    if guarded.contains([',', '"', '\r', '\n']) {
        Cow::Owned(format!("\"{}\"", guarded.replace('"', "\"\"")))
    } else {
        guarded
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_that_a_spreadsheet_would_run_as_formulas_get_a_leading_quote() {
        let cases: &[(&str, &str)] = &[
            (
                "=HYPERLINK(\"http://evil\")",
                "\"'=HYPERLINK(\"\"http://evil\"\")\"",
            ),
            ("=1+2", "'=1+2"),
            ("+91 98450 12345", "'+91 98450 12345"),
            ("-2+3", "'-2+3"),
            ("@SUM(A1)", "'@SUM(A1)"),
            ("\tcmd", "'\tcmd"),
            ("\r=1", "\"'\r=1\""),
            ("plain text", "plain text"),
            ("a = b", "a = b"),
            ("asha@example.com", "asha@example.com"),
            ("", ""),
        ];
        for (value, expected) in cases {
            assert_eq!(cell(value), *expected, "{value:?}");
        }
    }

    #[test]
    fn cells_with_commas_quotes_or_line_breaks_are_quoted_per_rfc_4180() {
        let cases: &[(&str, &str)] = &[
            ("Rao, Asha", "\"Rao, Asha\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("two\r\nlines", "\"two\r\nlines\""),
            ("रमेश, ज़ोए", "\"रमेश, ज़ोए\""),
        ];
        for (value, expected) in cases {
            assert_eq!(cell(value), *expected, "{value:?}");
        }
    }

    #[test]
    fn rows_end_with_crlf() {
        let mut out = Vec::new();
        let mut csv = CsvWriter::new(&mut out);
        csv.row(["a", "b,c"]).expect("row");
        csv.row(["", "=x"]).expect("row");
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            "a,\"b,c\"\r\n,'=x\r\n"
        );
    }
}
