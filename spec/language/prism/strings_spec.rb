# String, symbol and percent literals, after Prism's syntax fixtures (one section per fixture)

# prism: dstring.txt
bar = "BAR"
p "foo
  bar"
p "foo
  #{bar}"
p "fo
o" "ba
r"
p "
foo\
"
p "
foo\\
"
p "
foo\\\
"
p "
foo\
b\nar
#{}
"

# prism: dsym_str.txt
p :"foo
  bar"

# prism: string_concatination_frozen_false.txt
bat = "T"
s = 'foo' 'bar' "baz#{bat}"
p s, s.frozen?

# prism: escaped_newline_with_trailing_content.txt
p "A
B\nCC"

# prism: strings.txt
p %%abc%, %^abc^, %&abc&, %*abc*, %_abc_, %+abc+, %-abc-, %:abc:, %;abc;, %'abc', %~abc~, %?abc?
p %w{    }, %/abc/
bbb = "B"
p %{aaa #{bbb} ccc}, %[foo[]]
p "foo" +
#
"bar"
p %w[a[] b[[]] c[]], %w[foo\ bar \#{1}], %w[foo\ bar\\ baz\\\
 bat]
foo = "F"; bat = "T"
p %W[#{foo}\
bar
baz #{bat}
]
p %w(foo\n), %w(foo\
), %W(foo\
bar)
p %w[
  a   
  b   c  
 d   
]
p %W[
  foo\nbar baz\n\n\
  bat\n\\\n\foo
]
p %W[f\u{006f 006f}], %W[a b#{bat}d e]
p '\' foo \' bar', '\\ foo \\ bar'
p 'foo\
bar\\
baz
'
$sfoo = "G"; @sfoo = "I"
p "#$sfoo", "#@sfoo"
p "\x7 \x23 \x61", "\7 \43 \141", "\777".bytes
p %@abc@, %$abc$, ?a, ?a "a"
p %Q(\«), %q(\«), %^#$^#, %@#@#
B = "b"
p "#{"#{B} C"} D"

# prism: symbols.txt
var = "v"
p :'abc', :"#{var}", :"abc#{1}"
p [:Υ, :ά, :ŗ, :ρ]
p [:-@, :-, :%, :|, :+@, :+, :/, :**, :*, :~@, :~, :a]
p %i[a b#{1} #{2}c d#{3}f], %I[a b#{1} #{2}c d#{3}f]
p [:@@a, :👍, :$a, :@a, :do, :&, :`, :!@, :!~, :!, :[], :[]=, :^]
p [:==, :===, :=~, :>=, :>>, :>, :<=>, :<=, :<<, :<, :__LINE__, :__FILE__, :__ENCODING__]
p %i[a\b]

# prism: whitequark/string_concat.txt
@a = "A"
p "foo#@a" "bar"

# prism: whitequark/string_dvar.txt
class SDvar
  @@a = "cv"
  def self.run
    @a = "iv"; $a = "gv"
    p "#@a #@@a #$a"
  end
end
SDvar.run

# prism: whitequark/string_interp.txt
bar = 42
p "foo#{bar}baz"

# prism: whitequark/string_plain.txt
p %q(foobar), 'foobar'

# prism: whitequark/symbol_interp.txt
bar = 1
p :"foo#{bar}baz"

# prism: whitequark/symbol_plain.txt
p :'foo', :foo

# prism: whitequark/array_words.txt
p %w[foo bar]

# prism: whitequark/array_words_interp.txt
bar = "x"; @baz = "y"
p %W[foo #{bar}], %W[foo #{bar}foo#@baz]

# prism: whitequark/array_symbols_interp.txt
bar = "x"
p %I[foo #{bar}], %I[foo#{bar}]

# prism: whitequark/character.txt
p ?a, ?a.class

# prism: whitequark/interp_digit_var.txt
p "#@1", "#@@1", %Q{#@1}, %W[#@1], %w[ #@1 ], %q{#@1}, %s{#@1}, %{#@1}, '#@1', :"#@1", :'#@1'
p %I[#@@1], %i[ #@@1 ]
p <<-"HERE"
#@1
HERE

# prism: whitequark/bug_interp_single.txt
p "#{1}", %W"#{1}"

# prism: whitequark/parser_slash_slash_n_escaping_in_literals.txt
p "a\
b"
p %I{a\
b}, %Q{a\
b}, %W{a\
b}, %i{a\
b}
p %q{a\
b}, %s{a\
b}, %w{a\
b}, %{a\
b}
p 'a\
b', :"a\
b", :'a\
b'
p <<-"HERE", <<-'HERE'
a\
b
HERE
a\
b
HERE

# prism: whitequark/ambiuous_quoted_label_in_ternary_operator.txt
a = true; b = 6
p(a ? b & '': nil) rescue p $!.class
a = false
p(a ? b & '': nil)

# prism: whitequark/ternary_ambiguous_symbol.txt
t=1;def foo = true
p((foo)?t:T) rescue p $!.class
T = 2
p((foo)?t:T)

# prism: whitequark/bug_cmd_string_lookahead.txt
def desc(s) = p([s, block_given?])
desc "foo" do end

# prism: whitequark/string___FILE__.txt
p __FILE__.end_with?("strings_spec.rb") || __FILE__.end_with?(".rb")

# prism: seattlerb/str_backslashes.txt
def x(s) = p(s.length)
x '\n\n\n\n\n\n\n\n\n\n'

# prism: seattlerb/str_double_double_escaped_newline.txt
def a(s) = p(s)
def b = p(:b)
def t1
a "\\n";b
end
t1

# prism: seattlerb/str_double_escaped_newline.txt
def a(s) = p(s)
def b = p(:b)
def t2
a "\n";b
end
t2

# prism: seattlerb/str_double_newline.txt
def a(s) = p(s)
def b = p(:b)
def t3
a "
";b
end
t3

# prism: seattlerb/str_single_double_escaped_newline.txt
def a(s) = p(s)
def b = p(:b)
def t4
a '\\n';b
end
t4

# prism: seattlerb/str_single_escaped_newline.txt
def a(s) = p(s)
def b = p(:b)
def t5
a '\n';b
end
t5

# prism: seattlerb/str_single_newline.txt
def a(s) = p(s)
def b = p(:b)
def t6
a '
';b
end
t6

# prism: seattlerb/str_evstr.txt
b = 3
p "a #{b}"

# prism: seattlerb/str_evstr_escape.txt
b = 3
p "a #{b}\302\275"

# prism: seattlerb/str_interp_ternary_or_label.txt
a = "s"
def a.b? = true
p "#{a.b? ? ""+a+"": ""}"
a = "t"
def a.b? = false
p "#{a.b? ? ""+a+"": ""}"

# prism: seattlerb/str_lit_concat_bad_encodings.txt
s = "\xE3\xD3\x8B" \
        "\xC3\xBD;foo"
p s.bytes, s.valid_encoding?

# prism: seattlerb/str_newline_hash_line_number.txt
p "\n\n\n\n#"
p __LINE__

# prism: seattlerb/str_pct_Q_nested.txt
nest = "N"
p %Q[before [#{nest}] after]

# prism: seattlerb/str_pct_nested_nested.txt
p %{ { #{ "#{1}" } } }

# prism: seattlerb/str_pct_q.txt
p %q{a b c}

# prism: seattlerb/str_str.txt
p "a #{'b'}"

# prism: seattlerb/str_str_str.txt
p "a #{'b'} c"

# prism: seattlerb/pctW_lineno.txt
p %W(a\nb
c d
e\
f
gy h\y i\y)
p __LINE__

# prism: seattlerb/pct_Q_backslash_nl.txt
p %q{ \
}

# prism: seattlerb/pct_nl.txt
x = %


p x

# prism: seattlerb/qWords_space.txt
p %W( )

# prism: seattlerb/qsymbols.txt
p %I(a b c)

# prism: seattlerb/qsymbols_empty.txt
p %I()

# prism: seattlerb/qsymbols_empty_space.txt
p %I( )

# prism: seattlerb/qsymbols_interp.txt
p %I(a b#{1+1} c)

# prism: seattlerb/quoted_symbol_hash_arg.txt
def qh(*a, **k) = p([a, k])
qh 'a': {}

# prism: seattlerb/quoted_symbol_keys.txt
p({ 'a': :b })

# prism: seattlerb/qw_escape.txt
p %q(\')

# prism: seattlerb/qw_escape_term.txt
p %q|blah blah \| blah blah|

# prism: seattlerb/qwords_empty.txt
p %w()

# prism: seattlerb/dstr_evstr.txt
b = 2
p "#{'a'}#{b}"

# prism: seattlerb/dstr_evstr_empty_end.txt
field = "fld"
p :"#{field}"

# prism: seattlerb/dstr_lex_state.txt
p "#{p:a}"

# prism: seattlerb/dstr_str.txt
p "#{'a'} b"

# prism: seattlerb/dsym_esc_to_sym.txt
p :"Variet\303\240"

# prism: seattlerb/dsym_to_sym.txt
class DsymA
  def >>(o) = "shift #{o}"
  alias :"<<" :">>"
end
p DsymA.new << 1
class DsymB
  def >>(o) = "b #{o}"
  alias :<< :>>
end
p DsymB.new << 2

# prism: seattlerb/evstr_evstr.txt
a = 1; b = 2
p "#{a}#{b}"

# prism: seattlerb/evstr_str.txt
a = 1
p "#{a} b"

# prism: seattlerb/slashy_newlines_within_string.txt
puts "hello\
 my\
 dear\
 friend"

# prism: seattlerb/symbol_empty.txt
p :''

# prism: seattlerb/symbol_list.txt
a = 1; b = 2
p %I[#{a} #{b}]

# prism: seattlerb/symbols.txt
p %i(a b c)

# prism: seattlerb/symbols_empty.txt
p %i()

# prism: seattlerb/symbols_empty_space.txt
p %i( )

# prism: seattlerb/symbols_interp.txt
p %i(a b#{1+1} c)

# prism: seattlerb/words_interp.txt
p %W(#{1}b)

# prism: seattlerb/label_vs_string.txt
_buf = +""
_buf << ':
'
p _buf

# prism: seattlerb/parse_line_dstr_escaped_newline.txt
p "a\n#{
}"
p __LINE__

# prism: seattlerb/parse_line_dstr_soft_newline.txt
p "a
#{
}"
p __LINE__

# prism: seattlerb/parse_line_str_with_newline_escape.txt
def a(*x) = p([x, __LINE__])
a("\n", true)

# prism: seattlerb/parse_line_multiline_str.txt
p "a
b"
p __LINE__

# prism: seattlerb/read_escape_unicode_curlies.txt
p ?\u{00a0}, ?\u{41}

# prism: seattlerb/read_escape_unicode_h4.txt
p ?\u00a0

# prism: seattlerb/interpolated_symbol_array_line_breaks.txt
p %I(
a
b
)
p __LINE__

# prism: seattlerb/non_interpolated_word_array_line_breaks.txt
p %w(
a
b
)
p __LINE__
