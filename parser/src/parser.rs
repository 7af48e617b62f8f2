//! Parser driver: runs the lalrpop-generated LR(1) parser (grammar/ruby.lalrpop) over the token
//! stream of `lexer.rs`, maps its errors to CRuby-style syntax errors, and holds the small
//! AST-building helpers (`build`) that keep the grammar actions to one line.

use crate::ast::Node;
use crate::lexer::{LexError, Lexer, Tok};
use lalrpop_util::ParseError;

lalrpop_util::lalrpop_mod!(
    #[allow(clippy::all, unused)]
    ruby
);

/// A syntax error: where, what, and whether the input merely ended too early.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub line: u32,
    pub message: String,
    /// True when the input ended too early (unterminated string, missing `end`, trailing
    /// operator): the REPL asks for more lines instead of reporting the error.
    pub incomplete: bool,
}

impl std::fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.line, self.message)
    }
}

/// Parse a whole program. `incomplete` is true when the input ended too early (unterminated string,
/// missing `end`, trailing operator) — the REPL uses it to ask for more lines.
pub fn parse_program(src: &str) -> Result<Node, SyntaxError> {
    let mut locals = Vec::new();
    parse_with_locals(src, &mut locals)
}

/// Same, but starting with `locals` known as local variables, and adding every local the input
/// assigns (the REPL carries them between entries).
pub fn parse_with_locals(src: &str, locals: &mut Vec<String>) -> Result<Node, SyntaxError> {
    parse_full(src, locals, false).map(|(node, _)| node)
}

/// Parses a main program: also returns where the data after its `__END__` line starts (the
/// contents of `DATA`), if it has one.
pub fn parse_main(src: &str) -> Result<(Node, Option<usize>), SyntaxError> {
    parse_full(src, &mut Vec::new(), false)
}

/// `parse_main` or (without the `DATA` offset) `parse_program`, for a source whose bytes from
/// 0x80 up stand as the characters U+10FF80..U+10FFFF when `raw_bytes` (a file whose magic
/// comment names an encoding other than UTF-8: see `raw_byte_char`): its literals get the bytes
/// back.
pub fn parse_raw(src: &str, raw_bytes: bool) -> Result<(Node, Option<usize>), SyntaxError> {
    parse_full(src, &mut Vec::new(), raw_bytes)
}

fn parse_full(
    src: &str,
    locals: &mut Vec<String>,
    raw_bytes: bool,
) -> Result<(Node, Option<usize>), SyntaxError> {
    let mut lexer = Lexer::new(src, locals);
    lexer.set_raw_bytes(raw_bytes);
    let result = ruby::ProgramParser::new().parse(&mut lexer);
    match result {
        Ok(node) => {
            for name in lexer.top_locals() {
                if !locals.contains(&name) {
                    locals.push(name);
                }
            }
            Ok((node, lexer.data_start()))
        }
        Err(e) => {
            let mut err = convert_error(e.clone(), lexer.last_line());
            // A statement end with nothing but blanks after it: the input stopped early
            // (`x ? y`, `alias x`): the REPL should read more.
            if let ParseError::UnrecognizedToken {
                token: (_, Tok::Term(_), _),
                ..
            } = e
                && lexer.rest_is_blank()
            {
                err.message = "unexpected end-of-input".to_string();
                err.incomplete = true;
            }
            Err(err)
        }
    }
}

fn convert_error(e: ParseError<u32, Tok, LexError>, last_line: u32) -> SyntaxError {
    match e {
        ParseError::User { error } => SyntaxError {
            line: if error.line == 0 {
                last_line
            } else {
                error.line
            },
            message: error.message,
            incomplete: error.incomplete,
        },
        ParseError::UnrecognizedEof { location, expected } => SyntaxError {
            line: location.max(last_line).max(1),
            message: if expected.iter().any(|e| e == "\"end\"") {
                // prism's wording for an unclosed `class`/`def`/`do`/`if` at the end of input
                "unexpected end-of-input, assuming it is closing the parent top level context"
                    .to_string()
            } else {
                with_expected("unexpected end-of-input".to_string(), &expected)
            },
            incomplete: true,
        },
        ParseError::UnrecognizedToken {
            token: (line, tok, _),
            expected,
        } => SyntaxError {
            line,
            message: with_expected(format!("unexpected {}", describe(&tok)), &expected),
            incomplete: false,
        },
        ParseError::ExtraToken {
            token: (line, tok, _),
        } => SyntaxError {
            line,
            message: format!("unexpected {}", describe(&tok)),
            incomplete: false,
        },
        ParseError::InvalidToken { location } => SyntaxError {
            line: location,
            message: "invalid token".to_string(),
            incomplete: false,
        },
    }
}

