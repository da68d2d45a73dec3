import HoshiCore

/// Text written into the JSON a page embeds in `<script type="application/json">` for its script (game
/// pages, problem pages): one escaping shared by every kind, so no text of a stranger's file can close the
/// element.
enum ScriptJSON {
    /// A JSON string literal safe inside a script element (`JSONString.quoted(_:isScriptSafe:)`): quotes,
    /// backslashes and control characters escaped, `<` as `\u003c`, and the line separators JavaScript once
    /// treated as line ends escaped too.
    static func string(_ text: String) -> String {
        JSONString.quoted(text, isScriptSafe: true)
    }
}
