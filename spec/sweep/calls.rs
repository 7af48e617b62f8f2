//! The call sweep's generator: the pool of receivers and arguments, the blocks, the methods
//! (parsed from what `enumerate.rb` printed under rubra) and the Ruby text of one call.
//!
//! Every value is a self-contained Ruby expression, so a call is one line that needs no prelude
//! and a reproducing program is just the lines of the calls that died.

use std::collections::HashSet;

/// The value never ends when iterated (an endless range, `loop`, `cycle`, an infinite `each`).
pub const INF: u8 = 1;
/// A huge number: as a size or count, CRuby may legitimately loop for ever on it.
pub const HUGE: u8 = 2;
/// Expensive to build (deep nesting): drawn less often.
pub const COSTLY: u8 = 4;

/// One value of the pool: a Ruby expression evaluated afresh for every call that uses it.
#[derive(Clone, Debug)]
pub struct Value {
    pub expr: String,
    pub flags: u8,
    /// Named ancestors of the value's singleton class (from `enumerate.rb`): its methods' owners.
    pub ancestors: Vec<String>,
}

/// The static pool: (expression, flags). Local variables in expressions start with `sv_` so they
/// cannot clash with the call's own `r`.
pub const POOL: &[(&str, u8)] = &[
    ("nil", 0),
    ("true", 0),
    ("false", 0),
    ("0", 0),
    ("1", 0),
    ("-1", 0),
    ("3", 0),
    ("2**31", HUGE),
    ("2**40", HUGE),
    ("2**62", HUGE),
    ("2**64", HUGE),
    ("-2**100", 0),
    ("1.5", 0),
    ("1e300", HUGE),
    ("-0.0", 0),
    ("Float::NAN", 0),
    ("Float::INFINITY", HUGE),
    ("-Float::INFINITY", 0),
    ("Rational(1, 3)", 0),
    ("\"\"", 0),
    ("\"abc\"", 0),
    ("\"abc\".freeze", 0),
    ("\"12\"", 0),
    ("\"%s-%d\"", 0),
    ("\"a\\nb\\n\"", 0),
    ("(\"x\" * 10_000)", 0),
    ("(\"s\" * 300)[1..]", 0),
    ("\"\\xff\\xfe\\x00\\x80\".b", 0),
    ("\"h\\u00e9llo \\u{1F600}\"", 0),
    ("\"\\xff\\xc3abc\"", 0),
    ("Class.new(String).new(\"sub\")", 0),
    (":sym", 0),
    (":\"\"", 0),
    ("[]", 0),
    ("[1, 2]", 0),
    ("[3, 1, 2]", 0),
    ("[[1, 2], [3, 4]]", 0),
    ("[[1, [2, [3]]], [4, 5]]", 0),
    ("[nil, \"a\", :b, 1.5, [2]]", 0),
    ("[1, 2].freeze", 0),
    ("Array.new(1000) { |sv_i| sv_i }", 0),
    ("Class.new(Array).new([1, 2])", 0),
    ("(sv_a = []; sv_a << sv_a; sv_a)", 0),
    ("(sv_d = []; 10_000.times { sv_d = [sv_d] }; sv_d)", COSTLY),
    ("{}", 0),
    ("{a: 1}", 0),
    ("{1 => \"x\", \"b\" => [2], nil => nil}", 0),
    ("{a: 1}.freeze", 0),
    ("Hash.new { |sv_hh, sv_k| sv_hh[sv_k] = sv_k }", 0),
    ("Hash.new(5)", 0),
    ("{}.compare_by_identity", 0),
    ("(sv_h = {}; sv_h[:a] = sv_h; sv_h)", 0),
    (
        "(sv_e = {}; 10_000.times { sv_e = {a: sv_e} }; sv_e)",
        COSTLY,
    ),
    ("(1..3)", 0),
    ("(1...3)", 0),
    ("(3..1)", 0),
    ("(1..)", INF),
    ("(..3)", 0),
    ("(nil..nil)", INF),
    ("(1.0..2.0)", 0),
    ("(\"a\"..\"e\")", 0),
    ("(1..2**64)", HUGE),
    ("Object.new", 0),
    ("BasicObject.new", 0),
    ("self", 0),
    ("String", 0),
    ("Comparable", 0),
    ("Class.new", 0),
    ("Module.new", 0),
    ("Struct.new(:a, :b)", 0),
    ("Struct.new(:a, :b).new(1, 2)", 0),
    ("Data.define(:x).new(x: 1)", 0),
    ("Set[1, 2]", 0),
    ("Time.at(0).utc", 0),
    ("Time.at(1_700_000_000, 123_456_789, :nsec)", 0),
    ("proc { |sv_x| sv_x }", 0),
    ("lambda { |sv_x, sv_y| sv_x }", 0),
    ("1.method(:+)", 0),
    ("Array.instance_method(:size)", 0),
    ("[1, 2, 3].each", 0),
    ("[1, 2].each_with_index", 0),
    ("Enumerator.new { |sv_y| sv_y << 1; sv_y << 2 }", 0),
    ("1.step(10, 3)", 0),
    ("loop", INF),
    ("(1..).each", INF),
    ("[1, 2].cycle", INF),
    ("Enumerator.new { |sv_y| loop { sv_y << 1 } }", INF),
    ("(1..).lazy.map { |sv_x| sv_x * 2 }", INF),
    ("RuntimeError.new(\"boom\")", 0),
    ("(raise \"raised\" rescue $!)", 0),
    ("StopIteration.new", 0),
    ("File.open(\"sweep_io.txt\", \"w+\")", 0),
    ("STDIN", 0),
    ("File.stat(\".\")", 0),
    ("Encoding::UTF_8", 0),
    ("Random.new(1)", 0),
    // Duck types whose conversions return the wrong thing.
    ("(sv_o = Object.new; def sv_o.to_str; 42; end; sv_o)", 0),
    ("(sv_o = Object.new; def sv_o.to_int; \"x\"; end; sv_o)", 0),
    (
        "(sv_o = Object.new; def sv_o.to_int; 2**64; end; sv_o)",
        HUGE,
    ),
    ("(sv_o = Object.new; def sv_o.to_ary; 1; end; sv_o)", 0),
    ("(sv_o = Object.new; def sv_o.to_hash; []; end; sv_o)", 0),
    ("(sv_o = Object.new; def sv_o.to_a; nil; end; sv_o)", 0),
    ("(sv_o = Object.new; def sv_o.to_proc; 1; end; sv_o)", 0),
    (
        "(sv_o = Object.new; def sv_o.to_s; nil; end; def sv_o.inspect; nil; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; def sv_o.to_sym; 1; end; def sv_o.to_f; \"x\"; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; def sv_o.coerce(sv_x); [1]; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; def sv_o.hash; 2**64; end; def sv_o.==(sv_x); true; end; def sv_o.eql?(sv_x); true; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; def sv_o.hash; \"x\"; end; def sv_o.eql?(sv_x); raise \"eql\"; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; sv_o.extend(Comparable); def sv_o.<=>(sv_x); \"x\"; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; sv_o.extend(Comparable); def sv_o.<=>(sv_x); nil; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; sv_o.extend(Enumerable); def sv_o.each; yield; yield 1, 2; yield [3]; yield nil; 7; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; sv_o.extend(Enumerable); def sv_o.each; loop { yield 1 }; end; sv_o)",
        INF,
    ),
    (
        "(sv_o = Object.new; def sv_o.size; 2**64; end; def sv_o.length; \"x\"; end; sv_o)",
        HUGE,
    ),
    (
        "(sv_o = Object.new; def sv_o.respond_to_missing?(*sv_x); true; end; def sv_o.method_missing(*sv_x); self; end; sv_o)",
        0,
    ),
    (
        "(sv_o = Object.new; def sv_o.respond_to_missing?(*sv_x); true; end; def sv_o.method_missing(*sv_x); raise \"duck\"; end; sv_o)",
        0,
    ),
];

