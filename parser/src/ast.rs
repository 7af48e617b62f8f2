//! The abstract syntax tree: what the parser (grammar/ruby.lalrpop) builds and the compiler reads.
//!
//! Every node carries the 1-based source line it starts on, which the compiler turns into the
//! per-instruction line table used by backtraces and `__LINE__`. The tree is deliberately close to
//! Ruby's surface syntax; desugaring (operators to method calls, `unless` to `if`, `a ||= b`
//! to a conditional store) happens in the parser actions where it is purely syntactic, and in the
//! compiler where it needs scope knowledge (local variable versus method call, numbered block
//! parameters).

/// A node with its source line.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    pub line: u32,
}

impl Node {
    pub fn new(kind: NodeKind, line: u32) -> Node {
        Node { kind, line }
    }
    pub fn boxed(kind: NodeKind, line: u32) -> Box<Node> {
        Box::new(Node { kind, line })
    }
}

/// A piece of an interpolated string, symbol, regexp or heredoc.
#[derive(Debug, Clone, PartialEq)]
pub enum StrPart {
    /// Literal bytes, escapes already processed.
    Lit(Vec<u8>),
    /// Literal bytes with a `\u` escape among them: the literal is UTF-8 whatever the source
    /// encoding (in a UTF-8 source it is the same as `Lit`).
    Utf8(Vec<u8>),
    /// `#{...}`: the statements inside (a `Seq`, possibly empty).
    Code(Node),
}

/// An element of a hash literal or of bare keyword arguments.
#[derive(Debug, Clone, PartialEq)]
pub enum HashElem {
    /// `key => value` or `key: value` (the label becomes a `Sym` node).
    Pair(Node, Node),
    /// `**expr`
    DoubleSplat(Node),
}

/// The left-hand side of an assignment, a `for` variable, a rescue `=> e`, or an element of a
/// multiple assignment / block parameter destructuring.
#[derive(Debug, Clone, PartialEq)]
pub enum Target {
    /// A local variable (declares it from here on in the current scope).
    LVar(String),
    IVar(String),
    GVar(String),
    CVar(String),
    /// `A` (scope None, top false), `::A` (scope None, top true) or `expr::A`.
    Const {
        scope: Option<Box<Node>>,
        top: bool,
        name: String,
    },
    /// `recv[args] = v`
    Index {
        recv: Box<Node>,
        args: Vec<Node>,
    },
    /// `recv.name = v` (name without the `=`); `safe` for `recv&.name = v`.
    Attr {
        recv: Box<Node>,
        name: String,
        safe: bool,
    },
    /// `*target` in a multiple assignment; None for a bare `*`.
    Splat(Option<Box<Target>>),
    /// `(a, b)` nested inside a multiple assignment or block parameters.
    Nested(Vec<Target>),
}

/// A required (or post) parameter: a name, or a destructuring pattern in block parameters.
#[derive(Debug, Clone, PartialEq)]
pub enum ReqParam {
    Name(String),
    Destructure(Vec<Target>),
}

/// Parameters of a method, block or lambda, in Ruby's order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Params {
    pub required: Vec<ReqParam>,
    /// `name = default`
    pub optional: Vec<(String, Node)>,
    /// `*name`; `Some(None)` for an anonymous `*`.
    pub rest: Option<Option<String>>,
    /// Required parameters after the rest parameter.
    pub post: Vec<ReqParam>,
    /// `name:` (None: required) and `name: default`.
    pub kw: Vec<(String, Option<Node>)>,
    /// `**name`; `Some(None)` for an anonymous `**`.
    pub kwrest: Option<Option<String>>,
    /// `&name`; `Some(None)` for an anonymous `&`.
    pub block: Option<Option<String>>,
    /// Block-local variables after `;` in `|a; b, c|`.
    pub block_locals: Vec<String>,
    /// `**nil`: the method accepts no keywords.
    pub no_kwargs: bool,
    /// A block's parameter list ended in a trailing comma: `|a, |` (behaves like a rest).
    pub trailing_comma: bool,
}

/// `rescue Classes => var then body`
#[derive(Debug, Clone, PartialEq)]
pub struct RescueClause {
    pub classes: Vec<Node>,
    pub var: Option<Target>,
    pub body: Option<Node>,
    pub line: u32,
}

/// A body with optional rescue/else/ensure: method, class, `begin` and `do ... end` bodies.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BodyStmt {
    pub body: Option<Box<Node>>,
    pub rescues: Vec<RescueClause>,
    pub else_: Option<Box<Node>>,
    pub ensure: Option<Box<Node>>,
}

/// A literal block `{ |params| body }` or `do |params| body end` attached to a call.
#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    /// None when the block has no `|...|` (numbered parameters `_1`.. and `it` may then be used).
    pub params: Option<Box<Params>>,
    pub body: BodyStmt,
    pub line: u32,
}

