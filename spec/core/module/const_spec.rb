# const_get / const_set / constants / const_defined? / const_missing
module Config
  A = 1
  B = 2
  module Nested
    C = 3
  end
end
p Config.constants.sort
p Config.const_get(:A)
p Config.const_get("B")
p Config.const_get("Nested::C")
p Object.const_get("Config::Nested::C")
p Config.const_defined?(:A)
p Config.const_defined?(:Z)
p Config.const_set(:Z, 26)
p Config::Z
p Config.constants.sort
begin
  Config.const_get(:Missing)
rescue NameError => e
  puts "NameError: #{e.message}"
end
begin
  Config.const_set(:lower, 1)
rescue NameError => e
  puts "NameError: #{e.message}"
end
class Auto
  def self.const_missing(n) = "missing #{n}"
end
p Auto::Whatever
p Math.constants.sort
p Float.const_get(:INFINITY)