/// Values a block returns (cheap ones; `sv_x` is the block's splatted arguments).
const BLOCK_RETURNS: &[&str] = &[
    "nil",
    "true",
    "false",
    "0",
    "-1",
    "1",
    "\"abc\"",
    ":sym",
    "[1, 2]",
    "1.5",
    "Float::NAN",
    "sv_x",
    "sv_x[0]",
    "2**64",
    "{a: 1}",
    "Object.new",
    "(sv_o = Object.new; def sv_o.to_str; 42; end; sv_o)",
    "(sv_o = Object.new; def sv_o.<=>(sv_x); \"x\"; end; sv_o)",
];

/// What a mutating block does to the receiver `r` while the method iterates over it.
const MUTATIONS: &[&str] = &[
    "r.clear",
    "r << 1",
    "r.push(1, 2, 3)",
    "r.freeze",
    "r.replace([])",
    "r.shift",
    "r.pop",
    "r.concat([1] * 100)",
    "r[0] = nil",
    "r.sort!",
    "r.delete(1)",
    "r.store(:z, 1)",
    "r.compact!",
];

const KWARGS: &[&str] = &[
    "a: 1",
    "**{}",
    "exception: false",
    "chomp: true",
    "**{a: 1, b: 2}",
];

/// A method of a core class or module, as `enumerate.rb` listed it.
#[derive(Clone, Debug)]
pub struct Meth {
    pub owner: String,
    /// 'i' instance method, 's' the module's singleton method, 'o' the constant object's.
    pub kind: char,
    pub name: String,
    pub arity: i64,
}

