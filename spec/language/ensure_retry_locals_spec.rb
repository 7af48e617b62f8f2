[1].each { begin; next; ensure; puts "ens"; end }
l = -> { begin; next 3; ensure; puts "ln"; end }; p l.()
n=0; begin; n+=1; raise "x" if n<2; rescue; retry; end; p $!
begin; raise "o"; ensure; p $!; end rescue nil
p $!
a, b = b, a; p a, b
x = x; p x
y = (y || 0) + 1; p y
[1, 2].each { |i| z = z.to_i + i; p z }
def m = begin; (q, r = r, 1); [q, r]; end
p m
