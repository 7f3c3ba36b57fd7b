import Foundation
import WorkPhotos

/// A photo store's starting state, as a fixture file in `Seeds/` describes it.
public struct Fixture: Sendable {
    public var authorization: PhotoAuthorization
    public var workLocations: [WorkLocation]
    /// Photos listed one by one.
    public var photos: [PhotoSpec]
    /// Photos described by a rule, made at seeding time.
    public var generated: GeneratedPhotos?

    public init(authorization: PhotoAuthorization, workLocations: [WorkLocation], photos: [PhotoSpec], generated: GeneratedPhotos?) {
        self.authorization = authorization
        self.workLocations = workLocations
        self.photos = photos
        self.generated = generated
    }

    /// How many photos seeding this fixture writes.
    public var photoCount: Int { photos.count + (generated?.count ?? 0) }
}

/// One photo of a fixture; its pixels are painted from `paint` at seeding time.
public struct PhotoSpec: Sendable {
    public var name: String
    public var takenAt: Date
    public var coordinate: Coordinate
    public var place: String
    public var width: Int
    public var height: Int
    public var paint: [PaintStep]
}

/// A rule for many photos: photo `i` (from 0) uses template `i % templates.count`, is named
/// `<template name>-<i+1>` and is taken at `start + i * interval`.
public struct GeneratedPhotos: Sendable {
    public struct Template: Sendable {
        public var name: String
        public var coordinate: Coordinate
        public var place: String
        public var paint: [PaintStep]
    }

    public var count: Int
    public var start: Date
    public var interval: TimeInterval
    public var width: Int
    public var height: Int
    public var templates: [Template]

    /// The photos, made one at a time as they are iterated.
    public var specs: some Sequence<PhotoSpec> {
        let digits = String(count).count
        return (0..<count).lazy.map { index in
            let template = templates[index % templates.count]
            let number = String(index + 1)
            return PhotoSpec(
                name: "\(template.name)-\(String(repeating: "0", count: digits - number.count))\(number)",
                takenAt: start.addingTimeInterval(Double(index) * interval),
                coordinate: template.coordinate, place: template.place,
                width: width, height: height, paint: template.paint
            )
        }
    }
}

/// One step of painting a photo's pixels, applied in order over the whole image.
public enum PaintStep: Equatable, Sendable {
    case fill(RGB)
    case rect(x: Int, y: Int, width: Int, height: Int, color: RGB)
    case gradient(from: RGB, to: RGB, vertical: Bool)
}

/// A fixture's colour: the core's `RGBColour`, read from `#RRGGBB`.
public typealias RGB = RGBColour

extension RGBColour {
    /// Parses `#RRGGBB` (case-insensitive); nil for anything else, a sign included (`#+62828`).
    public init?(hex: String) {
        let digits = hex.dropFirst()
        guard hex.count == 7, hex.first == "#", digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}
