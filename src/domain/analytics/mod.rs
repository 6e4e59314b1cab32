//! Analytics, counted without cookies: a page view as the beacon reports it and who is not
//! counted (`visit`), where a lead came from as its form says (`lead_source`, checked by the
//! page view's own rules).

pub mod lead_source;
pub mod visit;
