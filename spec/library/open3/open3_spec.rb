# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) cannot run subprocesses
require "open3"
out, st = Open3.capture2("echo hello; echo to-stderr >/dev/null")
p out, out.encoding, st.class, st.success?, st.exitstatus
out, err, st = Open3.capture3("echo out; echo err >&2; exit 3")
p out, err, st.exitstatus, st.success?
out, st = Open3.capture2e("echo a; echo b >&2; echo c")
p out.lines.sort, st.success?
p Open3.capture2("tr a-z A-Z", stdin_data: "shout\n")[0]
p Open3.capture3("cat", stdin_data: "x" * 5)[0..1]
big = "line of input\n" * 20_000
o, e, s = Open3.capture3("cat; cat >&2 </dev/null; echo done >&2", stdin_data: big)
p o.bytesize, o == big, e, s.success?
o, s = Open3.capture2("sh", "-c", "printf '%s|' \"$@\"", "x", "a b", "c")
p o
o, s = Open3.capture2({"OPEN3_VAR" => "from env"}, "echo $OPEN3_VAR")
p o
o, s = Open3.capture2("pwd", chdir: "/")
p o
o, s = Open3.capture2("head -c 3", stdin_data: "\xff\xfeabc".b, binmode: true)
p o, o.encoding == Encoding::BINARY
r = Open3.popen3("cat; echo e >&2") do |i, o, e, t|
  p t.pid.is_a?(Integer), t[:pid] == t.pid
  i.puts "via popen3"
  i.close
  p o.read, e.read
  p t.value.class, t.value.success?
  :block_value
end
p r
i, o, e, t = Open3.popen3("exit 7")
p [i, o, e].map(&:class), t.value.exitstatus
[i, o, e].each(&:close)
Open3.popen2("wc -c") do |i, o, t|
  i.write "12345"
  i.close
  p o.read.strip, t.value.success?
end
Open3.popen2e("echo 1; echo 2 >&2") do |i, o, t|
  i.close
  p o.read.lines.sort, t.value.exitstatus
end
ios = nil
Open3.popen3("true") { |*a| ios = a[0, 3] }
p ios.map(&:closed?)
p Open3.respond_to?(:capture3), Open3.respond_to?(:pump)
# pipelines
p Open3.pipeline("echo one two", "tr a-z A-Z", "wc -w").map(&:class)
p Open3.pipeline("true", "false", "exit 4").map(&:exitstatus)
r = Open3.pipeline_r("printf 'b\\na\\nc\\n'", "sort") { |o, ts| [o.read, ts.size, ts.map { |t| t.value.success? }] }
p r
Open3.pipeline_w("tr a-z A-Z", ["sed", "s/X/y/"]) do |i, ts|
  i.puts "xx"
  i.close
  p ts.map { |t| t.value.exitstatus }
end
Open3.pipeline_rw("cat", ["tr", "a-z", "A-Z"], "rev") do |i, o, ts|
  i.write "abc\n"
  i.close
  p o.read, ts.size
end
ts = Open3.pipeline_start("exit 2", "exit 3")
p ts.map { |t| t.value.exitstatus }, ts.map(&:class).uniq
p Open3.pipeline_start("true") { |w| w.map(&:class) }
p Open3.pipeline_r(["sh", "-c", "echo $0", "named"], "cat") { |o, _| o.read }
p Open3.pipeline_r("pwd", chdir: "/tmp") { |o, _| o.read }
begin
  Open3.pipeline
rescue ArgumentError => e
  p e.class
end
p Open3::VERSION.class
