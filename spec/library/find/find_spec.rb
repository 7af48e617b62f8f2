# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) cannot make the directory tree in /tmp
# Find.find: depth first with sorted entries, the starting paths as given, several roots,
# Find.prune, a plain file as root, a missing root (Errno::ENOENT), the Enumerator without a
# block, and a Pathname-like root.
require "find"
require "tmpdir"

Dir.mktmpdir("findspec") do |dir|
  Dir.chdir(dir) do
    %w[a/b/c a/d e].each { |d| Dir.mkdir(d) rescue nil; FileUtils.mkdir_p(d) if defined?(FileUtils) }
    %w[a/b/c/f1 a/b/f2 a/d/f3 e/f4 top].each { |f| File.write(f, f) }
    seen = []
    Find.find("a", "e") { |path| seen << path }
    p seen
    p Find.find(".").to_a
    pruned = []
    Find.find("a") do |path|
      Find.prune if path == "a/b"
      pruned << path
    end
    p pruned
    p Find.find("top").to_a, Find.find("a/").first(2)
    begin
      Find.find("missing") { }
    rescue Errno::ENOENT => e
      p e.class
    end
    root = Struct.new(:to_path).new("e")
    p Find.find(root).to_a
    p Find.find("e") { }
  end
end
