# frozen_string_literal: true
#
# tmpdir: Dir.tmpdir (the directory for temporary files: $TMPDIR, $TMP or $TEMP when it is a
# writable directory, else /tmp) and Dir.mktmpdir (a new private directory there, removed
# after the block when one is given), and Dir::Tmpname, which makes the unique names that
# tempfile uses too. Written for rubra.

require "fileutils"

class Dir
  # Dir.tmpdir -> the directory for temporary files
  def self.tmpdir
    ["TMPDIR", "TMP", "TEMP"].each do |name|
      dir = ENV[name]
      next if dir.nil? || dir.empty?
      return File.expand_path(dir) if File.directory?(dir) && File.writable?(dir)
    end
    "/tmp"
  end

  # Dir.mktmpdir(prefix_suffix = nil, tmpdir = nil) -> the path of a new directory (mode
  # 0700); with a block, yields it, removes it afterwards and answers the block's value
  def self.mktmpdir(prefix_suffix = nil, *rest, **options)
    base = nil
    path = Tmpname.create(prefix_suffix || "d", *rest, **options) do |p, _, _, d|
      base = d
      mkdir(p, 0o700)
    end
    return path unless block_given?
    begin
      yield path.dup
    ensure
      if File.directory?(path)
        FileUtils.remove_entry(path)
      end
      base
    end
  end

  # Unique names for temporary files and directories.
  module Tmpname
    module_function

    def tmpdir
      Dir.tmpdir
    end

    # The characters a name's prefix and suffix keep (a String#delete set: the others go).
    USABLE = "^,-.0-9A-Z_a-z~"

    # create(basename, tmpdir = nil, max_try: nil) { |path, n, opts, dir| ... } -> path: the
    # first name "#{prefix}#{YYYYMMDD}-#{pid}-#{random}#{suffix}" the block creates without
    # Errno::EEXIST
    def create(basename, tmpdir = nil, max_try: nil, **opts)
      origdir = tmpdir
      tmpdir ||= self.tmpdir
      n = nil
      prefix, suffix = basename
      prefix = prefix.to_path if prefix.respond_to?(:to_path)
      raise ArgumentError, "unexpected prefix: #{prefix.inspect}" unless prefix.respond_to?(:to_str)
      prefix = prefix.to_str
      prefix = prefix.delete(USABLE)
      if suffix
        raise ArgumentError, "unexpected suffix: #{suffix.inspect}" unless suffix.respond_to?(:to_str)
        suffix = suffix.to_str
      end
      suffix = suffix&.delete(USABLE)
      begin
        t = Time.now.strftime("%Y%m%d")
        path = +"#{prefix}#{t}-#{$$}-#{rand(0x100000000).to_s(36)}"
        path << "-#{n}" if n
        path << suffix if suffix
        path = File.join(tmpdir, path)
        yield(path, n, opts, origdir)
      rescue Errno::EEXIST
        n ||= 0
        n += 1
        retry if !max_try || n < max_try
        raise "cannot generate temporary name using '#{basename}' under '#{tmpdir}'"
      end
      path
    end
  end
end
