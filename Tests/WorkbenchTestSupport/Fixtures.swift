/// Tests/Fixtures/, the inputs the tests read (NOTICE.md there says where each came from).
public enum Fixtures {
    public static let folder: String = {
        let file = String(#filePath)
        let support = file[..<file.lastIndex(of: "/")!]
        return support[..<support.lastIndex(of: "/")!] + "/Fixtures/"
    }()
}
