//! The lexer: a stateful wrapper around a logos token recognizer that hands the grammar
//! (grammar/ruby.lalrpop) pre-classified tokens, the way CRuby's lexer uses its `EXPR_*` states.
//!
//! logos recognizes the raw shape of identifiers, variables and operators (`Raw`). Everything whose
//! meaning depends on context is decided here:
//!
//! **Lexer state** (`State`, what the previous token leaves behind):
//! * `Beg`: an operand is expected (statement start, after an operator, `(`, `,`, most keywords).
//!   Here `-1` is a negative literal, `-x` is unary minus (`-@`), `*`/`**`/`&` are splat /
//!   double splat / block pass, `[` opens an array, `{` a hash, `::` is top-level, `/` starts a
//!   regexp, `%w[` a literal, `<<~ID` a heredoc, `?a` a character, `:a` a symbol.
//! * `Mid`: after `return`/`break`/`next`/`rescue`: like `Beg`, but a newline ends the statement
//!   and `if`/`unless`/`while`/`until` are modifiers.
//! * `End`: an operand just ended. Operators are binary, `[` indexes, `{` opens a block, `if` is a
//!   modifier, and a newline ends the statement.
//! * `Dot`: after `.`, `&.` and `::`: the next word is a method name, never a keyword or local.
//! * `Fname`: after `def`, `alias`, `undef`: the next word or operator is a method name
//!   (`MethName`), including setters (`x=`), operators (`+`, `[]=`, `-@`) and keywords.
//! * `Class`: after `class`: `<<` is the `class << obj` operator, not a heredoc.
//!
//! **Identifiers** are classified by peeking at the raw text after them: `foo(` gives `FnIdent`;
//! a word that is not a known local, followed by a space and something that starts an argument
//! (`foo 1`, `foo -1`, `foo [1]`, `foo *a`, `puts :x`) gives `CmdIdent`, a paren-less command
//! call; otherwise `Ident`. A word followed by `:` where a label may appear gives `Label`.
//! Known locals come from a stack of scopes (`def`/`class`/`module` start a hard scope, blocks
//! and lambdas a soft one) fed by assignments, parameters, multiple-assignment targets, `for`
//! variables and `rescue => e`.
//!
//! **Nesting levels** (`Level`): a stack of open constructs. Root, grouping `(`, blocks,
//! lambda bodies, interpolations and keyword constructs (`if`..`end`, `do`..`end`, `def`) hold
//! statements: there a newline after an operand becomes a `Term` token. Inside call/parameter
//! parentheses, brackets and hash braces newlines are dropped. Each level remembers whether a
//! command call started on it (`cmdarg`: then `do` is `KwDoBlock` and binds to the command) and
//! whether a `while`/`until`/`for` condition is being read (`cond`: `do` is `KwDoCond`).
//!
//! **Statement ends**: the grammar wants every statement followed by a `Term`. Newlines and `;`
//! after an operand give one (runs collapse, since a `Term` leaves the state at `Beg`); the lexer
//! also inserts one before a token that closes a statement list (`end`, `}` of a block, lambda
//! or interpolation, `)` of a grouping, `else`, `elsif`, `when`, `ensure`), and at the end of
//! input when the last token ended an operand (so `x = 1 +` stays incomplete for the REPL).
//!
//! **String mode**: a `Str` level on top of the stack means the next bytes are string content.
//! String-like literals (`"`, `'`, backticks, `:"`, `%w[]` and friends, regexps, heredocs) emit
//! a begin token, `StrContent` runs with escapes processed, and an end token. `#{` emits
//! `InterpBeg` and pushes an `Interp` level that lexes code until its `}` (`InterpEnd`), then
//! the string resumes; `#@x`/`#$x` give `InterpBeg`, the variable, `Term`, `InterpEnd`.
//!
//! **Heredocs** are lexed out of order: at `<<~ID` a sub-lexer reads the body (lines after the
//! current one) and its tokens are queued; when the main lexer reaches the end of the current
//! line it jumps over the body. Several heredocs on one line chain their bodies.
//!
//! **Multiple assignment**: at a statement start the lexer scans ahead for `a, b =`,
//! `*a, b =`, `(a, b), c =` and emits a zero-width `MlhsBeg` marker first, so the grammar can tell
//! `a, b = 1, 2` from the arguments of a call.
//!
//! Size: this file is long (about 2,900 lines before the tests) because the code-mode state
//! machine, string/heredoc scanning and the look-ahead helpers all read and write the same
//! lexer state. If it grows further, string scanning (`scan_string`, escapes, heredocs) is the
//! natural piece to move into a `lexer/strings.rs` submodule.

use logos::Logos;
use std::collections::VecDeque;
use std::rc::Rc;

/// A token as the grammar sees it.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Int(i64),
    BigInt(String),
    Float(f64),
    /// `3r`, `1.5r`: the number's decimal text (sign included, no `r`).
    Rational(String),
    /// `3i`, `1.5i`, `2ri`: the real number's text (an `r` at its end for `2ri`).
    Imaginary(String),
    /// A local variable or a method call without arguments.
    Ident(String),
    /// An identifier that starts a paren-less command call: `puts 1`.
    CmdIdent(String),
    /// An identifier directly followed by `(`: `foo(1)`.
    FnIdent(String),
    Const(String),
    CmdConst(String),
    FnConst(String),
    IVar(String),
    CVar(String),
    /// With the `$`: `$stdout`, `$0`, `$;`.
    GVar(String),
    NthRef(u32),
    /// `name:` in a hash, keyword arguments or parameters (without the colon).
    Label(String),
    /// A method name after `def`, `alias` or `undef`.
    MethName(String),
    Sym(String),
    StrBeg,
    XStrBeg,
    DSymBeg,
    RegexBeg,
    WordsBeg,
    SymbolsBeg,
    StrContent(Vec<u8>),
    /// String content with a `\u` escape in it.
    StrContentU(Vec<u8>),
    InterpBeg,
    InterpEnd,
    WordSep,
    StrEnd,
    /// The closing quote of a `"label": value` key.
    LabelEnd,
    /// The closing `/` of a regexp with its flags.
    RegexEnd(String),
    KwAlias,
    KwAnd,
    /// `BEGIN` before a `{`
    KwPreexe,
    /// `END` before a `{`
    KwPostexe,
    KwBegin,
    KwBreak,
    KwCase,
    KwClass,
    KwDef,
    KwDefined,
    KwDo,
    KwDoBlock,
    KwDoCond,
    KwDoLambda,
    KwElse,
    KwElsif,
    KwEnd,
    KwEnsure,
    KwFalse,
    KwFor,
    KwIf,
    KwIfMod,
    KwIn,
    KwModule,
    KwNext,
    KwNil,
    KwNot,
    KwOr,
    KwRedo,
    KwRescue,
    KwRescueMod,
    /// `..==`: an endless range's dots and the binary operator after them (`1.. == 2`).
    EndlessOp(String),
    KwRetry,
    KwReturn,
    KwSelf,
    KwSuper,
    KwThen,
    KwTrue,
    KwUndef,
    KwUnless,
    KwUnlessMod,
    KwUntil,
    KwUntilMod,
    KwWhen,
    KwWhile,
    KwWhileMod,
    KwYield,
    KwFile,
    KwLine,
    KwMethod,
    KwEncoding,
    Plus,
    Minus,
    UPlus,
    UMinus,
    Mul,
    Splat,
    Pow,
    DSplat,
    Div,
    Percent,
    EqEq,
    Eqq,
    Neq,
    Match,
    NMatch,
    Cmp,
    Lt,
    Le,
    Gt,
    Ge,
    AndAnd,
    OrOr,
    Bang,
    Tilde,
    Amp,
    BlockAmp,
    Pipe,
    Caret,
    LShift,
    RShift,
    Assign,
    /// `+=` and friends, holding the operator without `=`.
    OpAsgn(String),
    Question,
    Colon,
    Colon2,
    Colon3,
    Dot,
    AndDot,
    Dot2,
    Dot3,
    BDot2,
    BDot3,
    Comma,
    Arrow,
    Lambda,
    LParen,
    LParenCall,
    MlhsLParen,
    RParen,
    LBracket,
    LBracketIndex,
    RBracket,
    LBraceHash,
    LBraceBlock,
    LBraceLambda,
    RBrace,
    /// `;` inside block parameters (`|a; b|`).
    Semi,
    /// End of a statement: a newline (false) or `;` (true).
    Term(bool),
    MlhsBeg,
}

impl Tok {
    /// The source text of a punctuation or keyword token (used in error messages).
    pub fn text(&self) -> String {
        use Tok::*;
        let s = match self {
            KwAlias => "alias",
            KwPreexe => "BEGIN",
            KwPostexe => "END",
            KwAnd => "and",
            KwBegin => "begin",
            KwBreak => "break",
            KwCase => "case",
            KwClass => "class",
            KwDef => "def",
            KwDefined => "defined?",
            KwDo | KwDoBlock | KwDoCond | KwDoLambda => "do",
            KwElse => "else",
            KwElsif => "elsif",
            KwEnd => "end",
            KwEnsure => "ensure",
            KwFalse => "false",
            KwFor => "for",
            KwIf | KwIfMod => "if",
            KwIn => "in",
            KwModule => "module",
            KwNext => "next",
            KwNil => "nil",
            KwNot => "not",
            KwOr => "or",
            KwRedo => "redo",
            KwRescue | KwRescueMod => "rescue",
            KwRetry => "retry",
            KwReturn => "return",
            KwSelf => "self",
            KwSuper => "super",
            KwThen => "then",
            KwTrue => "true",
            KwUndef => "undef",
            KwUnless | KwUnlessMod => "unless",
            KwUntil | KwUntilMod => "until",
            KwWhen => "when",
            KwWhile | KwWhileMod => "while",
            KwYield => "yield",
            KwFile => "__FILE__",
            KwLine => "__LINE__",
            KwMethod => "__method__",
            KwEncoding => "__ENCODING__",
            Plus | UPlus => "+",
            Minus | UMinus => "-",
            Mul | Splat => "*",
            Pow | DSplat => "**",
            Div => "/",
            Percent => "%",
            EqEq => "==",
            Eqq => "===",
            Neq => "!=",
            Match => "=~",
            NMatch => "!~",
            Cmp => "<=>",
            Lt => "<",
            Le => "<=",
            Gt => ">",
            Ge => ">=",
            AndAnd => "&&",
            OrOr => "||",
            Bang => "!",
            Tilde => "~",
            Amp | BlockAmp => "&",
            Pipe => "|",
            Caret => "^",
            LShift => "<<",
            RShift => ">>",
            Assign => "=",
            OpAsgn(op) => return format!("{op}="),
            EndlessOp(op) => return op.clone(),
            Question => "?",
            Colon => ":",
            Colon2 | Colon3 => "::",
            Dot => ".",
            AndDot => "&.",
            Dot2 | BDot2 => "..",
            Dot3 | BDot3 => "...",
            Comma => ",",
            Arrow => "=>",
            Lambda => "->",
            LParen | LParenCall | MlhsLParen => "(",
            RParen => ")",
            LBracket | LBracketIndex => "[",
            RBracket => "]",
            LBraceHash | LBraceBlock | LBraceLambda => "{",
            RBrace => "}",
            Semi | Term(true) => ";",
            Term(false) => "\\n",
            Ident(s) | CmdIdent(s) | FnIdent(s) | Const(s) | CmdConst(s) | FnConst(s) => s,
            IVar(s) | CVar(s) | GVar(s) | MethName(s) => s,
            Label(s) => return format!("{s}:"),
            Sym(s) => return format!(":{s}"),
            other => return format!("{other:?}"),
        };
        s.to_string()
    }
}

/// A lexical error (or a user error raised from a grammar action).
#[derive(Debug, Clone, PartialEq)]
pub struct LexError {
    pub line: u32,
    pub message: String,
    /// The input ended inside a construct (string, heredoc, comment): more input could fix it.
    pub incomplete: bool,
}

/// A token with the lines it starts and ends on.
pub type Spanned = (u32, Tok, u32);

