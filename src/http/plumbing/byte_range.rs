//! One byte range of a file (`Range: bytes=...`), as the media files and the built assets
//! answer it: a browser plays a video by ranges (Safari only so) and resumes a download by one.

use warp::http::{header, HeaderValue, StatusCode};
use warp::reply::Response;

/// What of a file is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Whole,
    /// The bytes from the first to the last (inclusive).
    Range(u64, u64),
    /// A range that starts past the end (416).
    Unsatisfiable,
}

impl Part {
    /// The part `range` (a `Range` header) asks of a file of `len` bytes: a single range of
    /// bytes, else the whole (a header of another unit, several ranges or nonsense is
    /// ignored, as HTTP allows).
    pub fn asked(range: &str, len: u64) -> Part {
        let Some(spec) = range.trim().strip_prefix("bytes=") else {
            return Part::Whole;
        };
        if spec.contains(',') {
            return Part::Whole;
        }
        let Some((first, last)) = spec.trim().split_once('-') else {
            return Part::Whole;
        };
        let number = |text: &str| text.trim().parse::<u64>().ok();
        match (first.trim().is_empty(), number(first), number(last)) {
            // The last n bytes.
            (true, _, Some(0)) => Part::Unsatisfiable,
            (true, _, Some(n)) if len > 0 => Part::Range(len.saturating_sub(n), len - 1),
            (true, _, _) => Part::Unsatisfiable,
            (false, Some(start), _) if start >= len => Part::Unsatisfiable,
            (false, Some(start), None) if last.trim().is_empty() => Part::Range(start, len - 1),
            (false, Some(start), Some(end)) if end >= start => Part::Range(start, end.min(len - 1)),
            _ => Part::Whole,
        }
    }

    /// The part of `whole` (a whole file's bytes).
    pub fn of(self, whole: &bytes::Bytes) -> bytes::Bytes {
        match self {
            Part::Whole => whole.clone(),
            Part::Range(first, last) => whole.slice(first as usize..=last as usize),
            Part::Unsatisfiable => bytes::Bytes::new(),
        }
    }

    /// Marks `response` (with the part's bytes as its body) as answering this part of a file
    /// of `total` bytes: 206 with `Content-Range`, or 416 naming the length.
    pub fn mark(self, response: &mut Response, total: u64) {
        let (status, range) = match self {
            Part::Whole => return,
            Part::Range(first, last) => (
                StatusCode::PARTIAL_CONTENT,
                format!("bytes {first}-{last}/{total}"),
            ),
            Part::Unsatisfiable => (
                StatusCode::RANGE_NOT_SATISFIABLE,
                format!("bytes */{total}"),
            ),
        };
        *response.status_mut() = status;
        if let Ok(value) = HeaderValue::from_str(&range) {
            response.headers_mut().insert(header::CONTENT_RANGE, value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_byte_range_is_answered_and_others_are_the_whole() {
        let cases = [
            ("bytes=0-99", Part::Range(0, 99)),
            ("bytes=100-", Part::Range(100, 999)),
            ("bytes=-10", Part::Range(990, 999)),
            ("bytes=-5000", Part::Range(0, 999)),
            ("bytes=990-5000", Part::Range(990, 999)),
            ("bytes=1000-", Part::Unsatisfiable),
            ("bytes=-0", Part::Unsatisfiable),
            ("bytes=5-1", Part::Whole),
            ("bytes=0-1,5-9", Part::Whole),
            ("items=0-1", Part::Whole),
            ("bytes=x-y", Part::Whole),
        ];
        for (range, part) in cases {
            assert_eq!(Part::asked(range, 1000), part, "{range}");
        }
        assert_eq!(Part::asked("bytes=0-", 0), Part::Unsatisfiable);
        assert_eq!(Part::asked("bytes=-3", 0), Part::Unsatisfiable);
    }
}
