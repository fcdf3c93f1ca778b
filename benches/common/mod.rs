//! What the benches that take plain numbers share: `cargo bench --bench NAME -- 50 2000000`.

/// The bench's numeric arguments, in order (flags such as cargo's `--bench`
/// and anything that is not a whole number are passed over).
pub fn numbers() -> Vec<u64> {
    std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .filter_map(|a| a.parse().ok())
        .collect()
}
