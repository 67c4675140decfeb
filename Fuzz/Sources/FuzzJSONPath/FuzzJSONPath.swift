// Fuzz target: JSONPath parsing and evaluation.
//
// The input is a path text, a newline, then a JSON document; without a
// newline the whole input is the path, evaluated against a fixed document.
// Properties: parsing the path and the document and evaluating never crash;
// a path that parses keeps its text; evaluation is a pure function (twice, same
// result); a value found by a path whose last step is an index is an element
// of the array one step up, and the same for keys.
import WorkbenchCore

private let fallbackDocument = Array("""
    {"a": [1, {"b": null, "odd key": "x"}, [true, false]], "": {"": 0}, "é": "\\u00e9", "-1": -1}
    """.utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeBufferPointer(start: data, count: size)
    let newline = input.firstIndex(of: UInt8(ascii: "\n"))
    let pathText = String(decoding: UnsafeBufferPointer(rebasing: input[..<(newline ?? size)]), as: UTF8.self)

    let path: JSONPath
    do throws(WorkbenchError) {
        path = try JSONPath(parsing: pathText)
    } catch {
        if error.message.isEmpty { fatalError("empty error message") }
        return 0
    }
    if path.text != pathText { fatalError("the path lost its text: \(pathText) became \(path.text)") }

    var document: JSONValue
    do throws(JSONSyntax.Failure) {
        if let newline {
            document = try JSONParser.parse(UnsafeBufferPointer(rebasing: input[(newline + 1)...]))
        } else {
            document = try fallbackDocument.withUnsafeBufferPointer { (buffer) throws(JSONSyntax.Failure) in
                try JSONParser.parse(buffer)
            }
        }
    } catch {
        return 0
    }
    // A document may nest thousands of levels: take it apart without recursion.
    defer { document.dismantle() }

    check(path, in: document)
    return 0
}

private func check(_ path: JSONPath, in document: JSONValue) {
    let first = evaluate(path, document)
    let second = evaluate(path, document)
    guard first == second else { fatalError("evaluation is not deterministic for \(path)") }

    // The last step, taken by hand from the value one step up, finds the same thing.
    guard case .success(let found) = first, let last = path.components.last else { return }
    var parent = document
    for component in path.components.dropLast() {
        switch (component, parent) {
        case (.key(let key), .object(let members)):
            guard let member = members.first(where: { $0.key == key }) else { fatalError("parent step vanished") }
            parent = member.value
        case (.index(let index), .array(let elements)):
            parent = elements[index < 0 ? elements.count + index : index]
        default:
            fatalError("a path that matched has a step that does not fit")
        }
    }
    switch (last, parent) {
    case (.key(let key), .object):
        guard parent[key] == found else { fatalError("the key step found another value") }
    case (.index(let index), .array(let elements)):
        let resolved = index < 0 ? elements.count + index : index
        guard elements.indices.contains(resolved), elements[resolved] == found else {
            fatalError("the index step found another value")
        }
    default:
        fatalError("the last step does not fit the value one step up")
    }
}

private enum Outcome: Equatable {
    case success(JSONValue)
    case failure(String)
}

private func evaluate(_ path: JSONPath, _ document: JSONValue) -> Outcome {
    do throws(WorkbenchError) {
        return .success(try path.evaluate(document))
    } catch {
        if error.message.isEmpty { fatalError("empty error message for \(path)") }
        return .failure(error.message)
    }
}
