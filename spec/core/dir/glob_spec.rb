# Dir.glob and Dir[] over a scratch tree of directories and symbolic links (as entries): wildcards,
# "**/", braces, sets, escapes, hidden entries, FNM_DOTMATCH, base:, arrays, the block form
R = "/tmp/rubra_spec_dir_glob"
def rm_r(path)
  if File.symlink?(path) || !File.directory?(path)
    File.delete(path)
  else
    Dir.children(path).each { |c| rm_r("#{path}/#{c}") }
    Dir.rmdir(path)
  end
end
rm_r(R) if File.symlink?(R) || File.exist?(R)
Dir.mkdir(R)
["a", "a/b", "a/b/c", ".hid", ".hid/in", "b", "z", "a/.dd", "A"].each { |d| Dir.mkdir("#{R}/#{d}") }
["x.rb", "y.txt", "z.rb", ".dot.rb", "a/m.rb", "a/n.c", "a/b/deep.rb", "a/b/c/deeper.rb", ".hid/h.rb",
 ".hid/in/i.rb", "b/q.tar.gz", "a/.dd/e.rb", "a/.f.rb", "Zed.rb", "ab", "abc", "a.b", "[x]", "x*y",
 "A/u.RB"].each { |f| File.symlink("target", "#{R}/#{f}") }
def t
  yield
rescue => e
  puts "#{e.class}: #{e.message}"
end
Dir.chdir(R) do
  ["*", "*.rb", "**/*.rb", "**/", "**", "**/*", "a/**/*.rb", "a/**", "*/", "**/b", "a/*/", "*/.*",
   "**/.*", ".*/**/*.rb", "{x,z}.rb", "{z,x}.rb", "{a,b}/*", "a{,b,bc}", "?b", "a?", "[ab]*", "[!ab]*",
   "[^a-y]*", "[a-c]b*", "\\[x\\]", "x\\*y", "x*", "nope", "nope/*", "a/b", "a/b/", "a/nope",
   "./*.rb", "../rubra_spec_dir_glob/*.rb", "a/../z*", "*/*/*", "**/b/**/*.rb", "**/**/*.rb",
   "a/*.{rb,c}", "{a/{m,n},b/q}*", "{", "a}", "x{a,b", "*.RB", "A/*", "[", "[a-", "a/b/c/deeper.rb",
   "**/deep*", ".", "..", "a/.", ".hid/*", "*/*.rb", "", "a//m.rb", "**/*.{c,gz}"].each do |pa|
    puts "#{pa.inspect} => #{Dir.glob(pa).inspect}"
  end
  ["*", "**/*.rb", "**/", "a/*", "*/.*"].each do |pa|
    puts "DOTMATCH #{pa.inspect} => #{Dir.glob(pa, File::FNM_DOTMATCH).inspect}"
  end
  p Dir.glob(["*.rb", "a/*"]), Dir["*.rb", "b/*"], Dir["*.c", "**/*.c"], Dir.glob([])
  t { Dir[["z*", "y*"]] }
  r = []
  p Dir.glob("*.rb") { |x| r << x }
  p r
  p Dir.glob("*.rb", base: "a"), Dir.glob("**/*.rb", base: "a/b"), Dir["*", base: "b"]
  p Dir.glob("*", base: nil).size, Dir.glob("*", base: "").size, Dir.glob("*", sort: true).size
  o = Object.new
  def o.to_path = "a/*.c"
  p Dir.glob(o), Dir[o]
  t { Dir.glob("*", bogus: 1) }
  t { Dir.glob(1) }
  t { Dir.glob }
  t { Dir.glob(nil) }
  t { Dir.glob("*", 0, 1) }
end
p Dir.glob("#{R}/a/*.rb"), Dir.glob("/tmp/rubra_spec_dir_glo?/z*"), Dir["#{R}/**/c/"]
p Dir.glob("*.rb", base: R), Dir.glob("nope*", base: "#{R}/nonexist")
rm_r(R)
p File.exist?(R)
