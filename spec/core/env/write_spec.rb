# ENV written: []=, delete, update (with a block), slice, values_at, select/reject, key, value?,
# fetch errors, invalid names; values are frozen strings.
ENV["ENVSPEC_X"] = "1"
p ENV["ENVSPEC_X"], ENV.key?("ENVSPEC_X"), ENV.fetch("ENVSPEC_X"), ENV.to_h["ENVSPEC_X"]
p ENV.delete("ENVSPEC_X"), ENV["ENVSPEC_X"], ENV.delete("ENVSPEC_X")
ENV.update("ENVSPEC_A" => "a", "ENVSPEC_B" => "b")
p ENV.slice("ENVSPEC_A", "ENVSPEC_B", "ENVSPEC_C"), ENV.values_at("ENVSPEC_A", "ENVSPEC_C")
ENV["ENVSPEC_A"] = nil
p ENV["ENVSPEC_A"]
begin; ENV["RUBRA=X"] = "1"; rescue => e; p e; end
begin; ENV["ENVSPEC_X"] = 1; rescue => e; p e; end
begin; ENV.fetch("ENVSPEC_NONE"); rescue KeyError => e; p e, e.key, e.receiver.equal?(ENV); end
p ENV.fetch("ENVSPEC_NONE", 2), ENV.fetch("ENVSPEC_NONE") { |k| k * 2 }
p ENV.select { |k, v| k.start_with?("ENVSPEC_") }, ENV.reject { |k, v| !k.start_with?("ENVSPEC_") }
p ENV.key("b"), ENV.value?("b"), ENV.has_value?("zzz"), ENV.map { |k, v| k }.include?("ENVSPEC_B")
ENV.update("ENVSPEC_B" => "new") { |k, o, n| o + n }
p ENV["ENVSPEC_B"], ENV["ENVSPEC_B"].frozen?
