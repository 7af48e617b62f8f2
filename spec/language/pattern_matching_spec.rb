# Pattern matching: case/in, => and in, with CRuby's failure messages.
$stdout.sync = true
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
t { [0, 1] => [a] }
t { 1 => String }
t { {a: 1} => {b:} }
t { {a: 1} => {a: String} }
t { case 5; in 1 | 2 then 1; end }
t { 5 => Integer => x; p x }
t { [1, [2, 3]] => [_, [x, *y]]; p [x, y] }
t { {a: 1, b: 2} => {a:, **rest}; p [a, rest] }
t { {a: 1} => {a:, **nil}; p a }
t { {a: 1, b: 2} => {a:, **nil}; p a }
t { p((1 in Integer)) }
t { x = 1 in String; p x }
t { case [1, 42, "x", :y]; in [*, String => s, *post]; p s, post; end }
t { p(case 7; in Integer if false then 1; in Integer unless false then 2; end) }
t { v = 3; case 3; in ^v then p :pin; end }
t { @iv = 3; case 3; in ^@iv then p :ivpin; end }
t { case 4; in ^(2+2) then p :expr; end }
t { case {n: 1}; in {n: Integer => n} if n > 0; p n; end }
t { x = [1, 2] => [a, b]; p x }
t { case 1; in 0..; p :range; end }
t { case "str"; in "str" | :sym; p :alt; end }
t { class P; def deconstruct_keys(k); p k; {x: 1, y: 2}; end; def deconstruct; [1,2]; end; end; case P.new; in {x:, y:}; p [x,y]; end; case P.new; in {x:, **r}; p r; end; case P.new; in [a, b]; p [a,b]; end }
t { class Q; def deconstruct; 1; end; end; case Q.new; in [a]; end }
t { S = Struct.new(:a, :b); case S.new(1, 2); in S[a, b]; p [a, b]; end; case S.new(1,2); in S(a:, b:); p a; end }
t { case 1; in Integer | String => v; p v; end }
t { case [1,2]; in Integer, Integer; p :two; end }
t { case [1,2]; in Integer, ; p :trail; end }
t { case {a: 1}; in a: Integer; p :bare; end }
t { case {}; in {}; p :empty; end }
t { case {a: 1}; in {}; p :nonempty; else p :else; end }
t { case []; in []; p :ea; end }
t { nil => nil; p :nil }
t { case 1; in _; p :under; end }
t { 1 in a; p a }
t { {"a" => 1} => {a:} }
t { case {"k": 1}; in {"k": v}; p v; end }
t { [1, 2] => [a, b, c] }
t { {a: 1} => {a: 1, b: 2} }
t { 1 => 2 }
t { case 5; in 1; in 2; end }
t { case 5; in 1 then 1; end }
t { case 5; in Integer if false; end }
t { [1, [2]] => [_, [String]] }
t { 1 => [a] }
t { 1 => {a:} }
t { [1, 2] => [*, String, *] }
t { [1, 2, 3] => [a, *, b, c, d] }
t { 1 => ^(2) }
t { x = 2; 1 => ^x }
t { 1 => 2 | 3 | 4 }
t { {a: {b: 1}} => {a: {b: String}} }
t { class D; def deconstruct_keys(k) = 1; end; D.new => {a:} }
t { 5 => Integer => x if x }
t { {a: 1} => {a: Integer => z}; p z }
