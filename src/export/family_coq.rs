//! `Family` certificates as Coq files proved by `lia` (formal/theories/Family.v), issue 38: being written.
