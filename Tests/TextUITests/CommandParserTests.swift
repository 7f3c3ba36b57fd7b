import Testing
import TextUI

struct CommandParserTests {
    @Test(arguments: [
        ("tap Login", Command.tap("Login")),
        ("  tap   Review work photos  ", .tap("Review work photos")),
        ("tap \"Don't Allow\"", .tap("Don't Allow")),
        ("3", .tap("3")),
        ("1", .tap("1")),
        ("tap \"", .tap("\"")),  // one quote is not a quoted name
        ("more", .scroll(.down)),
        ("scroll top", .scroll(.top)),
        ("scroll 12", .scroll(.row(12))),
        ("type Username alice", .type("Username", text: "alice")),
        ("type Username  two words ", .type("Username", text: "two words")),
        ("type Username", .type("Username", text: "")),
        ("type \"Work place\" Main St", .type("Work place", text: "Main St")),
        ("TAP Login", .tap("Login")),
        ("back", .back),
        ("show", .show),
        ("help", .help),
        ("?", .help),
        ("quit", .quit),
        ("exit", .quit),
    ])
    func parses(line: String, expected: Command) throws {
        #expect(try CommandParser.parse(line) == expected)
    }

    @Test(arguments: [
        ("", "empty command; type help for the list of commands"),
        ("tpa Login", #"unknown command "tpa" (did you mean "tap"?); type help for the list of commands"#),
        ("dance", #"unknown command; type help for the list of commands"#),  // not quoted: a stray line may be a password
        ("tap", "tap needs a control: tap <identifier|label|number>"),
        ("type", "type needs a field and the text: type <field> <text>"),
        ("0", #"unknown command; type help for the list of commands"#),  // controls are numbered from 1
        ("-1", #"unknown command; type help for the list of commands"#),
        ("tap \"\"", "tap needs a control: tap <identifier|label|number>"),
        ("type \"\" text", "type needs a field and the text: type <field> <text>"),
        ("scroll sideways", #"scroll "sideways": expected up, down, top, bottom or a row number from 1"#),
    ])
    func rejectsWithAMessageForAPerson(line: String, message: String) {
        #expect {
            try CommandParser.parse(line)
        } throws: { error in
            (error as? CommandError)?.description == message
        }
    }
}
