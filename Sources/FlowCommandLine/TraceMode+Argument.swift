import ArgumentParser
import FlowRunner

/// `--trace on|on-failure|off`, read by its raw values.
extension TraceMode: ExpressibleByArgument {}
