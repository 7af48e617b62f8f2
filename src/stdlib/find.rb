# find: Find.find walks directory trees depth first, each directory's entries in sorted order,
# yielding every path (the starting ones as given); Find.prune inside the block skips the
# directory just yielded. Written for rubra on File.lstat and Dir.children.

module Find
  # Walks each of `paths` (Errno::ENOENT for one that does not exist). Unreadable entries are
  # skipped unless `ignore_error` is false. Without a block, an Enumerator.
  def find(*paths, ignore_error: true, &block)
    return enum_for(:find, *paths, ignore_error: ignore_error) unless block
    paths = paths.map do |path|
      path = path.to_path if path.respond_to?(:to_path)
      raise Errno::ENOENT, path unless File.exist?(path) || File.symlink?(path)
      path.dup
    end
    paths.each { |path| Find.__send__(:walk, path, ignore_error, &block) }
    nil
  end

  # Skips the directory the block was given (call it only inside Find.find's block).
  def prune
    throw :prune
  end

  module_function :find, :prune

  class << self
    private

    def walk(path, ignore_error)
      pending = [path]
      until pending.empty?
        current = pending.shift
        catch(:prune) do
          yield current.dup
          entries = children_of(current, ignore_error)
          pending.unshift(*entries.map { |e| File.join(current, e) }) if entries
        end
      end
    end

    # The sorted entries of directory `path`, or nil when it is not a directory (or cannot
    # be read and errors are ignored).
    def children_of(path, ignore_error)
      return nil unless File.lstat(path).directory?
      Dir.children(path).sort
    rescue Errno::ENOENT, Errno::EACCES, Errno::ENOTDIR, Errno::ELOOP, Errno::ENAMETOOLONG,
           Errno::EINVAL
      raise unless ignore_error
      nil
    end
  end
end
