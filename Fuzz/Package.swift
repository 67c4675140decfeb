// swift-tools-version:5.4
// libFuzzer targets for WorkbenchCore. A package of its own, so the main
// package's `swift build` / `swift test` never see them. Build and run with
// `Fuzz/run.sh` (see Fuzz/README.md); the sanitizer flags come from there.
import PackageDescription

/// Every fuzz target is a file with `@_cdecl("LLVMFuzzerTestOneInput")`, not a
/// main.swift: libFuzzer supplies `main`, so the Swift module must not.
let fuzzSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "WorkbenchFuzz",
    dependencies: [
        .package(name: "Workbench", path: ".."),
    ],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzCommandParser",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzJSONFormatter",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzJSONPath",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzOpenAPILoader",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzHTTPFile",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzSessionLoader",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzGraphQLIntrospection",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench"), "FuzzSupport"],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzProtoCodec",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench"), "FuzzSupport"],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzHARImport",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench"), "FuzzSupport"],
            swiftSettings: fuzzSettings
        ),
        .executableTarget(
            name: "FuzzPostmanImport",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench"), "FuzzSupport"],
            swiftSettings: fuzzSettings
        ),
    ]
)