/// Adds a short "expected" hint when the parser wanted a closing delimiter (prism's wording).
fn with_expected(mut msg: String, expected: &[String]) -> String {
    let has = |s: &str| expected.iter().any(|e| e == s);
    if has("\"int\"") {
        return msg; // an expression could have continued here: no single expectation
    }
    let hint = if has("\")\"") && !has("\"+\"") && !has("\"(call\"") {
        Some("expected a `)` to close the parameters")
    } else if has("\")\"") {
        Some("expected a `)` to close the arguments")
    } else if has("\"]\"") {
        Some("expected a `]` to close the array")
    } else if has("\"}\"") && has("\",\"") {
        Some("expected a `}` to close the hash literal")
    } else {
        None
    };
    if let Some(h) = hint {
        msg.push_str("; ");
        msg.push_str(h);
    }
    msg
}

/// How a token reads in an error message ("unexpected X"), close to prism's wording.
fn describe(tok: &Tok) -> String {
    use Tok::*;
    let s = match tok {
        Int(_) | BigInt(_) => "integer",
        Float(_) => "float",
        Rational(_) => "rational",
        Imaginary(_) => "imaginary",
        Ident(_) | CmdIdent(_) | FnIdent(_) => "local variable or method",
        Const(_) | CmdConst(_) | FnConst(_) => "constant",
        IVar(_) => "instance variable",
        CVar(_) => "class variable",
        GVar(_) | NthRef(_) => "global variable",
        Label(_) => "label",
        MethName(_) => "method name",
        Sym(_) | DSymBeg => "symbol literal",
        StrBeg | XStrBeg | WordsBeg | SymbolsBeg => "string literal",
        StrContent(_) | StrContentU(_) => "string content",
        RegexBeg => "regular expression",
        InterpBeg => "'#{'",
        InterpEnd => "'}'",
        WordSep => "word separator",
        StrEnd | LabelEnd | RegexEnd(_) => "string end",
        Term(true) => "';'",
        Term(false) => "newline",
        MlhsBeg => "multiple assignment",
        _ => return format!("'{}'", tok.text()),
    };
    s.to_string()
}

/// Helpers called from the grammar actions.
pub(crate) mod build {
    use crate::ast::*;
    use crate::lexer::{LexError, Tok};
    use lalrpop_util::ParseError;

    pub type PResult<T> = Result<T, ParseError<u32, Tok, LexError>>;

    /// One parameter as written, before `params` sorts them into `Params`.
    pub enum ParamItem {
        Req(ReqParam),
        Opt(String, Node),
        Rest(Option<String>),
        Kw(String, Option<Node>),
        KwRest(Option<String>),
        NoKw,
        Block(Option<String>),
        /// `...`: anonymous rest, keyword rest and block.
        Forward,
    }

