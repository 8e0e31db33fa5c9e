//! The host line every bench prints in its header, so that no figure is
//! compared across machines without saying so: the CPU model (from
//! `/proc/cpuinfo`), the cores this process may use, and the transparent
//! huge pages mode (from `/sys/kernel/mm/transparent_hugepage/enabled`,
//! the bracketed word). Included by each bench with `#[path]`.

/// "host: AMD EPYC, 2 cores, THP madvise" (`unknown` for what cannot be
/// read, as on a system without `/proc` or THP).
pub fn host_line() -> String {
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|text| {
            text.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split(':').nth(1))
                .map(|model| model.trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let thp = std::fs::read_to_string("/sys/kernel/mm/transparent_hugepage/enabled")
        .ok()
        .and_then(|text| {
            let start = text.find('[')? + 1;
            let end = start + text[start..].find(']')?;
            Some(text[start..end].to_string())
        })
        .unwrap_or_else(|| "unknown".to_string());
    format!("host: {cpu}, {cores} cores, THP {thp}")
}
