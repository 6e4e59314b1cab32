//! The `_id` of an enquiry or applicant: 32 lower-case hex characters, 128 random bits.
//!
//! Visitors see these ids (a form's 201 answers with one), so they carry nothing but
//! randomness: no creation time that would tell when an address subscribed, and nothing to
//! guess. Whatever needs the order of arrival sorts by `created_at`.

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LeadId(String);

#[derive(Debug, thiserror::Error)]
#[error("the system's random number source failed: {0}")]
pub struct IdError(pub(crate) getrandom::Error);

impl LeadId {
    pub fn generate() -> Result<LeadId, IdError> {
        let mut random = [0u8; 16];
        getrandom::fill(&mut random).map_err(IdError)?;
        Ok(LeadId(hex::encode(random)))
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
    fn ids_made_in_the_same_millisecond_share_no_time_prefix() {
        // A 48-bit millisecond timestamp in front made ids of one moment share 12 hex
        // digits (and told their creation time); random ids almost never share even 4.
        let ids: Vec<LeadId> = (0..64).map(|_| LeadId::generate().expect("id")).collect();
        let mut prefixes = std::collections::HashSet::new();
        for id in &ids {
            assert!(
                prefixes.insert(&id.as_str()[..12]),
                "two ids share the prefix {}",
                &id.as_str()[..12]
            );
        }
        let sharing_four = ids
            .windows(2)
            .filter(|pair| pair[0].as_str()[..4] == pair[1].as_str()[..4])
            .count();
        assert!(
            sharing_four <= 1,
            "{sharing_four} neighbours share 4 hex digits"
        );
    }

    #[test]
    fn an_id_carries_no_creation_time() {
        let millis = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .expect("clock after 1970")
            .as_millis() as u64;
        // What the first 12 hex digits held before: the time, give or take a minute.
        let now = format!("{:012x}", millis & 0xFFFF_FFFF_FFFF);
        let matching = (0..100)
            .map(|_| LeadId::generate().expect("id"))
            .filter(|id| id.as_str()[..7] == now[..7])
            .count();
        assert!(
            matching <= 1,
            "{matching} of 100 ids start with the current time"
        );
    }
}