impl Meth {
    /// `Owner#name` for instance methods, `Owner.name` for singleton methods.
    pub fn sig(&self) -> String {
        if self.kind == 'i' {
            format!("{}#{}", self.owner, self.name)
        } else {
            format!("{}.{}", self.owner, self.name)
        }
    }
}

/// One generated call: one line of Ruby.
#[derive(Clone, Debug)]
pub struct Call {
    pub sig: String,
    pub code: String,
    /// An infinite or huge value or an unbounded block: the call may hang (in CRuby too).
    pub unbounded: bool,
}

/// splitmix64: small, fast, and the same sequence on every platform.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    pub fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// The denylist (`denylist.txt`): `never SIG reason` is never called; `forever SIG reason` is not
/// called with an infinite or huge receiver/argument or an unbounded block, because CRuby loops
/// on those too. SIG is `Owner#name`, `Owner.name`, `*#name`, `*.name`, `Owner#*` or `Owner.*`.
pub struct Denylist {
    pub never: Vec<String>,
    pub forever: Vec<String>,
}

pub fn sig_matches(pattern: &str, sig: &str) -> bool {
    if pattern == sig {
        return true;
    }
    let split = |s: &str| -> Option<(String, char, String)> {
        // The separator is the first '#' or '.' after the owner (owners are constant paths).
        let i = s.find(['#', '.'])?;
        Some((
            s[..i].to_string(),
            s.as_bytes()[i] as char,
            s[i + 1..].to_string(),
        ))
    };
    let (Some((po, pk, pn)), Some((so, sk, sn))) = (split(pattern), split(sig)) else {
        return false;
    };
    pk == sk && (po == "*" || po == so) && (pn == "*" || pn == sn)
}

impl Denylist {
    pub fn parse(text: &str) -> Result<Denylist, String> {
        let mut d = Denylist {
            never: vec![],
            forever: vec![],
        };
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let mut it = line.split_whitespace();
            let (kind, sig) = (it.next().unwrap_or(""), it.next().unwrap_or(""));
            if it.next().is_none() {
                return Err(format!(
                    "denylist.txt:{}: every entry needs a reason",
                    n + 1
                ));
            }
            match kind {
                "never" => d.never.push(sig.to_string()),
                "forever" => d.forever.push(sig.to_string()),
                _ => return Err(format!("denylist.txt:{}: unknown kind {kind:?}", n + 1)),
            }
        }
        Ok(d)
    }
    pub fn never(&self, sig: &str) -> bool {
        self.never.iter().any(|p| sig_matches(p, sig))
    }
    pub fn forever(&self, sig: &str) -> bool {
        self.forever.iter().any(|p| sig_matches(p, sig))
    }
}

