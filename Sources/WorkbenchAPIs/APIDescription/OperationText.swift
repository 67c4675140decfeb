import Foundation
import OpenAPIKit
import WorkbenchBasics

/// `describe`: one operation as text for an 80-column terminal: what it
/// does, its parameters (location, required, type, enum, default), its
/// request body's schema as a tree, and its responses.
public enum OperationText {
    public static func text(_ operation: APIOperation, in description: APIDescription, width: Int = 80) -> String {
        var lines: [String] = []
        var heading = "\(operation.method) \(operation.pathTemplate)"
        if let id = operation.operationId { heading += "  (\(id))" }
        if operation.deprecated { heading += "  [deprecated]" }
        lines.append(heading)
        for text in [operation.summary, operation.description].compactMap({ $0 }) where !text.isEmpty {
            lines += wrap(oneLine(text), width: width, indent: "")
            break
        }

        if !operation.parameters.isEmpty {
            lines.append("")
            lines.append("parameters:")
            let nameWidth = min(operation.parameters.map(\.name.count).max() ?? 0, 24)
            for parameter in operation.parameters {
                var line =
                    "  " + pad(parameter.name, nameWidth) + "  " + pad(parameter.location, 6)
                    + "  " + (parameter.required ? "required" : "optional") + "  " + parameter.typeDescription
                var notes: [String] = []
                if !parameter.enumValues.isEmpty { notes.append("one of: " + parameter.enumValues.joined(separator: ", ")) }
                if let value = parameter.defaultValue { notes.append("default \(value)") }
                if parameter.enumValues.isEmpty, let example = parameter.examples.first { notes.append("e.g. \(example)") }
                if parameter.deprecated { notes.append("deprecated") }
                if !notes.isEmpty { line += "  " + notes.joined(separator: "; ") }
                lines += wrap(line, width: width, indent: "      ")
                if let text = parameter.description, !text.isEmpty {
                    lines += wrap("    " + oneLine(text), width: width, indent: "    ")
                }
            }
        }

        if let body = operation.requestBody {
            lines.append("")
            var heading = "request body" + (body.required ? " (required)" : "") + ": " + body.contentTypes.joined(separator: ", ")
            if body.contentTypes.isEmpty { heading += "(no media type)" }
            lines += wrap(heading, width: width, indent: "  ")
            if let text = body.description, !text.isEmpty { lines += wrap("  " + oneLine(text), width: width, indent: "  ") }
            if let schema = body.jsonSchema ?? body.otherSchema {
                lines += SchemaTree.lines(schema, in: description, width: width, indent: 1)
            }
        }

        if !operation.responses.isEmpty {
            lines.append("")
            lines.append("responses:")
            let statusWidth = operation.responses.map(\.status.count).max() ?? 3
            for response in operation.responses {
                var line = "  " + pad(response.status, statusWidth) + "  " + oneLine(response.description)
                if let name = response.jsonSchemaName {
                    line += "  (\(response.jsonContentType ?? "json"): \(name))"
                } else if !response.contentTypes.isEmpty {
                    line += "  (\(response.contentTypes.joined(separator: ", ")))"
                }
                lines += wrap(line, width: width, indent: "      ")
            }
        }
        return lines.joined(separator: "\n")
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    /// Words wrapped at `width`; the first line keeps its own leading spaces
    /// (a response's or parameter's indent), lines after it start with
    /// `indent`; no line ends in a space.
    static func wrap(_ text: String, width: Int, indent: String) -> [String] {
        guard text.count > width else { return [text] }
        let leading = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var current = leading
        var lineHasWord = false
        for word in text.dropFirst(leading.count).split(separator: " ", omittingEmptySubsequences: false) {
            // Double spaces are kept inside a line, not carried to the start of the next.
            if word.isEmpty && !lineHasWord && !lines.isEmpty { continue }
            let candidate = lineHasWord ? current + " " + word : current + word
            if candidate.count > width && lineHasWord && !word.isEmpty {
                lines.append(Self.trailingSpacesDropped(current))
                current = indent + word
            } else {
                current = candidate
            }
            lineHasWord = true
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { lines.append(Self.trailingSpacesDropped(current)) }
        return lines
    }

    private static func trailingSpacesDropped(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }
}
