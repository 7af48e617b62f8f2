# Custom exception classes with their own initialize and message
class AppError < StandardError; end
class ValidationError < AppError
  attr_reader :field
  def initialize(field, msg = "is invalid")
    @field = field
    super("#{field} #{msg}")
  end
end
class DefaultMessage < StandardError
  def initialize(msg = "default message here") = super
end
class OverrideMessage < StandardError
  def message = "overridden message"
end
class NoSuperInit < StandardError
  def initialize(x) = @x = x
end
begin
  raise ValidationError.new(:email)
rescue AppError => e
  p e.class
  p e.message
  p e.field
  p e.is_a?(StandardError)
end
begin
  raise ValidationError, :name
rescue => e
  p e.message
end
begin
  raise DefaultMessage
rescue => e
  p e.message
end
begin
  raise DefaultMessage, "custom"
rescue => e
  p e.message
end
begin
  raise OverrideMessage, "ignored"
rescue => e
  p e.message
  p e.to_s
  p e.inspect
end
begin
  raise NoSuperInit.new(1)
rescue => e
  p e.message
end
p AppError.new.message
p AppError.new("m").inspect
p ValidationError.ancestors.take(5)
p AppError.new("x") == AppError.new("x")
e = AppError.new("full")
class WithData < StandardError
  def initialize(data)
    @data = data
    super("data=#{data.inspect}")
  end
  attr_reader :data
end
begin
  raise WithData.new([1, 2])
rescue WithData => ex
  p ex.data
  p ex.message
end
p AppError.new(nil).message
p AppError.new(:sym).message
p RuntimeError.new("x").detailed_message
p ValidationError.new(:f).detailed_message(highlight: false)
