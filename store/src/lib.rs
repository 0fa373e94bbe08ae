//! copydesk persistence on sled.
