# Symbol.all_symbols: every Symbol interned so far, including ones made at run time
all = Symbol.all_symbols
p all.class, all.size > 100, all.all?(Symbol), all.uniq.size == all.size
p all.include?(:puts), all.include?(:inspect)
name = "made_at_run_time_" + "x" * 3
p Symbol.all_symbols.any? { _1.to_s == name }
name.to_sym
p Symbol.all_symbols.any? { _1.to_s == name }
