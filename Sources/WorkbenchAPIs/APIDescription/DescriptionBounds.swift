import WorkbenchBasics

/// How much of a tree an API description may make, before OpenAPIKit sees it.
///
/// A description can come from anywhere (`openapi URL`), and two kinds of
/// small file make huge work: YAML aliases that repeat each other (ten
/// aliases of ten make 10^10 values from 600 bytes, the "billion laughs"),
/// and deep nesting, which every recursive walk after parsing (the
/// conversion, OpenAPIKit's decoding, Swift's destruction of the tree) pays
/// for with stack, so 70,000 nested arrays crash the process.
///
/// What Yams offers was checked first: libyaml stops at 1,000 nested levels
/// (a process-wide setting, `yaml_set_max_nest_level`, not part of Yams' Swift
/// API), and Yams composes an alias as the node it names, shared, without
/// counting or bounding how often it is repeated. So the bounds are counted
/// here, while the YAML nodes are turned into the tree (`DescriptionTree`),
/// and for JSON by the parser, before a container too deep is built.
enum DescriptionBounds {
    /// Deeper than any real description (GitHub's and Stripe's nest under 40
    /// levels), shallow enough for the decoder's recursion on a worker thread.
    static let maximumDepth = 200
    /// The largest description read (bytes), as for the files its `$ref`s name together.
    /// Loading takes about 15 times the file's size in memory, most of it OpenAPIKit's
    /// document, kept while the description is loaded: Discord's description scaled to 53
    /// MB took 11.7 s and 985 MB (issue 40). The largest public ones are a few MB (GitHub's
    /// 11 MB, Stripe's 7 MB).
    static let maximumBytes = 32 << 20
    /// Values the tree may hold beyond one per byte of the file: YAML without
    /// aliases never reaches one value per byte, so only aliases can.
    static let aliasAllowance = 1_000_000

    /// What converting one file may still do.
    struct Budget {
        let name: String
        let maximumValues: Int
        var values = 0

        init(name: String, byteCount: Int) {
            self.name = name
            maximumValues = byteCount + DescriptionBounds.aliasAllowance
        }

        /// Counts one value at `depth` (the top is 1), or refuses the file.
        mutating func count(depth: Int) throws(WorkbenchError) {
            if depth > DescriptionBounds.maximumDepth { throw DescriptionBounds.tooDeep(name) }
            values += 1
            if values > maximumValues {
                throw WorkbenchError(
                    "\(name) expands to more than \(maximumValues) values: its YAML aliases repeat what they name "
                        + "too often (the bound is \(DescriptionBounds.aliasAllowance) values beyond one per byte of the file)")
            }
        }
    }

    /// Refuses a description over `maximumBytes` before any of it is read.
    static func checkSize(_ byteCount: Int, name: String) throws(WorkbenchError) {
        guard byteCount > maximumBytes else { return }
        throw WorkbenchError(
            "\(name) is \(Quantities.size(byteCount)), over the \(Quantities.size(maximumBytes)) bound for an API description; not loaded")
    }

    static func tooDeep(_ name: String) -> WorkbenchError {
        WorkbenchError("\(name) nests more than \(maximumDepth) levels deep (the bound for an API description)")
    }

    /// libyaml's own nesting bound, found in its error: named like ours.
    static func isNestingProblem(_ yamlError: String) -> Bool {
        yamlError.contains("Maximum nesting level")
    }
}
