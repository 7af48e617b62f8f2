# $~ and $1... are frame-local: a method has its own, a block shares its method's, and a called
# method never changes its caller's. Regexp.last_match reads the same.
def inner
  "zz" =~ /(z)/
  $1
end
"ab" =~ /(b)/
p inner, $1, $~[0]
def blocky
  %w[x y].each { |s| s =~ /(.)/ }
  [$1, Regexp.last_match(1)]
end
p blocky, $1
pr = proc { "pq" =~ /(q)/ }
pr.call
p $1
"no" =~ /zzz/
p $~, $1, $&
"hello world" =~ /o (w)(x)?/
p $&, $`, $', $+, $1, $2, $~.begin(0)
$~ = nil
p $1
begin
  $~ = 5
rescue TypeError => e
  puts e.message
end
m = "abc".match(/b/)
$~ = m
p $&
def sets; "k" =~ /k/; end
sets
p $&
