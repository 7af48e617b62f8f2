# rubra's stand-in for mspec, the framework ruby/spec's files are written for (its code is the
# project's own): loading this file defines describe/it, should and the matchers, the guards, the
# mock and the helpers. The snapshot's `spec_helper.rb` (made by the runner, spec/ruby_spec/main.rs)
# requires it; `run_file.rb` loads it and then one spec file.

require_relative "context"
require_relative "matchers"
require_relative "guards"
require_relative "mock"
require_relative "helpers"
