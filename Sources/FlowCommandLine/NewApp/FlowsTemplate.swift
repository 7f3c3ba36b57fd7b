/// The flows (`Flows/`): the scheme, two flows, the golden screen one of them checks, and the
/// page the runner's help points testers to.
extension NewAppTemplate {
    /// `Flows/schemes/default.yaml` of an app with no store.
    static let scheme = #"""
        # The scheme every `{{app}}-flow run` uses unless --scheme names another: the debug build,
        # launched as it is for each flow (the app keeps no data: nothing is seeded). Committed: it
        # holds no secret.
        app: .build/debug/{{app}}

        """#

    /// `Flows/schemes/default.yaml` of an app with a store.
    static let schemeWithStore = #"""
        # The scheme every `{{app}}-flow run` uses unless --scheme names another: the debug build,
        # each flow on its own copy of a store seeded by {{app}}-seed from Seeds/. Committed: it holds
        # no secret.
        app: .build/debug/{{app}}
        seeder: .build/debug/{{app}}-seed
        seeds: Seeds
        store: {argument: {{app}}.store, file: {{app}}.sqlite}   # each flow's copy: -{{app}}.store PATH

        """#

    /// `Flows/counting.yaml` of an app with no store.
    static let countingFlow = #"""
        name: Add one counts, and Reset goes back to zero
        tags: [counter, smoke]
        steps:
          - Counter.checkCount: {count: 0}
          - Counter.checkResetEnabled: {enabled: false}
          - Counter.addOne: {times: 2}
          - Counter.checkCount: {count: 2}
          - Counter.checkResetEnabled: {enabled: true}
          - Counter.reset
          - Counter.checkCount: {count: 0}
          - Counter.checkResetEnabled: {enabled: false}

        """#

    /// `Flows/counting.yaml` of an app with a store.
    static let countingFlowWithStore = #"""
        name: Add one counts from the seeded count, and Reset goes back to zero
        tags: [counter, smoke]
        fixture: default
        steps:
          - Counter.checkCount: {count: 2}
          - Counter.checkResetEnabled: {enabled: true}
          - Counter.addOne
          - Counter.checkCount: {count: 3}
          - Counter.reset
          - Counter.checkCount: {count: 0}
          - Counter.checkResetEnabled: {enabled: false}
          - Counter.checkStatus: {text: ""}

        """#

    /// `Flows/first-screen.yaml` of an app with no store.
    static let firstScreenFlow = #"""
        name: The first screen, as a person sees it
        tags: [counter]
        steps:
          - Counter.checkCount: {count: 0}
          - assertScreen: start

        """#

    /// `Flows/first-screen.yaml` of an app with a store.
    static let firstScreenFlowWithStore = #"""
        name: The first screen on the seeded store, as a person sees it
        tags: [counter]
        fixture: default
        steps:
          - Counter.checkCount: {count: 2}
          - assertScreen: start

        """#

    /// `Flows/__Screens__/first-screen.start.txt` of an app with no store: the golden screen the
    /// app renders, so the flow is green at once.
    static let startGolden = #"""
        golden screen: the screen as a person sees it, then its elements (kind, identifier, label, value, state)
        ── screen ──
        {{titleRule}}
             Count: 0
        [1]  < Add one >
        [2]  < Reset >  (disabled)
        ────────────────────────────────────────────────
        ── elements ──
        screen "{{App}}"
          staticText       "count"  label "Count: 0"
          button           "Add one"  enabled
          button           "Reset"  disabled

        """#

    /// `Flows/__Screens__/first-screen.start.txt` of an app with a store.
    static let startGoldenWithStore = #"""
        golden screen: the screen as a person sees it, then its elements (kind, identifier, label, value, state)
        ── screen ──
        {{titleRule}}
             Count: 2
        [1]  < Add one >
        [2]  < Reset >
        ────────────────────────────────────────────────
        ── elements ──
        screen "{{App}}"
          staticText       "count"  label "Count: 2"
          button           "Add one"  enabled
          button           "Reset"  enabled
          staticText       "status"  label ""

        """#

    /// `Flows/README.md`: the page the runner's help and schema point testers to.
    static let flowsReadme = #"""
        # {{App}}'s flows

        YAML flows for `{{app}}-flow`, the toolkit's runner with the app's robots. From the package's
        folder, `make flows` builds the app and runs them all on the scheme `schemes/default.yaml`{{seededNote}}.

        - `.build/debug/{{app}}-flow docs` prints the step reference: the toolkit's steps (`tap`,
          `assertVisible`, `assertScreen`...) and the app's robot actions, each `Robot.action`, as
          the robots' catalog declares them.
        - `.build/debug/{{app}}-flow schema > Flows/flow.schema.json` writes the JSON Schema of a flow, so
          an editor completes the steps; a flow points to it with
          `# yaml-language-server: $schema=flow.schema.json` as its first line.
        - `.build/debug/{{app}}-flow lint` checks the flows without running them.
        - `.build/debug/{{app}}-flow studio` runs steps one at a time on the running app, and saves
          them as a flow.

        A flow may end on a golden screen (`assertScreen: NAME`), kept beside it in `__Screens__` and
        committed: a run whose screen differs fails with a diff, and leaves the new screen beside the
        golden for `{{app}}-flow snapshots accept NAME`. As `flow new` wrote it, `first-screen.yaml`
        ends on the golden `start`, the counter as a person first sees it.

        """#
}
