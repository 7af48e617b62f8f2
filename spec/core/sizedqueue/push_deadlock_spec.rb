# Pushing onto a full SizedQueue with no other thread to pop it is CRuby's deadlock (fatal).
# (One per program: CRuby waits for ever on a second deadlock after rescuing the first.)
s = SizedQueue.new(1)
s << 1
begin
  s << 2
rescue Exception => e
  p e.class
  puts e.message.lines.first
end
p s.size
