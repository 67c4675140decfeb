import WorkbenchBasics

/// Two text bodies line by line, as a short unified-style diff: the changed
/// lines with one line of context around them, hunks apart marked by a gap.
///
/// A longest-common-subsequence table over the lines that differ (the common
/// start and end are cut first); bodies too large for the table are shown as
/// their first differing lines only, so a diff never costs more than
/// `tableLimit` cells.
enum TextDiff {
    static let tableLimit = 4_000_000
    /// The most lines a diff shows; the rest is counted in a gap line.
    static let shownLimit = 40

    static func lines(_ old: String, _ new: String) -> [ResponseDiff.TextLine] {
        let before = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let after = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var prefix = 0
        while prefix < before.count && prefix < after.count && before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < before.count - prefix && suffix < after.count - prefix
            && before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        { suffix += 1 }
        let left = Array(before[prefix..<(before.count - suffix)])
        let right = Array(after[prefix..<(after.count - suffix)])
        if left.isEmpty && right.isEmpty { return [] }
        var script: [ResponseDiff.TextLine] = before[..<prefix].map { .same($0) }
        if left.count * right.count <= tableLimit {
            script += edits(left, right)
        } else {
            script += left.map { .removed($0) } + right.map { .added($0) }
        }
        script += before[(before.count - suffix)...].map { .same($0) }
        return hunks(script)
    }

    /// The edit script from `left` to `right` by the LCS table.
    static func edits(_ left: [String], _ right: [String]) -> [ResponseDiff.TextLine] {
        let rows = left.count
        let columns = right.count
        var table = [Int](repeating: 0, count: (rows + 1) * (columns + 1))
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                table[row * (columns + 1) + column] =
                    left[row] == right[column]
                    ? table[(row + 1) * (columns + 1) + column + 1] + 1
                    : max(table[(row + 1) * (columns + 1) + column], table[row * (columns + 1) + column + 1])
            }
        }
        var script: [ResponseDiff.TextLine] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows && column < columns && left[row] == right[column] {
                script.append(.same(left[row])); row += 1; column += 1
            } else if row < rows
                && (column == columns || table[(row + 1) * (columns + 1) + column] >= table[row * (columns + 1) + column + 1])
            {
                // Removed lines before added ones, as diff shows them.
                script.append(.removed(left[row])); row += 1
            } else {
                script.append(.added(right[column])); column += 1
            }
        }
        return script
    }

    /// Only the changes and one line of context each side; a gap line where lines are left out.
    static func hunks(_ script: [ResponseDiff.TextLine]) -> [ResponseDiff.TextLine] {
        let changed = script.indices.filter { if case .same = script[$0] { false } else { true } }
        var keep = Set<Int>()
        for index in changed { keep.formUnion(max(0, index - 1)...min(script.count - 1, index + 1)) }
        var result: [ResponseDiff.TextLine] = []
        var skipped = 0
        for index in script.indices {
            if keep.contains(index) {
                if skipped > 0 && !result.isEmpty { result.append(.gap("… \(skipped) unchanged line\(skipped == 1 ? "" : "s")")) }
                skipped = 0
                result.append(script[index])
            } else {
                skipped += 1
            }
        }
        if result.count > shownLimit {
            let more = result.count - shownLimit
            result = Array(result.prefix(shownLimit)) + [.gap("… \(more) more line\(more == 1 ? "" : "s") of the diff")]
        }
        return result
    }
}
