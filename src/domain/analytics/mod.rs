//! Analytics, counted without cookies: a page view as the beacon reports it and who is not
//! counted (`visit`), where a lead came from as its form says (`lead_source`, checked by the
//! page view's own rules), and the period a report covers (`report`).

pub mod lead_source;
pub mod report;
pub mod visit;
