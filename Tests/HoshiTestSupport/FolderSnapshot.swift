import Foundation

/// Every file and folder below a folder with its bytes (a folder's are the word `folder`), keyed by its path
/// from there (`/docs/index.html`): two builds' outputs compare as wholes, empty folders left behind included.
public func folderSnapshot(_ folder: URL) -> [String: Data] {
    var result: [String: Data] = [:]
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return result }
    for case let url as URL in enumerator {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
        result[String(url.path.dropFirst(folder.path.count))] = isDirectory.boolValue ? Data("folder".utf8)
            : FileManager.default.contents(atPath: url.path)
    }
    return result
}
