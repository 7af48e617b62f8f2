# The version constants: RUBY_VERSION and the release facts of the CRuby version followed; the
# engine's own constants are checked in form (their values name the implementation).
p RUBY_VERSION, RUBY_PATCHLEVEL, RUBY_RELEASE_DATE, RUBY_REVISION
%w[RUBY_VERSION RUBY_RELEASE_DATE RUBY_PLATFORM RUBY_ENGINE RUBY_ENGINE_VERSION RUBY_COPYRIGHT
   RUBY_DESCRIPTION RUBY_REVISION].each do |name|
  v = Object.const_get(name)
  p [name, v.class, v.frozen?, v.encoding, v.empty?]
end
p RUBY_PATCHLEVEL.class
p RUBY_DESCRIPTION.start_with?("#{RUBY_ENGINE} #{RUBY_ENGINE_VERSION} (")
p RUBY_DESCRIPTION.end_with?("[#{RUBY_PLATFORM}]")
p RUBY_DESCRIPTION.include?(RUBY_RELEASE_DATE)
p RUBY_COPYRIGHT.start_with?("#{RUBY_ENGINE} - Copyright (C) ")
p RUBY_PLATFORM.split("-").size >= 2
p RUBY_VERSION.split(".").map(&:to_i)
p((RUBY_VERSION <=> "3.4") > 0)
p defined?(RUBY_ENGINE), Object.const_defined?(:RUBY_DESCRIPTION)
