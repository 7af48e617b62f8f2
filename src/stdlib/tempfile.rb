# frozen_string_literal: true
#
# tempfile: Tempfile, a File in Dir.tmpdir with a unique name, opened "w+" with mode 0600,
# that stands for the File (a DelegateClass(File)) and can be reopened, unlinked and closed
# with its file removed (`close!`); Tempfile.create, a plain File removed after its block.
# Written for rubra: the file is removed by `close!`/`unlink` or at the block's end, not by
# a finalizer when the object is collected.

require "delegate"
require "tmpdir"

class Tempfile < DelegateClass(File)
  VERSION = "0.3.1"

  # Tempfile.new(basename = "", tmpdir = nil, mode: 0, **options): basename is a prefix or
  # [prefix, suffix]
  def initialize(basename = "", tmpdir = nil, mode: 0, **options)
    warn "Tempfile.new doesn't call the given block.", uplevel: 1 if block_given?
    @unlinked = false
    @mode = mode | File::RDWR | File::CREAT | File::EXCL
    @opts = options
    tmpfile = nil
    Dir::Tmpname.create(basename, tmpdir, **options) do |path, _n, opts, _origdir|
      tmpfile = File.open(path, @mode, 0o600, **opts)
    end
    @tmpfile = tmpfile
    super(tmpfile)
  end

  # open -> reopens the file (for reading and writing, at its start)
  def open
    @tmpfile.close unless @tmpfile.closed?
    @tmpfile = File.open(@tmpfile.path, @mode & ~(File::CREAT | File::EXCL), **@opts)
    __setobj__(@tmpfile)
  end

  # close(unlink_now = false)
  def close(unlink_now = false)
    @tmpfile.close unless @tmpfile.closed?
    unlink if unlink_now
    nil
  end

  # close!: closes and removes the file
  def close!
    close(true)
  end

  # unlink: removes the file (its path becomes nil)
  def unlink
    return if @unlinked
    begin
      File.unlink(@tmpfile.path)
    rescue Errno::ENOENT
      nil
    end
    @unlinked = true
  end
  alias delete unlink

  # path -> the file's path (nil once unlinked)
  def path
    @unlinked ? nil : @tmpfile.path
  end

  def size
    if !@tmpfile.closed?
      @tmpfile.size
    elsif !@unlinked
      File.size(@tmpfile.path)
    else
      0
    end
  end
  alias length size

  def inspect
    if @tmpfile.closed?
      "#<#{self.class}:#{path} (closed)>"
    else
      "#<#{self.class}:#{path}>"
    end
  end
  alias to_s inspect

  # Tempfile.open(*args) { |tempfile| ... }: with a block, the block's value, the file closed
  # (not removed) afterwards
  def self.open(*args, **kw)
    tempfile = new(*args, **kw)
    return tempfile unless block_given?
    begin
      yield tempfile
    ensure
      tempfile.close
    end
  end

  # Tempfile.create(basename = "", tmpdir = nil, mode: 0, **options) -> a File; with a block,
  # yields it and removes it afterwards, answering the block's value
  def self.create(basename = "", tmpdir = nil, mode: 0, anonymous: false, **options)
    tmpfile = nil
    Dir::Tmpname.create(basename, tmpdir, **options) do |path, _n, opts, _origdir|
      mode |= File::RDWR | File::CREAT | File::EXCL
      tmpfile = File.open(path, mode, 0o600, **opts)
    end
    return tmpfile unless block_given?
    begin
      yield tmpfile
    ensure
      tmpfile.close unless tmpfile.closed?
      begin
        File.unlink(tmpfile.path)
      rescue Errno::ENOENT
        nil
      end
    end
  end
end
