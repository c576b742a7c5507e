//! `majlis loadtest`: many tables of bot clients over real WebSockets (to be written).
