# File.fnmatch and fnmatch?: wildcards, FNM_PATHNAME with **/, the leading-dot rule,
# FNM_DOTMATCH, FNM_EXTGLOB braces, FNM_CASEFOLD, FNM_NOESCAPE, bracket sets.
def t(*a)
  p [a, File.fnmatch(*a)]
rescue Exception => e
  puts "#{e.class}: #{e.message}"
end
t "*.rb", "a.rb"
t "*.rb", "lib/a.rb"
t "*.rb", "lib/a.rb", File::FNM_PATHNAME
t "**/*.rb", "lib/a/b.rb", File::FNM_PATHNAME
t "**/*.rb", "b.rb", File::FNM_PATHNAME
t "**/*.rb", "lib/.x/b.rb", File::FNM_PATHNAME
t "**/*.rb", "lib/.x/b.rb", File::FNM_PATHNAME | File::FNM_DOTMATCH
t "**/*.rb", "lib/a/b.rb"
t "**.rb", "lib/a/b.rb", File::FNM_PATHNAME
t "*", ".hidden"
t "*", ".hidden", File::FNM_DOTMATCH
t ".*", ".hidden"
t "*", "a/.b"
t "*", "a/.b", File::FNM_PATHNAME
t "*/*", "a/.b", File::FNM_PATHNAME
t "a?c", "a/c"
t "a?c", "a/c", File::FNM_PATHNAME
t "a[/]c", "a/c", File::FNM_PATHNAME
t "{a,b}", "a"
t "{a,b}", "a", File::FNM_EXTGLOB
t "c{at,ub}s", "cubs", File::FNM_EXTGLOB
t "A*", "abc", File::FNM_CASEFOLD
t "[a-c]?", "bz"
t "[!a-c]?", "bz"
t "[^a-c]?", "zz"
t "\\*", "*"
t "\\*", "\\*", File::FNM_NOESCAPE
t "*", "", 0
t "", "", 0
t "lib/**/", "lib/a/b/", File::FNM_PATHNAME
t "**/foo", "a/b/foo", File::FNM_PATHNAME
t "**/foo", "foo", File::FNM_PATHNAME
t "**/foo", ".a/foo", File::FNM_PATHNAME
t "*/**/foo", "x/foo", File::FNM_PATHNAME
t "**/*", "a/b", File::FNM_PATHNAME
p File.fnmatch?("*", "x")
t "*.rb", :sym
