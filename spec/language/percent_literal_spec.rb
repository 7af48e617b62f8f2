# %w %W %i %I %q %Q %() literals
p %w[a b c]
p %w(one two  three)
p %w{}
p %w[a\ b c]
x = 7
p %W[a#{x} b #{x}c]
p %i[a b c]
p %I[s#{x} t]
p %q(single 'quoted' #{x})
p %Q(double "quoted" #{x})
p %(parens #{x} (nested) ok)
p %q[brackets [nested] ok]
p %q{braces}
p %q<angle>
p %q|pipes|
p %w[日本 語]