/// A `when` clause of `case`.
#[derive(Debug, Clone, PartialEq)]
pub struct WhenClause {
    /// The tests; a `Splat` node stands for `*list`.
    pub tests: Vec<Node>,
    pub body: Option<Node>,
    pub line: u32,
}

/// A pattern of `case/in`, `expr => pattern` and `expr in pattern`.
#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    /// A value compared with `pattern === value`: a literal, a range, a constant, `^local`,
    /// `^@ivar`, `^(expr)`.
    Value(Node),
    /// A bare identifier: binds the value to that local (`_` too).
    Bind(String),
    /// `pattern => name`
    As(Box<Pattern>, String),
    /// `a | b`
    Alt(Box<Pattern>, Box<Pattern>),
    /// `[pre.., *rest, post..]`, `Const(..)`, `Const[..]` or a bare `a, b` list: the value's
    /// `deconstruct`. `rest`: None without a splat, `Some(None)` for an anonymous `*`.
    Array {
        konst: Option<Box<Node>>,
        pre: Vec<Pattern>,
        rest: Option<Option<String>>,
        post: Vec<Pattern>,
    },
    /// `[*pre, mid.., *post]`: the first run of elements that matches `mid`.
    Find {
        konst: Option<Box<Node>>,
        pre: Option<String>,
        mid: Vec<Pattern>,
        post: Option<String>,
    },
    /// `{key: pattern, key:, **rest}`: the value's `deconstruct_keys`. A pair without a pattern
    /// binds the key's name.
    Hash {
        konst: Option<Box<Node>>,
        pairs: Vec<(String, Option<Pattern>)>,
        rest: HashRest,
    },
}

/// What a hash pattern says about the keys it does not name.
#[derive(Debug, Clone, PartialEq)]
pub enum HashRest {
    /// Nothing: other keys are allowed.
    Open,
    /// `**name`, or `**` (None): other keys are allowed (and bound).
    Splat(Option<String>),
    /// `**nil`: no other keys.
    Nil,
}

/// One `in pattern [if guard] then body` clause.
#[derive(Debug, Clone, PartialEq)]
pub struct InClause {
    pub pattern: Pattern,
    /// `if cond` (false) or `unless cond` (true) after the pattern.
    pub guard: Option<(bool, Node)>,
    pub body: Option<Node>,
    pub line: u32,
}

