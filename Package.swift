// swift-tools-version: 6.1
import PackageDescription

// Built and tested on Linux only. Every call into the C library goes through the Platform
// target, which holds the Darwin branches too, but no Apple platform is claimed until macOS is
// built and tested.

/// Where Linking/ is: the linker is given absolute paths, whatever directory it runs in.
let linking = "\(Context.packageDirectory)/Linking"

/// How the workbench executable is linked (Benchmarks/README.md has the figures). A run pays for
/// the pages of the binary that start-up touches before it reads anything (benchmark d's peak is
/// that plus the body), and with the static Swift runtime and Foundation (which OpenAPIKit and
/// Yams import) the binary is about 100 MB, so its layout matters.
let workbenchLinking: [LinkerSetting] = [
    // lld, which ships with the toolchain: it has the options below, and links in less than half
    // gold's time, which debug builds and CI gain too.
    .unsafeFlags(["-use-ld=lld"]),
    // The rest only where it is measured and installed: a debug build links the shared Swift
    // runtime (which loads libstdc++ anyway) and should stay plain and quick to link.
    .unsafeFlags(
        [
            // Relative relocations packed (RELR): the ~90,000 pointers fixed up at load take 18 KB
            // instead of a 2.2 MB table read at every start. Still a PIE: ASLR is kept.
            "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            // The toolchain's static-stdlib arguments export every symbol (1.2 MB of tables);
            // nothing looks up the executable's symbols (no plug-ins, no dlsym).
            "-Xlinker", "--no-export-dynamic",
            // The functions start-up and a first few requests run, placed together
            // (scripts/link_order.sh writes the list): otherwise they are spread over 22 MB of code
            // and every page fault maps 64 KiB around it. Names the binary lacks are skipped.
            "-Xlinker", "--symbol-ordering-file=\(linking)/link-order.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
            // libgcc and libstdc++ linked in rather than loaded: only the Swift runtime uses them,
            // and a shared copy is mapped, relocated and initialised at every start. The toolchain
            // passes -lstdc++ itself, so a linker script named libstdc++.so, found first, names
            // the static archive.
            "-Xclang-linker", "-static-libgcc",
            "-L", "\(linking)/static-libstdc++",
        ], .when(configuration: .release)),
]

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
        // GraphQL documents and schemas (SDL) parsed by the reference implementation's Swift port
        // rather than a hand-written parser: `body graphql`, `graphql schema`, completion.
        .package(url: "https://github.com/GraphQLSwift/GraphQL", from: "4.3.0"),
        // HdrHistogram: `bench`'s latencies, recorded in constant memory with three significant
        // digits from 1 µs to an hour, percentiles as wrk and wrk2 report them.
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0"),
    ],
    targets: [
        // The C library (Glibc, or Darwin on Apple platforms), named by no other target: POSIX
        // as both platforms spell it, with their differences resolved in one place.
        .target(
            name: "Platform",
            linkerSettings: [
                // macOS keeps iconv (TextDecoding) in a library of its own; Glibc has it built in.
                .linkedLibrary("iconv", .when(platforms: [.macOS]))
            ]
        ),
        // libedit, through its readline-compatible API, loaded with dlopen when the REPL starts
        // (include/CEditLine.h says why); its header (libedit-dev) is read at build time.
        .target(name: "CEditLine"),
        // libcurl: the HTTP engine.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // OpenSSL's libcrypto, which libcurl already loads: SHA-256 for PKCE (`auth oauth2 code`).
        // Chosen over swift-crypto, whose BoringSSL copy is about 370 more files to compile in every
        // clean build (measured: over 7 minutes here for 40% of it, with the machine shared).
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // Signal flags that must live in C (async-signal-safe globals).
        .target(name: "CSupport"),
        // The core, one library target a layer, in the order data flows: a target may import
        // only those before it, so the compiler rejects a dependency that points the wrong way
        // (ARCHITECTURE.md). Folders inside a target keep their own order (scripts/check_layers.py).
        // Support, JSON, Templates: errors, files, the one JSON tokenizer, {{templates}}, the redactor.
        .target(
            name: "WorkbenchBasics",
            dependencies: [
                "Platform",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // Endpoint, Transport, Rendering: the request as typed, libcurl, the response as shown.
        .target(
            name: "WorkbenchHTTP",
            dependencies: [
                "Platform",
                "WorkbenchBasics",
                "CCurl",
                "CCrypto",
                "CSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        // APIDescription, GraphQL: what a description or a schema says about the API.
        .target(
            name: "WorkbenchAPIs",
            dependencies: [
                "Platform",
                "WorkbenchBasics",
                "WorkbenchHTTP",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                .product(name: "OpenAPIKit30", package: "OpenAPIKit"),
                .product(name: "OpenAPIKitCompat", package: "OpenAPIKit"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "GraphQL", package: "GraphQL"),
            ]
        ),
        // Sessions, Serving, Interop, Replay: what is kept of exchanges, and other tools' formats.
        .target(
            name: "WorkbenchSessions",
            dependencies: [
                "Platform",
                "WorkbenchBasics",
                "WorkbenchHTTP",
                "WorkbenchAPIs",
                "CSupport",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        // Commands, Workspace: the command language and the state a REPL holds; re-exports the
        // layers below, so the executable, the fuzz targets and the benchmarks import one module.
        .target(
            name: "WorkbenchCore",
            dependencies: [
                "Platform",
                "WorkbenchBasics",
                "WorkbenchHTTP",
                "WorkbenchAPIs",
                "WorkbenchSessions",
                "CCrypto",
                "CSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .target(
            name: "LineEditing",
            dependencies: ["Platform", "CEditLine", "WorkbenchBasics"]
        ),
        .executableTarget(
            name: "workbench",
            dependencies: [
                "Platform",
                "WorkbenchCore",
                "LineEditing",
                "CSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: workbenchLinking
        ),
        // Unit tests: one test target a library target, each depending on its library and the
        // layers below it, as the library does (scripts/check_layers.py checks their imports).
        // The fakes they share (an output sink, transports, files) are a target of their own.
        .target(
            name: "WorkbenchTestSupport",
            dependencies: ["WorkbenchBasics", "WorkbenchHTTP"],
            path: "Tests/WorkbenchTestSupport"
        ),
        .testTarget(
            name: "WorkbenchBasicsTests",
            dependencies: ["WorkbenchBasics", "WorkbenchTestSupport"]
        ),
        .testTarget(
            name: "WorkbenchHTTPTests",
            dependencies: ["Platform", "WorkbenchBasics", "WorkbenchHTTP", "CCurl", "WorkbenchTestSupport"]
        ),
        .testTarget(
            name: "WorkbenchAPIsTests",
            dependencies: [
                "WorkbenchBasics",
                "WorkbenchHTTP",
                "WorkbenchAPIs",
                "WorkbenchTestSupport",
                .product(name: "OpenAPIKit", package: "OpenAPIKit"),
                // Schemas in tests are decoded as the loader decodes them, keeping member order.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "WorkbenchSessionsTests",
            dependencies: [
                "Platform",
                "WorkbenchBasics",
                "WorkbenchHTTP",
                "WorkbenchAPIs",
                "WorkbenchSessions",
                "WorkbenchTestSupport",
            ]
        ),
        .testTarget(
            name: "LineEditingTests",
            dependencies: ["LineEditing"]
        ),
        .testTarget(
            name: "WorkbenchCoreTests",
            dependencies: [
                "Platform",
                "WorkbenchCore",
                "WorkbenchBasics",
                "WorkbenchHTTP",
                "WorkbenchAPIs",
                "WorkbenchSessions",
                "WorkbenchTestSupport",
            ]
        ),
    ]
)
