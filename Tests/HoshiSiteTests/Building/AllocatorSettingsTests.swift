import Foundation
import XCTest
@testable import HoshiSite

final class AllocatorSettingsTests: XCTestCase {
    /// The settings reach glibc: `mallopt` is found at run time and accepts both thresholds.
    func testGlibcAcceptsTheSettings() throws {
        if ProcessInfo.processInfo.environment["HOSHI_DEFAULT_ALLOCATOR"] != nil {
            throw XCTSkip("HOSHI_DEFAULT_ALLOCATOR is set: the settings are meant to be left alone")
        }
        #if os(Linux) && canImport(Glibc)
        XCTAssertTrue(AllocatorSettings.keepFreedMemoryForReuse())
        #else
        XCTAssertFalse(AllocatorSettings.keepFreedMemoryForReuse())
        #endif
    }
}
