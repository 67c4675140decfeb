/// The version printed by `--version` and sent in the default User-Agent.
public enum WorkbenchVersion {
    public static let current = "0.1.0"
    public static let userAgent = "workbench/\(current)"
}
