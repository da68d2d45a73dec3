import HoshiCore
import Testing
@testable import HoshiSite

/// The real inputs: Little Go's MANUAL (current and 1.7.1) and ChangeLog from `../shared/corpus/littlego`.
///
/// Expected values were derived from the files without the reader, by applying the format rules with grep
/// and awk: group titles are the lines after the first `***` of each pair, section titles the lines after the
/// first `---` of each pair (minus "Table of Contents", which a later `---` closes), subsection titles the
/// first non-blank line after each opening `===`. Line numbers were read with `grep -n`.
@Suite(.enabled(if: ManualTestFiles.corpusIsAvailable, ManualTestFiles.corpusMissingMessage))
struct ManualCorpusTests {
    static let manualSectionTitles: [[String]] = [
        ["Quick Start Guide", "FAQ", "Troubleshooting"],
        [
            "Introduction", "Start a new game", "How to play", "End of the game", "Board positions", "Board setup",
            "Player influence", "Players & Profiles", "Scoring", "Annotations", "Markup", "Preferences",
            "The node tree", "The archive", "Smart Game Format (SGF)", "GTP engine", "Go rules",
            "Sending crash reports", "Reporting bugs",
        ],
    ]

    /// Subsection titles by section title; sections not listed have none.
    static let manualSubsectionTitles: [String: [String]] = [
        "FAQ": [
            "How do I change the board size?",
            "How do I start a new game?",
            "What are the functions of all those buttons?",
            "The computer is too strong / too weak, what can I do?",
            "Player influence is not displayed, or is completely wrong, what can I do?",
            "Move numbers/coordinate labels are not displayed even though they are enabled in the user preferences",
            "What is an \"Auto-created player\"?",
        ],
        "Troubleshooting": [
            "Computer player making illegal moves",
            "I can/cannot play X - isn't this against the game rules?",
            "Crash after zooming the board",
            "I cannot load a game, the game is reported to contain errors",
            "File sharing via iTunes does not update the archive",
            "The computer player plays stupid moves during the end game",
        ],
        "Start a new game": [
            "Overview",
            "Ruleset",
            "Handicap",
            "Komi",
            "End of game rules",
            "Rematch",
        ],
        "How to play": [
            "Placing a stone",
            "The computer player",
            "Computer vs. computer game",
            "Let the computer play for you",
            "Making a move for the computer",
            "Discarding moves",
            "Game information",
        ],
        "End of the game": [
            "Resigning",
            "Ending the game by passing",
            "Resuming play after a game has ended by passing",
            "Resuming play after three pass moves",
            "Resuming play after two pass moves",
            "Other game-ending scenarios",
        ],
        "Board positions": [
            "The navigation toolbar",
            "The navigation buttons",
            "\"Current board position\" information display",
            "List of board positions",
            "\"Next move\" marker",
            "Playing while viewing an old board position",
            "Game variations",
            "Discarding while viewing an old board position",
            "Scoring while viewing an old board position",
        ],
        "Board setup": [
            "Overview",
            "Switching to/from board setup mode",
            "Placing stones in board setup mode",
            "Board zooming",
            "Illegal board positions",
            "Discarding the board",
            "Board setup vs. handicap",
            "Setting up a side to play first",
            "Board setup vs. game with moves",
        ],
        "Player influence": [
            "Overview",
            "Calculation of player influence",
            "Technical background",
            "Influence on computer player strength",
        ],
        "Players & Profiles": [
            "Overview",
            "The \"Human vs. human games\" profile",
            "Simple vs. advanced configuration of playing strength",
            "Resign behaviour",
            "Maximum memory",
            "Number of threads",
            "Pondering",
            "Pondering time",
            "Reuse subtree",
            "Thinking time",
            "Maximum games",
            "Limiting the computer's playing strength",
            "Predefined playing strength settings",
            "Resign threshold",
            "Resign minimum number of games",
            "Predefined resign behaviours",
        ],
        "Scoring": [
            "Area scoring and territory scoring",
            "Why area scoring is the default",
            "How to view the score",
            "How to activate scoring mode",
            "How to leave scoring mode",
            "Territory markup",
            "Marking dead stones",
            "Assistance with marking dead stones",
            "Marking stones in seki",
            "Inconsistent territory",
        ],
        "Annotations": [
            "Overview",
            "Short and long descriptions",
            "Position valuation",
            "Move valuation",
            "Hotspot designation",
            "Estimated score",
            "User interface",
        ],
        "Markup": [
            "Overview",
            "Symbols",
            "Connections",
            "Markers",
            "Labels",
            "Markup editing mode",
            "One markup element per intersection",
            "Drag & Drop",
            "When any of the Symbol markup types is selected",
            "When any of the Marker markup types is selected",
            "When the Label markup type is selected",
            "When any of the Connection markup types is selected",
            "When the Eraser tool is selected",
            "User preference \"Markup precedence\"",
            "User preference \"Unique symbols\"",
        ],
        "The archive": [
            "Saving a game",
            "Save game format",
            "Managing the archive",
            "Loading a saved game",
            "File sharing in iTunes",
            "Importing SGF files from other applications (e.g. Mail)",
        ],
        "Smart Game Format (SGF)": [
            "Background",
            "SGF processing",
            "Simple vs. advanced configuration of syntax checking",
            "Load success type",
            "Restrictive checking",
            "Disable all warnings messages",
            "Disabled messages",
            "Text encodings",
            "Encoding mode",
            "Default encoding",
            "Enforced encoding",
            "Reverse variation ordering",
        ],
        "GTP engine": [
            "Overview and a warning",
            "GTP log",
            "Viewing a GTP log entry",
            "Pre-defined commands",
        ],
        "Go rules": [
            "Overview",
            "Players",
            "Board",
            "Intersections",
            "Moves",
            "Liberties",
            "Stone groups",
            "Suicide rule",
            "Exception to Suicide rule",
            "No Repetition (ko) rule",
            "Life",
            "Purpose of the game",
            "Etiquette",
        ],
        "Reporting bugs": [
            "General procedure",
            "The \"Send a bug report\" feature",
            "Diagnostics information file",
            "Collecting logging data",
            "What is inside the diagnostics information file?",
            "What is not inside the diagnostics information file?",  // written "What is <em>not</em> inside …"
            "Diagnostics information file size and persistence",
        ],
    ]

