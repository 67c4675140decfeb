// The layers below, re-exported: the executable, the fuzz targets and the benchmarks import
// WorkbenchCore alone and see the public API of every layer.
@_exported import WorkbenchAPIs
@_exported import WorkbenchBasics
@_exported import WorkbenchHTTP
@_exported import WorkbenchSessions
