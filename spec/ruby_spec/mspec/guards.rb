# The guards ruby/spec wraps examples in, as mspec names them. rubra is measured as Ruby 4.0.0 on
# x86_64-linux, as no other implementation (so `not_supported_on` always runs its block) and with
# every known CRuby bug fixed (so `ruby_bug` always runs its block). Called with a block, a guard
# runs it when it holds; called without one, it answers whether it holds.

module RubySpecGuards
  VERSION = (defined?(RUBY_VERSION) ? RUBY_VERSION : "4.0.0")
  OS = :linux
  # The features `with_feature` asks for that rubra has.
  FEATURES = [:encoding].freeze

  # "3.2" -> [3, 2, 0]; "" -> [0, 0, 0].
  def self.version_parts(text)
    parts = text.to_s.split(".").map { |s| s.to_i }
    parts << 0 while parts.size < 3
    parts[0, 3]
  end

  def self.version_matches?(spec, version = VERSION)
    v = version_parts(version)
    case spec
    when Range
      low = version_parts(spec.begin)
      high = version_parts(spec.end)
      return false if (v <=> low) < 0
      spec.exclude_end? ? (v <=> high) < 0 : (v <=> high) <= 0
    else
      (v <=> version_parts(spec)) >= 0
    end
  end

  def self.platform?(names, options)
    return true if names.include?(OS)
    options.each do |key, value|
      case key
      when :wordsize, :c_long_size, :pointer_size, :size_t_size
        return true if value == 64
      when :os
        return true if Array(value).include?(OS)
      end
    end
    false
  end

  def self.run(holds)
    return holds unless block_given?
    yield if holds
    holds
  end

  def self.kernel_version
    File.read("/proc/sys/kernel/osrelease").strip
  rescue Exception
    "0"
  end
end

def ruby_version_is(spec, &block)
  RubySpecGuards.run(RubySpecGuards.version_matches?(spec), &block)
end

def kernel_version_is(spec, &block)
  version = RubySpecGuards.kernel_version.split("-").first
  RubySpecGuards.run(RubySpecGuards.version_matches?(spec, version), &block)
end

def platform_is(*names, **options, &block)
  RubySpecGuards.run(RubySpecGuards.platform?(names, options), &block)
end

def platform_is_not(*names, **options, &block)
  RubySpecGuards.run(!RubySpecGuards.platform?(names, options), &block)
end

def not_supported_on(*implementations, &block)
  RubySpecGuards.run(!implementations.include?(:rubra), &block)
end

def ruby_bug(bug, version = nil, &block)
  RubySpecGuards.run(true, &block)
end

def with_feature(*features, &block)
  RubySpecGuards.run(features.all? { |f| RubySpecGuards::FEATURES.include?(f) }, &block)
end

def without_feature(*features, &block)
  RubySpecGuards.run(features.none? { |f| RubySpecGuards::FEATURES.include?(f) }, &block)
end

def guard(condition, &block)
  RubySpecGuards.run(condition.call ? true : false, &block)
end

def guard_not(condition, &block)
  RubySpecGuards.run(condition.call ? false : true, &block)
end

def big_endian(&block) = RubySpecGuards.run(false, &block)
def little_endian(&block) = RubySpecGuards.run(true, &block)
# Examples for a particular user (root or not) do not run at all: what they check depends on who
# runs the suite (root here, an ordinary user in CI), and tags.txt must hold on every machine.
def as_superuser(&block) = RubySpecGuards.run(false, &block)
def as_user(&block) = RubySpecGuards.run(false, &block)

def as_real_superuser(&block) = RubySpecGuards.run(false, &block)

def conflicts_with(*names, &block)
  RubySpecGuards.run(names.none? { |n| Object.const_defined?(n) }, &block)
end

def with_block_device(&block) = RubySpecGuards.run(false, &block)
def process_is_foreground(&block) = RubySpecGuards.run(true, &block)
def quarantine!(&block) = RubySpecGuards.run(false, &block)
def slow(&block) = RubySpecGuards.run(true, &block)
def flaky(&block) = RubySpecGuards.run(false, &block)
