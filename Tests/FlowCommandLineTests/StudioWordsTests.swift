import Testing
@testable import FlowCommandLine

/// How studio reads a `:save` line and says the command that runs what it saved.
struct StudioWordsTests {
    /// A path a shell reads back as it is stays bare; anything else is single-quoted, a quote in it
    /// written as a shell needs it.
    @Test(arguments: [
        ("Flows/new.yaml", "Flows/new.yaml"), ("a-b_c+d,e:f@g%h.yaml", "a-b_c+d,e:f@g%h.yaml"), ("a b.yaml", "'a b.yaml'"),
        ("é.yaml", "'é.yaml'"), ("x;rm -rf.yaml", "'x;rm -rf.yaml'"), ("$(id).yaml", "'$(id).yaml'"), ("it's.yaml", #"'it'\''s.yaml'"#),
        ("", "''"),
    ])
    func aSavedFileIsSaidAsAShellReadsItBack(file: String, said: String) {
        #expect(StudioLoop.shellQuoted(file) == said)
    }

    @Test func aQuotedNameIsOneWord() {
        #expect(StudioLoop.words(#":save  a.yaml --name "Signs in"  "#) == [":save", "a.yaml", "--name", "Signs in"])
        #expect(StudioLoop.words("") == [])
    }
}
