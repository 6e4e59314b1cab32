pub mod applicant;
pub mod enquiry;
pub mod fields;
pub mod lead_id;
pub mod resume;
