//! The `_id` of an enquiry or applicant: 32 lower-case hex characters, a 48-bit millisecond
//! timestamp then 80 random bits, so ids sort by creation time and cannot be guessed.

use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LeadId(String);

#[derive(Debug, thiserror::Error)]
#[error("the system's random number source failed: {0}")]
pub struct IdError(getrandom::Error);

impl LeadId {
    pub fn generate() -> Result<LeadId, IdError> {
        let mut random = [0u8; 10];
        getrandom::fill(&mut random).map_err(IdError)?;
        let millis = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        // The low 48 bits of the time: enough until the year 10889.
        let time = (millis as u64) & 0xFFFF_FFFF_FFFF;
        Ok(LeadId(format!("{time:012x}{}", hex::encode(random))))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Display for LeadId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_32_lower_case_hex_characters_and_unique() {
        let ids: Vec<LeadId> = (0..1000).map(|_| LeadId::generate().expect("id")).collect();
        for id in &ids {
            assert_eq!(id.as_str().len(), 32, "{id}");
            assert!(
                id.as_str()
                    .bytes()
                    .all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')),
                "{id}"
            );
        }
        let distinct: std::collections::HashSet<_> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len());
    }

    #[test]
    fn later_ids_sort_after_earlier_ones() {
        let first = LeadId::generate().expect("id");
        std::thread::sleep(std::time::Duration::from_millis(2));
        let second = LeadId::generate().expect("id");
        assert!(first.as_str() < second.as_str(), "{first} then {second}");
    }
}
