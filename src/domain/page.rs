//! Page numbers from a query string: anything missing, malformed or out of range is clamped.

/// The page asked for: missing, non-numeric, zero or negative is 1; a number too large to
/// hold is the largest (the caller clamps it to the last page).
pub fn requested_page(raw: Option<&str>) -> u64 {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else {
        return 1;
    };
    if raw.bytes().all(|b| b.is_ascii_digit()) {
        return raw.parse::<u64>().unwrap_or(u64::MAX).max(1);
    }
    1
}

/// Number of pages for `total` items: at least 1, so a page in `[1, pages]` always exists.
pub fn page_count(total: u64, limit: u64) -> u64 {
    total.div_ceil(limit.max(1)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn odd_page_values_are_clamped_not_refused() {
        let cases = [
            (None, 1),
            (Some(""), 1),
            (Some("2"), 2),
            (Some(" 3 "), 3),
            (Some("0"), 1),
            (Some("-1"), 1),
            (Some("abc"), 1),
            (Some("1.5"), 1),
            (Some("99999999999999999999"), u64::MAX),
        ];
        for (raw, page) in cases {
            assert_eq!(requested_page(raw), page, "{raw:?}");
        }
    }

    #[test]
    fn there_is_always_at_least_one_page() {
        assert_eq!(page_count(0, 12), 1);
        assert_eq!(page_count(12, 12), 1);
        assert_eq!(page_count(13, 12), 2);
    }
}
