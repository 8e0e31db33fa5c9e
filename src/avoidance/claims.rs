pub fn claims() -> Vec<crate::audit::Claim> {
    Vec::new()
}
