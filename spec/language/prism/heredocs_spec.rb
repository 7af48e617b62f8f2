# Heredocs, after Prism's syntax fixtures (one section per fixture)

# prism: heredoc.txt
x = <<TEXT
TEXT
p x

# prism: dash_heredocs.txt
p <<-EOF
  one
EOF
p(<<-FIRST + <<-SECOND)
  first
FIRST
  second
SECOND
p <<-EOF #a comment after the opener
  commented
  EOF
v = 7
p <<-"EOF"
  dq
#{v}
EOF
p <<-'EOF'
  raw #{v}
EOF
p(<<-A + <<-B)
  a
A
  b
  #{v +
  1}
B
p <<-''

p %#pct#

# prism: whitequark/heredoc.txt
p <<'HERE'
lit
eral
HERE
p <<HERE
in#{1 + 1}
HERE

# prism: heredoc_dedent_line_continuation.txt
p <<~FOO
  ab\
  \
  cd
FOO

# prism: heredoc_with_trailing_newline.txt
p <<-END
END

# prism: heredocs_nested.txt
p <<~RUBY
pre
#{
<<RUBY
  inner
RUBY
}
post
RUBY
p <<-A
#{
<<-B
#{
<<-C
#{1 + 2}
C
}
B
}
A

# prism: heredocs_with_fake_newlines.txt
p <<-RUBY
  \n
  x\\n
  \\\
  a\nb
  \f
RUBY
p <<~RUBY
  \n
  x\\n
  \\\
  a\nb
RUBY
p <<~RUBY
  #{12}\n
  \\#{34}n
  ok
RUBY
p <<'RUBY'
  \n
  \
  a\nb
RUBY

# prism: heredocs_with_ignored_newlines.txt
p <<-HERE\
HERE

p <<~THERE\
  way over
  <<HERE
    not here
  HERE
    there
THERE


# prism: heredocs_with_ignored_newlines_and_non_empty.txt
p <<-EOE
 some
 heredocs
EOE

# prism: single_quote_heredocs.txt
p <<-'EOS'
    cd C:\dir\sub
EOS

# prism: spanning_heredoc.txt
p <<-A, "d\
c
A
d"
p <<-A, %q[f\
e
A
f]
p <<-A, %w[j\
i
A
j]

# prism: tilde_heredocs.txt
p <<~EOF
  a
#{1}
  a
EOF
p <<~EOF
  #{1} a
EOF
p <<~EOF
  a
 #{1}
EOF
p <<~EOF
  a
   b
EOF
p <<~'EOF'
  a #{1}
EOF
p <<~EOF
  a

  b
EOF
p <<~EOF

  #{1}a
    EOF

# prism: whitequark/dedenting_heredoc.txt
p <<~"E"
    x
  #{"  y"}
E
p <<~E
    x
  \  y
E
p <<~E
  E
p <<~E
  x

y
E
p <<~E
  x
    y
E
p <<~E
E

# prism: whitequark/dedenting_interpolating_heredoc_fake_line_continuation.txt
p <<~'FOO'
  baz\\
  qux
FOO

# prism: whitequark/dedenting_non_interpolating_heredoc_line_continuation.txt
p <<~'FOO'
  baz\
  qux
FOO

# prism: whitequark/parser_drops_truncated_parts_of_squiggly_heredoc.txt
p <<~HERE
  #{}
HERE

# prism: whitequark/slash_newline_in_heredocs.txt
p <<-E
    1 \
    2
    3
E
p <<~E
    1 \
    2
    3
E

# prism: whitequark/bug_heredoc_do.txt
def hd_f(s) = yield(s)
r = hd_f <<-TABLE do |s| s.upcase + "!" end
tab
TABLE
p r

# prism: seattlerb/heredoc__backslash_dos_format.txt
str = <<-XXX
before\
after
XXX
p str

# prism: seattlerb/heredoc_backslash_nl.txt
p "  why \
  blah
"
p <<-DESC
  why \
  blah
DESC

# prism: seattlerb/heredoc_bad_oct_escape.txt
s = <<-EOS
a\247b
EOS
p s.bytes

# prism: seattlerb/heredoc_comma_arg.txt
p ["  some text
",]
p [<<-FILE,
  some text
FILE
]

# prism: seattlerb/heredoc_lineno.txt
c = <<'CCC'
line2
line3
CCC
p __LINE__
p c

# prism: seattlerb/heredoc_nested.txt
p [<<A,
#{<<B}
b
B
a
A
0]

# prism: seattlerb/heredoc_squiggly.txt
a = <<~"EOF"
  x
  y
  EOF
p a

# prism: seattlerb/heredoc_squiggly_blank_line_plus_interpolation.txt
def hs_foo(s) = s.upcase
def hs_bar = "bar"
a = hs_foo(<<~EOF.chop)

    #{hs_bar}baz
  EOF
p a

# prism: seattlerb/heredoc_squiggly_blank_lines.txt
a = <<~EOF
  x

  z
EOF
p a

# prism: seattlerb/heredoc_squiggly_empty.txt
p <<~A
A

# prism: seattlerb/heredoc_squiggly_interp.txt
a = <<~EOF
      w
  x#{42} y
    z
  EOF
p a

# prism: seattlerb/heredoc_squiggly_no_indent.txt
p <<~A
a
A

# prism: seattlerb/heredoc_squiggly_tabs.txt
a = <<~"EOF"
        blah blah
	 blah blah
  EOF
p a

# prism: seattlerb/heredoc_squiggly_tabs_extra.txt
a = <<~"EOF"
  blah blah
 	blah blah
  EOF
p a

# prism: seattlerb/heredoc_squiggly_visually_blank_lines.txt
a = <<~EOF
  x
 
  z
EOF
p a

# prism: seattlerb/heredoc_trailing_slash_continued_call.txt
p(<<END\
  blah  
END
.strip)

# prism: seattlerb/heredoc_unicode.txt
p <<OOTPÜT
.
OOTPÜT

# prism: seattlerb/heredoc_with_carriage_return_escapes.txt
p <<EOS
foo\rbar
baz\r
EOS

# prism: seattlerb/heredoc_with_interpolation_and_carriage_return_escapes.txt
@hbar = "B"
p <<EOS
foo\r#@hbar
EOS

# prism: seattlerb/heredoc_with_not_global_interpolation.txt
p <<-HEREDOC
#${
HEREDOC

# prism: seattlerb/heredoc_with_only_carriage_returns.txt
p <<EOS


\r
EOS

# prism: seattlerb/parse_line_heredoc.txt
      string = <<-HEREDOC.strip
        very long string
      HEREDOC
      puts string

# prism: seattlerb/parse_line_heredoc_evstr.txt
b = "B"
p <<-A
a
#{b}
A

# prism: seattlerb/parse_line_heredoc_hardnewline.txt
p <<-EOFOO
\n\n
EOFOO
p __LINE__

# prism: seattlerb/parse_line_heredoc_regexp_chars.txt
      string = <<-"^D"
        very long string
      ^D
      p string

# prism: seattlerb/pct_w_heredoc_interp_nested.txt
p %W( 1 #{<<A} 3
2
A
      4 5 )

# prism: seattlerb/str_heredoc_interp.txt
x = "X"
p <<""
#{x}
blah2

