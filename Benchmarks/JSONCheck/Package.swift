// swift-tools-version:6.0
// The JSON check benchmark: a package of its own (like Autosave/), so the main
// package's build and tests never see it. Run with `Benchmarks/json_check.sh`.
import PackageDescription

let package = Package(
    name: "JSONCheckBenchmark",
    dependencies: [
        .package(name: "Workbench", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "JSONCheckBench",
            dependencies: [.product(name: "WorkbenchCore", package: "Workbench")]
        ),
    ]
)