/// Raw token shapes recognized by logos in code mode. Strings, numbers, comments and
/// whitespace are scanned by hand.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
enum Raw {
    #[regex(r"[a-z_\u{80}-\u{10FFFF}][a-zA-Z0-9_\u{80}-\u{10FFFF}]*")]
    Ident,
    #[regex(r"[A-Z][a-zA-Z0-9_\u{80}-\u{10FFFF}]*")]
    Const,
    #[regex(r"@[a-zA-Z_\u{80}-\u{10FFFF}][a-zA-Z0-9_\u{80}-\u{10FFFF}]*")]
    IVar,
    #[regex(r"@@[a-zA-Z_\u{80}-\u{10FFFF}][a-zA-Z0-9_\u{80}-\u{10FFFF}]*")]
    CVar,
    #[regex(r"\$[a-zA-Z_\u{80}-\u{10FFFF}][a-zA-Z0-9_\u{80}-\u{10FFFF}]*")]
    #[regex(r#"\$[!@~&`'+*$?:"<>;,./\\=0]"#)]
    #[regex(r"\$-[a-zA-Z0-9_]")]
    GVar,
    #[regex(r"\$[1-9][0-9]*")]
    NthRef,
    #[regex(r"(\*\*|<<|>>|&&|\|\||[-+*/%&|^])=")]
    OpAsgn,
    #[token("**")]
    Pow,
    #[token("*")]
    Star,
    #[token("+")]
    Plus,
    #[token("-")]
    Minus,
    #[token("->")]
    Lambda,
    #[token("/")]
    Slash,
    #[token("%")]
    Percent,
    #[token("<=>")]
    Cmp,
    #[token("<<")]
    LShift,
    #[token("<=")]
    Le,
    #[token("<")]
    Lt,
    #[token(">>")]
    RShift,
    #[token(">=")]
    Ge,
    #[token(">")]
    Gt,
    #[token("===")]
    Eqq,
    #[token("==")]
    EqEq,
    #[token("=~")]
    Match,
    #[token("=>")]
    Arrow,
    #[token("=")]
    Assign,
    #[token("!=")]
    Neq,
    #[token("!~")]
    NMatch,
    #[token("!")]
    Bang,
    #[token("&&")]
    AndAnd,
    #[token("&.")]
    AndDot,
    #[token("&")]
    Amp,
    #[token("||")]
    OrOr,
    #[token("|")]
    Pipe,
    #[token("^")]
    Caret,
    #[token("~")]
    Tilde,
    #[token("...")]
    Dot3,
    #[token("..")]
    Dot2,
    #[token(".")]
    Dot,
    #[token("::")]
    Colon2,
    #[token(":")]
    Colon,
    #[token(",")]
    Comma,
    #[token(";")]
    Semi,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("?")]
    Question,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Beg,
    Mid,
    End,
    Dot,
    Fname,
    Class,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Root,
    /// `( stmts )`
    Group,
    /// Call arguments, parameters, multiple-assignment parentheses.
    Paren,
    Bracket,
    Hash,
    /// `{ |x| ... }`
    Brace,
    /// `-> { ... }`
    LambdaBrace,
    Interp,
    /// `if`/`unless`/`while`/`until`/`case`/`for`/`begin`/`class`/`module` ... `end`
    Kw,
    /// `do ... end` of a block or lambda
    DoBlock,
    Def,
    /// An endless `def x = expr`: ends with its statement.
    EndlessDef,
    Str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DefPhase {
    /// Reading the name (and an optional singleton `self.`).
    Name,
    /// Just after the name: `(`, parameters without parentheses, `=` or a newline may follow.
    AfterName,
    /// Parameters without parentheses until the end of the line.
    BareParams,
    /// After `(params)`: `=` makes an endless def.
    AfterParams,
    Body,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum StrKind {
    Str,
    XStr,
    DSym,
    Regex,
    Words,
    Symbols,
    Heredoc,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Esc {
    /// Double-quote escapes.
    Dq,
    /// Single-quote escapes: only `\\` and the delimiter.
    Sq,
    /// Regexp: escapes are kept for the regexp engine.
    Regex,
    /// No escapes at all (`<<~'EOS'`).
    Raw,
}

#[derive(Debug, Clone)]
struct StrMode {
    kind: StrKind,
    esc: Esc,
    interp: bool,
    term: u8,
    open: u8,
    nest: u32,
    label_ok: bool,
    word_open: bool,
    pending_sep: bool,
    /// Heredoc: identifier, whether the terminator may be indented, and the `<<~` dedent width.
    heredoc: Option<(String, bool, Option<usize>)>,
}

#[derive(Debug, Clone)]
struct Level {
    kind: Kind,
    cmdarg: bool,
    cond: bool,
    /// Identifiers in parameter position are parameter names.
    params: bool,
    owns_scope: bool,
    def_phase: DefPhase,
    case_in: CaseIn,
    str: Option<Box<StrMode>>,
}

/// Whether a `Kw` level is a `case`, and whether its `in` clauses have begun.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CaseIn {
    No,
    Case,
    Clauses,
}

impl Level {
    fn new(kind: Kind) -> Level {
        Level {
            kind,
            cmdarg: false,
            cond: false,
            params: false,
            owns_scope: false,
            def_phase: DefPhase::Body,
            case_in: CaseIn::No,
            str: None,
        }
    }
    fn holds_stmts(&self) -> bool {
        matches!(
            self.kind,
            Kind::Root
                | Kind::Group
                | Kind::Brace
                | Kind::LambdaBrace
                | Kind::Interp
                | Kind::Kw
                | Kind::DoBlock
                | Kind::Def
                | Kind::EndlessDef
        )
    }
}

#[derive(Debug, Clone)]
struct Scope {
    names: Vec<String>,
    hard: bool,
}

/// The token stream for the grammar. Iterating yields `(line, token, end_line)`.
pub struct Lexer<'s> {
    src: &'s str,
    b: &'s [u8],
    pos: usize,
    line_starts: Rc<Vec<usize>>,
    /// The index in `line_starts` of the line `line_of` found last: tokens come in order, so
    /// the next one is almost always on that line or the next.
    line_hint: std::cell::Cell<usize>,
    queue: VecDeque<Spanned>,
    stack: Vec<Level>,
    state: State,
    stmt_start: bool,
    label_ok: bool,
    /// The last token was a binary `..`/`...` or a `,`: a `;` or the end of input closes an
    /// endless range (`x = 1..; y`) or a trailing-comma pattern (`in a, ;`), while a newline
    /// does not (`1..\n2` is `1..2`, as in CRuby).
    open_range: bool,
    /// The last token was a label: outside parentheses a newline ends the statement
    /// (`foo key:` passes `key: key`), as CRuby's EXPR_ARG|EXPR_LABELED state does.
    after_label: bool,
    block_start: bool,
    param_pos: bool,
    call_paren_next: bool,
    lambda_paren_next: bool,
    prev_term: bool,
    lambda_pending: Vec<usize>,
    scopes: Vec<Scope>,
    heredoc_skip: Option<(usize, usize)>,
    mlhs_parens: Vec<usize>,
    fname_left: u8,
    /// The stack depth of a `:"..."`/`%s()` name after `alias`/`undef` being read: its end
    /// counts as one of `fname_left`'s names.
    fname_str: Option<usize>,
    /// Where the data after an `__END__` line starts (what `DATA` reads).
    data_start: Option<usize>,
    /// Reading a pattern (after `in` or a rightward `=>`) until the statement ends.
    in_kwarg: bool,
    undef_mode: bool,
    rescue_clause: bool,
    register_next: bool,
    for_vars: bool,
    done: bool,
    sub: bool,
    last_line: u32,
    last_end: usize,
    /// Heredoc nesting depth (a heredoc started inside another heredoc's interpolation).
    depth: u32,
    /// A `\u` escape was read since the last string content was emitted: that content is
    /// `StrContentU` (the literal is UTF-8 whatever the source's encoding).
    unicode_escape: bool,
    /// The source's bytes from 0x80 up stand as U+10FF80..U+10FFFF (`raw_byte_char`).
    raw_bytes: bool,
}

/// The character that stands for byte `b` (0x80..=0xFF) of a source read byte for byte: the
/// lexer of such a source (`Lexer::set_raw_bytes`) puts the byte back into literals.
pub fn raw_byte_char(b: u8) -> char {
    char::from_u32(0x10FF00 + b as u32).unwrap_or(char::REPLACEMENT_CHARACTER)
}

const NOT_ARG_WORDS: &[&str] = &[
    "if", "unless", "while", "until", "rescue", "and", "or", "then", "do", "end", "else", "elsif",
    "when", "in", "ensure",
];

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c >= 0x80
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c >= 0x80
}

fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\x0c' | b'\x0b')
}

fn keyword(w: &str) -> bool {
    matches!(
        w,
        "alias"
            | "and"
            | "begin"
            | "break"
            | "case"
            | "class"
            | "def"
            | "defined?"
            | "do"
            | "else"
            | "elsif"
            | "end"
            | "ensure"
            | "false"
            | "for"
            | "if"
            | "in"
            | "module"
            | "next"
            | "nil"
            | "not"
            | "or"
            | "redo"
            | "rescue"
            | "retry"
            | "return"
            | "self"
            | "super"
            | "then"
            | "true"
            | "undef"
            | "unless"
            | "until"
            | "when"
            | "while"
            | "yield"
            | "__FILE__"
            | "__LINE__"
            | "__method__"
            | "__ENCODING__"
    )
}

/// The binary operators that may follow an endless range (`1.. == 2`): they cannot start an
/// operand, so the dots before them end the range. Longest first.
pub const ENDLESS_RANGE_OPS: &[&str] = &[
    "<=>", "===", "==", "!=", "=~", "!~", "<=", ">=", "<<", ">>", "&&", "||", "<", ">",
];

/// Operator method names, longest first (after `def`, `alias`, `undef` and `:`).
const OP_NAMES: &[&str] = &[
    "[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "**", "+@", "-@", "!@", "~@", "<<", ">>",
    "<=", ">=", "+", "-", "*", "/", "%", "<", ">", "!", "~", "&", "|", "^", "`",
];

