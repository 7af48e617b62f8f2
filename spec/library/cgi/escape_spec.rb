require "cgi"
p CGI.escape("a b&c=d/é~*"), CGI.unescape("a+b%26c%3D%C3%A9%zz"), CGI.escapeHTML(%q{<a href="x">'&'</a>}), CGI.unescapeHTML("&lt;&amp;&gt;&quot;&#39;&#x41;&#65;&apos;&nbsp;&bogus;")
p CGI.escapeURIComponent("a b+c") rescue p $!
p CGI.unescapeURIComponent("a+b%20c") rescue p $!
p CGI.escape_html("<") rescue p $!
p CGI.h("<") rescue p $!
p CGI.escapeElement('<BR><A HREF="url"></A>', "A", "IMG") rescue p $!
p CGI.singleton_methods.sort
p CGI.unescape("%41%4", "UTF-8") rescue p $!
p CGI.escape(:sym) rescue p $!
p CGI.escape(""), CGI.escape("~-._"), CGI.unescape("%E3%81%82").encoding, CGI.unescape("%FF").valid_encoding?
p CGI.escapeHTML("plain"), CGI.unescapeHTML("&#x110000;&#1234567890;&#955;")
p CGI.unescapeElement(CGI.escapeHTML('<BR><A HREF="url"></A>'), "A", ["BR"]) rescue p $!
p CGI.unescapeElement(CGI.escapeHTML('<BR><A HREF="url"></A>'), "A")
