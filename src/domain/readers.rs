//! The blog's readers as the office sees them: a subscription's double opt-in state (the
//! subscribers list shows it, filters and exports by it) and an address added by hand.

use super::enquiry::Subscription;
use super::fields::{Email, FieldError, FieldErrors, ShortText};

/// Where a subscription stands: only confirmed readers get stories.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubscriptionState {
    /// Waiting for the address to open its confirmation link.
    Pending,
    Confirmed,
    Unsubscribed,
}

impl SubscriptionState {
    pub const ALL: [SubscriptionState; 3] = [
        SubscriptionState::Pending,
        SubscriptionState::Confirmed,
        SubscriptionState::Unsubscribed,
    ];

    pub fn parse(text: &str) -> Option<SubscriptionState> {
        SubscriptionState::ALL
            .into_iter()
            .find(|state| state.as_str() == text)
    }

    /// As stored in `subscriptions.state`, and in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            SubscriptionState::Pending => "pending",
            SubscriptionState::Confirmed => "confirmed",
            SubscriptionState::Unsubscribed => "unsubscribed",
        }
    }
}

/// The field message for a `subscription=` filter the list does not know.
pub const SUBSCRIPTION_HELP: &str = "Choose one of: pending, confirmed, unsubscribed.";

/// What a reader added by hand is stored as: the subscribe form's department, and a
/// service that says the office typed it.
pub const ADDED_DEPARTMENT: &str = "Corp Blogs";
pub const ADDED_SERVICE: &str = "Added by staff";

/// The staff form "Add a reader": an address, checked as the subscribe form checks it.
pub fn parse_reader(email: &str) -> Result<Subscription, FieldErrors> {
    let mut errors = FieldErrors::default();
    let email = errors.check("email", Email::parse(email));
    match (
        email,
        ShortText::parse(ADDED_DEPARTMENT),
        ShortText::parse(ADDED_SERVICE),
    ) {
        (Some(email), Ok(department_website), Ok(service)) => Ok(Subscription {
            email,
            department_website,
            service,
        }),
        _ => {
            if errors.is_empty() {
                errors.add("email", FieldError::Required);
            }
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn states_read_back_as_written_and_nothing_else_parses() {
        for state in SubscriptionState::ALL {
            assert_eq!(SubscriptionState::parse(state.as_str()), Some(state));
        }
        for bad in ["", "Confirmed", "active", "unsubscribe"] {
            assert_eq!(SubscriptionState::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn a_reader_needs_a_real_address() {
        let reader = parse_reader("  Asha@Example.com ").expect("an address");
        assert_eq!(reader.email.folded(), "asha@example.com");
        assert_eq!(reader.service.as_ref(), ADDED_SERVICE);
        for bad in ["", "asha", "asha@", "@example.com"] {
            let errors = parse_reader(bad).expect_err(bad).into_map();
            assert!(errors.contains_key("email"), "{bad:?}: {errors:?}");
        }
    }
}
