//! Set, a core class in Ruby 4.0. It is written in Ruby (`set.rb`, on top of Hash, whose
//! insertion order it keeps) and compiled when an interpreter starts; `require "set"` is a no-op.

use crate::vm::Vm;

const SOURCE: &str = include_str!("set.rb");

pub fn init(vm: &mut Vm) {
    if let Err(e) = vm.eval_source(SOURCE, "<internal:set>") {
        // the bundled source is part of rubra: failing to load it is a bug, not a user error
        let text = match e {
            crate::vm::frame::Unwind::Raise(x) => vm.format_uncaught(x),
            _ => "unexpected unwind".to_string(),
        };
        panic!("loading <internal:set> failed: {text}");
    }
}
