# The call sweep's method enumerator: run by spec/sweep/main.rs under rubra itself, after a
# generated line `SWEEP_VALUES = [...]` (one lambda per value of the pool), so the methods the
# sweep calls are whatever the interpreter defines today and new natives are covered unasked.
#
# It prints one tab-separated record a line:
#   M  owner  kind  name  arity   a method: kind "i" instance (public, protected or private),
#                                 "s" singleton method of the module `owner`, "o" singleton
#                                 method of the object the constant `owner` names (ENV)
#   V  index  ancestors...         the named ancestors of the pool's value `index` (its receivers)
#   X  index  message             a pool value whose expression raised (the driver drops it)
#   A  class  ancestors...        `class.allocate` works: one more receiver for class's methods

# Constants that are defined lazily (on first literal reference: rubra's Set and Data come from
# Ruby sources loaded then), so neither Object.constants nor const_get sees them before.
SWEEP_LAZY = [["Set", (Set rescue nil)], ["Data", (Data rescue nil)]]

def sweep_out(*fields)
  $stdout.write(fields.join("\t") + "\n")
end

def sweep_names(mods)
  mods.map { |m| (m.name rescue nil) }.compact.reject(&:empty?)
end

def sweep_ancestors(v)
  begin
    (class << v; self; end).ancestors
  rescue Exception
    Kernel.instance_method(:class).bind_call(v).ancestors
  end
end

queue = Object.constants.map(&:to_s).sort.map { |c| [c, nil] } + SWEEP_LAZY
seen = {}
until queue.empty?
  path, m = queue.shift
  begin
    m ||= Object.const_get(path)
  rescue Exception
    next
  end
  if m.is_a?(Module)
    next if seen[m.__id__]
    seen[m.__id__] = true
    name = (m.name rescue nil)
    next if name.nil? || name != path
    own = (m.instance_methods(false) + m.protected_instance_methods(false) +
           m.private_instance_methods(false)).uniq
    own.sort.each do |meth|
      arity = (m.instance_method(meth).arity rescue -1)
      sweep_out("M", path, "i", meth, arity)
    end
    (m.singleton_methods(false) rescue m.singleton_methods).uniq.sort.each do |meth|
      arity = (m.method(meth).arity rescue -1)
      sweep_out("M", path, "s", meth, arity)
    end
    if m.is_a?(Class) && !own.empty?
      begin
        obj = m.allocate
        sweep_out("A", path, *sweep_names(sweep_ancestors(obj)))
      rescue Exception
      end
    end
    (m.constants(false) rescue []).map(&:to_s).sort.each do |c|
      queue << ["#{path}::#{c}", (m.const_get(c) rescue nil)]
    end
  elsif !path.include?("::") && path == path.upcase
    sm = (m.singleton_methods(false) rescue [])
    sm.uniq.sort.each do |meth|
      arity = (m.method(meth).arity rescue -1)
      sweep_out("M", path, "o", meth, arity)
    end
  end
end

SWEEP_VALUES.each_with_index do |mk, i|
  begin
    v = mk.call
    sweep_out("V", i, *sweep_names(sweep_ancestors(v)))
  rescue Exception => e
    sweep_out("X", i, "#{e.class}: #{e.message}".split.join(" ")[0, 200])
  end
end
