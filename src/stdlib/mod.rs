//! The standard libraries that CRuby writes in Ruby (prime, forwardable, delegate, ...),
//! written for rubra in Ruby: `src/stdlib/<name>.rb` (a library of several files keeps the
//! others under `src/stdlib/<name>/`). `LIBRARIES` is the one list of them; the Rust-native
//! libraries (strscan, json, ...) are `BUNDLED` in core/load.rs.
//!
//! The sources are compiled into the binary (`include_str!`) and cost nothing until a program
//! requires one: `require "prime"` searches `$LOAD_PATH` first (a program's own `prime.rb`
//! wins, as in CRuby), then this table, compiles the source and runs it once. Each library
//! has the virtual path `<internal:stdlib>/<name>.rb`: its `$LOADED_FEATURES` entry (CRuby's
//! is the file under its rubylibdir, `/usr/lib/ruby/4.0.0/prime.rb`), the `__FILE__` of its
//! code and the file its backtrace lines name. A library requires another with `require`, or
//! with `require_relative` against that virtual directory.

/// One library written in Ruby: `require name` runs `source`.
pub struct RubyLib {
    /// The feature name, without ".rb" ("prime", "English", "digest/sha2").
    pub name: &'static str,
    pub source: &'static str,
}

/// The directory the libraries' virtual paths are in.
pub const DIR: &str = "<internal:stdlib>";

macro_rules! libs {
    ($($name:literal => $file:literal),* $(,)?) => {
        &[$(RubyLib { name: $name, source: include_str!($file) }),*]
    };
}

/// The one list of the libraries written in Ruby, in the order of issue 15's priorities.
pub const LIBRARIES: &[RubyLib] = libs![
    "prime" => "prime.rb",
    "forwardable" => "forwardable.rb",
    "singleton" => "singleton.rb",
    "delegate" => "delegate.rb",
    "ostruct" => "ostruct.rb",
    "shellwords" => "shellwords.rb",
    "abbrev" => "abbrev.rb",
    "observer" => "observer.rb",
    "English" => "English.rb",
    "tsort" => "tsort.rb",
    "cgi" => "cgi.rb",
    "cgi/escape" => "cgi/escape.rb",
    "optparse" => "optparse.rb",
    "logger" => "logger.rb",
    "fileutils" => "fileutils.rb",
    "tmpdir" => "tmpdir.rb",
    "tempfile" => "tempfile.rb",
    "benchmark" => "benchmark.rb",
    "open3" => "open3.rb",
    "monitor" => "monitor.rb",
    "mutex_m" => "mutex_m.rb",
    "base64" => "base64.rb",
    "find" => "find.rb",
    "erb" => "erb.rb",
    "weakref" => "weakref.rb",
    "pstore" => "pstore.rb",
    "matrix" => "matrix.rb",
    "matrix/coercion" => "matrix/coercion.rb",
    "matrix/algebra" => "matrix/algebra.rb",
    "matrix/vector" => "matrix/vector.rb",
    "matrix/lup_decomposition" => "matrix/lup_decomposition.rb",
    "uri" => "uri.rb",
    "uri/generic" => "uri/generic.rb",
    "ipaddr" => "ipaddr.rb",
    "bigdecimal/util" => "bigdecimal/util.rb",
    "csv" => "csv.rb",
    "csv/row" => "csv/row.rb",
    "rexml" => "rexml.rb",
    "rexml/document" => "rexml/document.rb",
    "rexml/node" => "rexml/node.rb",
    "rexml/text" => "rexml/text.rb",
    "rexml/attribute" => "rexml/attribute.rb",
    "rexml/element" => "rexml/element.rb",
    "rexml/xpath" => "rexml/xpath.rb",
    "rexml/functions" => "rexml/functions.rb",
    "rexml/parsers/xpathparser" => "rexml/parsers/xpathparser.rb",
    "rexml/parsers/treeparser" => "rexml/parsers/treeparser.rb",
    "rexml/formatters/default" => "rexml/formatters/default.rb",
    "rexml/formatters/pretty" => "rexml/formatters/pretty.rb",
    "rexml/streamlistener" => "rexml/streamlistener.rb",
    "rexml/parsers/streamparser" => "rexml/parsers/streamparser.rb",
    "rexml/parsers/pullparser" => "rexml/parsers/pullparser.rb",
];

/// The library `name` (a feature name without extension) stands for.
pub fn find(name: &[u8]) -> Option<&'static RubyLib> {
    LIBRARIES.iter().find(|l| l.name.as_bytes() == name)
}

/// The library whose virtual path is `path` (`<internal:stdlib>/x.rb`), for
/// `require_relative` inside a library.
pub fn find_path(path: &[u8]) -> Option<&'static RubyLib> {
    let rest = path.strip_prefix(DIR.as_bytes())?.strip_prefix(b"/")?;
    find(rest.strip_suffix(b".rb").unwrap_or(rest))
}

/// The virtual path of `lib`: `<internal:stdlib>/name.rb`.
pub fn path(lib: &RubyLib) -> String {
    format!("{DIR}/{}.rb", lib.name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_sources_parse() {
        for (i, l) in LIBRARIES.iter().enumerate() {
            assert!(
                LIBRARIES[i + 1..].iter().all(|o| o.name != l.name),
                "{}",
                l.name
            );
            assert!(
                crate::parser::parse_program(l.source).is_ok(),
                "{} does not parse",
                l.name
            );
        }
    }

    #[test]
    fn paths_name_their_library() {
        for l in LIBRARIES {
            let p = path(l);
            assert_eq!(find_path(p.as_bytes()).map(|f| f.name), Some(l.name));
        }
        assert!(find_path(b"/usr/lib/prime.rb").is_none());
    }
}
