# ENV written: []=, delete, update (with a block), slice, values_at, select/reject, key, value?,
# fetch errors, invalid names; values are frozen strings.
ENV["RUBRA_X"] = "1"
p ENV["RUBRA_X"], ENV.key?("RUBRA_X"), ENV.fetch("RUBRA_X"), ENV.to_h["RUBRA_X"]
p ENV.delete("RUBRA_X"), ENV["RUBRA_X"], ENV.delete("RUBRA_X")
ENV.update("RUBRA_A" => "a", "RUBRA_B" => "b")
p ENV.slice("RUBRA_A", "RUBRA_B", "RUBRA_C"), ENV.values_at("RUBRA_A", "RUBRA_C")
ENV["RUBRA_A"] = nil
p ENV["RUBRA_A"]
begin; ENV["RUBRA=X"] = "1"; rescue => e; p e; end
begin; ENV["RUBRA_X"] = 1; rescue => e; p e; end
begin; ENV.fetch("RUBRA_NONE"); rescue KeyError => e; p e, e.key, e.receiver.equal?(ENV); end
p ENV.fetch("RUBRA_NONE", 2), ENV.fetch("RUBRA_NONE") { |k| k * 2 }
p ENV.select { |k, v| k.start_with?("RUBRA_") }, ENV.reject { |k, v| !k.start_with?("RUBRA_") }
p ENV.key("b"), ENV.value?("b"), ENV.has_value?("zzz"), ENV.map { |k, v| k }.include?("RUBRA_B")
ENV.update("RUBRA_B" => "new") { |k, o, n| o + n }
p ENV["RUBRA_B"], ENV["RUBRA_B"].frozen?
