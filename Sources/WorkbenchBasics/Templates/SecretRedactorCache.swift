/// The last redactor made, kept while the secrets it masks stay the same.
///
/// Making a `SecretRedactor` encodes every secret several ways and sorts the
/// forms; the REPL and a replay ask for one after every request, and the set of
/// secrets rarely changes between two. Comparing the values as a set costs what
/// listing them did; making the redactor again is done only when they differ.
public final class SecretRedactorCache {
    private var secrets: Set<String> = []
    private var made = SecretRedactor.none

    public init() {}

    /// The redactor for `secrets` (in any order, repeats allowed): the one made
    /// last when they are the same values, a new one otherwise.
    public func redactor(for secrets: [String]) -> SecretRedactor {
        let wanted = Set(secrets.lazy.filter { $0.count >= SecretRedactor.minimumLength })
        if wanted != self.secrets {
            made = SecretRedactor(secrets: wanted)
            self.secrets = wanted
        }
        return made
    }
}
