// swift-tools-version:6.0
// The SGF fuzz target as a package of its own, so that `-sanitize=fuzzer` instruments only HoshiCore and
// the entry point: in the main package it would also reach the build plugin's tool, which has a `main` of
// its own and cannot link against libFuzzer's. `HoshiCore` here is a symbolic link to ../Sources/HoshiCore.
// Build and run with `make fuzz` (see README.md in this folder).
import PackageDescription

let package = Package(
    name: "HoshiFuzz",
    targets: [
        .target(name: "HoshiCore", path: "HoshiCore"),
        .executableTarget(name: "SGFParserFuzz", dependencies: ["HoshiCore"], path: "SGFParserFuzz"),
    ]
)
