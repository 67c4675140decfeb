extension String {
    /// The text padded with spaces to `width` characters, for columns (help, timings).
    package func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
