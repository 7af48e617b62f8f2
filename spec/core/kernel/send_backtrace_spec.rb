# send and __send__ call the method in the caller's place: no frame of their own in
# backtraces or caller (CRuby's vm_call_opt_send); public_send, Method#call and
# UnboundMethod#bind_call keep theirs.
def boom = raise("x")
def where = caller_locations(1, 1).map(&:label)
[-> { send(:boom) }, -> { __send__(:boom) }, -> { public_send(:boom) },
 -> { method(:boom).call }, -> { 1.then { boom } }, -> { send(:send, :boom) },
 -> { Object.instance_method(:boom).bind_call(self) }, -> { 1.send(:fdiv, "x") }].each do |f|
  f.call
rescue => e
  p e.backtrace_locations.map(&:label).first(3)
end
p send(:where), __send__(:where), [1].map { send(:where) }
