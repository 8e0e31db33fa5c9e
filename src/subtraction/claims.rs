//! The audit registry entries of paper A.

/// Every checkable statement of paper A, in statement order.
pub fn claims() -> Vec<crate::audit::Claim> {
    Vec::new()
}
