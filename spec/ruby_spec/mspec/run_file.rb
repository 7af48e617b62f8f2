# `rubra spec/ruby_spec/mspec/run_file.rb core/float/abs_spec.rb`, run from the root of the copy of
# the ruby/spec snapshot: loads the mspec stand-in, then the spec file (as mspec does, with
# `require`), whose examples report to $RUBY_SPEC_REPORT (see context.rb).

require_relative "mspec"

spec_file = ARGV.shift
ARGV.clear
RubySpec.run_file(spec_file)