    @Test func manualParsesWithoutDiagnostics() throws {
        let (_, diagnostics) = ManualReader.read(text: try ManualTestFiles.corpusText("MANUAL"), path: "MANUAL")
        #expect(diagnostics.map(\.description) == [])
    }

    @Test func manualHasTwoGroupsAndTwentyTwoSections() throws {
        let (document, _) = ManualReader.read(text: try ManualTestFiles.corpusText("MANUAL"), path: "MANUAL")
        #expect(document.groups.map(\.title) == ["Quick Help", "The Manual"])
        #expect(document.groups.map(\.line) == [34, 268])
        #expect(document.groups.map { $0.sections.map(\.title) } == Self.manualSectionTitles)
        #expect(document.sections.count == 22)
        #expect(!document.sections.contains { $0.title == "Table of Contents" })
    }

    @Test func manualHas144SubsectionsWithTheirTitles() throws {
        let (document, _) = ManualReader.read(text: try ManualTestFiles.corpusText("MANUAL"), path: "MANUAL")
        #expect(document.sections.reduce(0) { $0 + $1.subsections.count } == 144)
        for section in document.sections {
            let expected = Self.manualSubsectionTitles[section.title] ?? []
            #expect(section.subsections.map(\.title) == expected, "subsections of \(section.title)")
        }
    }

