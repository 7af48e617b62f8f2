# URI: the setters and their checks, build, merge (RFC 3986 section 5.4's examples), URI.join.
require 'uri'

u = URI("http://example.com"); u.path = "/z"; u.query = "a=b"; u.port = 81; p u
p URI::HTTP.build(host: "ex.com", path: "/p", query: "q=1"), URI::HTTPS.build(host: "ex.com", port: 444)
p URI::HTTP.build(["u", "h", 8, "/p", "q", "f"])
p URI::Generic.build(scheme: "foo", host: "h", path: "/x")
begin; URI("http://a.com").port = "x"; rescue => e; p e.class, e.message; end
begin; URI::HTTP.build(host: "a b"); rescue => e; p e.class, e.message; end
p URI("http://a/").user, URI("http://a/").password
u = URI("http://a/"); u.user = "bob"; u.password = "pw"; p u; u.userinfo = "x:y"; p u.userinfo
u = URI("http://a/"); u.host = "B.com"; p u, u.host
begin; u.path = "x"; rescue => e; p e.class, e.message; end
begin; u.scheme = "1x"; rescue => e; p e.class, e.message; end
u.query = "a b"; p u
u.fragment = "a b"; p u
u.fragment = nil; u.query = nil; p u
u.scheme = "HTTPS"; p u.scheme, u
m = URI("mailto:a@b.com"); m.to = "c@d.com"; m.headers = "x=y"; p m, m.to, m.headers

base = URI("http://a/b/c/d;p?q")
["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s",
 "", ".", "./", "..", "../", "../g", "../..", "../../", "../../g", "../../../g", "/./g", "/../g",
 "g.", "..g", "g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g#s/../x"].each do |r|
  puts "#{r.inspect} -> #{(base + r)}"
end
p URI("http://a.com/x").merge("y"), URI("http://a/b").merge(URI("//c/d"))
p URI.join("http://example.com/a/", "b", "c/d"), URI.join("http://x.org/a/b", "../c")
p URI.join("http://example.com", "foo").to_s
begin; URI("a/b") + "c"; rescue => e; p e.class, e.message; end
