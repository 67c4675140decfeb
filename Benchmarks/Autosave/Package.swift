// swift-tools-version:6.0
// The autosave benchmark: a package of its own (like Fuzz/), so the main
// package's build and tests never see it. Run with `Benchmarks/autosave.sh`.
import PackageDescription

let package = Package(
    name: "AutosaveBenchmark",
    dependencies: [
        .package(name: "Workbench", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "AutosaveBench",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")]
        ),
    ]
)
