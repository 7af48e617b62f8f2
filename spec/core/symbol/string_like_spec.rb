p :abc.encoding, :"é".encoding, :a.next, :hello.slice(1, 2), :a == :a
