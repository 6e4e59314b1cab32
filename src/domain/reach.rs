//! Links that reach a lead in one tap from a phone, as the lead mail carries them and the
//! inbox's detail shows them (`ui/src/features/staff/inbox/reach-links.ts` keeps the same
//! rule, with the same cases in its tests): call and WhatsApp. Numbers are read as visitors
//! type them ("+91 98450 12345", "098450 12345", "9845012345"); a number without its country
//! code is taken as Indian, the office's own (the forms are India's first).

/// The country code a number without one is taken to have.
pub const HOME_COUNTRY_CODE: &str = "91";

/// The number in international form, digits only (`919845012345`), or None when it is none.
pub fn international_digits(typed: &str) -> Option<String> {
    let trimmed = typed.trim();
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    let international = if trimmed.starts_with('+') {
        digits
    } else if let Some(rest) = digits.strip_prefix("00") {
        rest.to_owned()
    } else if digits.len() == 11 && digits.starts_with('0') {
        format!("{HOME_COUNTRY_CODE}{}", &digits[1..])
    } else if digits.len() == 10 {
        format!("{HOME_COUNTRY_CODE}{digits}")
    } else {
        digits
    };
    // E.164: at most 15 digits, and a country code and a number need at least 8.
    ((8..=15).contains(&international.len()) && !international.starts_with('0'))
        .then_some(international)
}

/// `tel:+919845012345`, or None.
pub fn tel_href(typed: &str) -> Option<String> {
    international_digits(typed).map(|digits| format!("tel:+{digits}"))
}

/// `https://wa.me/919845012345` (WhatsApp's link takes the number without `+`), or None.
pub fn whatsapp_href(typed: &str) -> Option<String> {
    international_digits(typed).map(|digits| format!("https://wa.me/{digits}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cases of the UI's `reach-links.test.ts`: both sides read a number alike.
    #[test]
    fn numbers_are_read_as_visitors_type_them() {
        let cases = [
            ("+91 98450 12345", Some("919845012345")),
            ("9845012345", Some("919845012345")),
            ("098450-12345", Some("919845012345")),
            ("0044 20 7946 0958", Some("442079460958")),
            ("+44 (20) 7946 0958", Some("442079460958")),
            ("", None),
            ("call me", None),
            ("12345", None),
            ("+1234567890123456", None),
        ];
        for (typed, digits) in cases {
            assert_eq!(international_digits(typed).as_deref(), digits, "{typed}");
        }
        assert_eq!(
            tel_href("98450 12345").as_deref(),
            Some("tel:+919845012345")
        );
        assert_eq!(
            whatsapp_href("+91 98450 12345").as_deref(),
            Some("https://wa.me/919845012345")
        );
        assert_eq!(tel_href("n/a"), None);
        assert_eq!(whatsapp_href("n/a"), None);
    }
}
