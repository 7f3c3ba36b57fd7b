import FlowKit
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The values that are never shown (a scheme's secret variables, `-key value` defaults with a
/// secret name, secure text typed as a literal), and the masking of them: every place one occurs
/// is replaced by `••••••••`. The runner, studio, inspect and the session mask through this one
/// type, so each masks the same way.
///
/// Where secrets overlap or one holds another, every byte any of them covers is masked (masking
/// one at a time would leave the tail of a longer one showing). A screen is masked field by
/// field before it is drawn or encoded, so a secret holding a quote or a backslash is masked in
/// JSON and in the element list too, where it is written escaped.
package struct SecretMask: Sendable {
    /// The values masked, each once, byte for byte (two spellings of one text, such as a
    /// precomposed é and e with a combining accent, are two values: both are masked), empty ones
    /// left out.
    package let values: [String]

    /// A mask of `values`.
    package init(_ values: [String]) {
        var seen = Set<[UInt8]>()
        self.values = values.filter { !$0.isEmpty && seen.insert(Array($0.utf8)).inserted }
    }

    /// `text` with every secret replaced by `••••••••`.
    package func mask(_ text: String) -> String {
        let covered = coverage(of: text)
        guard !covered.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var next = 0
        for range in covered {
            result += bytes[next..<range.lowerBound]
            result += Array(Element.secureMask.utf8)
            next = range.upperBound
        }
        result += bytes[next...]
        return String(decoding: result, as: UTF8.self)
    }

    /// True when `text` holds a secret.
    package func reveals(_ text: String) -> Bool {
        !coverage(of: text).isEmpty
    }

    /// `screen` with every secret masked in its title and in each element's identifier, label and value.
    package func mask(_ screen: ScreenSnapshot) -> ScreenSnapshot {
        guard !values.isEmpty else { return screen }
        var masked = screen
        masked.title = mask(screen.title)
        masked.elements = screen.elements.map(mask)
        return masked
    }

    private func mask(_ element: ElementSnapshot) -> ElementSnapshot {
        var masked = element
        masked.identifier = mask(element.identifier)
        masked.label = mask(element.label)
        masked.value = element.value.map(mask)
        masked.children = element.children.map(mask)
        return masked
    }

    /// The byte ranges of `text` that some secret covers, merged (where they overlap or touch)
    /// and in order.
    func coverage(of text: String) -> [Range<Int>] {
        guard !values.isEmpty, !text.isEmpty else { return [] }
        var ranges: [Range<Int>] = []
        var text = text
        text.withUTF8 { haystack in
            guard let base = haystack.baseAddress else { return }
            for value in values {
                var needle = value
                needle.withUTF8 { needle in
                    guard let pattern = needle.baseAddress else { return }
                    var start = 0
                    // Overlapping occurrences too: "aaa" holds "aa" twice.
                    while start + needle.count <= haystack.count,
                          let found = memchr(base + start, Int32(pattern.pointee), haystack.count - needle.count - start + 1) {
                        let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                        if memcmp(base + offset, pattern, needle.count) == 0 { ranges.append(offset..<offset + needle.count) }
                        start = offset + 1
                    }
                }
            }
        }
        guard !ranges.isEmpty else { return [] }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged = [ranges[0]]
        for range in ranges.dropFirst() {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
