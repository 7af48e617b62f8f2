# An uncaught custom exception raised from inside a block in a class method
class ParseError < StandardError
  def initialize(line) = super("parse failed at line #{line}")
end
class Parser
  def self.run(lines)
    lines.each_with_index do |l, i|
      raise ParseError, i + 1 if l == "bad"
      puts "ok: #{l}"
    end
  end
end
Parser.run(["a", "b", "bad", "c"])
