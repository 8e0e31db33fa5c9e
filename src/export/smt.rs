//! `Family` certificates as SMT-LIB 2 queries (QF_LIA), issue 38: being written.
