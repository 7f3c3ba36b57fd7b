import Testing
import TextUI

@MainActor
struct SessionTests {
    @Test(arguments: ["Login", "3", "login"])
    func tapsAControlByIdentifierNumberOrUniqueCaseInsensitiveName(target: String) throws {
        let (session, screen) = makeSUT()
        try session.perform(.tap(target))
        #expect(screen.events == [.appear, .tap("Login")])
    }

    @Test func tapsAControlByItsLabel() throws {
        let (session, screen) = makeSUT()
        screen.elements[3].isEnabled = true
        try session.perform(.tap("Need help?"))
        #expect(screen.events.last == .tap("Help"))
    }

    @Test func typingIntoADisabledFieldIsRefusedAndReachesNoScreen() {
        let (session, screen) = makeSUT()
        screen.elements[0].isEnabled = false

        #expect { try session.perform(.type("Username", text: "alice")) } throws: {
            ($0 as? CommandError)?.description == #""Username" is disabled"#
        }
        #expect(screen.events == [.appear])
    }

    @Test func typesIntoAField() throws {
        let (session, screen) = makeSUT()
        try session.perform(.type("Username", text: "alice"))
        try session.perform(.type("2", text: "secret"))
        #expect(screen.events.dropFirst() == [.enter("alice", "Username"), .enter("secret", "Password")])
    }

    @Test(arguments: [
        (Command.tap("Logn"), #"no control "Logn" on this screen (did you mean "Login"?)"#),
        (.tap("Upload"), #"no control "Upload" on this screen"#),
        (.tap("9"), "no control number 9: this screen has controls 1 to 4"),
        (.tap("Help"), #""Help" is disabled"#),
        (.tap("4"), #""4" (Need help?) is disabled"#),  // numbers move as screens change: say which it was
        (.type("Login", text: "x"), #""Login" is not a text field"#),
        (.type("Usrname", text: "x"), #"no control "Usrname" on this screen (did you mean "Username"?)"#),
        (.back, "nothing to go back to: this is the first screen"),
    ])
    func refusesWithAnExactMessage(command: Command, message: String) {
        let (session, screen) = makeSUT()
        #expect { try session.perform(command) } throws: { ($0 as? CommandError)?.description == message }
        #expect(screen.events == [.appear], "a refused command reaches no screen")
    }

    @Test(arguments: [
        ("Reveiw", #"no control "Reveiw" on this screen (did you mean "Review work photos"?)"#),
        ("review", #"no control "review" on this screen (did you mean "Review work photos"?)"#),
        ("Reveiw wrok", #"no control "Reveiw …" on this screen (did you mean "Review work photos"?); only the first word of what you typed is shown"#),
        ("Setings", #"no control "Setings" on this screen (did you mean "Settings"?)"#),
        ("Upload", #"no control "Upload" on this screen"#),
    ])
    func aPersonWhoTypedTheStartOfALongerNameIsToldItsWholeName(target: String, message: String) {
        let stage = Stage()
        stage.setRoot(FakeScreen(elements: [.button("Review work photos"), .button("Settings")]))
        let session = Session(stage: stage)
        #expect { try session.perform(.tap(target)) } throws: { ($0 as? CommandError)?.description == message }
    }

    @Test(arguments: [
        ("Password hunter2", #"no control "Password …" on this screen; only the first word of what you typed is shown"#),
        ("Logn hunter2", #"no control "Logn …" on this screen; only the first word of what you typed is shown"#),
        ("Nothing  like\thunter2", #"no control "Nothing …" on this screen; only the first word of what you typed is shown"#),
    ])
    func anUnknownTargetIsNeverQuotedPastItsFirstWord(target: String, message: String) {
        let stage = Stage()
        stage.setRoot(FakeScreen(elements: [.text("Counts"), .button("Login")]))  // no password field here
        let session = Session(stage: stage)
        #expect { try session.perform(.tap(target)) } throws: { error in
            let text = (error as? CommandError)?.description ?? ""
            return text == message
        }
    }

    @Test func aSecureFieldShownOnAnEarlierFrameIsStillRecognisedInWhatIsTypedOnALaterScreen() {
        let (session, _) = makeSUT()
        _ = session.makeFrame()  // the login screen, with its Password field, is shown
        session.stage.setRoot(FakeScreen(title: "At a glance", elements: [.text("Counts"), .button("Review")]))

        #expect { try session.perform(.tap("Password hunter2")) } throws: {
            ($0 as? CommandError)?.description == #"tap takes the name of one control; to fill "Password", tap it and type the text when asked, "#
                + "or: type Password <text> (what you typed after it is not shown)"
        }
        #expect { try session.perform(.tap("Review now")) } throws: {
            ($0 as? CommandError)?.description == #"no control "Review …" on this screen; only the first word of what you typed is shown"#
        }
    }

    @Test(arguments: ["Password hunter2", "Passwordhunter2", "password hunter2"])
    func whatIsTypedAfterTheNameOfASecureFieldOnTheScreenIsNeverQuoted(target: String) {
        let (session, screen) = makeSUT()

        #expect { try session.perform(.tap(target)) } throws: {
            ($0 as? CommandError)?.description == #"tap takes the name of one control; to fill "Password", tap it and type the text when asked, "#
                + "or: type Password <text> (what you typed after it is not shown)"
        }
        #expect(screen.events == [.appear])
    }

    @Test func aLongUnknownNameThatDoesNotStartWithASecureFieldsNameIsAnUnknownControl() {
        let (session, _) = makeSUT()

        #expect { try session.perform(.tap("Usrname bob")) } throws: {
            ($0 as? CommandError)?.description == #"no control "Usrname …" on this screen; only the first word of what you typed is shown"#
        }
    }

    @Test func aSecureFieldsBareNameOnAScreenWithoutItIsAnUnknownControl() {
        let (session, _) = makeSUT()
        _ = session.makeFrame()
        session.stage.setRoot(FakeScreen(title: "At a glance", elements: [.button("Review")]))

        #expect { try session.perform(.tap("Password")) } throws: {
            ($0 as? CommandError)?.description == #"no control "Password" on this screen"#
        }
    }

    @Test func aPersonNamesAControlByWhatItShowsNowAndAStaleNameSaysWhatItReads() throws {
        let stage = Stage()
        let screen = FakeScreen(elements: [.button("Select", label: "Done"), .button("Delete")])
        stage.setRoot(screen)
        let session = Session(stage: stage)
        #expect { try session.perform(.tap("Select"), naming: .person) } throws: {
            ($0 as? CommandError)?.description == #"no control reads "Select" now: it reads "Done" (did you mean "Done", or [1]?)"#
        }
        try session.perform(.tap("Done"), naming: .person)
        try session.perform(.tap("Select"), naming: .script)  // a script names it by its identifier, which does not change
        #expect(screen.events.dropFirst() == [.tap("Select"), .tap("Select")])
    }

    @Test func aControlIsFoundByItsLabelWhateverItsCase() throws {
        let (session, screen) = makeSUT()
        screen.elements[3].isEnabled = true

        try session.perform(.tap("NEED HELP?"))

        #expect(screen.events == [.appear, .tap("Help")])
    }

    @Test func aCellIsFoundByItsRowAsTheScreenDrawsIt() throws {
        let stage = Stage()
        let screen = FakeScreen(elements: [
            .cell("photo-1", label: "Mon 1 Jun 2026, 09:05", value: "Office"),
            .cell("photo-2", label: "Mon 1 Jun 2026, 10:00", value: "Park"),
            .textField("Search", value: "Park"),
        ])
        stage.setRoot(screen)
        let session = Session(stage: stage)

        try session.perform(.tap("Mon 1 Jun 2026, 10:00  Park"))
        #expect { try session.perform(.tap("Search  Park")) } throws: { $0 is CommandError }

        #expect(screen.events == [.appear, .tap("photo-2")], "a row's text names its cell, and only a cell")
    }

    @Test func aNameTwoControlsShowInDifferentCasesNamesNeither() {
        let stage = Stage()
        let screen = FakeScreen(elements: [.button("draft", label: "Save"), .button("final", label: "SAVE")])
        stage.setRoot(screen)
        let session = Session(stage: stage)

        #expect { try session.perform(.tap("save")) } throws: {
            ($0 as? CommandError) == .noSuchControl("save", suggestion: "Save")
        }
        #expect(screen.events == [.appear], "an ambiguous name taps nothing")
    }

    @Test func aPersonIsNotMatchedByAnIdentifierInAnotherCaseButByWhatTheControlShows() throws {
        let stage = Stage()
        let screen = FakeScreen(elements: [.button("Select", label: "Done"), .button("Delete")])
        stage.setRoot(screen)
        let session = Session(stage: stage)

        #expect(throws: CommandError.self) { try session.perform(.tap("select"), naming: .person) }
        try session.perform(.tap("done"), naming: .person)

        #expect(screen.events == [.appear, .tap("Select")])
    }

    @Test func aScriptIsMatchedByAnIdentifierInAnotherCase() throws {
        let stage = Stage()
        let screen = FakeScreen(elements: [.button("Select", label: "Done"), .button("Delete")])
        stage.setRoot(screen)
        let session = Session(stage: stage)

        try session.perform(.tap("SELECT"))

        #expect(screen.events == [.appear, .tap("Select")])
    }

    @Test func scrollingAScreenWithoutAListIsRefusedAndReachesNoScreen() {
        let (session, screen) = makeSUT()

        #expect { try session.perform(.scroll(.down)) } throws: {
            ($0 as? CommandError)?.description == "nothing to scroll: this screen has no long list"
        }
        #expect(screen.events == [.appear])
    }

    @Test func scrollingAScreenWithAListMovesItsWindow() throws {
        let (session, screen) = makeSUT()
        screen.list = ListWindow(first: 0, total: 50)

        try session.perform(.scroll(.down))
        try session.perform(.scroll(.row(30)))

        #expect(screen.events == [.appear, .scroll(.down), .scroll(.row(30))])
    }

    @Test func anAlertBlocksTheScreenBehindItUntilAnswered() throws {
        let (session, screen) = makeSUT()
        var answers: [String] = []
        session.stage.present(Stage.Alert(
            identifier: "permission", title: "Allow access?", message: "Photos",
            buttons: [.init("Don't Allow") { answers.append("deny") }, .init("OK") { answers.append("ok") }]
        ))

        #expect { try session.perform(.tap("Login")) } throws: {
            ($0 as? CommandError)?.description == #""Login" is behind the alert "Allow access?"; answer the alert first"#
        }
        #expect { try session.perform(.back) } throws: { $0 is CommandError }
        try session.perform(.tap("2"))

        #expect(answers == ["ok"])
        #expect(session.stage.screen.topAlert == nil)
        try session.perform(.tap("Login"))
        #expect(screen.events.last == .tap("Login"))
    }

    @Test func backReturnsToTheScreenBelowWhichAppearsAgain() throws {
        let (session, first) = makeSUT()
        let second = FakeScreen(title: "Second", elements: [.button("Next")])
        session.stage.push(second)
        #expect(session.stage.screen.title == "Second")

        try session.perform(.back)

        #expect(session.stage.screen.title == "Login")
        #expect(first.events == [.appear, .appear])
    }

    @Test func publishesAFrameOnlyWhenTheScreenOrIdleChanged() {
        let counter = WorkCounter()
        let (session, screen) = makeSUT(counter: counter)
        let first = session.makeFrame()
        #expect(first.sequence == 1)
        #expect(first.isIdle)
        #expect(session.frameIfChanged() == nil)

        counter.pending = 1
        #expect(session.frameIfChanged()?.isIdle == false)
        screen.elements[4].label = "Done"
        counter.pending = 0
        let changed = session.frameIfChanged()
        #expect(changed?.sequence == 3)
        #expect(changed?.isIdle == true)
        #expect(changed?.screen.elements[4].label == "Done")
    }

    private func makeSUT(counter: WorkCounter = WorkCounter()) -> (Session, FakeScreen) {
        let stage = Stage()
        let screen = loginLikeScreen()
        stage.setRoot(screen)
        return (Session(stage: stage, pendingWork: { counter.pending }), screen)
    }
}
