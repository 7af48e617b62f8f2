# def self.x, def obj.x and class << self
class Config
  def self.default = new
  def self.name_of = "Config"
  class << self
    def built = @built ||= 0
    attr_accessor :setting
    private def hidden = :hidden
  end
end
p Config.default.class
p Config.name_of
p Config.built
Config.setting = :on
p Config.setting
begin
  Config.hidden
rescue NoMethodError => e
  puts "NoMethodError: #{e.message}"
end
obj = Object.new
def obj.shout = "only me"
p obj.shout
p obj.singleton_methods
other = Object.new
p other.respond_to?(:shout)
module Util
  def self.helper = :helped
end
p Util.helper
p Config.singleton_methods.sort
s = "str"
def s.extra = length * 2
p s.extra
