import OpenQuartzCore

/// The book's figures of chapters 4 and 5, built against the public API.
public enum Gallery {}
