//! Analytics' tables: the counted page views, the day's salt and their roll-ups (`visits`),
//! each lead's source and the lead roll-ups (`lead_sources`), a day-and-month roll-up read
//! over a period (`roll_ups`), the forms' posts refused by the proof of work per day and
//! the solving times (`refusals`), and the page views waiting to be written, which the server
//! holds and writes through the one writer (`counter`).

pub mod counter;
pub mod lead_sources;
pub mod refusals;
pub mod roll_ups;
pub mod visits;
