//! AST shape tests for the grammar: each construct is parsed and printed as a compact
//! S-expression; plus incomplete-input, error, locals, deep-nesting and fuzz tests.

use super::*;
use crate::ast::*;

fn lit(b: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(b))
}

fn parts(ps: &[StrPart]) -> String {
    ps.iter()
        .map(|p| match p {
            StrPart::Lit(b) => lit(b),
            StrPart::Utf8(b) => format!("u{}", lit(b)),
            StrPart::Code(n) => format!("#{{{}}}", sx(n)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn opt(n: &Option<Box<Node>>) -> String {
    n.as_ref().map_or("_".to_string(), |n| sx(n))
}

fn target(t: &Target) -> String {
    match t {
        Target::LVar(s) => format!("lvar:{s}"),
        Target::IVar(s) | Target::GVar(s) | Target::CVar(s) => s.clone(),
        Target::Const { scope, top, name } => match (scope, top) {
            (None, false) => name.clone(),
            (None, true) => format!("::{name}"),
            (Some(s), _) => format!("{}::{name}", sx(s)),
        },
        Target::Index { recv, args } => format!("(index {}{})", sx(recv), list(args, true)),
        Target::Attr { recv, name, safe } => {
            format!(
                "({} {} {name})",
                if *safe { "csend-attr" } else { "attr" },
                sx(recv)
            )
        }
        Target::Splat(t) => format!("*{}", t.as_ref().map_or(String::new(), |t| target(t))),
        Target::Nested(v) => {
            format!("({})", v.iter().map(target).collect::<Vec<_>>().join(", "))
        }
    }
}

fn list(v: &[Node], lead: bool) -> String {
    let s = v.iter().map(sx).collect::<Vec<_>>().join(" ");
    if lead && !s.is_empty() {
        format!(" {s}")
    } else {
        s
    }
}

fn hash(v: &[HashElem]) -> String {
    v.iter()
        .map(|e| match e {
            HashElem::Pair(k, v) => format!("{}=>{}", sx(k), sx(v)),
            HashElem::DoubleSplat(v) => format!("**{}", sx(v)),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn req(r: &ReqParam) -> String {
    match r {
        ReqParam::Name(s) => s.clone(),
        ReqParam::Destructure(v) => {
            format!("({})", v.iter().map(target).collect::<Vec<_>>().join(", "))
        }
    }
}

pub(crate) fn params(p: &Params) -> String {
    let mut v: Vec<String> = p.required.iter().map(req).collect();
    v.extend(p.optional.iter().map(|(n, d)| format!("{n}={}", sx(d))));
    if let Some(r) = &p.rest {
        v.push(format!("*{}", r.clone().unwrap_or_default()));
    }
    v.extend(p.post.iter().map(req));
    v.extend(p.kw.iter().map(|(n, d)| match d {
        Some(d) => format!("{n}:{}", sx(d)),
        None => format!("{n}:"),
    }));
    if let Some(r) = &p.kwrest {
        v.push(format!("**{}", r.clone().unwrap_or_default()));
    }
    if let Some(r) = &p.block {
        v.push(format!("&{}", r.clone().unwrap_or_default()));
    }
    if !p.block_locals.is_empty() {
        v.push(format!(";{}", p.block_locals.join(",")));
    }
    if p.trailing_comma {
        v.push(",".into());
    }
    format!("|{}|", v.join(" "))
}

fn body(b: &BodyStmt) -> String {
    let mut s = opt(&b.body);
    for r in &b.rescues {
        s.push_str(&format!(
            " (rescue [{}]{} {})",
            list(&r.classes, false),
            r.var
                .as_ref()
                .map_or(String::new(), |t| format!(" => {}", target(t))),
            r.body.as_ref().map_or("_".into(), sx)
        ));
    }
    if let Some(e) = &b.else_ {
        s.push_str(&format!(" (else {})", sx(e)));
    }
    if let Some(e) = &b.ensure {
        s.push_str(&format!(" (ensure {})", sx(e)));
    }
    s
}

fn block(b: &Option<Box<Block>>) -> String {
    match b {
        None => String::new(),
        Some(b) => format!(
            " {{{}{}}}",
            b.params
                .as_ref()
                .map_or("".into(), |p| format!("{} ", params(p))),
            body(&b.body)
        ),
    }
}

/// A compact S-expression for a node.
pub(crate) fn sx(n: &Node) -> String {
    use NodeKind::*;
    match &n.kind {
        Nil => "nil".into(),
        True => "true".into(),
        False => "false".into(),
        SelfRef => "self".into(),
        SourceEncoding => "__ENCODING__".into(),
        Int(i) => i.to_string(),
        BigInt(s) => format!("big:{s}"),
        Float(f) => format!("{f:?}"),
        Str(b) => lit(b),
        DStr(p) => format!("(dstr {})", parts(p)),
        XStr(p) => format!("(xstr {})", parts(p)),
        Sym(s) => format!(":{s}"),
        DSym(p) => format!("(dsym {})", parts(p)),
        Regex(p, f) => format!("(regex {} /{f})", parts(p)),
        Array(v) => format!("[{}]", list(v, false)),
        Hash(v) => format!("{{{}}}", hash(v)),
        Range { lo, hi, excl } => format!(
            "({} {} {})",
            if *excl { "..." } else { ".." },
            opt(lo),
            opt(hi)
        ),
        File => "__FILE__".into(),
        CurMethod => "__method__".into(),
        Ident(s) => s.clone(),
        IVar(s) | GVar(s) | CVar(s) => s.clone(),
        NthRef(i) => format!("${i}"),
        Const(s) => s.clone(),
        ScopedConst(None, s) => format!("::{s}"),
        ScopedConst(Some(p), s) => format!("{}::{s}", sx(p)),
        Asgn(t, v) => format!("(asgn {} {})", target(t), sx(v)),
        OpAsgn(t, op, v) => format!("(op-asgn {} {op} {})", target(t), sx(v)),
        MAsgn(t, v) => format!(
            "(masgn ({}) {})",
            t.iter().map(target).collect::<Vec<_>>().join(", "),
            sx(v)
        ),
        And(a, b) => format!("(and {} {})", sx(a), sx(b)),
        Or(a, b) => format!("(or {} {})", sx(a), sx(b)),
        Not(a) => format!("(not {})", sx(a)),
        Defined(a) => format!("(defined? {})", sx(a)),
        Call {
            recv,
            name,
            args,
            block: blk,
            safe,
        } => format!(
            "({} {} {name}{}{})",
            if *safe { "csend" } else { "send" },
            opt(recv),
            list(args, true),
            block(blk)
        ),
        Super { args, block: blk } => match args {
            None => format!("(zsuper{})", block(blk)),
            Some(a) => format!("(super{}{})", list(a, true), block(blk)),
        },
        Yield(a) => format!("(yield{})", list(a, true)),
        Splat(a) => format!("*{}", sx(a)),
        BlockPass(a) => format!("&{}", opt(a)),
        KwHash(v) => format!("(kw {})", hash(v)),
        Lambda(b) => format!("(lambda{})", block(&Some(b.clone()))),
        If { cond, then, else_ } => format!("(if {} {} {})", sx(cond), opt(then), opt(else_)),
        While {
            cond,
            body: b,
            until,
            do_while,
        } => format!(
            "({}{} {} {})",
            if *until { "until" } else { "while" },
            if *do_while { "-post" } else { "" },
            sx(cond),
            opt(b)
        ),
        For { var, iter, body: b } => format!("(for {} {} {})", target(var), sx(iter), opt(b)),
        PinLocal(s) => format!("^{s}"),
        CaseIn { .. } | MatchPattern { .. } => format!("{:?}", n.kind),
        Rational(s) => format!("{s}r"),
        Imaginary(i) => format!("{}i", sx(i)),
        Preexe(b) => format!("(BEGIN {})", sx(b)),
        DeclareLocals(v) => format!("(declare {})", v.join(" ")),
        Case {
            subject,
            whens,
            else_,
        } => format!(
            "(case {}{} {})",
            opt(subject),
            whens
                .iter()
                .map(|w| format!(
                    " (when [{}] {})",
                    list(&w.tests, false),
                    w.body.as_ref().map_or("_".into(), sx)
                ))
                .collect::<String>(),
            opt(else_)
        ),
        Break(v) => format!("(break {})", opt(v)),
        Next(v) => format!("(next {})", opt(v)),
        Redo => "redo".into(),
        Retry => "retry".into(),
        Return(v) => format!("(return {})", opt(v)),
        Begin(b) => format!("(begin {})", body(b)),
        RescueMod(a, b) => format!("(rescue-mod {} {})", sx(a), sx(b)),
        Seq(v) => format!("(seq {})", list(v, false)),
        Def {
            singleton,
            name,
            params: p,
            body: b,
        } => format!(
            "(def {}{name} {} {})",
            singleton
                .as_ref()
                .map_or(String::new(), |s| format!("{}.", sx(s))),
            params(p),
            body(b)
        ),
        Class {
            path,
            superclass,
            body: b,
        } => {
            format!("(class {} {} {})", sx(path), opt(superclass), body(b))
        }
        SClass { target: t, body: b } => format!("(sclass {} {})", sx(t), body(b)),
        Module { path, body: b } => format!("(module {} {})", sx(path), body(b)),
        Alias(a, b) => format!("(alias {} {})", fname(a), fname(b)),
        Undef(v) => format!(
            "(undef {})",
            v.iter().map(fname).collect::<Vec<_>>().join(" ")
        ),
    }
}

/// A name after `alias`/`undef`: bare when static, else the symbol's s-expression.
fn fname(n: &Node) -> String {
    match &n.kind {
        NodeKind::Sym(s) => s.clone(),
        _ => sx(n),
    }
}

/// Parses and prints the top-level statements separated by `; `.
fn p(src: &str) -> String {
    match parse_program(src) {
        Ok(Node {
            kind: NodeKind::Seq(v),
            ..
        }) => v.iter().map(sx).collect::<Vec<_>>().join("; "),
        Ok(other) => format!("not a seq: {other:?}"),
        Err(e) => format!(
            "ERROR {}: {} (incomplete={})",
            e.line, e.message, e.incomplete
        ),
    }
}

fn check(src: &str, expected: &str) {
    assert_eq!(p(src), expected, "source: {src:?}");
}

#[test]
fn smoke() {
    check("1 + 2", "(send 1 + 2)");
}

/// Debugging aid: `RUBRA_SRC='code' cargo test dump -- --ignored --nocapture`.
#[test]
#[ignore]
fn dump() {
    let src = match std::env::var("RUBRA_FILE") {
        Ok(f) => {
            let src = std::fs::read_to_string(f).unwrap();
            let t = std::time::Instant::now();
            let r = parse_program(&src);
            println!(
                "parsed {} bytes in {:?}: ok={}",
                src.len(),
                t.elapsed(),
                r.is_ok()
            );
            if std::env::var("RUBRA_SHOW").is_ok()
                && let Ok(Node {
                    kind: NodeKind::Seq(v),
                    ..
                }) = &r
            {
                let lines: Vec<&str> = src.lines().collect();
                for n in v {
                    let l = n.line as usize;
                    println!(
                        "{l:4}| {}\n    = {}",
                        lines.get(l - 1).unwrap_or(&""),
                        sx(n)
                    );
                }
            }
            if let Err(e) = r {
                println!("{e:?}");
            }
            return;
        }
        Err(_) => std::env::var("RUBRA_SRC").unwrap_or_default(),
    };
    let toks: Vec<_> = crate::lexer::Lexer::new(&src, &[]).collect();
    for t in toks {
        println!("{t:?}");
    }
    println!("{}", p(&src));
}

#[test]
fn numbers() {
    check(
        "1_000; 0x1F; 0b101; 0o17; 017; 0d19",
        "1000; 31; 5; 15; 15; 19",
    );
    check("99999999999999999999", "big:99999999999999999999");
    check("-99999999999999999999", "big:-99999999999999999999");
    check("0xffffffffffffffffffff", "big:1208925819614629174706175");
    check("-9223372036854775808", "-9223372036854775808");
    check("1.5; 1.5e3; 1e-5; 2E2", "1.5; 1500.0; 1e-5; 200.0");
    check("x = -1", "(asgn lvar:x -1)");
    check("2 ** -1", "(send 2 ** -1)");
    check("-2 ** 2", "(send (send 2 ** 2) -@)");
    check("-2.abs", "(send -2 abs)");
    check("-x ** 2", "(send (send x ** 2) -@)");
    check("1 - -1", "(send 1 - -1)");
    check("- 2", "(send 2 -@)");
    check("+2; +x", "2; (send x +@)");
}

#[test]
fn strings() {
    check(r#"'a\'b\\c\n'"#, r#""a'b\\c\\n""#);
    check(
        r#""a\tb\u0041\u{42 43}\x41\101\e\s\0""#,
        r#""a\tbABCAA\u{1b} \0""#,
    );
    check(r#""a#{x}b""#, r#"(dstr "a" #{(seq x)} "b")"#);
    check(
        r##""#@a #$b #@@c""##,
        r#"(dstr #{(seq @a)} " " #{(seq $b)} " " #{(seq @@c)})"#,
    );
    check(
        r#""a#{"b#{c}"}""#,
        r#"(dstr "a" #{(seq (dstr "b" #{(seq c)}))})"#,
    );
    check(r#""a" "b" 'c'"#, r#""abc""#);
    // a `\u` escape of a non-ASCII character marks its text (the literal is UTF-8)
    check(r#""caf\u00e9""#, r#"(dstr u"café")"#);
    check(r#""a" "\u{e9}" "b""#, r#"(dstr u"aéb")"#);
    check(r#""x#{y}\u00e9""#, r#"(dstr "x" #{(seq y)} u"é")"#);
    check(r#"'\u00e9'"#, r#""\\u00e9""#);
    check(r#"?\u00e9"#, r#"(dstr u"é")"#);
    check("__ENCODING__", "__ENCODING__");
    check(r##""#{}""##, r#"(dstr #{(seq )})"#);
    check(r#""a#b""#, r#""a#b""#);
    check("%w[a b  c]", r#"["a" "b" "c"]"#);
    check("%w[]", "[]");
    check("%i[a b]", "[:a :b]");
    check("%q(a(b)c)", r#""a(b)c""#);
    check("%Q{x#{1}}", r#"(dstr "x" #{(seq 1)})"#);
    check("%(a); %[b]; %<c>; %|d|", r#""a"; "b"; "c"; "d""#);
    check("%W[a#{1} b]", r#"[(dstr "a" #{(seq 1)}) "b"]"#);
    check("%I[a#{1} b]", r#"[(dsym "a" #{(seq 1)}) :b]"#);
    check("?a; ?\\n", r#""a"; "\n""#);
    check("`ls`", r#"(xstr "ls")"#);
    check("x = \"a\\\nb\"", r#"(asgn lvar:x "ab")"#);
}

#[test]
fn heredocs() {
    check(
        "x = <<~EOS\n  a\n    b\n  EOS\ny",
        r#"(asgn lvar:x "a\n  b\n"); y"#,
    );
    check("x = <<-EOS\n  a\n  EOS\n", r#"(asgn lvar:x "  a\n")"#);
    check("x = <<EOS\na\nEOS\n", r#"(asgn lvar:x "a\n")"#);
    check(
        "x = <<~'EOS'\n  a#{b}\\n\n  EOS\n",
        r#"(asgn lvar:x "a#{b}\\n\n")"#,
    );
    check(
        "x = <<~EOS\n  a#{b}c\n  EOS\n",
        r#"(asgn lvar:x (dstr "a" #{(seq b)} "c\n"))"#,
    );
    check(
        "foo(<<~A, <<~B)\n  a\n  A\n  b\n  B\nbar",
        r#"(send _ foo "a\n" "b\n"); bar"#,
    );
    check("foo(<<~A, 1)\n  x\nA\n", r#"(send _ foo "x\n" 1)"#);
    check(
        "x = <<~A.strip\n  x\nA\n",
        r#"(asgn lvar:x (send "x\n" strip))"#,
    );
    check("puts <<~A\n  x\n\n  y\nA\n", r#"(send _ puts "x\n\ny\n")"#);
    check(
        "x = <<~A\n  x\n  A\ny = 2",
        r#"(asgn lvar:x "x\n"); (asgn lvar:y 2)"#,
    );
}

#[test]
fn symbols() {
    check(":a; :a?; :a=; :A; :@a; :$a", ":a; :a?; :a=; :A; :@a; :$a");
    check(r#":"a b"; :'c'"#, ":a b; :c");
    check(r#":"a#{x}""#, r#"(dsym "a" #{(seq x)})"#);
    check(
        ":+; :[]; :[]=; :<=>; :!; :-@; :==; :<<",
        ":+; :[]; :[]=; :<=>; :!; :-@; :==; :<<",
    );
    check("x ? :a : :b", "(if x :a :b)");
    check("{:a=>1}", "{:a=>1}");
}

#[test]
fn collections() {
    check("[1, *a, 2]", "[1 *a 2]");
    check("[1, 2,]", "[1 2]");
    check("[\n  1,\n  2\n]", "[1 2]");
    check(
        r#"{a: 1, "b" => 2, **h, "c": 3}"#,
        r#"{:a=>1 "b"=>2 **h :c=>3}"#,
    );
    check("{x:, y:}", "{:x=>x :y=>y}");
    check("{}", "{}");
    check("{if: 1, end: 2}", "{:if=>1 :end=>2}");
    check("[a: 1]", "[{:a=>1}]");
    check(
        "(1..); (..5); a...b; 1..2",
        "(.. 1 _); (.. _ 5); (... a b); (.. 1 2)",
    );
    check(
        "/ab+/i; %r{a/b}; /a\\/b/",
        r#"(regex "ab+" /i); (regex "a/b" /); (regex "a\\/b" /)"#,
    );
    check("/a#{x}/", r#"(regex "a" #{(seq x)} /)"#);
}

#[test]
fn keywords_values() {
    check(
        "__FILE__; __LINE__\n__LINE__; __method__; __dir__",
        "__FILE__; 1; 2; __method__; __dir__",
    );
    check("nil; true; false; self", "nil; true; false; self");
    check("1\n__END__\nthis is not code", "1");
    check("1\n=begin\ncomment\n=end\n2", "1; 2");
    check("# c\n1 # c\n# c\n", "1");
}

#[test]
fn variables() {
    check(
        "@a; @@b; $c; $0; $;; $,; $/; $!; $@; $~; $_; $1; $9",
        "@a; @@b; $c; $0; $;; $,; $/; $!; $@; $~; $_; $1; $9",
    );
    check(
        "A::B; ::A; A::b; A::b(); A::B()",
        "A::B; ::A; (send A b); (send A b); (send A B)",
    );
    check("x = 1; x", "(asgn lvar:x 1); x");
}

#[test]
fn operators() {
    check("1 + 2 * 3", "(send 1 + (send 2 * 3))");
    check("(1 + 2) * 3", "(send (send 1 + 2) * 3)");
    check("a ** b ** c", "(send a ** (send b ** c))");
    check("!a == b", "(send (not a) == b)");
    check("not a == b", "(not (send a == b))");
    check(
        "a != b; a !~ b; a =~ b",
        "(send a != b); (send a !~ b); (send a =~ b)",
    );
    check("~a; -a; +a", "(send a ~); (send a -@); (send a +@)");
    check("a && b || c", "(or (and a b) c)");
    check("a || b && c", "(or a (and b c))");
    check("a and b or c", "(or (and a b) c)");
    check("a & b | c ^ d", "(send (send (send a & b) | c) ^ d)");
    check("a << b >> c", "(send (send a << b) >> c)");
    check("a < b == c < d", "(send (send a < b) == (send c < d))");
    check("a <=> b", "(send a <=> b)");
    check("a == b == c", "ERROR 1: unexpected '==' (incomplete=false)");
    check("x = a ? b : c", "(asgn lvar:x (if a b c))");
    check("a ? b : c ? d : e", "(if a b (if c d e))");
    check("a..b == c", "(.. a (send b == c))");
    check("x = y rescue z", "(asgn lvar:x (rescue-mod y z))");
    check("foo rescue bar", "(rescue-mod foo bar)");
    check("x = y = 1", "(asgn lvar:x (asgn lvar:y 1))");
    check("defined?(x); defined? @a", "(defined? x); (defined? @a)");
    check("a && b = c", "(and a (asgn lvar:b c))");
    check("x = 1 +\n 2", "(asgn lvar:x (send 1 + 2))");
    check("a = b or c", "(or (asgn lvar:a b) c)");
    check("-a * b", "(send (send a -@) * b)");
    check("a * -b ** c", "(send a * (send (send b ** c) -@))");
    check("!a.b", "(not (send a b))");
}

#[test]
fn op_assign() {
    check(
        "a += 1; @a -= 1; $a *= 2; @@a ||= 3; A &&= 4",
        "(op-asgn lvar:a + 1); (op-asgn @a - 1); (op-asgn $a * 2); (op-asgn @@a || 3); (op-asgn A && 4)",
    );
    check("a[i] += 1", "(op-asgn (index a i) + 1)");
    check("a.b ||= 2", "(op-asgn (attr a b) || 2)");
    check("a&.b += 1", "(op-asgn (csend-attr a b) + 1)");
    check(
        "a **= 2; a <<= 1; a >>= 1; a |= 1; a &= 1; a ^= 1; a %= 1; a /= 1",
        "(op-asgn lvar:a ** 2); (op-asgn lvar:a << 1); (op-asgn lvar:a >> 1); (op-asgn lvar:a | 1); (op-asgn lvar:a & 1); (op-asgn lvar:a ^ 1); (op-asgn lvar:a % 1); (op-asgn lvar:a / 1)",
    );
    check("A::B ||= 1", "(op-asgn A::B || 1)");
}

#[test]
fn multiple_assignment() {
    check("a, b = b, a", "(masgn (lvar:a, lvar:b) [b a])");
    check("a, *b = x", "(masgn (lvar:a, *lvar:b) x)");
    check("*a, b = x", "(masgn (*lvar:a, lvar:b) x)");
    check("(a, b), c = x", "(masgn ((lvar:a, lvar:b), lvar:c) x)");
    check(
        "a.b, c[0] = 1, 2",
        "(masgn ((attr a b), (index c 0)) [1 2])",
    );
    check("a, = x", "(masgn (lvar:a) x)");
    check("a = 1, 2", "(asgn lvar:a [1 2])");
    check("a = *b", "(asgn lvar:a [*b])");
    check("a, b = *c", "(masgn (lvar:a, lvar:b) [*c])");
    check("a, b = foo 1", "(masgn (lvar:a, lvar:b) (send _ foo 1))");
    check("@a, $b = 1, 2", "(masgn (@a, $b) [1 2])");
    check(
        "a, b = 1, 2\na -1",
        "(masgn (lvar:a, lvar:b) [1 2]); (send a - 1)",
    );
}

#[test]
fn calls() {
    check("foo", "foo");
    check("foo()", "(send _ foo)");
    check("foo(1, 2)", "(send _ foo 1 2)");
    check("foo 1, 2", "(send _ foo 1 2)");
    check("obj.meth a, b", "(send obj meth a b)");
    check("puts foo 1", "(send _ puts (send _ foo 1))");
    check("foo -1", "(send _ foo -1)");
    check("x = 1\nx -1", "(asgn lvar:x 1); (send x - 1)");
    check("foo [1]", "(send _ foo [1])");
    check("foo[1]", "(send foo [] 1)");
    check("foo.bar = 1", "(asgn (attr foo bar) 1)");
    check("foo::bar; foo&.bar", "(send foo bar); (csend foo bar)");
    check("a.(1)", "(send a call 1)");
    check("a[1, 2]; a[]", "(send a [] 1 2); (send a [])");
    check("a[1] = 2", "(asgn (index a 1) 2)");
    check("a\n  .b\n  .c(1)", "(send (send a b) c 1)");
    check("a.\n  b", "(send a b)");
    check("a\n  &.b", "(csend a b)");
    check("f(a: 1, b:)", "(send _ f (kw :a=>1 :b=>b))");
    check("f(1, a: 1, **h, &b)", "(send _ f 1 (kw :a=>1 **h) &b)");
    check(r#"f("a" => 1)"#, r#"(send _ f (kw "a"=>1))"#);
    check("f a: 1", "(send _ f (kw :a=>1))");
    check(
        "f(*args, **opts, &blk)",
        "(send _ f *args (kw **opts) &blk)",
    );
    check("f(&:sym); f(&)", "(send _ f &:sym); (send _ f &_)");
    check("f(1,)", "(send _ f 1)");
    check("puts (1 + 2) * 3", "(send _ puts (send (send 1 + 2) * 3))");
    check("Integer(\"3\")", r#"(send _ Integer "3")"#);
    check("a.b c do end", "(send a b c {_})");
    check(
        "puts(x.map do |v| v end)",
        "(send _ puts (send x map {|v| v}))",
    );
    check("foo.bar(1).baz", "(send (send foo bar 1) baz)");
    check("p x: 1", "(send _ p (kw :x=>1))");
    check("attr_accessor :a, :b", "(send _ attr_accessor :a :b)");
    check("private def foo; end", "(send _ private (def foo || _))");
    check(
        "raise ArgumentError, \"x\" unless y",
        r#"(if y _ (send _ raise ArgumentError "x"))"#,
    );
    check("foo?(1); bar!", "(send _ foo? 1); bar!");
    check(
        "5.+(3); 1.!; a.[](1); x.<=>(y); a.-@",
        "(send 5 + 3); (send 1 !); (send a [] 1); (send x <=> y); (send a -@)",
    );
    check(
        "p ?a + ?b; p ?あ",
        r#"(send _ p (send "a" + "b")); (send _ p "あ")"#,
    );
    check("return a: 1", "(return {:a=>1})");
    check("a.b? c", "(send a b? c)");
    check("puts\"x\"", r#"(send _ puts "x")"#);
}

#[test]
fn blocks() {
    check(
        "puts [1,2].map do |x| x end",
        "(send _ puts (send [1 2] map) {|x| x})",
    );
    check(
        "puts [1,2].map { |x| x }",
        "(send _ puts (send [1 2] map {|x| x}))",
    );
    check(
        "a.each { |a, (b, c), *d, k:, &e| }",
        "(send a each {|a (lvar:b, lvar:c) *d k: &e| _})",
    );
    check("a.each { |a, | }", "(send a each {|a ,| _})");
    check("a.each { |a; b| }", "(send a each {|a ;b| _})");
    check("a.each { || 1 }", "(send a each {|| 1})");
    check("a.each { _1 + it }", "(send a each {(send _1 + it)})");
    check("a.each do |x|\n  x\nend", "(send a each {|x| x})");
    check(
        "a.each do |x| x; rescue; 1; ensure 2 end",
        "(send a each {|x| x (rescue [] 1) (ensure 2)})",
    );
    check("f(&blk)", "(send _ f &blk)");
    check("->(x) { x }", "(lambda {|x| x})");
    check("-> x { x }", "(lambda {|x| x})");
    check("-> { 1 }", "(lambda {1})");
    check("->(x) do x end", "(lambda {|x| x})");
    check(
        "->(a, b = 1, *c, d:, e: 2, **f, &g) {}",
        "(lambda {|a b=1 *c d: e:2 **f &g| _})",
    );
    check(
        "proc { }; Proc.new { }; lambda { }",
        "(send _ proc {_}); (send Proc new {_}); (send _ lambda {_})",
    );
    check("loop do\n  break\nend", "(send _ loop {(break _)})");
    check("foo bar { 1 }", "(send _ foo (send _ bar {1}))");
    check("foo bar do 1 end", "(send _ foo bar {1})");
    check("x = foo 1 do end", "(asgn lvar:x (send _ foo 1 {_}))");
    check(
        "[1].each { |x| y = x; y }",
        "(send [1] each {|x| (seq (asgn lvar:y x) y)})",
    );
    check("f { |a, b = 1| }", "(send _ f {|a b=1| _})");
}

#[test]
fn supers_and_yields() {
    check(
        "super; super(); super(a); super a, b",
        "(zsuper); (super); (super a); (super a b)",
    );
    check("super { }", "(zsuper {_})");
    check("super(1) do end", "(super 1 {_})");
    check(
        "yield; yield 1, 2; yield(1); yield()",
        "(yield); (yield 1 2); (yield 1); (yield)",
    );
    check("yield if block_given?", "(if block_given? (yield) _)");
}

#[test]
fn control_flow() {
    check("if a then 1 else 2 end", "(if a 1 2)");
    check(
        "if a\n  1\nelsif b\n  2\nelse\n  3\nend",
        "(if a 1 (if b 2 3))",
    );
    check("unless a then 1 else 2 end", "(if a 2 1)");
    check("if a; end", "(if a _ _)");
    check("x if y; x unless y", "(if y x _); (if y _ x)");
    check(
        "while a do b end; until a; b; end",
        "(while a b); (until a b)",
    );
    check("x while y; x until y", "(while y x); (until y x)");
    check("begin\n  x\nend while y", "(while-post y (begin x))");
    check("for a in x do y end", "(for lvar:a x y)");
    check("for a, b in x\n  y\nend", "(for (lvar:a, lvar:b) x y)");
    check(
        "case x\nwhen 1, 2 then :a\nwhen *l\n  :b\nelse :c\nend",
        "(case x (when [1 2] :a) (when [*l] :b) :c)",
    );
    check("case\nwhen a then 1\nend", "(case _ (when [a] 1) _)");
    check("case x when 1 then 2 end", "(case x (when [1] 2) _)");
    check(
        "break; next 1; redo; retry; return 1, 2",
        "(break _); (next 1); redo; retry; (return [1 2])",
    );
    check("return", "(return _)");
    check("x ? y : z", "(if x y z)");
    check("x.empty? ? 1 : 2", "(if (send x empty?) 1 2)");
    check(
        "puts x.nil? ? \"a\" : \"b\"",
        r#"(send _ puts (if (send x nil?) "a" "b"))"#,
    );
    check("foo ? bar : baz", "(if foo bar baz)");
    check("x ? y.z : w", "(if x (send y z) w)");
    check("a = b ? c : d", "(asgn lvar:a (if b c d))");
    check(
        "while line = gets do end",
        "(while (asgn lvar:line gets) _)",
    );
    check("x = if a then 1 end", "(asgn lvar:x (if a 1 _))");
    check("a; b\nc", "a; b; c");
    check(";;a;;", "a");
}

#[test]
fn definitions() {
    check("def foo; end", "(def foo || _)");
    check(
        "def foo(a, b = 1, *c, d, e:, f: 2, **g, &h)\n  a\nend",
        "(def foo |a b=1 *c d e: f:2 **g &h| a)",
    );
    check("def foo a, b\n  a\nend", "(def foo |a b| a)");
    check("def foo a:, b: 1\nend", "(def foo |a: b:1| _)");
    check("def bar *args, &blk; end", "(def bar |*args &blk| _)");
    check("def sq(x) = x * x", "(def sq |x| (send x * x))");
    check("def one = 1", "(def one || 1)");
    check("def hi = puts \"x\"", r#"(def hi || (send _ puts "x"))"#);
    check("def hi(a) = puts a", "(def hi |a| (send _ puts a))");
    check("def x = y rescue nil", "(def x || (rescue-mod y nil))");
    check(
        "def self.x; end; def obj.y; end",
        "(def self.x || _); (def obj.y || _)",
    );
    check(
        "def +(o); end; def <=>(o); end; def ==(o); end",
        "(def + |o| _); (def <=> |o| _); (def == |o| _)",
    );
    check(
        "def [](i); end; def []=(i, v); end; def -@; end; def !; end",
        "(def [] |i| _); (def []= |i v| _); (def -@ || _); (def ! || _)",
    );
    check(
        "def `(c); end; def x=(v); end; def a?; end; def b!; end",
        "(def ` |c| _); (def x= |v| _); (def a? || _); (def b! || _)",
    );
    check("def foo(*, **, &); end", "(def foo |* ** &| _)");
    check("def foo(**nil); end", "(def foo || _)");
    check(
        "def foo\n  x\nrescue A => e\n  y\nelse\n  z\nensure\n  w\nend",
        "(def foo || x (rescue [A] => lvar:e y) (else z) (ensure w))",
    );
    check("def foo(a) a end", "(def foo |a| a)");
    check(
        "def end; end; def class; end",
        "(def end || _); (def class || _)",
    );
    check(
        "def foo(a)\n  a\nend\nfoo 1",
        "(def foo |a| a); (send _ foo 1)",
    );
    check(
        "alias a b; alias :c :d; alias $x $y",
        "(alias a b); (alias c d); (alias $x $y)",
    );
    check("undef a, :b", "(undef a b)");
    check("def m((a, b), c); end", "(def m |(lvar:a, lvar:b) c| _)");
    check(
        "def dots(...) = fwd(...)",
        "(def dots |* ** &| (send _ fwd ** (kw ****) &_))",
    );
    check(
        "def dots(a, ...) = fwd(a, ...)",
        "(def dots |a * ** &| (send _ fwd a ** (kw ****) &_))",
    );
}

#[test]
fn classes() {
    check("class A; end", "(class A _ _)");
    check("class A < B\n  x\nend", "(class A B x)");
    check("class A::B < C; end", "(class A::B C _)");
    check("class ::A; end", "(class ::A _ _)");
    check(
        "class << self\n  def x; end\nend",
        "(sclass self (def x || _))",
    );
    check(
        "module M; end; module A::B; end",
        "(module M _); (module A::B _)",
    );
    check(
        "class A\n  x\nrescue\n  y\nensure\n  z\nend",
        "(class A _ x (rescue [] y) (ensure z))",
    );
    check(
        "class A\n  private\n  attr_accessor :a, :b\nend",
        "(class A _ (seq private (send _ attr_accessor :a :b)))",
    );
    check("A = Class.new do\nend", "(asgn A (send Class new {_}))");
    check(
        "class Foo < Struct.new(:a); end",
        "(class Foo (send Struct new :a) _)",
    );
}

#[test]
fn rescue() {
    check(
        "begin\n  x\nrescue A, B => e\n  y\nrescue => e\n  z\nrescue *L\nrescue C then w\nelse\n  v\nensure\n  u\nend",
        "(begin x (rescue [A B] => lvar:e y) (rescue [] => lvar:e z) (rescue [*L] _) (rescue [C] w) (else v) (ensure u))",
    );
    check("begin; rescue; retry; end", "(begin _ (rescue [] retry))");
    check(
        "begin\n  begin\n    x\n  rescue\n  end\nend",
        "(begin (begin x (rescue [] _)))",
    );
    check("x = begin; 1; end", "(asgn lvar:x (begin 1))");
}

#[test]
fn lines() {
    let prog = parse_program("a\n\nb(\n1)\nif x\n  y\nend").unwrap();
    let NodeKind::Seq(v) = prog.kind else {
        panic!()
    };
    assert_eq!(v.iter().map(|n| n.line).collect::<Vec<_>>(), vec![1, 3, 5]);
    let NodeKind::If { then, .. } = &v[2].kind else {
        panic!()
    };
    assert_eq!(then.as_ref().unwrap().line, 6);
}

fn err(src: &str) -> SyntaxError {
    match parse_program(src) {
        Ok(n) => panic!("expected an error for {src:?}, got {}", sx(&n)),
        Err(e) => e,
    }
}

#[test]
fn incomplete_input() {
    for src in [
        "def foo",
        "x = [1,",
        "x = 1 +",
        "foo(",
        "\"abc#{",
        "\"abc",
        "x = <<~EOS\n  abc\n",
        "items.each do |x|",
        "class A",
        "if x",
        "x = {",
        "while x\n  y",
        "begin\n  x\nrescue",
        "case x\nwhen 1",
        "foo.",
        "[1, 2].map { |x|",
        "=begin\nabc",
        "x = (1 +",
        "module M\n  def f\n  end",
        "-> {",
        "%w[a b",
        "/abc",
        "x ? y",
        "x ? y\n",
        "alias x",
        "foo(1,\n",
    ] {
        let e = err(src);
        assert!(e.incomplete, "{src:?} should be incomplete: {e:?}");
    }
}

#[test]
fn real_errors() {
    for src in [
        "end",
        "x = )",
        "1 +* 2",
        "def foo(1); end",
        "foo(]",
        "}",
        "x = 1 2",
        "class foo; end",
        "a == b == c",
    ] {
        let e = err(src);
        assert!(!e.incomplete, "{src:?} should not be incomplete: {e:?}");
    }
    assert_eq!(err("end").message, "unexpected 'end'");
    assert_eq!(err("x = )").line, 1);
    assert_eq!(err("x = 1\n\ny = )").line, 3);
    assert!(
        err("def foo")
            .message
            .starts_with("unexpected end-of-input")
    );
    let e = err("puts 1\nclass Unclosed\n  def ok = 1\n");
    assert_eq!((e.line, e.incomplete), (3, true));
    assert_eq!(
        e.message,
        "unexpected end-of-input, assuming it is closing the parent top level context"
    );
}

#[test]
fn locals_carry_over() {
    let mut locals = vec!["x".to_string()];
    // `x -1` is a subtraction because x is a known local.
    let n = parse_with_locals("x -1", &mut locals).unwrap();
    assert_eq!(sx(&n), "(seq (send x - 1))");
    parse_with_locals("y = 2; a, b = 1, 2; def f(z); w = 1; end", &mut locals).unwrap();
    assert_eq!(locals, vec!["x", "y", "a", "b"]);
    let n = parse_with_locals("y [1]", &mut locals).unwrap();
    assert_eq!(sx(&n), "(seq (send y [] 1))");
}

/// Runs `f` on a thread with a 256 MB stack (deep ASTs are dropped recursively).
fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn deep_nesting() {
    big_stack(|| {
        let n = 10_000;
        let src = format!("{}1{}", "(".repeat(n), ")".repeat(n));
        assert_eq!(p(&src), "1");
        let src = format!("x = {}1{}", "[".repeat(n), "]".repeat(n));
        assert!(parse_program(&src).is_ok());
        let src = format!("{}1", "-".repeat(n));
        assert!(parse_program(&src).is_ok());
        let src = format!("{}1", "(".repeat(n));
        assert!(err(&src).incomplete);
        let src = format!("1{}", ")".repeat(n));
        assert!(!err(&src).incomplete);
        let src = "a + ".repeat(n) + "1";
        assert!(parse_program(&src).is_ok());
        let src = "a ** ".repeat(n) + "1";
        assert!(parse_program(&src).is_ok());
        let src = format!("{}x{}", "\"#{".repeat(1000), "}\"".repeat(1000));
        assert!(parse_program(&src).is_ok());
    });
}

/// A tiny deterministic generator for fuzz-style inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn garbage_never_panics() {
    big_stack(|| {
        let mut rng = Rng(0x9E3779B97F4A7C15);
        let pieces = [
            "def",
            "end",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "|",
            "\"",
            "'",
            "#{",
            "<<~A\n",
            "A\n",
            "\n",
            " ",
            "x",
            "1",
            "-",
            "*",
            "&",
            ":",
            "?",
            "/",
            "%w[",
            "do",
            "if",
            "->",
            ".",
            ",",
            "=",
            "::",
            "@a",
            "$",
            "\\",
            "=begin\n",
            "__END__\n",
            "rescue",
            "=>",
            "é",
            "\u{0}",
            "`",
            "%",
            "<<",
            "a, b",
        ];
        for _ in 0..3000 {
            let len = (rng.next() % 24) as usize;
            let mut src = String::new();
            for _ in 0..len {
                src.push_str(pieces[(rng.next() % pieces.len() as u64) as usize]);
            }
            let _ = parse_program(&src);
            // Every prefix of a valid-looking program must also be handled.
            for cut in 0..src.len() {
                if src.is_char_boundary(cut) {
                    let _ = parse_program(&src[..cut]);
                }
            }
        }
        for _ in 0..2000 {
            let len = (rng.next() % 40) as usize;
            let bytes: Vec<u8> = (0..len).map(|_| (rng.next() % 128) as u8).collect();
            let src = String::from_utf8_lossy(&bytes).into_owned();
            let _ = parse_program(&src);
        }
    });
}

/// Every shift and reduce moves a whole `___Symbol`, lalrpop's enum of all nonterminal types,
/// whose size is the largest of them: keeping the AST's types small keeps parsing fast (a
/// 248-byte `Node` and a 760-byte `InClause` once made memcpy 14% of a large program's run).
#[test]
fn ast_sizes() {
    use std::mem::size_of;
    assert!(size_of::<Node>() <= 80, "Node {}", size_of::<Node>());
    for (name, size) in [
        ("Pattern", size_of::<Pattern>()),
        ("StrPart", size_of::<StrPart>()),
        ("(bool, Node)", size_of::<(bool, Node)>()),
        ("Block", size_of::<Block>()),
        ("PItem", size_of::<pattern::PItem>()),
        ("PKw", size_of::<pattern::PKw>()),
        ("ParamItem", size_of::<build::ParamItem>()),
    ] {
        assert!(size <= 112, "{name} {size}");
    }
}
