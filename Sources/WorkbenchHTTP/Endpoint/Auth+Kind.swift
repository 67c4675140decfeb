import WorkbenchBasics

/// What every auth answers through its kind (`AuthKind`, one file each in `AuthKinds/`).
extension Auth {
    /// `basic ana:******`, `bearer ******`: what `auth` and the prompt show.
    public var summary: String { scheme.kind.summary(self) }

    /// Every template the auth refers to: the secret and the kinds' references.
    public var references: [String] { scheme.kind.references(self) }

    /// The templates whose values are secrets: masked even when they come from a plain variable.
    public var secretReferences: [String] { scheme.kind.secretReferences(self) }

    /// What the auth adds to a request built in `scope`.
    func effect(in scope: VariableScope) throws(WorkbenchError) -> AuthEffect {
        try scheme.kind.apply(self, in: scope)
    }

    /// How to give the secret `reference` again after `load`, in the words that set it.
    public func howToGiveAgain(_ reference: String) -> String {
        scheme.kind.howToGiveAgain(self, reference: reference)
    }
}
