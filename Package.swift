// swift-tools-version: 6.1
import PackageDescription

// Linux only: the code calls Glibc, libcurl and libedit directly, so no Apple
// platform is claimed.
let package = Package(
    name: "Workbench",
    products: [
        .executable(name: "workbench", targets: ["workbench"]),
        .library(name: "WorkbenchCore", targets: ["WorkbenchCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // File descriptors with EINTR retried and whole writes, instead of hand-written loops.
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // OpenAPI documents (3.0, 3.1) as typed values; its default trait (ExternalLoading) is not needed.
        .package(url: "https://github.com/mattpolzin/OpenAPIKit", from: "6.4.0", traits: []),
        // YAML (and JSON, its flow subset) decoding for OpenAPI documents.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // libedit, through its readline-compatible API.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // libcurl: the HTTP engine.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // Signal flags that must live in C (async-signal-safe globals).
        .target(name: "CSupport"),
        .target(
            name: "WorkbenchCore",
            dependencies: [
                "CCurl",
                "CSupport",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "LineEditing",
            dependencies: ["CEditLine"]
        ),
        .executableTarget(
            name: "workbench",
            dependencies: [
                "WorkbenchCore",
                "LineEditing",
                "CSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "WorkbenchCoreTests",
            dependencies: [
                "WorkbenchCore",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                // Schemas in tests are decoded as the loader decodes them, keeping member order.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ]
)
