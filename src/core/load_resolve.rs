//! `$LOAD_PATH.resolve_feature_path(feature)`: where `require feature` would load from, without
//! loading it, as CRuby's load.c answers: `[:rb, path]` for a Ruby file (on the load path, or
//! one of rubra's libraries written in Ruby under its virtual path), `[:so, "name.so"]` for a
//! library rubra provides in Rust that CRuby writes in C, nil when nothing would be found (or
//! the feature is one CRuby 4.0 has built in).

use super::file::{expand, path_arg};
use super::load::{BUNDLED, Ext, is_explicit, is_file, load_path, split_ext};
use crate::object::value::Value;
use crate::vm::Vm;
use crate::vm::frame::{Block, VmResult};

/// Defines the singleton method on the `$LOAD_PATH` Array `path`.
pub fn init(vm: &mut Vm, path: Value) {
    vm.define_singleton_natives(
        path,
        &[("resolve_feature_path", resolve_feature_path, 1, 1)],
    );
}

fn resolve_feature_path(vm: &mut Vm, _: Value, a: &[Value], _: Option<&Block>) -> VmResult {
    let name = path_arg(vm, a[0])?;
    Ok(match resolve(vm, &name)? {
        Some((kind, path)) => {
            let kind = vm.sym(kind);
            let path = vm.str_new(&path);
            vm.ary_from_slice(&[kind, path])
        }
        None => Value::NIL,
    })
}

/// The kind ("rb" or "so") and path `require name` would load.
fn resolve(vm: &mut Vm, name: &[u8]) -> VmResult<Option<(&'static str, Vec<u8>)>> {
    if name.is_empty() {
        return Ok(None);
    }
    let (stem, ext) = split_ext(name);
    let is_so = matches!(ext, Ext::So);
    if is_explicit(name) {
        if is_so {
            return Ok(None);
        }
        let mut full = expand(vm, stem, None, true)?;
        full.extend_from_slice(b".rb");
        return Ok(is_file(&full).then_some(("rb", full)));
    }
    if !is_so {
        for d in load_path(vm)? {
            let mut full = d;
            if !full.ends_with(b"/") {
                full.push(b'/');
            }
            full.extend_from_slice(stem);
            full.extend_from_slice(b".rb");
            if is_file(&full) {
                return Ok(Some(("rb", full)));
            }
        }
        if let Some(lib) = crate::stdlib::find(stem) {
            return Ok(Some(("rb", crate::stdlib::path(lib).into_bytes())));
        }
    }
    let bundled = BUNDLED
        .iter()
        .find(|b| b.name.as_bytes() == stem && !b.preloaded && (!is_so || b.ext == "so"));
    Ok(bundled.map(|b| {
        let kind = if b.ext == "so" { "so" } else { "rb" };
        (kind, format!("{}.{}", b.name, b.ext).into_bytes())
    }))
}