    @Test func manualLinesSlugsAndTexts() throws {
        let (document, _) = ManualReader.read(text: try ManualTestFiles.corpusText("MANUAL"), path: "MANUAL")
        let sections = document.sections
        // grep -n: "Quick Start Guide" is line 38, "FAQ" 95, "Reporting bugs" 2565.
        #expect(sections.first?.line == 38)
        #expect(sections.first { $0.title == "FAQ" }?.line == 95)
        #expect(sections.last?.line == 2565)
        #expect(Set(sections.map(\.slug)).count == 22)
        #expect(sections.first { $0.title == "Players & Profiles" }?.slug == "players-profiles")
        #expect(sections.first { $0.title == "Smart Game Format (SGF)" }?.slug == "smart-game-format-sgf")
        for section in sections {
            #expect(Set(section.subsections.map(\.id)).count == section.subsections.count, "ids in \(section.title)")
        }

        let bugs = try #require(sections.last)
        let emphasised = try #require(bugs.subsections.first { $0.line == 2661 })
        #expect(emphasised.titleHTML == "What is <em>not</em> inside the diagnostics information file?")
        #expect(emphasised.id == "what-is-not-inside-the-diagnostics-information-file")
        let procedure = try #require(bugs.subsections.first)
        #expect(procedure.html.contains("<a href=\"mailto:herzbube@herzbube.ch\">mailto:herzbube@herzbube.ch</a> that"))
        #expect(procedure.plainText.hasPrefix("To report a bug, please send an email to mailto:herzbube@herzbube.ch that"))

        // The only <pre> (lines 1306-1315) keeps its lines; the <br/> at their ends is dropped.
        let players = try #require(sections.first { $0.title == "Players & Profiles" })
        let resign = try #require(players.subsections.last)
        #expect(resign.html.contains("<pre>\n&nbsp;                               Board size\nBehaviour              7   9"))
        #expect(resign.html.hasSuffix("Never resign (x0.0)    0   0   0   0   0   0   0\n</pre>"))

        // "Sensei's Library" (https://senseis.xmp.net/). — the ")." stays outside the link.
        let introduction = try #require(sections.first { $0.title == "Introduction" })
        #expect(introduction.introductionHTML.contains("(<a href=\"https://senseis.xmp.net/\">https://senseis.xmp.net/</a>)."))
        #expect(introduction.introductionText.contains("Sensei's Library\" (https://senseis.xmp.net/)."))
    }

    @Test func manual171ParsesWithoutDiagnostics() throws {
        let (document, diagnostics) = ManualReader.read(text: try ManualTestFiles.corpusText("MANUAL-1.7.1"), path: "MANUAL-1.7.1")
        #expect(diagnostics.map(\.description) == [])
        #expect(document.groups.map(\.title) == ["Quick Help", "The Manual"])
        // 1.7.1 predates "The node tree" section: 21 sections (grep -c '^---' gives 44 = 22 pairs, minus the ToC).
        #expect(document.sections.count == 21)
        #expect(!document.sections.contains { $0.title == "The node tree" })
    }

    @Test func changeLogHasOneUntitledGroupAndASectionPerRelease() throws {
        let (document, diagnostics) = ManualReader.read(text: try ManualTestFiles.corpusText("ChangeLog"), path: "ChangeLog")
        // Line 794 says "<color> passed": shown as text, as the author meant, with a warning.
        #expect(diagnostics.map(\.description) == [
            "ChangeLog:794:43: warning: HTML element <color> is not allowed and is shown as text; write &lt;color&gt; if you meant the text \(ManualHostileInputTests.allowed)",
        ])
        #expect(document.groups.count == 1)
        #expect(document.groups.first?.title == nil)
        // grep -c '^---' is 76: 38 sections, 33 titled "Version …" and 5 dated pre-release milestones.
        let titles = document.sections.map(\.title)
        #expect(titles.count == 38)
        #expect(titles.filter { $0.hasPrefix("Version ") }.count == 33)
        #expect(titles.first == "Version 2.0.1 (2024-05-11)")
        #expect(titles.last == "2011-01-27")
        #expect(document.sections.first?.subsections.map(\.title) == [
            "Features", "Bugfixes", "Regressions", "Technical changes", "GitHub issue list",
        ])
    }

    @Test func changeLogNestedListsAndOuterContinuation() throws {
        let (document, _) = ManualReader.read(text: try ManualTestFiles.corpusText("ChangeLog"), path: "ChangeLog")
        // Lines 553-560: a nested list, then "  These problems would occur…" continues the outer item.
        let release = try #require(document.sections.first { $0.title.hasPrefix("Version 1.4.0") })
        let bugfixes = try #require(release.subsections.first { $0.title == "Bugfixes" })
        #expect(bugfixes.html.contains(
            "increases when there is a large difference in komi values.</li></ul>These problems would occur only"))
        // Version 0.7 (lines 1415-1417) starts its list indented by 2: one flat list.
        let early = try #require(document.sections.first { $0.title == "Version 0.7 (2011-12-20)" })
        #expect(early.subsections.first?.html == "<ul><li>added application, tab bar and toolbar icons</li>"
            + "<li>no longer display an alert when a memory warning is received from iOS</li>"
            + "<li>rename \"Debug\" tab to \"Diagnostics\"</li></ul>")
    }
}