impl<'s> Lexer<'s> {
    /// A lexer over `src` with `locals` already known as local variables.
    pub fn new(src: &'s str, locals: &[String]) -> Lexer<'s> {
        let mut line_starts = vec![0];
        for (i, c) in src.bytes().enumerate() {
            if c == b'\n' {
                line_starts.push(i + 1);
            }
        }
        Lexer {
            src,
            b: src.as_bytes(),
            pos: 0,
            line_starts: Rc::new(line_starts),
            line_hint: std::cell::Cell::new(0),
            queue: VecDeque::new(),
            stack: vec![Level::new(Kind::Root)],
            state: State::Beg,
            stmt_start: true,
            label_ok: false,
            open_range: false,
            after_label: false,
            block_start: false,
            param_pos: false,
            call_paren_next: false,
            lambda_paren_next: false,
            prev_term: false,
            lambda_pending: Vec::new(),
            scopes: vec![Scope {
                names: locals.to_vec(),
                hard: true,
            }],
            heredoc_skip: None,
            mlhs_parens: Vec::new(),
            fname_left: 0,
            fname_str: None,
            data_start: None,
            in_kwarg: false,
            undef_mode: false,
            rescue_clause: false,
            register_next: false,
            for_vars: false,
            done: false,
            sub: false,
            last_line: 1,
            last_end: 0,
            depth: 0,
            unicode_escape: false,
            raw_bytes: false,
        }
    }

    /// Reads the characters U+10FF80..U+10FFFF as the bytes they stand for (`raw_byte_char`).
    pub fn set_raw_bytes(&mut self, on: bool) {
        self.raw_bytes = on;
    }

    /// The byte the character at `at` stands for, in a source read byte for byte.
    fn raw_byte_at(&self, at: usize) -> Option<u8> {
        let b = self.b.get(at..at + 4)?;
        (self.raw_bytes && b[0] == 0xF4 && b[1] == 0x8F && b[2] & 0xFE == 0xBE)
            .then(|| 0x80 + (((b[2] & 1) << 6) | (b[3] & 0x3F)))
    }

    /// The local variables of the top-level scope (the initial ones plus those assigned).
    pub fn top_locals(&self) -> Vec<String> {
        self.scopes
            .first()
            .map(|s| s.names.clone())
            .unwrap_or_default()
    }

    /// The byte offset the lexer has read up to (tokens already queued may lie before it). The
    /// REPL's highlighter colours the bytes each token consumed.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// Whether tokens are waiting in the queue (produced by one step, all before `offset`).
    pub fn has_queued(&self) -> bool {
        !self.queue.is_empty()
    }

    /// The line of the last token produced.
    /// The byte offset just after an `__END__` line, if the program stopped at one.
    pub fn data_start(&self) -> Option<usize> {
        self.data_start
    }

    pub fn last_line(&self) -> u32 {
        self.last_line
    }

    /// Whether nothing but whitespace and comments is left after the tokens produced so far.
    pub fn rest_is_blank(&self) -> bool {
        if !self.queue.is_empty() {
            return false;
        }
        let b = self.b;
        let mut p = self.pos.min(b.len());
        while p < b.len() {
            match b[p] {
                b'#' => {
                    while p < b.len() && b[p] != b'\n' {
                        p += 1;
                    }
                }
                c if c.is_ascii_whitespace() => p += 1,
                _ => return false,
            }
        }
        true
    }

    fn line_of(&self, pos: usize) -> u32 {
        let starts = &self.line_starts;
        let on = |i: usize| starts[i] <= pos && starts.get(i + 1).is_none_or(|&next| pos < next);
        let hint = self.line_hint.get();
        let idx = if on(hint) {
            hint
        } else if hint + 1 < starts.len() && on(hint + 1) {
            hint + 1
        } else {
            match starts.binary_search(&pos) {
                Ok(i) => i,
                Err(i) => i - 1,
            }
        };
        self.line_hint.set(idx);
        (idx + 1) as u32
    }

    fn at(&self, i: usize) -> u8 {
        self.b.get(i).copied().unwrap_or(0)
    }

    fn err<T>(&self, pos: usize, message: &str, incomplete: bool) -> Result<T, LexError> {
        Err(LexError {
            line: self.line_of(pos.min(self.b.len())),
            message: message.to_string(),
            incomplete,
        })
    }

    fn top(&self) -> &Level {
        self.stack
            .last()
            .expect("lexer stack is never empty while lexing code")
    }

    /// The kind of the innermost level, looking through endless defs.
    fn inner_kind(&self) -> Kind {
        self.stack
            .iter()
            .rev()
            .find(|l| l.kind != Kind::EndlessDef)
            .map_or(Kind::Root, |l| l.kind)
    }

    fn top_mut(&mut self) -> &mut Level {
        self.stack
            .last_mut()
            .expect("lexer stack is never empty while lexing code")
    }

    // ------------------------------------------------------------ locals

    fn is_local(&self, name: &str) -> bool {
        // numbered block parameters read as locals (`_1 **2` is `_1 ** 2`)
        if name.len() == 2 && name.starts_with('_') && matches!(name.as_bytes()[1], b'1'..=b'9') {
            return true;
        }
        for s in self.scopes.iter().rev() {
            if s.names.iter().any(|n| n == name) {
                return true;
            }
            if s.hard {
                break;
            }
        }
        false
    }

    fn register(&mut self, name: &str) {
        if !self.is_local(name)
            && let Some(s) = self.scopes.last_mut()
        {
            s.names.push(name.to_string());
        }
    }

    fn push_scope(&mut self, hard: bool) {
        self.scopes.push(Scope {
            names: Vec::new(),
            hard,
        });
    }

    fn push_level(&mut self, kind: Kind, owns_scope: bool) {
        let mut l = Level::new(kind);
        l.owns_scope = owns_scope;
        self.stack.push(l);
    }

    fn pop_level(&mut self) -> Option<Level> {
        if self.stack.len() <= 1 && !self.sub {
            return None;
        }
        let l = self.stack.pop()?;
        if l.owns_scope && self.scopes.len() > 1 {
            self.scopes.pop();
        }
        Some(l)
    }

    fn pop_endless(&mut self) {
        while self
            .stack
            .last()
            .is_some_and(|l| l.kind == Kind::EndlessDef)
        {
            self.pop_level();
        }
    }

    // ------------------------------------------------------------ emitting

    fn emit(&mut self, tok: Tok, start: usize, end: usize) {
        let st = match &tok {
            Tok::Int(_)
            | Tok::BigInt(_)
            | Tok::Float(_)
            | Tok::Rational(_)
            | Tok::Imaginary(_)
            | Tok::Ident(_)
            | Tok::Const(_)
            | Tok::FnIdent(_)
            | Tok::FnConst(_)
            | Tok::IVar(_)
            | Tok::CVar(_)
            | Tok::GVar(_)
            | Tok::NthRef(_)
            | Tok::Sym(_)
            | Tok::StrEnd
            | Tok::RegexEnd(_)
            | Tok::KwEnd
            | Tok::KwSelf
            | Tok::KwNil
            | Tok::KwTrue
            | Tok::KwFalse
            | Tok::KwFile
            | Tok::KwLine
            | Tok::KwMethod
            | Tok::KwEncoding
            | Tok::KwRedo
            | Tok::KwRetry
            | Tok::RParen
            | Tok::RBracket
            | Tok::RBrace
            | Tok::MethName(_)
            | Tok::InterpEnd => State::End,
            Tok::Dot | Tok::AndDot | Tok::Colon2 => State::Dot,
            Tok::KwReturn | Tok::KwBreak | Tok::KwNext | Tok::KwRescue => State::Mid,
            Tok::KwDef | Tok::KwAlias | Tok::KwUndef => State::Fname,
            Tok::KwClass | Tok::KwModule => State::Class,
            _ => State::Beg,
        };
        self.emit_state(tok, start, end, st);
    }

    fn emit_state(&mut self, tok: Tok, start: usize, end: usize, mut st: State) {
        self.open_range = matches!(tok, Tok::Dot2 | Tok::Dot3 | Tok::Comma);
        self.after_label = matches!(tok, Tok::Label(_));
        let in_params = self.stack.last().is_some_and(|l| l.params);
        // Method names after `alias`/`undef`, and after `def self.`.
        if self.fname_left > 0 && tok == Tok::DSymBeg {
            self.fname_str = Some(self.stack.len());
        }
        let fname_str_end = tok == Tok::StrEnd && self.fname_str == Some(self.stack.len());
        if fname_str_end {
            self.fname_str = None;
        }
        if self.fname_left > 0
            && (fname_str_end || matches!(tok, Tok::MethName(_) | Tok::Sym(_) | Tok::GVar(_)))
        {
            self.fname_left -= 1;
            if self.fname_left > 0 {
                st = State::Fname;
            }
        }
        if let Some(top) = self.stack.last_mut()
            && top.kind == Kind::Def
        {
            match (&tok, top.def_phase) {
                (Tok::MethName(_), DefPhase::Name) => top.def_phase = DefPhase::AfterName,
                (Tok::Dot | Tok::Colon2, DefPhase::Name) => st = State::Fname,
                // the body starts on the parameters' line: `def f() [1] end`
                (t, DefPhase::AfterParams) if !matches!(t, Tok::RParen | Tok::Assign) => {
                    top.def_phase = DefPhase::Body
                }
                _ => {}
            }
        }
        self.param_pos = in_params
            && matches!(
                tok,
                Tok::Comma
                    | Tok::LParen
                    | Tok::Pipe
                    | Tok::Splat
                    | Tok::DSplat
                    | Tok::BlockAmp
                    | Tok::Semi
            );
        self.label_ok = matches!(
            tok,
            Tok::Comma
                | Tok::LParen
                | Tok::LParenCall
                | Tok::LBracket
                | Tok::LBracketIndex
                | Tok::LBraceHash
                | Tok::Arrow
                | Tok::Pipe
                | Tok::CmdIdent(_)
                | Tok::CmdConst(_)
                | Tok::MethName(_)
                | Tok::KwReturn
                | Tok::KwBreak
                | Tok::KwNext
                | Tok::KwIn
        ) || (matches!(tok, Tok::KwSuper | Tok::KwYield) && st == State::Beg);
        self.block_start = matches!(tok, Tok::LBraceBlock | Tok::KwDo | Tok::KwDoBlock);
        self.stmt_start = matches!(
            tok,
            Tok::Term(_)
                | Tok::KwRescueMod
                | Tok::KwThen
                | Tok::KwElse
                | Tok::KwEnsure
                | Tok::KwBegin
                | Tok::KwDo
                | Tok::KwDoBlock
                | Tok::KwDoLambda
                | Tok::KwDoCond
                | Tok::LBraceBlock
                | Tok::LBraceLambda
                | Tok::InterpBeg
                | Tok::LParen
        );
        let b = self.b;
        self.call_paren_next = match tok {
            Tok::FnIdent(_) | Tok::FnConst(_) => true,
            Tok::KwSuper | Tok::KwYield | Tok::KwDefined | Tok::Dot | Tok::AndDot | Tok::Colon2 => {
                b.get(end) == Some(&b'(')
            }
            _ => false,
        };
        self.lambda_paren_next = matches!(tok, Tok::Lambda);
        self.prev_term = matches!(tok, Tok::Term(_));
        let line = self.line_of(start);
        let end_line = self.line_of(end.max(start));
        self.last_line = line;
        self.last_end = end.max(start);
        self.state = st;
        self.queue.push_back((line, tok, end_line));
    }

    /// A statement terminator; closes endless defs and bare parameter lists.
    fn emit_term(&mut self, pos: usize, semi: bool) {
        self.pop_endless();
        let top = self.top_mut();
        top.cmdarg = false;
        top.cond = false;
        if top.kind == Kind::Def {
            top.params = false;
            top.def_phase = DefPhase::Body;
        }
        self.rescue_clause = false;
        self.for_vars = false;
        self.in_kwarg = false;
        if self.fname_str.is_none() {
            // (a `term` inside `alias :"a#{b}"`'s interpolation does not end the alias)
            self.undef_mode = false;
            self.fname_left = 0;
        }
        self.emit(Tok::Term(semi), pos, pos);
    }

    /// Before a token that closes a statement list (`end`, `}`, `)`, `else`, ...): the grammar
    /// wants every statement followed by a `Term`.
    fn close_stmts(&mut self, pos: usize) {
        if !self.prev_term && self.top().holds_stmts() {
            self.emit_term(pos, false);
        }
    }

    fn term_allowed(&self) -> bool {
        let top = self.top();
        // (no statement ends inside a block's `|...|`: `{ |a,` newline `b| }`)
        let block_params = top.params && matches!(top.kind, Kind::Brace | Kind::DoBlock);
        matches!(self.state, State::End | State::Mid) && top.holds_stmts() && !block_params
    }

    // ------------------------------------------------------------ main loop

    fn step(&mut self) -> Result<(), LexError> {
        if self.stack.is_empty() {
            self.done = true;
            return Ok(());
        }
        if self.top().kind == Kind::Str {
            return self.scan_string();
        }
        let b = self.b;
        let at_line_start = self.pos == 0 || b[self.pos - 1] == b'\n';
        if at_line_start && !self.sub {
            if b[self.pos..].starts_with(b"=begin")
                && (self.pos + 6 >= b.len() || b[self.pos + 6].is_ascii_whitespace())
            {
                return self.skip_embdoc();
            }
            if b[self.pos..].starts_with(b"__END__") {
                let rest = &b[self.pos + 7..];
                if rest.is_empty() || rest[0] == b'\n' || rest.starts_with(b"\r\n") {
                    let nl = rest.iter().position(|&c| c == b'\n').map_or(0, |i| i + 1);
                    self.data_start = Some((self.pos + 7 + nl).min(b.len()));
                    self.pos = b.len();
                    return self.at_eof();
                }
            }
        }
        self.skip_space();
        if self.pos >= b.len() {
            return self.at_eof();
        }
        let start = self.pos;
        let c = b[start];
        match c {
            b'\n' => return self.newline(),
            b'#' => {
                while self.pos < b.len() && b[self.pos] != b'\n' {
                    self.pos += 1;
                }
                return Ok(());
            }
            _ => {}
        }
        // Parameters of `def name a, b` start right after the name.
        if self.top().kind == Kind::Def
            && self.top().def_phase == DefPhase::AfterName
            && !matches!(c, b'(' | b'=' | b';')
        {
            let top = self.top_mut();
            top.def_phase = DefPhase::BareParams;
            top.params = true;
            self.param_pos = true;
            self.state = State::Beg; // `def f *a, &b`: splat and block markers
        }
        if self.stmt_start
            && (is_ident_start(c)
                || matches!(c, b'@' | b'$' | b'*' | b'(')
                || (c == b':' && self.at(start + 1) == b':'))
            && !self.top().params
            && self.state == State::Beg
        {
            self.stmt_start = false;
            if let Some((names, parens)) = self.mlhs_prescan(start) {
                for n in names {
                    self.register(&n);
                }
                self.mlhs_parens = parens;
                self.emit(Tok::MlhsBeg, start, start);
                return Ok(());
            }
        }
        if self.state == State::Fname && self.lex_fname(start)? {
            return Ok(());
        }
        if self.state == State::Dot && !is_ident_start(c) && c != b'(' {
            // `5.+(3)`, `1.!`, `a.[](i)`, `x.<=>(y)`: an operator method name after a dot.
            for op in OP_NAMES {
                if b[start..].starts_with(op.as_bytes()) {
                    let end = start + op.len();
                    let name = match *op {
                        "!@" => "!",
                        "~@" => "~",
                        o => o,
                    };
                    self.pos = end;
                    let tok = if self.at(end) == b'(' {
                        Tok::FnIdent(name.to_string())
                    } else if self.cmd_arg_follows(end) || is_ident_start(self.at(end)) {
                        // `a&.> 1`, `A::%i` (the operator `%` with the argument `i`)
                        self.top_mut().cmdarg = true;
                        Tok::CmdIdent(name.to_string())
                    } else {
                        Tok::Ident(name.to_string())
                    };
                    self.emit(tok, start, end);
                    return Ok(());
                }
            }
        }
        let beg = matches!(self.state, State::Beg | State::Mid);
        match c {
            b'"' => return self.start_str(start, 1, StrKind::Str, Esc::Dq, true, b'"', 0),
            b'\'' => return self.start_str(start, 1, StrKind::Str, Esc::Sq, false, b'\'', 0),
            b'`' if self.state != State::Dot => {
                return self.start_str(start, 1, StrKind::XStr, Esc::Dq, true, b'`', 0);
            }
            b'0'..=b'9' => return self.number(start, start, false),
            b':' if self.at(start + 1) != b':'
                && self.state != State::End
                && self.symbol(start)? =>
            {
                return Ok(());
            }
            b'?' if (beg || self.state == State::Class) && self.char_literal(start)? => {
                return Ok(());
            }
            b'/' if beg => {
                return self.start_str(start, 1, StrKind::Regex, Esc::Regex, true, b'/', 0);
            }
            b'%' if beg && self.percent_literal(start)? => return Ok(()),
            b'<' if beg && self.at(start + 1) == b'<' && self.heredoc(start)? => return Ok(()),
            b'-' | b'+' if beg && self.at(start + 1).is_ascii_digit() => {
                return self.number(start, start + 1, c == b'-');
            }
            _ => {}
        }
        self.raw_token(start)
    }

    fn skip_space(&mut self) -> bool {
        let b = self.b;
        let start = self.pos;
        loop {
            match b.get(self.pos) {
                Some(&c) if is_space(c) => self.pos += 1,
                Some(b'\\') if b.get(self.pos + 1) == Some(&b'\n') => {
                    self.pos += 2;
                    self.skip_heredoc_body(self.pos - 1);
                }
                Some(b'\\')
                    if b.get(self.pos + 1) == Some(&b'\r')
                        && b.get(self.pos + 2) == Some(&b'\n') =>
                {
                    self.pos += 3;
                    self.skip_heredoc_body(self.pos - 1);
                }
                _ => break,
            }
        }
        self.pos > start
    }

    fn skip_embdoc(&mut self) -> Result<(), LexError> {
        let b = self.b;
        let start = self.pos;
        let mut p = self.pos;
        loop {
            // move to the next line
            while p < b.len() && b[p] != b'\n' {
                p += 1;
            }
            if p >= b.len() {
                return self.err(start, "embedded document meets end of file", true);
            }
            p += 1;
            if b[p..].starts_with(b"=end") && (p + 4 >= b.len() || b[p + 4].is_ascii_whitespace()) {
                while p < b.len() && b[p] != b'\n' {
                    p += 1;
                }
                self.pos = p;
                return Ok(());
            }
        }
    }

    fn at_eof(&mut self) -> Result<(), LexError> {
        if self.term_allowed()
            || ((self.open_range || self.after_label) && self.top().holds_stmts())
        {
            let p = self.last_end;
            self.emit_term(p, false);
        }
        self.done = true;
        Ok(())
    }

    /// After the newline at `nl`: when a heredoc started on that line, continue after its body.
    fn skip_heredoc_body(&mut self, nl: usize) {
        if let Some((at, resume)) = self.heredoc_skip
            && at == nl
        {
            self.pos = resume;
            self.heredoc_skip = None;
        }
    }

    /// The first byte from `p` on that is not blank, a newline, a comment or the body of a
    /// heredoc started on the current line (look-ahead only; nothing is consumed).
    fn skip_blank_ahead(&self, mut p: usize) -> usize {
        let b = self.b;
        loop {
            while p < b.len() && (is_space(b[p]) || b[p] == b'\n') {
                if b[p] == b'\n'
                    && let Some((at, resume)) = self.heredoc_skip
                    && at == p
                {
                    p = resume;
                    continue;
                }
                p += 1;
            }
            if p < b.len() && b[p] == b'#' {
                while p < b.len() && b[p] != b'\n' {
                    p += 1;
                }
                continue;
            }
            return p;
        }
    }

    fn newline(&mut self) -> Result<(), LexError> {
        let nl = self.pos;
        self.pos += 1;
        self.skip_heredoc_body(nl);
        // After a label a newline usually continues (`foo key:` newline `value`), but it ends a
        // pattern (`in {a:` ... `in a:` newline) and bare `def` parameters (`def f k:`), as
        // CRuby's in_kwarg does.
        let top = self.top();
        let label_end = self.after_label
            && ((top.holds_stmts() && !top.params && self.next_line_cannot_continue())
                || (self.in_kwarg && top.holds_stmts() && !top.params)
                || (top.kind == Kind::Def && top.def_phase == DefPhase::BareParams));
        if (self.term_allowed() || label_end) && !self.next_line_continues() {
            self.emit_term(nl, false);
        }
        Ok(())
    }

    /// Whether the next non-blank line starts with a word or bracket that cannot begin an
    /// argument (`in`, `when`, `end`, `}`...): then a newline after a label ends the command
    /// (`foo key:` newline `in 3`); otherwise the label's value is on the next line, as in CRuby.
    fn next_line_cannot_continue(&self) -> bool {
        let b = self.b;
        let mut p = self.pos;
        while p < b.len() && (is_space(b[p]) || b[p] == b'\n') {
            p += 1;
        }
        if p >= b.len() || matches!(b[p], b'}' | b')' | b']' | b'#' | b';') {
            return true;
        }
        let s = p;
        while p < b.len() && is_ident_char(b[p]) {
            p += 1;
        }
        matches!(
            &self.src[s..p],
            "in" | "when" | "end" | "else" | "elsif" | "ensure" | "rescue" | "then" | "do"
        )
    }

    /// Whether the next non-blank, non-comment line starts with `.meth` or `&.meth`.
    fn next_line_continues(&self) -> bool {
        let p = self.skip_blank_ahead(self.pos);
        // Ruby 4.0: a line starting with `&&`, `||`, `and` or `or` continues the expression
        let rest = &self.b[p.min(self.b.len())..];
        if (rest.starts_with(b"&&") || rest.starts_with(b"||")) && rest.get(2) != Some(&b'=') {
            return true;
        }
        for w in [&b"and"[..], b"or"] {
            if rest.starts_with(w)
                && !rest
                    .get(w.len())
                    .is_some_and(|&c| is_ident_char(c) || c == b'?' || c == b'!')
            {
                return true;
            }
        }
        (self.at(p) == b'.' && self.at(p + 1) != b'.')
            || (self.at(p) == b'&' && self.at(p + 1) == b'.')
    }

    // ------------------------------------------------------------ words

    /// Extends an identifier over a trailing `?`/`!` (`empty?`, `save!`) unless it is `!=`/`?=`.
    fn fid_suffix(&self, end: usize) -> usize {
        let c = self.at(end);
        if (c == b'?' || c == b'!')
            && (self.at(end + 1) != b'=' || matches!(self.at(end + 2), b'=' | b'~' | b'>'))
        {
            end + 1
        } else {
            end
        }
    }

    fn word(&mut self, start: usize, end: usize, is_const: bool) -> Result<(), LexError> {
        let b = self.b;
        let after_dot = self.state == State::Dot;
        // `class A a = 1 end`: a class or module name is never a command
        let class_name = self.state == State::Class;
        let end = self.fid_suffix(end);
        let name = &self.src[start..end];
        let in_params = self.top().params && self.param_pos;
        // label `name:` (not `name::`)
        if (self.label_ok || in_params)
            && self.at(end) == b':'
            && self.at(end + 1) != b':'
            && !after_dot
        {
            if in_params {
                self.register(name);
            }
            self.emit(Tok::Label(name.to_string()), start, end + 1);
            self.pos = end + 1;
            return Ok(());
        }
        self.pos = end;
        if !after_dot && !is_const && keyword(name) {
            return self.keyword(name, start, end);
        }
        if !after_dot && (name == "BEGIN" || name == "END") && {
            let mut q = end;
            while is_space(self.at(q)) {
                q += 1;
            }
            self.at(q) == b'{'
        } {
            self.pos = end;
            let tok = if name == "BEGIN" {
                Tok::KwPreexe
            } else {
                Tok::KwPostexe
            };
            self.emit_state(tok, start, end, State::End);
            return Ok(());
        }
        if is_const {
            let tok = if self.at(end) == b'(' {
                Tok::FnConst(name.to_string())
            } else if !class_name && self.const_cmd_follows(end) {
                Tok::CmdConst(name.to_string())
            } else {
                Tok::Const(name.to_string())
            };
            if matches!(tok, Tok::CmdConst(_)) {
                self.top_mut().cmdarg = true;
            }
            self.emit(tok, start, end);
            return Ok(());
        }
        if in_params || self.for_vars || std::mem::take(&mut self.register_next) {
            self.register(name);
            if in_params {
                self.emit(Tok::Ident(name.to_string()), start, end);
                return Ok(());
            }
        }
        if b.get(end) == Some(&b'(') {
            self.emit(Tok::FnIdent(name.to_string()), start, end);
            return Ok(());
        }
        if !after_dot && self.assignment_follows(end) {
            self.register(name);
        }
        if !after_dot && self.is_local(name) && !self.local_cmd_follows(end) {
            self.emit(Tok::Ident(name.to_string()), start, end);
        } else if self.cmd_arg_follows(end) {
            self.top_mut().cmdarg = true;
            self.emit(Tok::CmdIdent(name.to_string()), start, end);
        } else {
            self.emit(Tok::Ident(name.to_string()), start, end);
        }
        Ok(())
    }

    /// After an identifier: `=` (not `==`, `=~`, `=>`) or an operator-assignment follows.
    fn assignment_follows(&self, mut p: usize) -> bool {
        while is_space(self.at(p)) {
            p += 1;
        }
        let rest = &self.b[p.min(self.b.len())..];
        if rest.first() == Some(&b'=') {
            return !matches!(rest.get(1), Some(b'=' | b'~' | b'>'));
        }
        for op in [
            "**=", "<<=", ">>=", "&&=", "||=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=",
        ] {
            if rest.starts_with(op.as_bytes()) {
                return true;
            }
        }
        false
    }

    /// Where the next token starts after the blanks at `end`; None when there are none.
    fn after_space(&self, end: usize) -> Option<usize> {
        let mut p = end;
        while is_space(self.at(p)) {
            p += 1;
        }
        (p > end).then_some(p)
    }

    /// After a local variable's name: does an argument follow that no binary operator could
    /// start (`x 2`, `x y`, `x "s"`, `a b: 1`)? Then, as in CRuby, it is a command call.
    fn local_cmd_follows(&self, end: usize) -> bool {
        let Some(p) = self.after_space(end) else {
            return false;
        };
        let c = self.at(p);
        match c {
            // (`x (1)` too: CRuby's tLPAREN_ARG after a local and a space)
            b'0'..=b'9' | b'"' | b'\'' | b'@' | b'(' => true,
            b'$' => is_ident_char(self.at(p + 1)),
            b'-' => self.at(p + 1) == b'>',
            _ if is_ident_start(c) => {
                let mut q = p;
                while is_ident_char(self.at(q)) {
                    q += 1;
                }
                if self.at(q) == b'?' {
                    q += 1;
                }
                let w = &self.src[p..q];
                // keywords that start an expression, not modifiers or `and`/`do`/`then`
                !keyword(w)
                    || matches!(
                        w,
                        "nil"
                            | "true"
                            | "false"
                            | "self"
                            | "begin"
                            | "case"
                            | "def"
                            | "defined?"
                            | "for"
                            | "yield"
                            | "super"
                            | "__FILE__"
                            | "__LINE__"
                            | "__ENCODING__"
                    )
            }
            _ => false,
        }
    }

    /// After a method name: does a paren-less argument follow (`foo 1`, `foo -x`, `foo [1]`)?
    fn cmd_arg_follows(&self, end: usize) -> bool {
        let b = self.b;
        let mut p = end;
        while p < b.len() && (is_space(b[p]) || (b[p] == b'\\' && self.at(p + 1) == b'\n')) {
            p += if b[p] == b'\\' { 2 } else { 1 };
        }
        let had_space = p > end;
        let c = self.at(p);
        let n1 = self.at(p + 1);
        if !had_space {
            // `a:b` where `a` is no label is the command `a :b`, as in CRuby
            return matches!(c, b'"' | b'\'')
                || (c == b':' && (is_ident_start(n1) || matches!(n1, b'"' | b'\'')));
        }
        match c {
            _ if is_ident_start(c) => {
                let mut q = p;
                while q < b.len() && is_ident_char(b[q]) {
                    q += 1;
                }
                let w = &self.src[p..q];
                !NOT_ARG_WORDS.contains(&w) || self.at(q) == b':' && self.at(q + 1) != b':'
            }
            b'0'..=b'9' | b'"' | b'\'' | b'`' | b'@' | b'$' | b'[' | b'(' => true,
            b':' => {
                if n1 == b':' {
                    is_ident_start(self.at(p + 2))
                } else {
                    !n1.is_ascii_whitespace() && n1 != 0
                }
            }
            b'-' | b'+' => !n1.is_ascii_whitespace() && n1 != b'=' && n1 != 0,
            b'*' => {
                let q = if n1 == b'*' { p + 2 } else { p + 1 };
                let c2 = self.at(q);
                !c2.is_ascii_whitespace() && c2 != b'=' && c2 != 0
            }
            b'&' => !n1.is_ascii_whitespace() && !matches!(n1, b'&' | b'=' | b'.' | 0),
            b'/' => !n1.is_ascii_whitespace() && n1 != b'=' && n1 != 0,
            // `p %w[a]`, `p %#x#`, `p %(y)` (but `p % 2` and `p %= 2` are operators)
            b'%' => {
                if matches!(
                    n1,
                    b'q' | b'Q' | b'w' | b'W' | b'i' | b'I' | b'r' | b's' | b'x'
                ) {
                    let d = self.at(p + 2);
                    d != 0 && !d.is_ascii_alphanumeric() && !d.is_ascii_whitespace()
                } else {
                    n1 != 0 && n1 != b'=' && n1.is_ascii_punctuation()
                }
            }
            b'<' => {
                n1 == b'<' && {
                    let mut q = p + 2;
                    if matches!(self.at(q), b'~' | b'-') {
                        q += 1;
                    }
                    let d = self.at(q);
                    (is_ident_start(d) && d < 0x80) || matches!(d, b'"' | b'\'' | b'`')
                }
            }
            b'?' => self.char_literal_follows(p),
            b'!' => !n1.is_ascii_whitespace() && !matches!(n1, b'=' | b'~' | 0),
            b'~' => !n1.is_ascii_whitespace() && n1 != 0,
            _ => false,
        }
    }

    /// After a constant: a command call only for plainly argument-looking text (`Integer "3"`).
    fn const_cmd_follows(&self, end: usize) -> bool {
        let Some(p) = self.after_space(end) else {
            return false;
        };
        let c = self.at(p);
        match c {
            b'"' | b'\'' | b'@' | b'0'..=b'9' => true,
            b':' => is_ident_start(self.at(p + 1)),
            _ if c.is_ascii_lowercase() || c == b'_' => {
                let mut q = p;
                while is_ident_char(self.at(q)) {
                    q += 1;
                }
                let w = &self.src[p..q];
                !NOT_ARG_WORDS.contains(&w)
            }
            _ => false,
        }
    }

    fn keyword(&mut self, name: &str, start: usize, end: usize) -> Result<(), LexError> {
        let beg = self.state == State::Beg;
        let tok = match name {
            "if" | "unless" | "while" | "until" => {
                if beg {
                    self.push_level(Kind::Kw, false);
                    if name == "while" || name == "until" {
                        self.top_mut().cond = true;
                    }
                    match name {
                        "if" => Tok::KwIf,
                        "unless" => Tok::KwUnless,
                        "while" => Tok::KwWhile,
                        _ => Tok::KwUntil,
                    }
                } else {
                    match name {
                        "if" => Tok::KwIfMod,
                        "unless" => Tok::KwUnlessMod,
                        "while" => Tok::KwWhileMod,
                        _ => Tok::KwUntilMod,
                    }
                }
            }
            "rescue" => {
                if beg {
                    self.rescue_clause = true;
                    Tok::KwRescue
                } else {
                    Tok::KwRescueMod
                }
            }
            "do" => return self.kw_do(start, end),
            "end" => {
                self.close_stmts(start);
                self.pop_endless();
                if matches!(self.top().kind, Kind::Kw | Kind::DoBlock | Kind::Def) {
                    self.pop_level();
                }
                Tok::KwEnd
            }
            "case" | "begin" => {
                self.push_level(Kind::Kw, false);
                if name == "case" {
                    self.top_mut().case_in = CaseIn::Case;
                    Tok::KwCase
                } else {
                    Tok::KwBegin
                }
            }
            "for" => {
                self.push_level(Kind::Kw, false);
                self.top_mut().cond = true;
                self.for_vars = true;
                Tok::KwFor
            }
            "in" => {
                if !self.for_vars && self.top().kind == Kind::Kw {
                    // In a `case/in` clause's body, `in` starts the next clause, also after an
                    // expression on the same line (`x.first in ^y`), as in Ruby 4.0.
                    match self.top().case_in {
                        CaseIn::Case => self.top_mut().case_in = CaseIn::Clauses,
                        CaseIn::Clauses => self.close_stmts(start),
                        CaseIn::No => {}
                    }
                }
                self.in_kwarg = !self.for_vars;
                self.for_vars = false;
                Tok::KwIn
            }
            "def" => {
                self.push_scope(true);
                self.push_level(Kind::Def, true);
                self.top_mut().def_phase = DefPhase::Name;
                Tok::KwDef
            }
            "class" => {
                self.push_scope(true);
                self.push_level(Kind::Kw, true);
                Tok::KwClass
            }
            "module" => {
                self.push_scope(true);
                self.push_level(Kind::Kw, true);
                Tok::KwModule
            }
            "alias" => {
                self.fname_left = 2;
                Tok::KwAlias
            }
            "undef" => {
                self.fname_left = 1;
                self.undef_mode = true;
                Tok::KwUndef
            }
            "super" | "yield" => {
                let tok = if name == "super" {
                    Tok::KwSuper
                } else {
                    Tok::KwYield
                };
                let st = if self.at(end) != b'(' && self.cmd_arg_follows(end) {
                    self.top_mut().cmdarg = true;
                    State::Beg
                } else {
                    State::End
                };
                self.emit_state(tok, start, end, st);
                return Ok(());
            }
            "then" => {
                self.rescue_clause = false;
                Tok::KwThen
            }
            "and" => Tok::KwAnd,
            "or" => Tok::KwOr,
            "not" => Tok::KwNot,
            "else" | "elsif" | "ensure" | "when" => {
                // These close a statement list: end its last statement.
                self.close_stmts(start);
                match name {
                    "else" => Tok::KwElse,
                    "elsif" => Tok::KwElsif,
                    "ensure" => Tok::KwEnsure,
                    _ => {
                        if self.top().case_in == CaseIn::Case {
                            self.top_mut().case_in = CaseIn::No; // a case/when
                        }
                        Tok::KwWhen
                    }
                }
            }
            "break" => Tok::KwBreak,
            "next" => Tok::KwNext,
            "return" => Tok::KwReturn,
            "redo" => Tok::KwRedo,
            "retry" => Tok::KwRetry,
            "self" => Tok::KwSelf,
            "nil" => Tok::KwNil,
            "true" => Tok::KwTrue,
            "false" => Tok::KwFalse,
            "defined?" => Tok::KwDefined,
            "__FILE__" => Tok::KwFile,
            "__LINE__" => Tok::KwLine,
            "__method__" => Tok::KwMethod,
            "__ENCODING__" => Tok::KwEncoding,
            _ => Tok::Ident(name.to_string()),
        };
        self.emit(tok, start, end);
        Ok(())
    }

    fn kw_do(&mut self, start: usize, end: usize) -> Result<(), LexError> {
        let depth = self.stack.len();
        if self.lambda_pending.last() == Some(&depth) {
            self.lambda_pending.pop();
            self.top_mut().params = false;
            self.push_level(Kind::DoBlock, true);
            self.emit(Tok::KwDoLambda, start, end);
        } else if self.top().cond {
            self.top_mut().cond = false;
            self.emit(Tok::KwDoCond, start, end);
        } else if self.top().cmdarg {
            self.top_mut().cmdarg = false;
            self.push_scope(false);
            self.push_level(Kind::DoBlock, true);
            self.emit(Tok::KwDoBlock, start, end);
        } else {
            self.push_scope(false);
            self.push_level(Kind::DoBlock, true);
            self.emit(Tok::KwDo, start, end);
        }
        Ok(())
    }

    /// The name after `def`/`alias`/`undef`. Returns false to let normal lexing handle the text
    /// (symbols and globals after `alias`, or an error).
    fn lex_fname(&mut self, start: usize) -> Result<bool, LexError> {
        let b = self.b;
        let c = b[start];
        let def_naming = self.top().kind == Kind::Def && self.top().def_phase == DefPhase::Name;
        if is_ident_start(c) {
            let mut end = start;
            while end < b.len() && is_ident_char(b[end]) {
                end += 1;
            }
            let word = &self.src[start..end];
            // `def self.m`, `def obj.m`, `def String::m`, `def nil::m`
            if def_naming
                && (self.at(end) == b'.' && self.at(end + 1) != b'.'
                    || self.at(end) == b':' && self.at(end + 1) == b':')
            {
                let tok = if word == "self" {
                    Tok::KwSelf
                } else if word == "nil" {
                    Tok::KwNil
                } else if word == "true" {
                    Tok::KwTrue
                } else if word == "false" {
                    Tok::KwFalse
                } else if c.is_ascii_uppercase() {
                    Tok::Const(word.to_string())
                } else {
                    Tok::Ident(word.to_string())
                };
                self.pos = end;
                self.emit(tok, start, end);
                return Ok(true);
            }
            let mut e2 = self.fid_suffix(end);
            if e2 == end && self.at(end) == b'=' && !matches!(self.at(end + 1), b'=' | b'~' | b'>')
            {
                e2 = end + 1;
            }
            self.pos = e2;
            self.emit(Tok::MethName(self.src[start..e2].to_string()), start, e2);
            return Ok(true);
        }
        // `alias :"m2" :'m1'`: a quoted name without escapes or interpolation is a plain symbol
        if c == b':' && matches!(self.at(start + 1), b'"' | b'\'') {
            let q = self.at(start + 1);
            let mut end = start + 2;
            while end < b.len() && b[end] != q && b[end] != b'\\' && b[end] != b'\n' {
                end += 1;
            }
            let plain = self.at(end) == q && !self.src[start + 2..end].contains("#{");
            if plain {
                let name = self.src[start + 2..end].to_string();
                self.pos = end + 1;
                self.emit(Tok::Sym(name), start, end + 1);
                return Ok(true);
            }
        }
        if c == b':' || c == b'$' {
            return Ok(false);
        }
        // `alias %s(new) %s(old)`
        if c == b'%' && self.fname_left > 0 && self.at(start + 1) == b's' {
            return self.percent_literal(start);
        }
        for op in OP_NAMES {
            if b[start..].starts_with(op.as_bytes()) {
                let name = match *op {
                    "!@" => "!",
                    "~@" => "~",
                    o => o,
                };
                self.pos = start + op.len();
                self.emit(Tok::MethName(name.to_string()), start, self.pos);
                return Ok(true);
            }
        }
        Ok(false)
    }

    // ------------------------------------------------------------ numbers

    /// A numeric literal whose digits start at `digits`; `neg` for a `-` at `start`.
    fn number(&mut self, start: usize, digits: usize, neg: bool) -> Result<(), LexError> {
        let b = self.b;
        let mut p = digits;
        let mut radix = 10;
        let mut is_float = false;
        if b[p] == b'0' && p + 1 < b.len() {
            match b[p + 1] {
                b'x' | b'X' => {
                    radix = 16;
                    p += 2;
                }
                b'b' | b'B' => {
                    radix = 2;
                    p += 2;
                }
                b'o' | b'O' => {
                    radix = 8;
                    p += 2;
                }
                b'd' | b'D' => {
                    p += 2;
                }
                b'0'..=b'9' | b'_' => {
                    radix = 8;
                    p += 1;
                }
                _ => {}
            }
        }
        let body_start = p;
        while p < b.len()
            && (b[p].is_ascii_alphanumeric() && (b[p] as char).is_digit(radix) || b[p] == b'_')
        {
            p += 1;
        }
        if radix == 10 {
            if self.at(p) == b'.' && self.at(p + 1).is_ascii_digit() {
                is_float = true;
                p += 1;
                while p < b.len() && (b[p].is_ascii_digit() || b[p] == b'_') {
                    p += 1;
                }
            }
            if matches!(self.at(p), b'e' | b'E') {
                let q = if matches!(self.at(p + 1), b'+' | b'-') {
                    p + 2
                } else {
                    p + 1
                };
                if self.at(q).is_ascii_digit() {
                    is_float = true;
                    p = q;
                    while p < b.len() && (b[p].is_ascii_digit() || b[p] == b'_') {
                        p += 1;
                    }
                }
            }
        }
        let text: String = self.src[body_start..p]
            .chars()
            .filter(|&c| c != '_')
            .collect();
        if text.is_empty() && radix != 8 {
            return self.err(start, "numeric literal without digits", false);
        }
        if radix == 8 && self.at(p).is_ascii_digit() {
            return self.err(start, "Invalid octal digit", false);
        }
        // `3r`, `1.5r`, `3i`, `2ri`: rational and imaginary literals (CRuby's tRATIONAL,
        // tIMAGINARY); a word right after the number is a token of its own (`1.0if x`).
        let mut suffix = (false, false);
        let plain_float = !self.src[digits..p].contains(['e', 'E']);
        if self.at(p) == b'r' && plain_float && !is_ident_char(self.at(p + 1)) {
            suffix.0 = true;
        } else if self.at(p) == b'r'
            && plain_float
            && self.at(p + 1) == b'i'
            && !is_ident_char(self.at(p + 2))
        {
            suffix = (true, true);
        } else if self.at(p) == b'i' && !is_ident_char(self.at(p + 1)) {
            suffix.1 = true;
        }
        if suffix != (false, false) {
            let text = if radix == 10 {
                text
            } else {
                to_decimal(if text.is_empty() { "0" } else { &text }, radix)
            };
            let sign = if neg { "-" } else { "" };
            let len = suffix.0 as usize + suffix.1 as usize;
            let r = if suffix.0 { "r" } else { "" };
            let tok = if suffix.1 {
                Tok::Imaginary(format!("{sign}{text}{r}"))
            } else {
                Tok::Rational(format!("{sign}{text}"))
            };
            self.pos = p + len;
            self.emit(tok, start, p + len);
            return Ok(());
        }
        self.pos = p;
        // `-2 ** 2` is `-(2 ** 2)`: emit the minus as an operator.
        let mut q = p;
        while is_space(self.at(q)) {
            q += 1;
        }
        let pow_follows = self.at(q) == b'*' && self.at(q + 1) == b'*';
        let neg_literal = neg && !pow_follows;
        if neg && pow_follows {
            self.emit(Tok::UMinus, start, start + 1);
        }
        let tok_start = if neg_literal { start } else { digits };
        let tok = if is_float {
            let v: f64 = text.parse().unwrap_or(0.0);
            Tok::Float(if neg_literal { -v } else { v })
        } else {
            let text = if text.is_empty() {
                "0".to_string()
            } else {
                text
            };
            match u128::from_str_radix(&text, radix) {
                Ok(v) if neg_literal && v <= i64::MAX as u128 + 1 => {
                    Tok::Int((v as i128).wrapping_neg() as i64)
                }
                Ok(v) if !neg_literal && v <= i64::MAX as u128 => Tok::Int(v as i64),
                _ => {
                    let dec = to_decimal(&text, radix);
                    Tok::BigInt(if neg_literal { format!("-{dec}") } else { dec })
                }
            }
        };
        self.emit(tok, tok_start, p);
        Ok(())
    }

    // ------------------------------------------------------------ operators

    fn raw_token(&mut self, start: usize) -> Result<(), LexError> {
        let mut lex = Raw::lexer(&self.src[start..]);
        let raw = match lex.next() {
            Some(Ok(r)) => r,
            _ => {
                let ch = self.src[start..].chars().next().unwrap_or('?');
                return self.err(start, &format!("unexpected character {ch:?}"), false);
            }
        };
        let end = start + lex.span().end;
        self.pos = end;
        let text = &self.src[start..end];
        let beg = matches!(self.state, State::Beg | State::Mid | State::Class);
        let tok = match raw {
            Raw::Ident => return self.word(start, end, false),
            Raw::Const => return self.word(start, end, true),
            Raw::IVar => Tok::IVar(text.to_string()),
            Raw::CVar => Tok::CVar(text.to_string()),
            Raw::GVar => Tok::GVar(text.to_string()),
            Raw::NthRef => match text[1..].parse() {
                Ok(n) => Tok::NthRef(n),
                Err(_) => Tok::GVar(text.to_string()),
            },
            Raw::OpAsgn => Tok::OpAsgn(text[..text.len() - 1].to_string()),
            Raw::Pow => {
                if beg {
                    Tok::DSplat
                } else {
                    Tok::Pow
                }
            }
            Raw::Star => {
                if beg {
                    Tok::Splat
                } else {
                    Tok::Mul
                }
            }
            Raw::Plus => {
                if beg {
                    Tok::UPlus
                } else {
                    Tok::Plus
                }
            }
            Raw::Minus => {
                if beg {
                    Tok::UMinus
                } else {
                    Tok::Minus
                }
            }
            Raw::Lambda => return self.lambda(start, end),
            Raw::Slash => Tok::Div,
            Raw::Percent => Tok::Percent,
            Raw::Cmp => Tok::Cmp,
            Raw::LShift => Tok::LShift,
            Raw::Le => Tok::Le,
            Raw::Lt => Tok::Lt,
            Raw::RShift => Tok::RShift,
            Raw::Ge => Tok::Ge,
            Raw::Gt => Tok::Gt,
            Raw::Eqq => Tok::Eqq,
            Raw::EqEq => Tok::EqEq,
            Raw::Match => Tok::Match,
            Raw::Arrow => {
                if self.rescue_clause {
                    self.register_next = true;
                } else if self.top().holds_stmts() {
                    self.in_kwarg = true; // `expr => pattern`
                }
                Tok::Arrow
            }
            Raw::Assign => {
                let top = self.top_mut();
                if top.kind == Kind::Def
                    && matches!(top.def_phase, DefPhase::AfterName | DefPhase::AfterParams)
                {
                    top.kind = Kind::EndlessDef;
                    top.def_phase = DefPhase::Body;
                }
                Tok::Assign
            }
            Raw::Neq => Tok::Neq,
            Raw::NMatch => Tok::NMatch,
            Raw::Bang => Tok::Bang,
            Raw::AndAnd => Tok::AndAnd,
            Raw::AndDot => Tok::AndDot,
            Raw::Amp => {
                if beg {
                    Tok::BlockAmp
                } else {
                    Tok::Amp
                }
            }
            Raw::OrOr => Tok::OrOr,
            Raw::Pipe => return self.pipe(start, end),
            Raw::Caret => Tok::Caret,
            Raw::Tilde => Tok::Tilde,
            Raw::Dot3 => {
                if beg && self.top().params && self.param_pos {
                    // `def f ...` newline: the forwarding parameter ends the parameters
                    self.emit_state(Tok::BDot3, start, end, State::End);
                    return Ok(());
                } else if beg {
                    Tok::BDot3
                } else {
                    return self.dots(start, end, Tok::Dot3);
                }
            }
            Raw::Dot2 => {
                if beg {
                    Tok::BDot2
                } else {
                    return self.dots(start, end, Tok::Dot2);
                }
            }
            Raw::Dot => Tok::Dot,
            Raw::Colon2 => {
                if beg {
                    Tok::Colon3
                } else {
                    Tok::Colon2
                }
            }
            Raw::Colon => Tok::Colon,
            Raw::Question => Tok::Question,
            Raw::Comma => return self.comma(start, end),
            Raw::Semi => {
                if self.top().params && matches!(self.top().kind, Kind::Brace | Kind::DoBlock) {
                    Tok::Semi
                } else if matches!(self.state, State::End | State::Mid)
                    || self.open_range
                    || !self.top().holds_stmts()
                    || (self.top().kind == Kind::Def && self.top().params)
                {
                    self.emit_term(start, true);
                    return Ok(());
                } else {
                    return Ok(());
                }
            }
            Raw::LParen => return self.lparen(start, end),
            Raw::RParen => {
                if self.inner_kind() == Kind::Group {
                    self.close_stmts(start);
                }
                self.pop_endless();
                if matches!(self.top().kind, Kind::Paren | Kind::Group)
                    && let Some(l) = self.pop_level()
                    && l.params
                    && let Some(t) = self.stack.last_mut()
                    && t.kind == Kind::Def
                    && t.def_phase == DefPhase::AfterName
                {
                    t.def_phase = DefPhase::AfterParams;
                    // After the parameters an operand starts (`def f() [1] end`), and a
                    // statement may begin (`def f() a, b = 1, 2 end`).
                    self.emit_state(Tok::RParen, start, end, State::Beg);
                    self.stmt_start = true;
                    return Ok(());
                }
                Tok::RParen
            }
            Raw::LBracket => {
                let tok = if self.state == State::End {
                    Tok::LBracketIndex
                } else {
                    Tok::LBracket
                };
                self.push_level(Kind::Bracket, false);
                tok
            }
            Raw::RBracket => {
                self.pop_endless();
                if self.top().kind == Kind::Bracket {
                    self.pop_level();
                }
                Tok::RBracket
            }
            Raw::LBrace => return self.lbrace(start, end),
            Raw::RBrace => {
                if matches!(
                    self.inner_kind(),
                    Kind::Brace | Kind::LambdaBrace | Kind::Interp
                ) {
                    self.close_stmts(start);
                }
                self.pop_endless();
                match self.top().kind {
                    Kind::Interp => {
                        self.pop_level();
                        Tok::InterpEnd
                    }
                    Kind::Hash | Kind::Brace | Kind::LambdaBrace => {
                        self.pop_level();
                        Tok::RBrace
                    }
                    _ => Tok::RBrace,
                }
            }
        };
        self.emit(tok, start, end);
        Ok(())
    }

    fn lambda(&mut self, start: usize, end: usize) -> Result<(), LexError> {
        self.push_scope(false);
        self.lambda_pending.push(self.stack.len());
        self.emit(Tok::Lambda, start, end);
        let mut p = end;
        while is_space(self.at(p)) {
            p += 1;
        }
        if !matches!(self.at(p), b'(' | b'{') && !self.b[p.min(self.b.len())..].starts_with(b"do") {
            self.top_mut().params = true;
            self.param_pos = true;
        }
        Ok(())
    }

    fn pipe(&mut self, start: usize, end: usize) -> Result<(), LexError> {
        if self.block_start {
            self.emit(Tok::Pipe, start, end);
            self.top_mut().params = true;
            self.param_pos = true;
        } else if self.top().params && matches!(self.top().kind, Kind::Brace | Kind::DoBlock) {
            self.top_mut().params = false;
            self.emit(Tok::Pipe, start, end);
            self.stmt_start = true;
        } else {
            self.emit(Tok::Pipe, start, end);
        }
        Ok(())
    }

    /// A binary `..`/`...`. When an operator that cannot start an operand follows (`1.. == 2`,
    /// `1.. && x`), the range is endless and the operator applies to it: one `EndlessOp` token
    /// ("..==") that the grammar reads as a binary operator.
    fn dots(&mut self, start: usize, end: usize, tok: Tok) -> Result<(), LexError> {
        let mut p = end;
        while is_space(self.at(p)) {
            p += 1;
        }
        let rest = &self.b[p.min(self.b.len())..];
        let op = ENDLESS_RANGE_OPS.iter().find(|op| {
            rest.starts_with(op.as_bytes())
                && match **op {
                    // `1..<<A` is a heredoc, `1..||=`/`&&=` not an operator here
                    "<<" => is_space(self.at(p + 2)),
                    "&&" | "||" | "<" | ">" => self.at(p + op.len()) != b'=',
                    _ => true,
                }
        });
        match op {
            Some(op) => {
                let dots = &self.src[start..end];
                let e = p + op.len();
                self.pos = e;
                self.emit_state(Tok::EndlessOp(format!("{dots}{op}")), start, e, State::Beg);
                Ok(())
            }
            None => {
                self.emit(tok, start, end);
                Ok(())
            }
        }
    }

    fn comma(&mut self, start: usize, end: usize) -> Result<(), LexError> {
        // A trailing comma before a closing bracket is dropped: `f(a, b,)`, `[1, 2,]`.
        if matches!(self.top().kind, Kind::Paren | Kind::Bracket | Kind::Hash) && !self.top().params
        {
            let p = self.skip_blank_ahead(end);
            if matches!(self.at(p), b')' | b']' | b'}') {
                return Ok(());
            }
        }
        let undef = self.undef_mode;
        self.emit(Tok::Comma, start, end);
        if undef {
            self.fname_left = 1;
            self.state = State::Fname;
        }
        Ok(())
    }

    fn lparen(&mut self, start: usize, end: usize) -> Result<(), LexError> {
        let top = self.top();
        let (tok, kind, params) = if self.call_paren_next {
            (Tok::LParenCall, Kind::Paren, false)
        } else if (top.kind == Kind::Def && top.def_phase == DefPhase::AfterName)
            || self.lambda_paren_next
        {
            (Tok::LParen, Kind::Paren, true)
        } else if self.mlhs_parens.contains(&start) || self.for_vars {
            (Tok::MlhsLParen, Kind::Paren, false)
        } else if top.params && self.param_pos {
            (Tok::LParen, Kind::Paren, true)
        } else {
            (Tok::LParen, Kind::Group, false)
        };
        self.push_level(kind, false);
        self.top_mut().params = params;
        self.emit(tok, start, end);
        if params {
            self.param_pos = true;
        }
        Ok(())
    }

    fn lbrace(&mut self, start: usize, end: usize) -> Result<(), LexError> {
        let depth = self.stack.len();
        if self.lambda_pending.last() == Some(&depth) {
            self.lambda_pending.pop();
            self.top_mut().params = false;
            self.push_level(Kind::LambdaBrace, true);
            self.emit(Tok::LBraceLambda, start, end);
        } else if self.state == State::End {
            self.push_scope(false);
            self.push_level(Kind::Brace, true);
            self.emit(Tok::LBraceBlock, start, end);
        } else {
            self.push_level(Kind::Hash, false);
            self.emit(Tok::LBraceHash, start, end);
        }
        Ok(())
    }

    // ------------------------------------------------------------ symbols, chars

    fn symbol(&mut self, start: usize) -> Result<bool, LexError> {
        let b = self.b;
        let p = start + 1;
        let c = self.at(p);
        if c == b'"' {
            self.start_str(start, 2, StrKind::DSym, Esc::Dq, true, b'"', 0)?;
            return Ok(true);
        }
        if c == b'\'' {
            self.start_str(start, 2, StrKind::DSym, Esc::Sq, false, b'\'', 0)?;
            return Ok(true);
        }
        let mut q = p;
        if c == b'@' {
            q += 1;
            if self.at(q) == b'@' {
                q += 1;
            }
        } else if c == b'$' {
            q += 1;
        }
        if is_ident_start(self.at(q)) {
            while q < b.len() && is_ident_char(b[q]) {
                q += 1;
            }
            if c != b'@' && c != b'$' {
                let e = self.fid_suffix(q);
                if e != q {
                    q = e;
                } else if self.at(q) == b'=' && !matches!(self.at(q + 1), b'=' | b'~' | b'>') {
                    q += 1;
                }
            }
            let name = self.src[p..q].to_string();
            self.pos = q;
            self.emit(Tok::Sym(name), start, q);
            return Ok(true);
        }
        if c == b'$' && !matches!(self.at(q), 0 | b' ' | b'\n') {
            // `:$/`, and `:$-w` (a `$-` global takes one more character)
            let e = if self.at(q) == b'-' && is_ident_char(self.at(q + 1)) {
                q + 2
            } else {
                q + 1
            };
            let name = self.src[p..e].to_string();
            self.pos = e;
            self.emit(Tok::Sym(name), start, e);
            return Ok(true);
        }
        for op in OP_NAMES {
            if b[p..].starts_with(op.as_bytes()) {
                self.pos = p + op.len();
                // `:~@` and `:!@` name the methods `~` and `!`
                let name = match *op {
                    "~@" => "~",
                    "!@" => "!",
                    o => o,
                };
                self.emit(Tok::Sym(name.to_string()), start, self.pos);
                return Ok(true);
            }
        }
        Ok(false)
    }

    fn char_literal(&mut self, start: usize) -> Result<bool, LexError> {
        let c = self.at(start + 1);
        if !self.char_literal_follows(start) {
            return Ok(false);
        }
        let mut buf = Vec::new();
        self.pos = start + 1;
        if c == b'\\' {
            self.read_escape(&mut buf)?;
        } else if let Some(byte) = self.raw_byte_at(self.pos) {
            buf.push(byte);
            self.pos += 4;
        } else {
            let ch = self.src[self.pos..].chars().next().unwrap_or(' ');
            let mut tmp = [0u8; 4];
            buf.extend_from_slice(ch.encode_utf8(&mut tmp).as_bytes());
            self.pos += ch.len_utf8();
        }
        let end = self.pos;
        let content = self.content(buf);
        self.emit(Tok::StrBeg, start, start + 1);
        self.emit(content, start, end);
        self.emit(Tok::StrEnd, end, end);
        Ok(true)
    }

    /// `?a`, `?\n`, `?あ`: a single character (not followed by an identifier character).
    fn char_literal_follows(&self, q: usize) -> bool {
        let Some(ch) = self.src.get(q + 1..).and_then(|r| r.chars().next()) else {
            return false;
        };
        if ch.is_whitespace() {
            return false;
        }
        let after = self.at(q + 1 + ch.len_utf8());
        !((ch.is_alphanumeric() || ch == '_') && is_ident_char(after))
    }

    fn percent_literal(&mut self, start: usize) -> Result<bool, LexError> {
        let n1 = self.at(start + 1);
        let (kind, esc, interp, dpos) = match n1 {
            b'q' => (StrKind::Str, Esc::Sq, false, start + 2),
            b'Q' => (StrKind::Str, Esc::Dq, true, start + 2),
            b'w' => (StrKind::Words, Esc::Sq, false, start + 2),
            b'W' => (StrKind::Words, Esc::Dq, true, start + 2),
            b'i' => (StrKind::Symbols, Esc::Sq, false, start + 2),
            b'I' => (StrKind::Symbols, Esc::Dq, true, start + 2),
            b'r' => (StrKind::Regex, Esc::Regex, true, start + 2),
            b's' => (StrKind::DSym, Esc::Sq, false, start + 2),
            b'x' => (StrKind::XStr, Esc::Dq, true, start + 2),
            _ => (StrKind::Str, Esc::Dq, true, start + 1),
        };
        let mut dpos = dpos;
        if self.at(dpos) == b'\r' && self.at(dpos + 1) == b'\n' {
            dpos += 1; // `%` before a CRLF line end: the delimiter is the newline
        }
        let d = self.at(dpos);
        // Whitespace (a space, a tab, a newline) delimits strings, symbols, regexps and
        // commands, but not word lists, as in CRuby.
        let words = matches!(kind, StrKind::Words | StrKind::Symbols);
        if dpos >= self.b.len()
            || d.is_ascii_alphanumeric()
            || (words && matches!(d, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c'))
            || d >= 0x80
        {
            return Ok(false);
        }
        if dpos == start + 1 && d == b'=' && self.at(start + 2) == b' ' {
            return Ok(false);
        }
        let (open, term) = match d {
            b'(' => (b'(', b')'),
            b'[' => (b'[', b']'),
            b'{' => (b'{', b'}'),
            b'<' => (b'<', b'>'),
            c => (0, c),
        };
        self.start_str(start, dpos + 1 - start, kind, esc, interp, term, open)?;
        Ok(true)
    }

    // ------------------------------------------------------------ strings

    #[allow(clippy::too_many_arguments)]
    fn start_str(
        &mut self,
        start: usize,
        len: usize,
        kind: StrKind,
        esc: Esc,
        interp: bool,
        term: u8,
        open: u8,
    ) -> Result<(), LexError> {
        let label_ok = (self.label_ok || (self.top().params && self.param_pos))
            && kind == StrKind::Str
            && (term == b'"' || term == b'\'')
            && len == 1;
        let tok = match kind {
            StrKind::Str | StrKind::Heredoc => Tok::StrBeg,
            StrKind::XStr => Tok::XStrBeg,
            StrKind::DSym => Tok::DSymBeg,
            StrKind::Regex => Tok::RegexBeg,
            StrKind::Words => Tok::WordsBeg,
            StrKind::Symbols => Tok::SymbolsBeg,
        };
        self.emit(tok, start, start + len);
        self.pos = start + len;
        let mut level = Level::new(Kind::Str);
        level.str = Some(Box::new(StrMode {
            kind,
            esc,
            interp,
            term,
            open,
            nest: 0,
            label_ok,
            word_open: false,
            pending_sep: false,
            heredoc: None,
        }));
        self.stack.push(level);
        Ok(())
    }

    fn str_mode(&mut self) -> &mut StrMode {
        self.stack
            .last_mut()
            .and_then(|l| l.str.as_deref_mut())
            .expect("string level has a string mode")
    }

    fn flush(&mut self, buf: &mut Vec<u8>, at: usize) {
        if buf.is_empty() {
            return;
        }
        self.before_word_part(at);
        let content = self.content(std::mem::take(buf));
        self.emit(content, at, at);
    }

    /// The token for string content read since the last one.
    fn content(&mut self, bytes: Vec<u8>) -> Tok {
        match std::mem::take(&mut self.unicode_escape) {
            true => Tok::StrContentU(bytes),
            false => Tok::StrContent(bytes),
        }
    }

    /// In `%w[]`-style lists, emits the separator owed before a new word's first part.
    fn before_word_part(&mut self, at: usize) {
        let m = self.str_mode();
        if matches!(m.kind, StrKind::Words | StrKind::Symbols) {
            let sep = m.pending_sep;
            m.pending_sep = false;
            m.word_open = true;
            if sep {
                self.emit(Tok::WordSep, at, at);
            }
        }
    }

    /// Scans string content up to the end of the literal or the next interpolation.
    fn scan_string(&mut self) -> Result<(), LexError> {
        let b = self.b;
        let m = self.str_mode().clone();
        let words = matches!(m.kind, StrKind::Words | StrKind::Symbols);
        let mut buf: Vec<u8> = Vec::new();
        let mut content_start = self.pos;
        let mut nest = m.nest;
        loop {
            if let Some((id, indent, dedent)) = &m.heredoc
                && (self.pos == 0 || b[self.pos - 1] == b'\n')
            {
                if let Some(after) = self.heredoc_terminator(self.pos, id, *indent) {
                    self.flush(&mut buf, content_start);
                    let p = self.pos;
                    self.emit(Tok::StrEnd, p, p);
                    self.pos = after;
                    self.pop_level();
                    return Ok(());
                }
                if self.pos >= b.len() {
                    return self.err(self.pos, "unterminated heredoc meets end of file", true);
                }
                if let Some(w) = dedent {
                    let mut col = 0;
                    while col < *w && matches!(self.at(self.pos), b' ' | b'\t') {
                        col = if b[self.pos] == b'\t' {
                            // a tab that would go past the width stays, as in CRuby
                            let n = (col / 8 + 1) * 8;
                            if n > *w {
                                break;
                            }
                            n
                        } else {
                            col + 1
                        };
                        self.pos += 1;
                    }
                }
            }
            if self.pos >= b.len() {
                return self.err(self.pos, "unterminated string meets end of file", true);
            }
            let c = b[self.pos];
            if words && matches!(c, b' ' | b'\t' | b'\n' | b'\r') {
                self.flush(&mut buf, content_start);
                let mm = self.str_mode();
                if mm.word_open {
                    mm.word_open = false;
                    mm.pending_sep = true;
                }
                self.pos += 1;
                if c == b'\n' {
                    self.skip_heredoc_body(self.pos - 1);
                }
                content_start = self.pos;
                continue;
            }
            if m.heredoc.is_none() && c == m.term && nest == 0 {
                self.flush(&mut buf, content_start);
                let p = self.pos;
                self.pos += 1;
                if c == b'\n' {
                    // `%Q` newline `#{<<B}` newline: the heredoc's body follows the string
                    self.skip_heredoc_body(p);
                }
                let tok = if m.kind == StrKind::Regex {
                    let fs = self.pos;
                    while matches!(
                        self.at(self.pos),
                        b'i' | b'm' | b'x' | b'o' | b'u' | b'n' | b'e' | b's'
                    ) {
                        self.pos += 1;
                    }
                    Tok::RegexEnd(self.src[fs..self.pos].to_string())
                } else if m.label_ok && self.at(self.pos) == b':' && self.at(self.pos + 1) != b':' {
                    self.pos += 1;
                    Tok::LabelEnd
                } else {
                    Tok::StrEnd
                };
                self.pop_level();
                let end = self.pos;
                self.emit(tok, p, end);
                return Ok(());
            }
            if m.open != 0 && c == m.open {
                nest += 1;
            } else if c == m.term && nest > 0 && m.heredoc.is_none() {
                nest -= 1;
            }
            self.str_mode().nest = nest;
            if c == b'\\' {
                match m.esc {
                    Esc::Dq => {
                        if words && matches!(self.at(self.pos + 1), b' ' | b'\t' | b'\n') {
                            buf.push(self.at(self.pos + 1));
                            self.pos += 2;
                        } else {
                            self.read_escape(&mut buf)?;
                        }
                    }
                    Esc::Sq => {
                        let n = self.at(self.pos + 1);
                        if n == b'\\'
                            || (n == m.term && m.heredoc.is_none())
                            || (n == m.open && n != 0)
                            || (words && matches!(n, b' ' | b'\t' | b'\n'))
                        {
                            buf.push(n);
                            self.pos += 2;
                        } else {
                            buf.push(b'\\');
                            self.pos += 1;
                        }
                    }
                    Esc::Regex => {
                        let n = self.at(self.pos + 1);
                        if let Some(byte) = self.raw_byte_at(self.pos + 1) {
                            buf.extend_from_slice(&[b'\\', byte]);
                            self.pos += 5;
                            continue;
                        }
                        if n == m.term && m.term != b'/' && m.open == 0 {
                            buf.push(n);
                        } else if n != 0 {
                            buf.push(b'\\');
                            buf.push(n);
                        } else {
                            buf.push(b'\\');
                        }
                        self.pos += if n != 0 { 2 } else { 1 };
                    }
                    Esc::Raw => {
                        buf.push(b'\\');
                        self.pos += 1;
                    }
                }
                if m.heredoc.is_none() && b[self.pos - 1] == b'\n' {
                    self.skip_heredoc_body(self.pos - 1);
                    content_start = self.pos;
                }
                continue;
            }
            if m.interp && c == b'#' {
                let n = self.at(self.pos + 1);
                if n == b'{' {
                    self.flush(&mut buf, content_start);
                    let p = self.pos;
                    self.before_word_part(p);
                    self.pos += 2;
                    self.push_level(Kind::Interp, false);
                    self.emit(Tok::InterpBeg, p, p + 2);
                    return Ok(());
                }
                if let Some((tok, len)) = self.interp_var(self.pos + 1) {
                    self.flush(&mut buf, content_start);
                    let p = self.pos;
                    self.before_word_part(p);
                    self.emit(Tok::InterpBeg, p, p + 1);
                    self.emit(tok, p + 1, p + 1 + len);
                    self.emit(Tok::Term(false), p + 1 + len, p + 1 + len);
                    self.emit(Tok::InterpEnd, p + 1 + len, p + 1 + len);
                    self.pos = p + 1 + len;
                    content_start = self.pos;
                    continue;
                }
            }
            if let Some(byte) = self.raw_byte_at(self.pos) {
                buf.push(byte);
                self.pos += 4;
                continue;
            }
            buf.push(c);
            self.pos += 1;
            // a string that goes on past a line where a heredoc started continues after the
            // heredoc's body (`f(<<A, "x` newline body `A` newline `y")`)
            if c == b'\n' {
                self.skip_heredoc_body(self.pos - 1);
            }
        }
    }

    /// `#@x`, `#@@x`, `#$x` shorthand interpolation: the variable token and its length.
    fn interp_var(&self, p: usize) -> Option<(Tok, usize)> {
        let b = self.b;
        let (prefix, ctor): (usize, fn(String) -> Tok) = match (self.at(p), self.at(p + 1)) {
            (b'@', b'@') => (2, Tok::CVar),
            (b'@', _) => (1, Tok::IVar),
            (b'$', _) => (1, Tok::GVar),
            _ => return None,
        };
        let s = p + prefix;
        if !is_ident_start(self.at(s)) || self.at(s).is_ascii_digit() {
            return None;
        }
        let mut e = s;
        while e < b.len() && is_ident_char(b[e]) {
            e += 1;
        }
        Some((ctor(self.src[p..e].to_string()), e - p))
    }

    /// If the line at `p` is the heredoc terminator, the position after it.
    fn heredoc_terminator(&self, p: usize, id: &str, indent: bool) -> Option<usize> {
        let b = self.b;
        if p >= b.len() {
            return None;
        }
        let mut e = p;
        while e < b.len() && b[e] != b'\n' {
            e += 1;
        }
        let mut line = &self.src[p..e];
        line = line.strip_suffix('\r').unwrap_or(line);
        if indent {
            // whitespace, then the identifier (which may itself start with spaces: `<<-' A'`)
            if let Some(pre) = line.strip_suffix(id)
                && pre.bytes().all(|c| c == b' ' || c == b'\t')
            {
                line = id;
            }
        }
        if line == id {
            Some((e + 1).min(b.len()))
        } else {
            None
        }
    }

    fn heredoc(&mut self, start: usize) -> Result<bool, LexError> {
        let b = self.b;
        let mut p = start + 2;
        let mut squiggly = false;
        let mut indent = false;
        match self.at(p) {
            b'~' => {
                squiggly = true;
                indent = true;
                p += 1;
            }
            b'-' => {
                indent = true;
                p += 1;
            }
            _ => {}
        }
        let q = self.at(p);
        let (id, raw, xstr, after) = if matches!(q, b'"' | b'\'' | b'`') {
            let s = p + 1;
            let mut e = s;
            while e < b.len() && b[e] != q && b[e] != b'\n' {
                e += 1;
            }
            if self.at(e) != q {
                return Ok(false);
            }
            (self.src[s..e].to_string(), q == b'\'', q == b'`', e + 1)
        } else if is_ident_char(q) && q < 0x80 {
            let mut e = p;
            while e < b.len() && is_ident_char(b[e]) {
                e += 1;
            }
            (self.src[p..e].to_string(), false, false, e)
        } else {
            return Ok(false);
        };
        let mut line_end = after;
        while line_end < b.len() && b[line_end] != b'\n' {
            line_end += 1;
        }
        if line_end >= b.len() {
            return self.err(start, "unterminated heredoc meets end of file", true);
        }
        if self.depth > 64 {
            return self.err(start, "heredocs nested too deeply", false);
        }
        let body_start = match self.heredoc_skip {
            Some((nl, resume)) if nl == line_end => resume,
            _ => line_end + 1,
        };
        let dedent = if squiggly {
            Some(self.heredoc_dedent(body_start, &id))
        } else {
            None
        };
        let mode = StrMode {
            kind: StrKind::Heredoc,
            esc: if raw { Esc::Raw } else { Esc::Dq },
            interp: !raw,
            term: 0,
            open: 0,
            nest: 0,
            label_ok: false,
            word_open: false,
            pending_sep: false,
            heredoc: Some((id, indent, dedent)),
        };
        let mut sub = Lexer {
            src: self.src,
            b: self.b,
            pos: body_start,
            line_starts: Rc::clone(&self.line_starts),
            line_hint: self.line_hint.clone(),
            queue: VecDeque::new(),
            stack: vec![Level {
                str: Some(Box::new(mode)),
                ..Level::new(Kind::Str)
            }],
            state: State::Beg,
            stmt_start: false,
            label_ok: false,
            open_range: false,
            after_label: false,
            block_start: false,
            param_pos: false,
            call_paren_next: false,
            lambda_paren_next: false,
            prev_term: false,
            lambda_pending: Vec::new(),
            scopes: self.scopes.clone(),
            heredoc_skip: None,
            mlhs_parens: Vec::new(),
            fname_left: 0,
            fname_str: None,
            data_start: None,
            in_kwarg: false,
            undef_mode: false,
            rescue_clause: false,
            register_next: false,
            for_vars: false,
            done: false,
            sub: true,
            last_line: self.last_line,
            last_end: body_start,
            depth: self.depth + 1,
            unicode_escape: false,
            raw_bytes: self.raw_bytes,
        };
        let mut toks = Vec::new();
        for t in &mut sub {
            toks.push(t?);
        }
        let body_end = sub.pos;
        self.emit(if xstr { Tok::XStrBeg } else { Tok::StrBeg }, start, after);
        self.queue.extend(toks);
        self.heredoc_skip = Some((line_end, body_end));
        self.pos = after;
        self.state = State::End;
        self.label_ok = false;
        Ok(true)
    }

    /// The common indentation of a `<<~` body's non-blank lines.
    fn heredoc_dedent(&self, body_start: usize, id: &str) -> usize {
        let b = self.b;
        let mut p = body_start;
        let mut min = usize::MAX;
        while p < b.len() {
            if self.heredoc_terminator(p, id, true).is_some() {
                break;
            }
            let mut e = p;
            while e < b.len() && b[e] != b'\n' {
                e += 1;
            }
            let mut col = 0;
            let mut q = p;
            while q < e && matches!(b[q], b' ' | b'\t') {
                col = if b[q] == b'\t' {
                    (col / 8 + 1) * 8
                } else {
                    col + 1
                };
                q += 1;
            }
            if q < e && !(b[q] == b'\r' && q + 1 == e) {
                min = min.min(col);
            }
            p = e + 1;
        }
        if min == usize::MAX { 0 } else { min }
    }

    /// A backslash escape in a double-quoted context, appended to `buf` (pos is at `\`).
    fn read_escape(&mut self, buf: &mut Vec<u8>) -> Result<(), LexError> {
        let start = self.pos;
        self.pos += 1;
        if self.pos >= self.b.len() {
            return self.err(start, "unterminated string meets end of file", true);
        }
        let c = self.b[self.pos];
        self.pos += 1;
        match c {
            b'n' => buf.push(b'\n'),
            b't' => buf.push(b'\t'),
            b's' => buf.push(b' '),
            b'r' => buf.push(b'\r'),
            b'e' => buf.push(0x1b),
            b'a' => buf.push(0x07),
            b'b' => buf.push(0x08),
            b'f' => buf.push(0x0c),
            b'v' => buf.push(0x0b),
            b'\n' => {}
            b'0'..=b'7' => {
                let mut v = (c - b'0') as u32;
                for _ in 0..2 {
                    let d = self.at(self.pos);
                    if (b'0'..=b'7').contains(&d) {
                        v = v * 8 + (d - b'0') as u32;
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                buf.push((v & 0xff) as u8);
            }
            b'x' => {
                let mut v = 0u32;
                let mut n = 0;
                while n < 2 && self.at(self.pos).is_ascii_hexdigit() {
                    v = v * 16 + (self.at(self.pos) as char).to_digit(16).unwrap_or(0);
                    self.pos += 1;
                    n += 1;
                }
                if n == 0 {
                    return self.err(start, "invalid hex escape", false);
                }
                buf.push(v as u8);
            }
            b'u' => {
                // a non-ASCII character makes the literal UTF-8 (`"\u0041"` keeps the source's)
                let from = buf.len();
                self.unicode_escapes(buf, start)?;
                self.unicode_escape |= buf[from..].iter().any(|&b| b >= 0x80);
            }
            b'M' | b'C' | b'c' => {
                if c != b'c' {
                    if self.at(self.pos) != b'-' {
                        return self.err(start, "invalid escape character syntax", false);
                    }
                    self.pos += 1;
                }
                let mut inner = Vec::new();
                if self.at(self.pos) == b'\\' {
                    self.read_escape(&mut inner)?;
                } else if self.pos < self.b.len() {
                    inner.push(self.b[self.pos]);
                    self.pos += 1;
                } else {
                    return self.err(start, "unterminated string meets end of file", true);
                }
                let v = inner.first().copied().unwrap_or(0);
                buf.push(if c == b'M' {
                    v | 0x80
                } else if v == b'?' {
                    0x7f
                } else {
                    v & 0x9f
                });
            }
            _ => {
                // Any other character stands for itself (the whole UTF-8 sequence).
                let s = self.pos - 1;
                if let Some(byte) = self.raw_byte_at(s) {
                    buf.push(byte);
                    self.pos = s + 4;
                    return Ok(());
                }
                let ch = self.src[s..].chars().next().unwrap_or(' ');
                buf.extend_from_slice(&self.b[s..s + ch.len_utf8()]);
                self.pos = s + ch.len_utf8();
            }
        }
        Ok(())
    }

    /// The characters of a `\u` escape whose `u` was just read: `\uXXXX` or `\u{X ...}`.
    fn unicode_escapes(&mut self, buf: &mut Vec<u8>, start: usize) -> Result<(), LexError> {
        if self.at(self.pos) == b'{' {
            self.pos += 1;
            loop {
                while matches!(self.at(self.pos), b' ' | b'\t') {
                    self.pos += 1;
                }
                if self.at(self.pos) == b'}' {
                    self.pos += 1;
                    break;
                }
                let s = self.pos;
                while self.at(self.pos).is_ascii_hexdigit() {
                    self.pos += 1;
                }
                if s == self.pos || self.pos - s > 6 {
                    return self.err(start, "invalid Unicode escape", self.pos >= self.b.len());
                }
                self.push_codepoint(buf, &self.src[s..self.pos], start)?;
            }
        } else {
            let s = self.pos;
            while self.pos - s < 4 && self.at(self.pos).is_ascii_hexdigit() {
                self.pos += 1;
            }
            if self.pos - s != 4 {
                return self.err(start, "invalid Unicode escape", false);
            }
            self.push_codepoint(buf, &self.src[s..self.pos], start)?;
        }
        Ok(())
    }

    fn push_codepoint(&self, buf: &mut Vec<u8>, hex: &str, at: usize) -> Result<(), LexError> {
        let v = u32::from_str_radix(hex, 16).unwrap_or(u32::MAX);
        match char::from_u32(v) {
            Some(ch) => {
                let mut tmp = [0u8; 4];
                buf.extend_from_slice(ch.encode_utf8(&mut tmp).as_bytes());
                Ok(())
            }
            None => self.err(at, "invalid Unicode codepoint", false),
        }
    }

    // ------------------------------------------------------------ multiple assignment

    /// At a statement start: is this `a, b = ...` (or `*a, b =`, `(a, b), c =`)? Returns the
    /// plain local names assigned and the positions of the nested `(`.
    fn mlhs_prescan(&self, start: usize) -> Option<(Vec<String>, Vec<usize>)> {
        #[derive(PartialEq, Clone, Copy)]
        enum Prev {
            Start,
            Comma,
            Open,
            Star,
            Operand,
            Dot,
        }
        let b = self.b;
        let mut p = start;
        let mut depth = 0usize;
        let mut mlhs_depth = 0usize; // how many enclosing parens are mlhs parens
        let mut seen_comma = false;
        let mut leading_star = false;
        let mut prev = Prev::Start;
        let mut names = Vec::new();
        let mut parens = Vec::new();
        let limit = start + 4000;
        while p < b.len() && p < limit {
            let had_space = is_space(b[p]);
            while p < b.len() && is_space(b[p]) {
                p += 1;
            }
            let c = self.at(p);
            let item_pos = matches!(prev, Prev::Start | Prev::Comma | Prev::Open | Prev::Star)
                && depth == mlhs_depth;
            match c {
                // a newline after a comma or inside the parentheses continues the targets
                // (`a,` newline `b = c`, `(` newline `a,` newline `b` newline `) = c`)
                b'\n' if depth > 0 || matches!(prev, Prev::Comma | Prev::Open) => p += 1,
                0 | b'\n' | b'#' | b';' => return None,
                b'@' | b'$' => {
                    if depth == 0 && prev == Prev::Operand {
                        return None;
                    }
                    p += 1;
                    if c == b'$' && !is_ident_char(self.at(p)) && self.at(p) != 0 {
                        // a special global: `$/`, `$;`, `$-w`
                        p += if self.at(p) == b'-' { 2 } else { 1 };
                    }
                    while p < b.len() && (is_ident_char(b[p]) || b[p] == b'@') {
                        p += 1;
                    }
                    prev = Prev::Operand;
                }
                _ if is_ident_start(c) => {
                    let s = p;
                    while p < b.len() && is_ident_char(b[p]) {
                        p += 1;
                    }
                    let w = &self.src[s..p];
                    // a keyword right after `.` is a method name (`s.next, b = 1, 2`)
                    if depth == 0
                        && (prev == Prev::Operand && had_space
                            || keyword(w) && w != "self" && prev != Prev::Dot)
                    {
                        return None;
                    }
                    if matches!(self.at(p), b'?' | b'!') {
                        p += 1;
                    }
                    if item_pos && (c.is_ascii_lowercase() || c == b'_') {
                        let mut q = p;
                        while is_space(self.at(q)) {
                            q += 1;
                        }
                        if matches!(self.at(q), b',' | b')' | b'=') && !keyword(w) {
                            names.push(w.to_string());
                        }
                    }
                    prev = Prev::Operand;
                }
                b'0'..=b'9' => {
                    while p < b.len() && (is_ident_char(b[p]) || b[p] == b'.') {
                        p += 1;
                    }
                    prev = Prev::Operand;
                }
                b'"' | b'\'' | b'`' => {
                    if depth == 0 {
                        return None;
                    }
                    p += 1;
                    while p < b.len() && b[p] != c {
                        if b[p] == b'\\' {
                            p += 1;
                        }
                        p += 1;
                    }
                    p += 1;
                    prev = Prev::Operand;
                }
                b',' => {
                    // a comma at the top, or directly inside a leading `(a, b)` group
                    if depth == mlhs_depth {
                        seen_comma = true;
                    }
                    p += 1;
                    prev = Prev::Comma;
                }
                b'(' | b'[' | b'{' => {
                    if c == b'(' && item_pos {
                        parens.push(p);
                        mlhs_depth += 1;
                    } else if depth == 0 && prev == Prev::Operand && had_space {
                        return None;
                    }
                    depth += 1;
                    p += 1;
                    prev = Prev::Open;
                }
                b')' | b']' | b'}' => {
                    if depth == 0 {
                        return None;
                    }
                    if depth == mlhs_depth {
                        mlhs_depth -= 1;
                    }
                    depth -= 1;
                    p += 1;
                    prev = Prev::Operand;
                }
                b'*' => {
                    if !item_pos {
                        if depth == 0 {
                            return None;
                        }
                    } else if matches!(prev, Prev::Start | Prev::Open) {
                        // `*a, b =`, `(*a) =`
                        leading_star = true;
                    }
                    p += 1;
                    prev = Prev::Star;
                }
                b'.' => {
                    if self.at(p + 1) == b'.' {
                        return None;
                    }
                    p += 1;
                    prev = Prev::Dot;
                }
                b'&' if self.at(p + 1) == b'.' => {
                    p += 2;
                    prev = Prev::Dot;
                }
                b':' if self.at(p + 1) == b':' => {
                    p += 2;
                    prev = Prev::Dot;
                }
                b'=' => {
                    if matches!(self.at(p + 1), b'=' | b'~' | b'>') {
                        if depth == 0 {
                            return None;
                        }
                        p += 2;
                        continue;
                    }
                    if depth == 0 {
                        return if seen_comma || leading_star {
                            Some((names, parens))
                        } else {
                            None
                        };
                    }
                    p += 1;
                    prev = Prev::Comma;
                }
                _ => {
                    if depth == 0 {
                        return None;
                    }
                    p += 1;
                    prev = Prev::Comma;
                }
            }
        }
        None
    }
}

impl Iterator for Lexer<'_> {
    type Item = Result<Spanned, LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(t) = self.queue.pop_front() {
                return Some(Ok(t));
            }
            if self.done {
                return None;
            }
            let before = (self.pos, self.stack.len());
            if let Err(e) = self.step() {
                self.done = true;
                self.queue.clear();
                return Some(Err(e));
            }
            // Every step consumes input or produces a token; guard against a stuck state.
            if self.queue.is_empty() && !self.done && (self.pos, self.stack.len()) == before {
                self.done = true;
                let p = self.pos;
                return Some(self.err(p, "internal lexer error: no progress", false));
            }
        }
    }
}

/// Converts the digits of an integer literal in `radix` to decimal.
fn to_decimal(digits: &str, radix: u32) -> String {
    // little-endian limbs in base 1e9
    let mut limbs: Vec<u64> = vec![0];
    for ch in digits.chars() {
        let d = ch.to_digit(radix).unwrap_or(0) as u64;
        let mut carry = d;
        for l in limbs.iter_mut() {
            let v = *l * radix as u64 + carry;
            *l = v % 1_000_000_000;
            carry = v / 1_000_000_000;
        }
        while carry > 0 {
            limbs.push(carry % 1_000_000_000);
            carry /= 1_000_000_000;
        }
    }
    let mut s = limbs.last().map(|l| l.to_string()).unwrap_or_default();
    for l in limbs.iter().rev().skip(1) {
        s.push_str(&format!("{l:09}"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The token stream as compact text: `CmdIdent("puts") Int(-1) Term(false)`.
    fn toks(src: &str) -> String {
        Lexer::new(src, &[])
            .map(|t| match t {
                Ok((_, tok, _)) => format!("{tok:?}"),
                Err(e) => format!("ERR({})", e.message),
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn toks_with(src: &str, locals: &[&str]) -> String {
        let locals: Vec<String> = locals.iter().map(|s| s.to_string()).collect();
        Lexer::new(src, &locals)
            .map(|t| format!("{:?}", t.map(|(_, tok, _)| tok)))
            .collect::<Vec<_>>()
            .join(" ")
            .replace("Ok(", "")
            .replace(")) ", ") ")
    }

    #[test]
    fn commands_and_minus() {
        assert_eq!(toks("puts -1"), r#"CmdIdent("puts") Int(-1) Term(false)"#);
        assert_eq!(
            toks("x = 1; x -1"),
            r#"Ident("x") Assign Int(1) Term(true) Ident("x") Minus Int(1) Term(false)"#
        );
        assert_eq!(toks("foo - 1"), r#"Ident("foo") Minus Int(1) Term(false)"#);
        assert_eq!(
            toks("foo -x"),
            r#"CmdIdent("foo") UMinus Ident("x") Term(false)"#
        );
        assert_eq!(
            toks("foo [1]"),
            r#"CmdIdent("foo") LBracket Int(1) RBracket Term(false)"#
        );
        assert_eq!(
            toks("foo[1]"),
            r#"Ident("foo") LBracketIndex Int(1) RBracket Term(false)"#
        );
        assert_eq!(
            toks("foo(1)"),
            r#"FnIdent("foo") LParenCall Int(1) RParen Term(false)"#
        );
        assert_eq!(
            toks("foo *a, &b"),
            r#"CmdIdent("foo") Splat Ident("a") Comma BlockAmp Ident("b") Term(false)"#
        );
        assert_eq!(toks("a * b"), r#"Ident("a") Mul Ident("b") Term(false)"#);
        assert_eq!(toks("puts :a"), r#"CmdIdent("puts") Sym("a") Term(false)"#);
        assert_eq!(toks("-2 ** 2"), r#"UMinus Int(2) Pow Int(2) Term(false)"#);
        assert!(toks_with("x [1]", &["x"]).contains("LBracketIndex"));
    }

    #[test]
    fn newlines() {
        assert_eq!(toks("a +\nb"), r#"Ident("a") Plus Ident("b") Term(false)"#);
        assert_eq!(
            toks("a\n\n\nb\n"),
            r#"Ident("a") Term(false) Ident("b") Term(false)"#
        );
        assert_eq!(
            toks("a\n  .b\n  &.c"),
            r#"Ident("a") Dot Ident("b") AndDot Ident("c") Term(false)"#
        );
        assert_eq!(toks("a.\nb"), r#"Ident("a") Dot Ident("b") Term(false)"#);
        assert_eq!(
            toks("foo(1,\n2\n)"),
            r#"FnIdent("foo") LParenCall Int(1) Comma Int(2) RParen Term(false)"#
        );
        assert_eq!(
            toks("a \\\n + b"),
            r#"Ident("a") Plus Ident("b") Term(false)"#
        );
        assert_eq!(toks("x = 1 +"), r#"Ident("x") Assign Int(1) Plus"#);
        assert_eq!(toks("{ x }"), r#"LBraceHash Ident("x") RBrace Term(false)"#);
        assert_eq!(
            toks("f { x }"),
            r#"Ident("f") LBraceBlock Ident("x") Term(false) RBrace Term(false)"#
        );
    }

    #[test]
    fn keywords_and_blocks() {
        assert_eq!(
            toks("x if y"),
            r#"Ident("x") KwIfMod Ident("y") Term(false)"#
        );
        assert_eq!(
            toks("if y then 1 end"),
            r#"KwIf Ident("y") KwThen Int(1) Term(false) KwEnd Term(false)"#
        );
        assert_eq!(
            toks("return if x"),
            r#"KwReturn KwIfMod Ident("x") Term(false)"#
        );
        assert_eq!(
            toks("puts [1].map do |x| x end"),
            r#"CmdIdent("puts") LBracket Int(1) RBracket Dot Ident("map") KwDoBlock Pipe Ident("x") Pipe Ident("x") Term(false) KwEnd Term(false)"#
        );
        assert_eq!(
            toks("a.each do |x| end"),
            r#"Ident("a") Dot Ident("each") KwDo Pipe Ident("x") Pipe Term(false) KwEnd Term(false)"#
        );
        assert_eq!(
            toks("while x do end"),
            r#"KwWhile Ident("x") KwDoCond Term(false) KwEnd Term(false)"#
        );
        assert_eq!(
            toks("f {|| 1}"),
            r#"Ident("f") LBraceBlock OrOr Int(1) Term(false) RBrace Term(false)"#
        );
        assert_eq!(
            toks("->(x) { x }"),
            r#"Lambda LParen Ident("x") RParen LBraceLambda Ident("x") Term(false) RBrace Term(false)"#
        );
        assert_eq!(
            toks("a, b = 1, 2"),
            r#"MlhsBeg Ident("a") Comma Ident("b") Assign Int(1) Comma Int(2) Term(false)"#
        );
        assert_eq!(
            toks("foo a: 1"),
            r#"CmdIdent("foo") Label("a") Int(1) Term(false)"#
        );
        assert_eq!(
            toks("def x=(v) end"),
            r#"KwDef MethName("x=") LParen Ident("v") RParen Term(false) KwEnd Term(false)"#
        );
        assert_eq!(
            toks("def self.+(o) end"),
            r#"KwDef KwSelf Dot MethName("+") LParen Ident("o") RParen Term(false) KwEnd Term(false)"#
        );
        assert_eq!(
            toks("alias a? b"),
            r#"KwAlias MethName("a?") MethName("b") Term(false)"#
        );
        assert_eq!(
            toks("x.class"),
            r#"Ident("x") Dot Ident("class") Term(false)"#
        );
    }

    #[test]
    fn strings() {
        assert_eq!(
            toks(r#""a#{b}c""#),
            r#"StrBeg StrContent([97]) InterpBeg Ident("b") Term(false) InterpEnd StrContent([99]) StrEnd Term(false)"#
        );
        assert_eq!(
            toks(r#""\M-a\C-a\ca""#),
            "StrBeg StrContent([225, 1, 1]) StrEnd Term(false)"
        );
        assert_eq!(
            toks(r#"{"a": 1}"#),
            r#"LBraceHash StrBeg StrContent([97]) LabelEnd Int(1) RBrace Term(false)"#
        );
        assert_eq!(
            toks("%w[a b]"),
            "WordsBeg StrContent([97]) WordSep StrContent([98]) StrEnd Term(false)"
        );
        assert_eq!(
            toks("x ? ?a : ?b"),
            r#"Ident("x") Question StrBeg StrContent([97]) StrEnd Colon StrBeg StrContent([98]) StrEnd Term(false)"#
        );
    }

    #[test]
    fn errors() {
        assert!(toks("\"abc").contains("ERR(unterminated string"));
        assert!(toks("x = <<~A\nabc\n").contains("ERR(unterminated heredoc"));
        let e = Lexer::new("\"abc#{", &[]).find_map(|t| t.err());
        assert!(e.is_none(), "an open interpolation is a parse-level EOF");
    }
}
