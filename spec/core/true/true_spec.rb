# TrueClass
p true.to_s
p true.inspect
p true & 1
p true & nil
p true | false
p true ^ true
p true ^ nil
p !true
p true.class
p true == true
p true.equal?(true)
p true.frozen?
p true <=> true rescue p $!.class
p "#{true}"
