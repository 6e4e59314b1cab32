//! CSV as RFC 4180 says (CRLF line ends, quotes doubled inside quoted cells), in UTF-8, with
//! two guards:
//! - every cell is quoted, not only those with a comma, quote or line break: a spreadsheet
//!   whose list separator is `;` (or a tab) would otherwise split an unquoted
//!   `Asha;=cmd|...` into a second cell that starts with `=` and runs as a formula;
//! - a cell that starts with = + - @, a tab or a CR gets a leading ', so a spreadsheet shows
//!   it as text instead of running it as a formula.

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

/// One cell, guarded and always quoted.
pub fn cell(value: &str) -> String {
    let guard = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        "'"
    } else {
        ""
    };
    format!("\"{guard}{}\"", value.replace('"', "\"\""))
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
            ("=1+2", "\"'=1+2\""),
            ("+91 98450 12345", "\"'+91 98450 12345\""),
            ("-2+3", "\"'-2+3\""),
            ("@SUM(A1)", "\"'@SUM(A1)\""),
            ("\tcmd", "\"'\tcmd\""),
            ("\r=1", "\"'\r=1\""),
            ("plain text", "\"plain text\""),
            ("a = b", "\"a = b\""),
            ("asha@example.com", "\"asha@example.com\""),
            ("", "\"\""),
        ];
        for (value, expected) in cases {
            assert_eq!(cell(value), *expected, "{value:?}");
        }
    }

    #[test]
    fn every_cell_is_quoted_so_no_separator_inside_it_can_split_it() {
        let cases: &[(&str, &str)] = &[
            // A `;`-separator spreadsheet would split this into a cell starting with `=`.
            ("Asha;=cmd|' /C calc'!A0", "\"Asha;=cmd|' /C calc'!A0\""),
            ("Asha\t=1+2", "\"Asha\t=1+2\""),
            ("Rao, Asha", "\"Rao, Asha\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("two\r\nlines", "\"two\r\nlines\""),
            ("रमेश, ज़ोए", "\"रमेश, ज़ोए\""),
            ("42", "\"42\""),
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
            "\"a\",\"b,c\"\r\n\"\",\"'=x\"\r\n"
        );
    }
}
