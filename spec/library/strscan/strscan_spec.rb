# StringScanner (require "strscan"): anchored scanning with Regexp and String patterns, the
# *_until searches, position and character position, the last match's groups, named captures,
# unscan, terminate, string=, <<, beginning_of_line?, inspect.
require "strscan"
s = StringScanner.new("3.14 is pi, date: 2024-05-06")
p s.scan(/\d+/), s.pos, s.matched, s.matched?, s.matched_size, s.pre_match, s.post_match
p s.scan(/\d+/), s.matched?, s.matched
p s.scan("."), s.scan(/(\d)(\d)/), s[0], s[1], s[2], s[-1], s.captures, s.values_at(0, 2)
p s.check(/\s+/), s.pos, s.skip(/\s+/), s.pos
p s.scan_until(/pi/), s.pre_match, s.matched, s.skip_until(/:/), s.check_until(/\d/), s.pos
p s.match?(/\s*/), s.peek(4), s.exist?(/-/), s.search_full(/-/, false, true), s.scan_full(/ \d+/, true, false), s.pos
s.pos = 18
p s.scan(/(?<y>\d+)-(?<m>\d+)/), s[:y], s["m"], s.named_captures, s.rest, s.rest_size, s.eos?
p s.getch, s.get_byte, s.scan(/\d/), s.eos?, s.scan(/x/), s.matched
s.unscan rescue p $!
s.terminate
p s.eos?, s.rest, s.inspect
s.reset
p s.inspect, s.pos, s.beginning_of_line?, s.bol?
s.string = "héllo\nworld"
p s.scan(/h./), s.pos, s.charpos, s.scan(/llo/), s.getch, s.beginning_of_line?, s.scan(/\w+/)
s.unscan
p s.pos, s.rest
s << "!!"
p s.rest, s.string
t = StringScanner.new("abc")
p t.scan(/b/), t.scan_until(/c/), t.pre_match
t = StringScanner.new("a\nb")
t.scan(/a\n/)
p t.scan(/^b/), t.beginning_of_line?
t = StringScanner.new("xyz")
t.pos = 1
p t.scan(/\Ay/), t.inspect, t.peek(10)
begin
  t.pos = 10
rescue RangeError => e
  p e.message
end
begin
  StringScanner.new("a").unscan
rescue => e
  p e.class, e.message
end
p StringScanner.new("test string here").tap { |x| x.scan(/test str/) }.inspect
