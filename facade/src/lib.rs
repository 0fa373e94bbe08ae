//! copydesk HTTP facade.
