# env: TZ=UTC
# oracle: system ruby 3.1, because pstore is a bundled gem the oracle lacks
require "pstore"
path = "/tmp/rubra_pstore_#{$$}.db"
File.delete(path) if File.exist?(path)
store = PStore.new(path)
p store.path == path, File.exist?(path)
r = store.transaction do |s|
  p s.equal?(store), s.roots
  s[:list] = [1, "two", 3.0, nil]
  s["hash"] = { a: { b: [:c] } }
  s[42] = "answer"
  :returned
end
p r, File.exist?(path), File.size(path) > 0
store.transaction(true) do
  p store.roots, store[:list], store["hash"][:a][:b], store["hash"].keys, store[42], store[:missing]
  p store.root?(:list), store.root?(:nope)
  p store.fetch(42), store.fetch(:nope, :dflt)
  begin
    store.fetch(:nope)
  rescue PStore::Error => e
    p e.class
  end
  begin
    store[:x] = 1
  rescue PStore::Error => e
    p e.message
  end
  begin
    store.delete(:list)
  rescue PStore::Error => e
    p e.message
  end
end
# abort drops the changes, commit keeps them and ends the block early
store.transaction do
  store[:list] << 4
  store[:tmp] = true
  store.abort
  p :not_reached
end
store.transaction(true) { p store[:list], store.root?(:tmp) }
r = store.transaction do
  store.delete(42)
  store[:new] = Struct.new(:a).name
  store.commit
  p :not_reached
end
p r
store.transaction(true) { p store.roots }
# the data survives in another PStore object on the same file
other = PStore.new(path)
p(other.transaction(true) { other[:list] })
# errors outside a transaction and nested ones
[-> { store[:list] }, -> { store[:a] = 1 }, -> { store.roots }, -> { store.commit }, -> { store.abort }].each do |f|
  f.call
rescue PStore::Error => e
  p e.message
end
begin
  store.transaction { store.transaction { } }
rescue PStore::Error => e
  p e.message
end
# an exception in the block leaves the file as it was
begin
  store.transaction { store[:list] = :changed; raise "boom" }
rescue => e
  p e.message
end
store.transaction(true) { p store[:list] }
# a read-only transaction on a missing file sees an empty store
missing = PStore.new("/tmp/rubra_pstore_missing_#{$$}.db")
p(missing.transaction(true) { missing.roots })
p File.exist?("/tmp/rubra_pstore_missing_#{$$}.db")
begin
  PStore.new("/nonexistent_dir_#{$$}/x.db")
rescue PStore::Error => e
  p e.message.sub($$.to_s, "PID")
end
# the file is Marshal's dump of the table
t = Marshal.load(File.binread(path)); p t.class, t.keys, t[:list], t["hash"][:a][:b]
File.write(path, Marshal.dump([1, 2]))
begin
  store.transaction { }
rescue PStore::Error => e
  p e.message
end
ultra = PStore.new(path)
ultra.ultra_safe = true
p ultra.ultra_safe
File.delete(path)
ultra.transaction { ultra[:u] = 1 }
p(ultra.transaction(true) { ultra.roots })
p Dir.glob("#{path}.tmp*")
File.delete(path)
