# JSON generate and parse of a ~10 MB document (issue 15: "at least as fast as ruby's C
# extension"). Prints the document size and a digest of the round trip; times come from
# hyperfine (bench/compare.sh) or from the phase timings printed to stderr.
require "json"

def now = Time.now.to_f

records = (0...40_000).map do |i|
  {
    "id" => i,
    "name" => "user#{i}",
    "email" => "user#{i}@example.com",
    "score" => i * 1.25,
    "active" => i.even?,
    "tags" => ["alpha", "beta", "gamma#{i % 7}"],
    "address" => { "street" => "#{i} Main Street", "city" => "Springfield", "zip" => "%05d" % i },
    "note" => "line one\nline \"two\" \u00e9",
    "ratio" => i / 7.0,
    "parent" => nil,
  }
end

t0 = now
text = JSON.generate(records)
t1 = now
back = JSON.parse(text)
t2 = now
pretty = JSON.pretty_generate(back)
t3 = now
again = JSON.parse(pretty)
t4 = now

puts text.bytesize, pretty.bytesize, back.size, again == back, back[12345]["name"]
warn format("generate %.3f s, parse %.3f s, pretty_generate %.3f s, parse pretty %.3f s",
            t1 - t0, t2 - t1, t3 - t2, t4 - t3)
