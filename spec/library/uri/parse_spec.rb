# URI.parse / URI(): the scheme classes and their components, to_s, inspect, ==, errors.
require 'uri'

def t(s)
  u = URI(s)
  p [u.class, u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment, u.opaque, u.to_s]
rescue => e
  p [s, e.class, e.message]
end

u = URI.parse("http://user:pw@www.example.com:8080/a/b/c.html?x=1&y=2#frag")
p u, u.class, u.scheme, u.userinfo, u.user, u.password, u.host, u.port, u.path, u.query, u.fragment, u.to_s
p u.request_uri, u.hostname, u.default_port, u.absolute?, u.relative?, u.opaque, u.registry
p URI("https://example.com"), URI("https://example.com").port, URI("https://example.com").path
f = URI("ftp://ftp.example.com/pub/file.txt;type=i")
p f, f.typecode, f.path
m = URI("mailto:joe@example.com?subject=hi")
p m, m.class, m.to, m.headers, m.opaque
f = URI("file:///etc/hosts")
p f, f.class, f.host, f.path
g = URI("foo/bar?q#x")
p g, g.class, g.path, g.query, g.fragment, g.scheme
p URI("urn:isbn:123"), URI("urn:isbn:123").opaque
[
  "http://a:/", "http://a/?q=a b", "http://a/?q=a|b[]", "http://a/#a b", "http://a/#a#b",
  "http://a/p ath", "http://a/p|ath", "HTTP://A.COM:080/X", "file:/etc", "file://host/etc", "",
  "//host.com/x", "a:b", "1a:b", "/a:b", "a%2", "http://user@host", "http://[fe80::1%25eth0]/",
  "mailto:", "mailto:a@b.com,c@d.com?cc=x@y.com&body=hi%20there", "mailto:x",
  "ftp://u:p@h/%2Fabs/file;type=a", "ws://h/x", "https://h:443", "http://h:65536",
  "http://-h.com/", "http://h_h.com/", "http://user:p:w@h/", "http://exa mple.com", "http://[::1",
  "http://[::1]:3000/x"
].each { |s| t(s) }
p URI("ftp://h/pub/f").path, URI("ftp://h/%2Fpub/f").path
begin; URI(nil); rescue => e; p e.class, e.message; end
begin; URI.parse(1); rescue => e; p e.class, e.message; end
p URI("http://[::1]:3000/x").host, URI("http://[::1]:3000/x").hostname
p URI.split("http://u@h:1/p?q#f")

# equality and hashing
p URI("http://a.com") == URI("http://a.com"), URI("http://A.com") == URI("http://a.com")
p URI("http://a.com").eql?(URI("http://a.com")), URI("HTTP://a.com/").scheme
p URI("http://a/b").hash == URI("http://a/b").hash, URI("http://a/b").eql?(URI("http://a/b/"))
p URI("http://a/b") == "http://a/b", URI("http://a/") == URI("https://a/")
p URI("HTTP://EXAMPLE.com/A").normalize.to_s, URI("http://example.com").normalize
p URI("http://a.com:80/").to_s, URI("http://a:8080").inspect
p URI("http://example.com/%7Efoo").path, URI("http://example.com?q").path
p URI("http://a/b?x").request_uri, URI("http://a").request_uri
p URI("http://a/b/c").relative?, URI("b/c").absolute?, URI("http://a").hierarchical?
p URI::HTTP.default_port, URI::HTTPS.default_port, URI::FTP.default_port, URI::Generic.default_port
p URI("http://a").component, URI::HTTP.component
p URI.scheme_list.keys.include?("HTTP"), URI.scheme_list["MAILTO"]
p URI::InvalidURIError.ancestors.take(3), URI::InvalidComponentError.superclass
