# ERB: the tags (<% %>, <%= %>, <%# %>, <%% and %%>), the trim modes ("-", ">", "<>", "%" and
# "%-"), result with a binding, result_with_hash, run, locals from the binding, errors keeping
# the template's line numbers, def_method, and ERB::Util's escapes.
require "erb"

def show
  p yield
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end

items = %w[apple pear]
t = ERB.new("<ul>\n<% items.each do |i| %>\n  <li><%= i %></li>\n<% end %>\n</ul>\n")
puts t.result(binding)
t = ERB.new("<ul>\n<%- items.each do |i| -%>\n  <li><%= i -%></li>\n  <%- end -%>\n</ul>\n", trim_mode: "-")
puts t.result(binding)
t = ERB.new("a <% 1 %>\nb <%= 2 %>\nc\n", trim_mode: ">")
p t.result
t = ERB.new("<% if true %>\nyes\n<% end %>\nx <%= 1 %>\n<%= 2 %>\n", trim_mode: "<>")
p t.result
t = ERB.new("% items.each do |i|\n* <%= i %>\n% end\n%% literal\n", trim_mode: "%")
p t.result(binding)
t = ERB.new("% 2.times do\n  <%- if true -%>\n  x\n  <%- end -%>\n% end\n", trim_mode: "%-")
p t.result
p ERB.new("<%% not a tag %> <%# comment %>done <%= '%%>' %>").result
p ERB.new("<%= x %> and <%= y * 2 %>").result_with_hash(x: 1, y: 21)
p ERB.new("<% z = 3 %><%= z %>").result, ERB.new("<%= [1,\n2].sum %>").result
ERB.new("run: <%= 1 + 1 %>\n").run
show { ERB.new("line 1\n<%= nope %>\n").result }
e = ERB.new("one\ntwo <%= raise 'boom' %>\n")
e.filename = "tpl.erb"
begin
  e.result
rescue => err
  p err.message, err.backtrace.first[/tpl.erb:\d+/]
end
class Greeter
  def initialize(name) = @name = name
end
ERB.new("Hello, <%= @name %>!").def_method(Greeter, "greet")
p Greeter.new("erb").greet
p ERB::Util.html_escape(%q(<a href="x">'&'</a>)), ERB::Util.url_encode("a b&c/é")
include ERB::Util
p h("<>"), u("?")
show { ERB.new("x").result(1) }
p ERB.new("<% x = 1 # note %>after").result
p ERB.version.class
