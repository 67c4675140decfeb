/// "Did you mean ...?" for mistyped words.
public enum Suggestion {
    /// The candidate nearest to `word`, if it is close enough to be a typo.
    ///
    /// Only a word about as long as a candidate can be a typo of it, so words
    /// longer than any command are not compared at all: an unknown 4 MB line
    /// must not cost seconds of edit distances.
    public static func nearest(_ word: String, among candidates: [String]) -> String? {
        guard word.utf8.count <= maximumWordLength else { return nil }
        let lowered = Array(word.lowercased())
        let limit = lowered.count <= 3 ? 1 : 2
        var best: (String, Int)?
        for candidate in candidates {
            let other = Array(candidate.lowercased())
            guard abs(other.count - lowered.count) <= limit else { continue }
            let distance = editDistance(lowered, other)
            if distance <= limit, distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Longer words are not typos of a command, a sub-command or a setting.
    static let maximumWordLength = 64

    /// `": did you mean X?"`, or nothing.
    public static func didYouMean(_ word: String, among candidates: [String]) -> String {
        nearest(word, among: candidates).map { ": did you mean \($0)?" } ?? ""
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and
    /// swaps of neighbours each cost one, so `sned` is one step from `send`.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