/// The Ruby program whose output lists the methods and classifies the pool.
pub fn enumerate_program(pool: &[(&str, u8)]) -> String {
    let mut s = String::from("SWEEP_VALUES = [\n");
    for (e, _) in pool {
        s.push_str(&format!("  -> {{ {e} }},\n"));
    }
    s.push_str("]\n");
    s.push_str(include_str!("enumerate.rb"));
    s
}

/// The pool and the methods, from `enumerate.rb`'s output.
pub fn parse_enumeration(out: &str, pool: &[(&str, u8)]) -> (Vec<Value>, Vec<Value>, Vec<Meth>) {
    let mut values = vec![];
    let mut allocs = vec![];
    let mut meths = vec![];
    for line in out.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "M" if f.len() >= 5 => meths.push(Meth {
                owner: f[1].to_string(),
                kind: f[2].chars().next().unwrap_or('i'),
                name: f[3].to_string(),
                arity: f[4].parse().unwrap_or(-1),
            }),
            "V" if f.len() >= 2 => {
                let i: usize = f[1].parse().unwrap_or(usize::MAX);
                if let Some((e, fl)) = pool.get(i) {
                    values.push(Value {
                        expr: e.to_string(),
                        flags: *fl,
                        ancestors: f[2..].iter().map(|s| s.to_string()).collect(),
                    });
                }
            }
            "A" if f.len() >= 2 => allocs.push(Value {
                expr: format!("{}.allocate", f[1]),
                flags: 0,
                ancestors: f[2..].iter().map(|s| s.to_string()).collect(),
            }),
            _ => {}
        }
    }
    (values, allocs, meths)
}

/// How many receivers per method and calls per receiver.
pub struct Plan {
    pub receivers: usize,
    pub calls: usize,
}

fn quote_sym(name: &str) -> String {
    let mut s = String::from(":\"");
    for c in name.chars() {
        match c {
            '"' | '\\' | '#' => {
                s.push('\\');
                s.push(c)
            }
            _ => s.push(c),
        }
    }
    s.push('"');
    s
}

pub struct Gen<'a> {
    pub values: &'a [Value],
    pub allocs: &'a [Value],
    pub deny: &'a Denylist,
    pub rng: Rng,
}

