# The helpers ruby/spec's specs and fixtures call: numbers (nan_value, infinity_value,
# bignum_value, fixnum_max...), ScratchPad, files (tmp, fixture, touch, rm_r, mkdir_p, cp, new_io,
# new_fd, mock_to_path), warnings (suppress_warning), time zones (with_timezone), ARGF (argf) and
# subprocesses (ruby_exe, ruby_cmd).

TOLERANCE = 0.00003 unless defined?(TOLERANCE)
TIME_TOLERANCE = 20.0 unless defined?(TIME_TOLERANCE)

def nan_value = 0 / 0.0
def infinity_value = 1 / 0.0
def bignum_value(plus = 0) = 2**64 + plus
def fixnum_max = 2**62 - 1
def fixnum_min = -(2**62)
def max_long = 2**63 - 1
def min_long = -(2**63)

# Where examples record what happened, to check afterwards.
module ScratchPad
  def self.clear = (@record = nil)
  def self.record(value) = (@record = value)
  def self.recorded = @record

  def self.<<(value)
    @record << value
    self
  end
end

# The scratch directory of this process (the runner gives every file its own).
SPEC_TEMP_DIR = File.expand_path(ENV["RUBY_SPEC_TMPDIR"] || "rubyspec_temp/#{$$}") unless defined?(SPEC_TEMP_DIR)

module RubySpecFiles
  @unique = 0
  def self.next_unique = (@unique += 1)

  # rm_r refuses to delete anything outside the scratch directory or the copy of the snapshot.
  def self.deletable?(path)
    full = File.expand_path(path)
    roots = [SPEC_TEMP_DIR, File.expand_path(ENV["RUBY_SPEC_ROOT"] || Dir.pwd)]
    roots.any? { |r| full == r || full.start_with?(r + "/") }
  end
end

def tmp(name, uniquify = true)
  mkdir_p(SPEC_TEMP_DIR)
  if uniquify && !name.empty?
    slash = name.rindex("/")
    at = slash ? slash + 1 : 0
    name = name[0, at] + "#{RubySpecFiles.next_unique}-" + name[at..]
  end
  File.join(SPEC_TEMP_DIR, name)
end

# fixture(__FILE__, "a.txt"): a file in the fixtures directory beside the spec (or beside the
# shared/ directory a shared spec is in).
def fixture(file, *args)
  dir = File.dirname(File.expand_path(file))
  dir = File.dirname(dir) if File.basename(dir) == "shared"
  dir = File.join(dir, "fixtures") unless File.basename(dir) == "fixtures"
  File.join(dir, *args)
end

def mkdir_p(path)
  return if File.directory?(path)
  parent = File.dirname(path)
  mkdir_p(parent) unless parent == path
  Dir.mkdir(path) unless File.directory?(path)
end

def rm_r(*paths)
  paths.each do |path|
    path = File.expand_path(path)
    raise ArgumentError, "rm_r: #{path} is outside the scratch directory" unless RubySpecFiles.deletable?(path)
    if File.symlink?(path)
      File.delete(path)
    elsif File.directory?(path)
      Dir.children(path).each { |c| rm_r(File.join(path, c)) }
      Dir.rmdir(path)
    elsif File.exist?(path)
      File.delete(path)
    end
  end
end

def touch(name, mode = "w")
  mkdir_p(File.dirname(name))
  File.open(name, mode) { |f| yield f if block_given? }
end

def cp(source, dest)
  File.binwrite(dest, File.binread(source))
end

def new_io(name, mode = "w:utf-8")
  mode.is_a?(Hash) ? File.new(name, **mode) : File.new(name, mode)
end

def new_fd(name, mode = "w:utf-8")
  new_io(name, mode).fileno
end

def suppress_warning
  saved = $VERBOSE
  $VERBOSE = nil
  yield
ensure
  $VERBOSE = saved
end

def with_timezone(name, offset = nil)
  zone = name.dup
  if offset
    offset = -offset # the sign of a POSIX TZ offset is the other way round
    zone << (offset > 0 ? "+" : "") << offset.to_s
  end
  saved = ENV["TZ"]
  ENV["TZ"] = zone
  begin
    yield
  ensure
    ENV["TZ"] = saved
  end
end

# argf(["a", "b"]) { ... }: runs the block with @argf an ARGF over those files.
def argf(files)
  saved = ARGV.dup
  ARGV.replace(files)
  @argf = ARGF.class.new(*files)
  begin
    yield
  ensure
    @argf = nil
    ARGV.replace(saved)
  end
end

RUBY_EXE = (ENV["RUBY_EXE"] || "rubra") unless defined?(RUBY_EXE)

# The command line that runs `code` (a file if one exists by that name, else an -e program).
def ruby_cmd(code, options: nil, args: nil, escape: true)
  body = code
  if code && !File.exist?(code) && escape
    body = "-e '" + code.gsub("'", "'\\\\''") + "'"
  end
  [RUBY_EXE, options, body, args].compact.join(" ")
end

def ruby_exe(code = :none, options: nil, args: nil, env: {}, exit_status: 0, exception: true, escape: true)
  return RUBY_EXE.split(" ") if code == :none
  cmd = ruby_cmd(code, options: options, args: args, escape: escape)
  out = Kernel.__send__(:`, cmd)
  status = $?
  if exception && status && status.exitstatus != exit_status
    raise SpecExpectationNotMetError, "Expected exit status #{exit_status} but got #{status.exitstatus} for #{cmd}"
  end
  out
end
