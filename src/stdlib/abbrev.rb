# frozen_string_literal: true
#
# abbrev: the unambiguous abbreviations of a set of words (`Abbrev.abbrev(%w[car cone])` ->
# {"car" => "car", "ca" => "car", "cone" => "cone", ...}) and `Array#abbrev`. Written for rubra.

module Abbrev
  VERSION = "0.1.2"

  # abbrev(words, pattern = nil) -> {abbreviation => word}: every prefix that only one word
  # has, and each word itself; with a pattern (a String is a prefix), only the abbreviations
  # and words that match it
  def abbrev(words, pattern = nil)
    pattern = /\A#{Regexp.quote(pattern)}/ if pattern.is_a?(String)
    table = {}
    # how many words each prefix was seen in
    seen = Hash.new(0)
    words.each do |word|
      next if word.empty?
      word.size.downto(1) do |len|
        prefix = word[0, len]
        next if pattern && pattern !~ prefix
        seen[prefix] += 1
        case seen[prefix]
        when 1 then table[prefix] = word
        when 2 then table.delete(prefix)
        else break
        end
      end
    end
    words.each do |word|
      next if pattern && pattern !~ word
      table[word] = word
    end
    table
  end
  module_function :abbrev
end

class Array
  # array.abbrev(pattern = nil) -> Abbrev.abbrev(array, pattern)
  def abbrev(pattern = nil)
    Abbrev.abbrev(self, pattern)
  end
end
