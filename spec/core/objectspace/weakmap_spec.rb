# ObjectSpace::WeakMap: [] and []= by identity, key?/include?/member?, delete (with a block),
# keys/values/size, each (LocalJumpError without a block), Enumerable, inspect, nil and Integer
# keys and values; an entry whose key and value are held elsewhere survives a collection.
w = ObjectSpace::WeakMap.new
a = "a"
w[a] = 1
xs = "x"
w[:s] = xs
p w.inspect.gsub(/0x\h+/, "X"), w.size, w[a], w["a"], w.key?(a), w.key?("a"), w[:s]
p ObjectSpace::WeakMap.instance_methods(false).sort
p w.delete(a), w.delete(:nope), w.delete(:nope) { |k| [k] }, w.size
p w.keys, w.values, w.map { |k, v| [k, v] }, w.each_key.class rescue p $!
p ObjectSpace::WeakMap.ancestors.take(3)
p ObjectSpace::WeakMap.new.inspect.gsub(/0x\h+/, "X")
w2 = ObjectSpace::WeakMap.new
w2[nil] = 1; w2[1] = nil
p w2[nil], w2.key?(1), w2[1]
k = "kk"; v = "vv"
w2[k] = v
GC.start
p w2[k], w2.key?(k), w2.size
