// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Hoshi",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "hoshi", targets: ["hoshi"]),
        .library(name: "HoshiCore", targets: ["HoshiCore"]),
        .library(name: "HoshiSite", targets: ["HoshiSite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.20.0"),
    ],
    targets: [
        // Pure Swift game logic: SGF, Go rules, engines, Lights Off. Foundation only.
        .target(name: "HoshiCore"),
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .target(
            name: "HoshiSite",
            dependencies: [
                "HoshiCore",
                "CCmarkGFM",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            plugins: ["EmbedThemePlugin"]
        ),
        .executableTarget(
            name: "hoshi",
            dependencies: [
                "HoshiSite",
                "HoshiCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Turns the repository's templates/ folder into Swift source so the binary carries its theme.
        .executableTarget(name: "hoshi-embed-theme", path: "Plugins/EmbedThemeTool"),
        .plugin(
            name: "EmbedThemePlugin",
            capability: .buildTool(),
            dependencies: ["hoshi-embed-theme"],
            path: "Plugins/EmbedThemePlugin"
        ),
        // Release-built measurements that `make bench` tabulates against peers (Benchmarks/run.py).
        .executableTarget(
            name: "hoshi-bench",
            dependencies: ["HoshiCore", "HoshiSite"],
            path: "Benchmarks/HoshiBench"
        ),
        // Fuzz/ is a package of its own (`make fuzz`).
        // What the test targets share: where the package and the corpus are, temporary folders and sites, and
        // snapshots of output folders. Public API of HoshiSite only, so it builds without testing enabled.
        .target(name: "HoshiTestSupport", dependencies: ["HoshiSite"], path: "Tests/HoshiTestSupport"),
        .testTarget(name: "HoshiCoreTests", dependencies: ["HoshiCore", "HoshiTestSupport"]),
        .testTarget(name: "HoshiSiteTests", dependencies: ["HoshiSite", "HoshiCore", "HoshiTestSupport"],
                    exclude: ["ContentKinds/Manual/Fixtures"]),
        // The command line's own helpers (reading files, writing output), tested without starting a process.
        .testTarget(name: "HoshiCommandTests", dependencies: ["hoshi", "HoshiCore", "HoshiTestSupport"]),
    ]
)
