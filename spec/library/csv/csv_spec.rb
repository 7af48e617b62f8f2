# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle lacks the csv gem
# CSV: parse/parse_line/generate/generate_line, files, headers with CSV::Row/CSV::Table,
# col_sep, quote_char, converters, to_csv/parse_csv and the MalformedCSVError messages.
require 'csv'

p CSV.parse("a,b,c\n1,2,3\n")
p CSV.parse("a,\"b,c\",\"d\"\"e\"\n,\"\",x\n\nlast")
p CSV.parse("x;y\r\n1;2\r\n", col_sep: ";")
p CSV.parse("'a,b',c", quote_char: "'")
p CSV.parse_line("1,2,3"), CSV.parse_line(""), CSV.parse_line("a\tb", col_sep: "\t")
p CSV.parse("a,\"multi\nline\",b\n1,2,3\n")
p CSV.parse("1,2.5,x,-3,1e3\n", converters: :numeric), CSV.parse("1,2.5,x\n", converters: :integer), CSV.parse("1,2.5\n", converters: :float)
p CSV.parse("a,b\n", converters: [->(f) { f.upcase }])
CSV.parse("a,b\n1,2\n") { |row| p row }
p CSV.generate_line(["a", nil, "b,c", "d\"e", "", 1, 2.5, "x\ny"])
p CSV.generate_line(%w[a b], col_sep: ";"), CSV.generate_line(%w[a b], force_quotes: true), CSV.generate_line(["a'b"], quote_char: "'")
s = CSV.generate { |csv| csv << [1, 2]; csv << ["x", nil] }
p s
p ["a", "b,c", nil].to_csv, "1,\"2\",3".parse_csv, "1;2".parse_csv(col_sep: ";")
t = CSV.parse("name,age\nann,30\nbob,41\n", headers: true)
p t.class, t.headers, t.size, t
t.each { |r| p r, r["name"], r[1], r.to_h.to_a, r.fields, r.headers }
p t["name"], t[0], t[1]["age"], t.to_a, t.to_s
p t.by_col[0], t.by_row[0].class, t.values_at(0).size
r = t[0]
p r.fetch("age"), r.include?("age"), r.header?("zzz"), r.size, r.to_a, r == t[0]
r["age"] = "31"; r["city"] = "x"; p r, r.to_s
p(r.fetch("nope") { |k| "no #{k}" })
begin; r.fetch("nope"); rescue => e; p e.class, e.message; end
t2 = CSV.parse("A B,c-d\n1,2\n", headers: true, header_converters: :symbol, converters: :numeric)
p t2.headers, t2[0], t2[0][:a_b]
p CSV.parse("1,2\n", headers: %w[x y]).map { |x| x.to_h.to_a }
p CSV.parse("a\n\nb\n", skip_blanks: true), CSV.parse("a\n\nb\n")
p CSV.generate(headers: %w[h1 h2], write_headers: true) { |c| c << [1, 2]; c << { "h2" => 4, "h1" => 3 } }
path = "/tmp/rubra_csv_spec_#{$$}.csv"
CSV.open(path, "w") { |csv| csv << %w[id val]; csv << [1, "a b"]; csv << [2, "c,d"] }
p File.read(path)
p CSV.read(path), CSV.read(path, headers: true).map { |x| x.to_h.to_a }
CSV.foreach(path) { |row| p row }
CSV.foreach(path, headers: true, converters: :numeric) { |row| p row }
p CSV.foreach(path).to_a.size, CSV.table(path).headers, CSV.table(path)[:id]
File.delete(path)
["a,\"b", "a,\"b\"c", "a,b\"c\"", "\"a\"\"b"].each do |bad|
  CSV.parse(bad)
rescue CSV::MalformedCSVError => e
  p [bad, e.message, e.lineno]
end