#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    // ---- literals ----
    Nil,
    True,
    False,
    SelfRef,
    /// `__ENCODING__`: the Encoding of the source (its magic comment's, else UTF-8).
    SourceEncoding,
    /// An integer that fits in i64.
    Int(i64),
    /// A larger integer, as decimal digits with an optional leading '-'.
    BigInt(String),
    Float(f64),
    /// `3r`, `1.5r`: the exact value of the decimal text (sign included).
    Rational(String),
    /// `3i`, `2.5ri`: Complex(0, the inner literal).
    Imaginary(Box<Node>),
    /// A string literal without interpolation.
    Str(Vec<u8>),
    /// A string literal with interpolation, or with a `\u` escape (a `Utf8` part).
    DStr(Vec<StrPart>),
    /// A backtick command string (not supported at run time, parsed for error messages).
    XStr(Vec<StrPart>),
    Sym(String),
    /// `:"a#{b}"`
    DSym(Vec<StrPart>),
    /// `/re/flags` (flags as written: letters from "imxo").
    Regex(Vec<StrPart>, String),
    /// `[a, *b]`: elements may be `Splat`.
    Array(Vec<Node>),
    /// `{k => v, k: v, **h}`
    Hash(Vec<HashElem>),
    /// `lo..hi`, `lo...hi`; either end may be missing.
    Range {
        lo: Option<Box<Node>>,
        hi: Option<Box<Node>>,
        excl: bool,
    },
    /// `__FILE__`
    File,
    /// `__method__`
    CurMethod,

    // ---- variables ----
    /// A bare identifier: a local variable if one of that name is assigned earlier in the
    /// scope (the compiler decides), otherwise a method call on self with no arguments.
    Ident(String),
    IVar(String),
    GVar(String),
    CVar(String),
    /// `$1`..`$9`
    NthRef(u32),
    /// `^name` in a pattern: the local's value (a compile error when no such local exists).
    PinLocal(String),
    /// A bare constant `A`.
    Const(String),
    /// `scope::A`, or `::A` when scope is None.
    ScopedConst(Option<Box<Node>>, String),

    // ---- assignment ----
    Asgn(Box<Target>, Box<Node>),
    /// `target op= value`; op is the binary operator ("+", "<<", "||", "&&", ...).
    OpAsgn(Box<Target>, String, Box<Node>),
    /// `a, (b, *c), d = value`; the value is an `Array` node for `= x, y` or any single node.
    MAsgn(Vec<Target>, Box<Node>),

    // ---- operators that are not method calls ----
    And(Box<Node>, Box<Node>),
    Or(Box<Node>, Box<Node>),
    /// `!x` and `not x` (compiled as a call to `!`).
    Not(Box<Node>),
    /// `defined?(expr)`
    Defined(Box<Node>),

    // ---- calls ----
    /// A method call. Binary and unary operators become calls (`a + b` is `a.+(b)`, `-a` is
    /// `a.-@()`, `a[i]` is `a.[](i)`). Arguments may contain `Splat`, `BlockPass` and, last,
    /// a `KwHash` for bare keyword arguments.
    Call {
        recv: Option<Box<Node>>,
        name: String,
        args: Vec<Node>,
        block: Option<Box<Block>>,
        /// `recv&.name`
        safe: bool,
    },
    /// `super(args)` (args Some) or bare `super` (args None: pass the current arguments).
    Super {
        args: Option<Vec<Node>>,
        block: Option<Box<Block>>,
    },
    Yield(Vec<Node>),
    /// `*expr` in arguments, array literals, `when` and right-hand sides.
    Splat(Box<Node>),
    /// `&expr` as the last argument; None for an anonymous `&`.
    BlockPass(Option<Box<Node>>),
    /// Bare keyword arguments `f(a: 1, **h)`.
    KwHash(Vec<HashElem>),
    /// `->(params) { body }`
    Lambda(Box<Block>),

    // ---- control flow ----
    /// `if`, `unless` (branches swapped), ternary, modifiers.
    If {
        cond: Box<Node>,
        then: Option<Box<Node>>,
        else_: Option<Box<Node>>,
    },
    /// `while`/`until` (`until` true); `do_while` for `begin ... end while cond`.
    While {
        cond: Box<Node>,
        body: Option<Box<Node>>,
        until: bool,
        do_while: bool,
    },
    /// `for var in iter do body end`
    For {
        var: Box<Target>,
        iter: Box<Node>,
        body: Option<Box<Node>>,
    },
    Case {
        subject: Option<Box<Node>>,
        whens: Vec<WhenClause>,
        else_: Option<Box<Node>>,
    },
    /// `case subject in pattern ... else ... end`; `else_` is None without an `else` (no match
    /// then raises NoMatchingPatternError), `Some(None)` for an empty one.
    CaseIn {
        subject: Box<Node>,
        clauses: Vec<InClause>,
        else_: Option<Option<Box<Node>>>,
    },
    /// `value => pattern` (raise: true; raises when it does not match, value nil) and
    /// `value in pattern` (true or false).
    MatchPattern {
        value: Box<Node>,
        pattern: Box<Pattern>,
        raise: bool,
    },
    Break(Option<Box<Node>>),
    Next(Option<Box<Node>>),
    Redo,
    Retry,
    Return(Option<Box<Node>>),
    /// `begin ... rescue ... else ... ensure ... end`
    Begin(Box<BodyStmt>),
    /// `BEGIN { ... }` (moved to the start of the program by the parser).
    Preexe(Box<Node>),
    /// `expr rescue fallback`
    RescueMod(Box<Node>, Box<Node>),
    /// A sequence of statements; its value is the last one's (nil when empty).
    Seq(Vec<Node>),
    /// Declares these locals (value nil). Put before the condition of a modifier `if`/`while`,
    /// whose statement comes first in the source and so declares its locals first
    /// (`x = 1 if x` reads the local x, nil).
    DeclareLocals(Vec<String>),

    // ---- definitions ----
    /// `def name(params) body end`, `def self.name`, `def obj.name`, endless `def name = expr`.
    Def {
        singleton: Option<Box<Node>>,
        name: String,
        params: Box<Params>,
        body: Box<BodyStmt>,
    },
    /// `class Path < Super ... end`; path is a `Const` or `ScopedConst`.
    Class {
        path: Box<Node>,
        superclass: Option<Box<Node>>,
        body: Box<BodyStmt>,
    },
    /// `class << target ... end`
    SClass {
        target: Box<Node>,
        body: Box<BodyStmt>,
    },
    Module {
        path: Box<Node>,
        body: Box<BodyStmt>,
    },
    /// `alias new old`: each name a `Sym` node (globals keep their `$`: `alias $new $old`), or
    /// a `DSym` (`alias :"a#{1}" b`).
    Alias(Box<Node>, Box<Node>),
    /// `undef a, :"b#{1}"`: `Sym` or `DSym` nodes.
    Undef(Vec<Node>),
}