    /// An element of a flat operator expression, before `arrange` orders it by precedence.
    pub enum Elem {
        Operand(Box<Node>),
        Prefix(&'static str, u32),
        Infix(&'static str, u32),
        /// `..op`: the range is the lowest-precedence operator, so it takes everything before
        /// it as its start; then `op` continues with the endless range as its left operand.
        EndlessInfix(bool, &'static str, u32),
    }

    /// Binding power of an operator (higher binds tighter), and whether it is right-assoc.
    fn power(op: &str, prefix: bool) -> (u8, bool) {
        if prefix {
            return if op == "-@" { (10, true) } else { (12, true) };
        }
        match op {
            "||" => (1, false),
            "&&" => (2, false),
            "<=>" | "==" | "===" | "!=" | "=~" | "!~" => (3, false),
            "<" | "<=" | ">" | ">=" => (4, false),
            "|" | "^" => (5, false),
            "&" => (6, false),
            "<<" | ">>" => (7, false),
            "+" | "-" => (8, false),
            "*" | "/" | "%" => (9, false),
            "**" => (11, true),
            _ => (0, false),
        }
    }

    fn apply(out: &mut Vec<Node>, op: &'static str, prefix: bool, line: u32) {
        if prefix {
            let Some(x) = out.pop() else { return };
            let node = match op {
                "!" => n(NodeKind::Not(Box::new(x)), line),
                _ => unop(x, op, line),
            };
            out.push(node);
        } else {
            let (Some(r), Some(l)) = (out.pop(), out.pop()) else {
                return;
            };
            let line = l.line;
            let node = match op {
                "&&" => n(NodeKind::And(Box::new(l), Box::new(r)), line),
                "||" => n(NodeKind::Or(Box::new(l), Box::new(r)), line),
                _ => binop(l, op, r, line),
            };
            out.push(node);
        }
    }

    /// The lexer's `..==` token (`1.. == 2`): an endless range of everything before it, then
    /// the operator.
    pub fn endless_op(tok: &str, line: u32) -> Elem {
        let excl = tok.starts_with("...");
        let op = tok.trim_start_matches('.');
        let op = crate::lexer::ENDLESS_RANGE_OPS
            .iter()
            .copied()
            .find(|o| *o == op)
            .unwrap_or("==");
        Elem::EndlessInfix(excl, op, line)
    }

    /// Orders a flat operator expression by Ruby's precedence (shunting-yard, no recursion).
    pub fn arrange(elems: Vec<Elem>) -> PResult<Node> {
        let mut out: Vec<Node> = Vec::new();
        let mut ops: Vec<(&'static str, bool, u32)> = Vec::new();
        for e in elems {
            match e {
                Elem::Operand(x) => out.push(*x),
                Elem::Prefix(op, line) => ops.push((op, true, line)),
                Elem::Infix(op, line) => {
                    let (p, right) = power(op, false);
                    while let Some(&(top, prefix, tline)) = ops.last() {
                        let (tp, _) = power(top, prefix);
                        if tp > p || (tp == p && !right && p != 3) {
                            ops.pop();
                            apply(&mut out, top, prefix, tline);
                        } else {
                            break;
                        }
                    }
                    if p == 3
                        && ops
                            .last()
                            .is_some_and(|&(top, prefix, _)| !prefix && power(top, false).0 == 3)
                    {
                        return user_error(line, &format!("unexpected '{op}'"));
                    }
                    ops.push((op, false, line));
                }
                Elem::EndlessInfix(excl, op, line) => {
                    while let Some((top, prefix, tline)) = ops.pop() {
                        apply(&mut out, top, prefix, tline);
                    }
                    let Some(start) = out.pop() else {
                        return user_error(line, "unexpected '..'");
                    };
                    out.push(range(Some(start), None, excl, line));
                    ops.push((op, false, line));
                }
            }
        }
        while let Some((op, prefix, line)) = ops.pop() {
            apply(&mut out, op, prefix, line);
        }
        match out.pop() {
            Some(x) if out.is_empty() => Ok(x),
            _ => user_error(0, "malformed expression"),
        }
    }

    pub fn n(kind: NodeKind, line: u32) -> Node {
        Node::new(kind, line)
    }

    pub(crate) fn user_error<T>(line: u32, message: &str) -> PResult<T> {
        Err(ParseError::User {
            error: LexError {
                line,
                message: message.to_string(),
                incomplete: false,
            },
        })
    }

    /// `(a, b) = v` is `a, b = v`: a lone parenthesised group is the target list itself (one
    /// level only: `((a, b)) = v` destructures v's first element).
    pub fn unwrap_mlhs(mut targets: Vec<Target>) -> Vec<Target> {
        if targets.len() == 1
            && matches!(targets[0], Target::Nested(_))
            && let Some(Target::Nested(inner)) = targets.pop()
        {
            return inner;
        }
        targets
    }

    /// A `for` loop's single target: `for *a in` destructures like `for *a, in`.
    pub fn unwrap_for_target(t: Target) -> Target {
        match t {
            Target::Splat(_) => Target::Nested(vec![t]),
            t => t,
        }
    }

    /// A program's statements with its `BEGIN { }` blocks moved to the front, in order.
    pub fn hoist_preexe(stmts: Vec<Node>) -> Vec<Node> {
        let (mut pre, rest): (Vec<Node>, Vec<Node>) = stmts
            .into_iter()
            .partition(|s| matches!(s.kind, NodeKind::Preexe(_)));
        for p in &mut pre {
            if let NodeKind::Preexe(body) = std::mem::replace(&mut p.kind, NodeKind::Nil) {
                p.kind = NodeKind::Begin(Box::new(BodyStmt {
                    body: Some(body),
                    ..BodyStmt::default()
                }));
            }
        }
        pre.extend(rest);
        pre
    }

    /// A `Seq` of statements (program, interpolation).
    pub fn seq(stmts: Vec<Node>, line: u32) -> Node {
        let line = stmts.first().map_or(line, |s| s.line);
        n(NodeKind::Seq(stmts), line)
    }

    /// A body: None when empty, the statement itself when single, else a `Seq`.
    pub fn seq_opt(mut stmts: Vec<Node>) -> Option<Node> {
        match stmts.len() {
            0 => None,
            1 => stmts.pop(),
            _ => {
                let line = stmts[0].line;
                Some(n(NodeKind::Seq(stmts), line))
            }
        }
    }

    pub fn body(stmts: Vec<Node>, _line: u32) -> Option<Node> {
        seq_opt(stmts)
    }

    /// `( stmts )`: nil when empty, the statement itself when single, else a `Seq`.
    pub fn paren(stmts: Vec<Node>, line: u32) -> Node {
        seq_opt(stmts).unwrap_or_else(|| n(NodeKind::Nil, line))
    }

    // the grammar boxes clauses to keep lalrpop's symbol enum small (see `ast_sizes`)
    #[allow(clippy::vec_box)]
    pub fn body_stmt(
        b: Vec<Node>,
        rescues: Vec<Box<RescueClause>>,
        else_: Option<Vec<Node>>,
        ensure: Option<Vec<Node>>,
    ) -> BodyStmt {
        BodyStmt {
            body: seq_opt(b).map(Box::new),
            rescues: rescues.into_iter().map(|r| *r).collect(),
            else_: else_.and_then(seq_opt).map(Box::new),
            ensure: ensure.and_then(seq_opt).map(Box::new),
        }
    }

    pub fn body_only(stmts: Vec<Node>, _line: u32) -> BodyStmt {
        BodyStmt {
            body: seq_opt(stmts).map(Box::new),
            ..BodyStmt::default()
        }
    }

    pub fn call(recv: Option<Node>, name: String, args: Vec<Node>, safe: bool, line: u32) -> Node {
        n(
            NodeKind::Call {
                recv: recv.map(Box::new),
                name,
                args,
                block: None,
                safe,
            },
            line,
        )
    }

    pub fn binop(l: Node, op: &str, r: Node, line: u32) -> Node {
        call(Some(l), op.to_string(), vec![r], false, line)
    }

    pub fn unop(x: Node, op: &str, line: u32) -> Node {
        call(Some(x), op.to_string(), vec![], false, line)
    }

    pub fn attach_block(mut node: Node, blk: Block) -> PResult<Node> {
        let line = blk.line;
        match &mut node.kind {
            NodeKind::Call { block, args, .. }
            | NodeKind::Super {
                block,
                args: Some(args),
            } => {
                if args
                    .iter()
                    .any(|a| matches!(a.kind, NodeKind::BlockPass(_)))
                {
                    return user_error(line, "both block arg and actual block given");
                }
                if block.is_some() {
                    return user_error(line, "unexpected block");
                }
                *block = Some(Box::new(blk));
            }
            NodeKind::Super { block, args: None } => *block = Some(Box::new(blk)),
            _ => return user_error(line, "unexpected 'do'"),
        }
        Ok(node)
    }

    pub fn asgn(t: Target, value: Node, line: u32) -> Node {
        n(NodeKind::Asgn(Box::new(t), Box::new(value)), line)
    }

    pub fn op_asgn(t: Target, op: String, value: Node, line: u32) -> Node {
        n(NodeKind::OpAsgn(Box::new(t), op, Box::new(value)), line)
    }

    /// The right side of a multiple assignment: one plain value stays as it is, anything else
    /// (several values, a splat) becomes an `Array`.
    pub fn mrhs(mut v: Vec<Node>, line: u32) -> Node {
        if v.len() == 1 && !matches!(v[0].kind, NodeKind::Splat(_)) {
            v.pop().unwrap()
        } else {
            n(NodeKind::Array(v), line)
        }
    }

    pub fn array_of(first: Node, mut rest: Vec<Node>, line: u32) -> Node {
        rest.insert(0, first);
        n(NodeKind::Array(rest), line)
    }

    /// The value of `return a, b` (an Array) or `return a`.
    pub fn jump_value(args: Vec<Node>, line: u32) -> Box<Node> {
        // `return a: 1` returns a Hash.
        let args = args
            .into_iter()
            .map(|a| match a.kind {
                NodeKind::KwHash(h) => n(NodeKind::Hash(h), a.line),
                _ => a,
            })
            .collect();
        Box::new(mrhs(args, line))
    }

    /// `f(...)` / `f(a, ...)`: forwards the anonymous `*`, `**` and `&` of a `(...)` method.
    pub fn forward_args(mut args: Vec<Node>, line: u32) -> Vec<Node> {
        args.push(n(
            NodeKind::Splat(Box::new(n(NodeKind::Ident("*".into()), line))),
            line,
        ));
        args.push(n(
            NodeKind::KwHash(vec![HashElem::DoubleSplat(n(
                NodeKind::Ident("**".into()),
                line,
            ))]),
            line,
        ));
        args.push(n(NodeKind::BlockPass(None), line));
        args
    }

    pub fn label_shorthand(k: String, line: u32) -> HashElem {
        HashElem::Pair(
            n(NodeKind::Sym(k.clone()), line),
            n(NodeKind::Ident(k), line),
        )
    }

    fn lossy(b: &[u8]) -> String {
        String::from_utf8_lossy(b).into_owned()
    }

    /// `:"..."` and `"...":`: a `Sym` unless interpolated.
    pub fn dsym(mut parts: Vec<StrPart>, line: u32) -> Node {
        match parts.len() {
            0 => n(NodeKind::Sym(String::new()), line),
            1 if matches!(parts[0], StrPart::Lit(_) | StrPart::Utf8(_)) => match parts.pop() {
                Some(StrPart::Lit(b) | StrPart::Utf8(b)) => n(NodeKind::Sym(lossy(&b)), line),
                _ => unreachable!(),
            },
            _ => n(NodeKind::DSym(parts), line),
        }
    }

    /// Joins the parts of adjacent literals, merging neighbouring literal text.
    fn join(pieces: Vec<Vec<StrPart>>) -> Vec<StrPart> {
        let mut out: Vec<StrPart> = Vec::new();
        for part in pieces.into_iter().flatten() {
            match (out.last_mut(), part) {
                (Some(StrPart::Lit(a) | StrPart::Utf8(a)), StrPart::Lit(b)) => {
                    a.extend_from_slice(&b)
                }
                (Some(last @ StrPart::Lit(_)), StrPart::Utf8(b)) => {
                    if let StrPart::Lit(a) = last {
                        let mut a = std::mem::take(a);
                        a.extend_from_slice(&b);
                        *last = StrPart::Utf8(a);
                    }
                }
                (Some(StrPart::Utf8(a)), StrPart::Utf8(b)) => a.extend_from_slice(&b),
                (_, p) => out.push(p),
            }
        }
        out
    }

    /// A string literal (possibly several adjacent ones): `Str` unless interpolated or with a
    /// `\u` escape (a `Utf8` part).
    pub fn str_node(pieces: Vec<Vec<StrPart>>, line: u32) -> Node {
        let mut parts = join(pieces);
        if parts.iter().all(|p| matches!(p, StrPart::Lit(_))) {
            match parts.pop() {
                Some(StrPart::Lit(b)) => n(NodeKind::Str(b), line),
                _ => n(NodeKind::Str(Vec::new()), line),
            }
        } else {
            n(NodeKind::DStr(parts), line)
        }
    }

    /// `%w[]`/`%W[]` (symbols false) and `%i[]`/`%I[]` (symbols true).
    pub fn words(ws: Vec<Vec<StrPart>>, symbols: bool, line: u32) -> Node {
        let items = ws
            .into_iter()
            .map(|w| {
                if symbols {
                    dsym(join(vec![w]), line)
                } else {
                    str_node(vec![w], line)
                }
            })
            .collect();
        n(NodeKind::Array(items), line)
    }

    pub fn if_node(cond: Node, then: Option<Node>, else_: Option<Node>, line: u32) -> Node {
        n(
            NodeKind::If {
                cond: Box::new(cond),
                then: then.map(Box::new),
                else_: else_.map(Box::new),
            },
            line,
        )
    }

    pub fn if_mod(stmt: Node, cond: Node, unless: bool, line: u32) -> Node {
        let cond = declare_first(&stmt, cond);
        if unless {
            if_node(cond, None, Some(stmt), line)
        } else {
            if_node(cond, Some(stmt), None, line)
        }
    }

    /// `cond`, preceded by a declaration of the locals `stmt` assigns when there are any.
    fn declare_first(stmt: &Node, cond: Node) -> Node {
        let mut names = Vec::new();
        assigned_locals(stmt, &mut names);
        if names.is_empty() {
            return cond;
        }
        let line = cond.line;
        n(
            NodeKind::Seq(vec![n(NodeKind::DeclareLocals(names), line), cond]),
            line,
        )
    }

    /// The locals an expression assigns outside any nested scope (blocks, defs, classes).
    fn assigned_locals(node: &Node, out: &mut Vec<String>) {
        fn target(t: &Target, out: &mut Vec<String>) {
            match t {
                Target::LVar(name) => out.push(name.clone()),
                Target::Splat(Some(t)) => target(t, out),
                Target::Nested(ts) => ts.iter().for_each(|t| target(t, out)),
                _ => {}
            }
        }
        fn pattern(p: &Pattern, out: &mut Vec<String>) {
            match p {
                Pattern::Value(_) => {}
                Pattern::Bind(name) => out.push(name.clone()),
                Pattern::As(p, name) => {
                    pattern(p, out);
                    out.push(name.clone());
                }
                Pattern::Alt(a, b) => {
                    pattern(a, out);
                    pattern(b, out);
                }
                Pattern::Array {
                    pre, rest, post, ..
                } => {
                    pre.iter().chain(post).for_each(|p| pattern(p, out));
                    if let Some(Some(r)) = rest {
                        out.push(r.clone());
                    }
                }
                Pattern::Find { pre, mid, post, .. } => {
                    mid.iter().for_each(|p| pattern(p, out));
                    out.extend(pre.iter().chain(post).cloned());
                }
                Pattern::Hash { pairs, rest, .. } => {
                    for (k, p) in pairs {
                        match p {
                            Some(p) => pattern(p, out),
                            None => out.push(k.clone()),
                        }
                    }
                    if let HashRest::Splat(Some(r)) = rest {
                        out.push(r.clone());
                    }
                }
            }
        }
        match &node.kind {
            NodeKind::Asgn(t, v) | NodeKind::OpAsgn(t, _, v) => {
                target(t, out);
                assigned_locals(v, out);
            }
            NodeKind::MAsgn(ts, v) => {
                ts.iter().for_each(|t| target(t, out));
                assigned_locals(v, out);
            }
            NodeKind::MatchPattern {
                value, pattern: p, ..
            } => {
                assigned_locals(value, out);
                pattern(p, out);
            }
            NodeKind::Seq(v) | NodeKind::Array(v) => v.iter().for_each(|x| assigned_locals(x, out)),
            NodeKind::And(a, b) | NodeKind::Or(a, b) | NodeKind::RescueMod(a, b) => {
                assigned_locals(a, out);
                assigned_locals(b, out);
            }
            NodeKind::Not(a) | NodeKind::Defined(a) | NodeKind::Splat(a) => assigned_locals(a, out),
            NodeKind::Call { recv, args, .. } => {
                if let Some(r) = recv {
                    assigned_locals(r, out);
                }
                args.iter().for_each(|x| assigned_locals(x, out));
            }
            NodeKind::If { cond, then, else_ } => {
                assigned_locals(cond, out);
                then.iter()
                    .chain(else_)
                    .for_each(|x| assigned_locals(x, out));
            }
            NodeKind::Return(Some(v)) | NodeKind::Break(Some(v)) | NodeKind::Next(Some(v)) => {
                assigned_locals(v, out)
            }
            _ => {}
        }
    }

    /// `3i`, `1.5ri`: the imaginary part's node (Int, BigInt, Float or Rational).
    pub fn imaginary(text: String, line: u32) -> Node {
        let inner = if let Some(r) = text.strip_suffix('r') {
            NodeKind::Rational(r.to_string())
        } else if text.contains(['.', 'e', 'E']) {
            NodeKind::Float(text.parse().unwrap_or(0.0))
        } else {
            match text.parse::<i64>() {
                Ok(i) => NodeKind::Int(i),
                Err(_) => NodeKind::BigInt(text),
            }
        };
        n(NodeKind::Imaginary(Box::new(n(inner, line))), line)
    }

    pub fn while_node(cond: Node, body: Option<Node>, until: bool, line: u32) -> Node {
        n(
            NodeKind::While {
                cond: Box::new(cond),
                body: body.map(Box::new),
                until,
                do_while: false,
            },
            line,
        )
    }

    /// `stmt while cond`; `begin ... end while cond` runs the body first.
    pub fn while_mod(stmt: Node, cond: Node, until: bool, line: u32) -> Node {
        let cond = declare_first(&stmt, cond);
        let do_while = matches!(stmt.kind, NodeKind::Begin(_));
        n(
            NodeKind::While {
                cond: Box::new(cond),
                body: Some(Box::new(stmt)),
                until,
                do_while,
            },
            line,
        )
    }

    /// `stmt rescue fallback`. After an assignment the rescue applies to the assigned value,
    /// as CRuby's `arg_rhs` rule does: `x = y rescue z` is `x = (y rescue z)`.
    pub fn rescue_mod(mut stmt: Node, fallback: Node, line: u32) -> Node {
        fn value(n: &Node) -> Option<&Node> {
            match &n.kind {
                NodeKind::Asgn(_, v) | NodeKind::OpAsgn(_, _, v) | NodeKind::MAsgn(_, v) => Some(v),
                _ => None,
            }
        }
        fn value_mut(n: &mut Node) -> Option<&mut Box<Node>> {
            match &mut n.kind {
                NodeKind::Asgn(_, v) | NodeKind::OpAsgn(_, _, v) | NodeKind::MAsgn(_, v) => Some(v),
                _ => None,
            }
        }
        if let NodeKind::Def { body, .. } = &mut stmt.kind
            && body.rescues.is_empty()
            && body.ensure.is_none()
            && let Some(b) = body.body.take()
        {
            // `def x = y rescue z` (endless def): the rescue belongs to the body.
            let bline = b.line;
            body.body = Some(Box::new(n(
                NodeKind::RescueMod(b, Box::new(fallback)),
                bline,
            )));
            return stmt;
        }
        if value(&stmt).is_none() {
            return n(
                NodeKind::RescueMod(Box::new(stmt), Box::new(fallback)),
                line,
            );
        }
        // Walk down chained assignments (`a = b = c rescue d`) without recursion.
        let mut cur: &mut Node = &mut stmt;
        while value(cur).is_some_and(|v| value(v).is_some()) {
            cur = value_mut(cur).expect("checked above");
        }
        if let Some(v) = value_mut(cur) {
            let vline = v.line;
            let old = std::mem::replace(&mut **v, n(NodeKind::Nil, vline));
            **v = n(
                NodeKind::RescueMod(Box::new(old), Box::new(fallback)),
                vline,
            );
        }
        stmt
    }

    pub fn range(lo: Option<Node>, hi: Option<Node>, excl: bool, line: u32) -> Node {
        n(
            NodeKind::Range {
                lo: lo.map(Box::new),
                hi: hi.map(Box::new),
                excl,
            },
            line,
        )
    }

    // the grammar boxes clauses to keep lalrpop's symbol enum small (see `ast_sizes`)
    #[allow(clippy::vec_box)]
    pub fn case_node(
        subject: Option<Node>,
        whens: Vec<Box<WhenClause>>,
        else_: Option<Vec<Node>>,
        line: u32,
    ) -> Node {
        n(
            NodeKind::Case {
                subject: subject.map(Box::new),
                whens: whens.into_iter().map(|w| *w).collect(),
                else_: else_.and_then(seq_opt).map(Box::new),
            },
            line,
        )
    }

    /// `def name(params) = body`; a setter (`def x=(v) = ...`) cannot be endless, as in CRuby.
    pub fn endless_def(
        head: (Option<Box<Node>>, String),
        params: Box<Params>,
        body: Node,
        line: u32,
    ) -> PResult<Node> {
        let name = head.1.as_str();
        if name.ends_with('=') && !matches!(name, "==" | "!=" | "<=" | ">=" | "===") {
            return user_error(
                line,
                "invalid method name; a setter method cannot be defined in an endless method definition",
            );
        }
        Ok(def(head, params, endless_body(body), line))
    }

    pub fn endless_body(e: Node) -> BodyStmt {
        BodyStmt {
            body: Some(Box::new(e)),
            ..BodyStmt::default()
        }
    }

    pub fn def(
        head: (Option<Box<Node>>, String),
        params: Box<Params>,
        body: BodyStmt,
        line: u32,
    ) -> Node {
        n(
            NodeKind::Def {
                singleton: head.0,
                name: head.1,
                params,
                body: Box::new(body),
            },
            line,
        )
    }

    /// Sorts parameters as written into `Params`, checking Ruby's ordering rules.
    pub fn params(
        items: Vec<ParamItem>,
        trailing_comma: bool,
        locals: Vec<String>,
    ) -> PResult<Box<Params>> {
        let mut p = Box::new(Params {
            trailing_comma,
            block_locals: locals,
            ..Params::default()
        });
        for item in items {
            let late = p.rest.is_some() || !p.optional.is_empty();
            let after_kw = !p.kw.is_empty() || p.kwrest.is_some();
            if p.block.is_some() {
                return user_error(0, "unexpected parameter after block parameter");
            }
            match item {
                ParamItem::Req(r) => {
                    if after_kw {
                        return user_error(0, "unexpected parameter order");
                    }
                    if late {
                        p.post.push(r)
                    } else {
                        p.required.push(r)
                    }
                }
                ParamItem::Opt(name, d) => {
                    if p.rest.is_some() || !p.post.is_empty() || after_kw {
                        return user_error(0, "unexpected parameter order");
                    }
                    p.optional.push((name, d));
                }
                ParamItem::Rest(name) => {
                    if p.rest.is_some() || !p.post.is_empty() || after_kw {
                        return user_error(0, "unexpected parameter order");
                    }
                    p.rest = Some(name);
                }
                ParamItem::Kw(name, d) => {
                    if p.kwrest.is_some() {
                        return user_error(0, "unexpected parameter order");
                    }
                    p.kw.push((name, d));
                }
                ParamItem::KwRest(name) => {
                    if p.kwrest.is_some() {
                        return user_error(0, "unexpected parameter order");
                    }
                    p.kwrest = Some(name);
                }
                ParamItem::NoKw => p.no_kwargs = true,
                ParamItem::Forward => {
                    if p.rest.is_none() {
                        p.rest = Some(None);
                    }
                    p.kwrest = Some(None);
                    p.block = Some(None);
                }
                ParamItem::Block(name) => p.block = Some(name),
            }
        }
        Ok(p)
    }
}

pub(crate) mod pattern;

#[cfg(test)]
mod tests;