impl Gen<'_> {
    fn arg(&mut self) -> &Value {
        if !self.allocs.is_empty() && self.rng.chance(12) {
            return &self.allocs[self.rng.below(self.allocs.len())];
        }
        loop {
            let v = &self.values[self.rng.below(self.values.len())];
            if v.flags & COSTLY == 0 || self.rng.chance(25) {
                return v;
            }
        }
    }

    fn argc(&mut self, arity: i64) -> usize {
        if self.rng.chance(50) {
            if (0..=3).contains(&arity) {
                return arity as usize;
            }
            if arity < 0 {
                let req = (-arity - 1) as usize;
                if req <= 3 {
                    return req + self.rng.below(4 - req);
                }
            }
        }
        self.rng.below(4)
    }

    /// The block text (with its leading space) and whether it is unbounded (may yield for ever).
    fn block(&mut self, j: usize) -> (String, bool) {
        let kind = match j {
            0 => 0,
            1 => 1,
            _ => self.rng.below(12),
        };
        let ret = *self.rng.pick(BLOCK_RETURNS);
        let count = "$sn += 1; break if $sn > 1000";
        match kind {
            0..=3 => (String::new(), false),
            4 | 5 => (format!(" {{ |*sv_x| {count}; {ret} }}"), false),
            6 => (" { |*sv_x| break sv_x }".into(), false),
            7 => (" { |*sv_x| raise \"sweep\" }".into(), false),
            8 => {
                let m = *self.rng.pick(MUTATIONS);
                (
                    format!(" {{ |*sv_x| $sn += 1; break if $sn > 100; ({m} rescue nil); {ret} }}"),
                    false,
                )
            }
            9 => (
                " { |*sv_x| $sn += 1; break if $sn > 20; GC.start; sv_x[0] }".into(),
                false,
            ),
            10 => (format!(" {{ |sv_a, sv_b| {count}; sv_b }}"), false),
            _ => match self.rng.below(3) {
                0 => (
                    ", &->(sv_a) { $sn += 1; raise StopIteration if $sn > 1000; sv_a }".into(),
                    false,
                ),
                1 => (", &:itself".into(), true),
                _ => (", &:to_s".into(), true),
            },
        }
    }

    /// The calls for one method: `plan.calls` calls on each of up to `plan.receivers` receivers.
    pub fn calls_for(&mut self, m: &Meth, plan: &Plan) -> Vec<Call> {
        let sig = m.sig();
        if self.deny.never(&sig) {
            return vec![];
        }
        let forever = self.deny.forever(&sig);
        let mut recvs: Vec<Value> = if m.kind == 'i' {
            let own: Vec<&Value> = self
                .allocs
                .iter()
                .filter(|v| v.ancestors.first() == Some(&m.owner))
                .collect();
            let mut rs: Vec<Value> = self
                .values
                .iter()
                .filter(|v| v.ancestors.contains(&m.owner))
                .cloned()
                .collect();
            // Shuffle, then keep the allocated instance first: it is the rarest receiver.
            for i in (1..rs.len()).rev() {
                rs.swap(i, self.rng.below(i + 1));
            }
            let mut out: Vec<Value> = own.into_iter().cloned().collect();
            out.extend(rs);
            out
        } else {
            vec![Value {
                expr: m.owner.clone(),
                flags: 0,
                ancestors: vec![],
            }]
        };
        recvs.truncate(plan.receivers);
        let mut calls = vec![];
        let mut seen = HashSet::new();
        for r in &recvs {
            for j in 0..plan.calls {
                for _attempt in 0..4 {
                    let argc = if j < 2 {
                        m.arity.clamp(0, 3) as usize
                    } else {
                        self.argc(m.arity)
                    };
                    let mut unbounded = r.flags & (INF | HUGE) != 0;
                    let mut args = vec![];
                    for _ in 0..argc {
                        let a = self.arg();
                        unbounded |= a.flags & (INF | HUGE) != 0;
                        args.push(format!("({})", a.expr));
                    }
                    if j >= 2 && self.rng.chance(15) {
                        args.push(self.rng.pick(KWARGS).to_string());
                    }
                    let (blk, ub) = self.block(j);
                    // An unbounded block on an infinite or huge iteration loops in CRuby too.
                    if ub && unbounded {
                        continue;
                    }
                    unbounded |= ub;
                    if forever && unbounded {
                        continue;
                    }
                    let mut call = format!("r.__send__({}", quote_sym(&m.name));
                    for a in &args {
                        call.push_str(", ");
                        call.push_str(a);
                    }
                    let code = if let Some(rest) = blk.strip_prefix(',') {
                        format!("{call},{rest})")
                    } else {
                        format!("{call}){blk}")
                    };
                    let code = format!(
                        "$sn = 0; begin; r = ({}); {code}; rescue Exception; end",
                        r.expr
                    );
                    if seen.insert(code.clone()) {
                        calls.push(Call {
                            sig: sig.clone(),
                            code,
                            unbounded,
                        });
                    }
                    break;
                }
            }
        }
        calls
    }
}

/// A batch program: the calls, each preceded by its index written to `sweep.log` (unbuffered), so
/// after a death the log names the call that was running.
pub fn batch_program(calls: &[Call]) -> String {
    let mut s = String::from("$sweep_log = File.open(\"sweep.log\", \"w\")\n");
    for (i, c) in calls.iter().enumerate() {
        s.push_str(&format!("$sweep_log.syswrite(\"{i}\\n\")\n{}\n", c.code));
    }
    s.push_str("$sweep_log.syswrite(\"done\\n\")\n");
    s
}

/// A reproducing program: just the calls.
pub fn repro_program(calls: &[&Call]) -> String {
    let mut s = String::new();
    for c in calls {
        s.push_str(&c.code);
        s.push('\n');
    }
    s
}
