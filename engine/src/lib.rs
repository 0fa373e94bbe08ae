//! copydesk's domain: orders, brokerages, account actors and copy-trade supervision.
