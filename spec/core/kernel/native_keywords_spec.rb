# Keyword arguments given to built-in methods: an empty **h passes nothing, and a keyword hash
# does not count toward the required positional arguments.
def t(label)
  v = yield
  puts "#{label}: => #{v.inspect}"
rescue Exception => e
  puts "#{label}: #{e.class}"
end

t("push(**{})") { [1].push(**{}) }
e = {}
t("push(**e)") { [1].push(**e) }
t("push({})") { [1].push({}) }
t("push(a: 1)") { [1].push(a: 1) }
t("pack(buffer:)") { [1].pack(buffer: +"") }
t("File.open(mode:)") { File.open(mode: "r") }
t("Dir.glob(base:)") { Dir.glob(base: "/") }
t("Time.new(in:)") { Time.new(in: "+09:00").utc_offset }
t("inspect(**{})") { 1.inspect(**{}) }
t("raise(**{})") { raise(**{}) }
