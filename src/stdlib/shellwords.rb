# frozen_string_literal: true
#
# shellwords: splitting a command line into words as the POSIX shell does
# (`Shellwords.split`, `String#shellsplit`), and quoting words so the shell reads them back
# unchanged (`Shellwords.escape`, `String#shellescape`, `Array#shelljoin`). Written for rubra.

module Shellwords
  # The tokens of a command line, tried in order at each position after any blanks: a run of
  # plain characters, a single-quoted string, a double-quoted string (backslash escapes
  # inside), a backslash with the character after it, or anything else (an unmatched quote or
  # a NUL: an error). A token followed by a blank or the end closes the word.
  TOKEN = /\G\s*(?>([^\0\s\\'"]+)|'([^\0']*)'|"((?:[^\0"\\]|\\[^\0])*)"|(\\[^\0]?)|(\S))(\s|\z)?/m
  private_constant :TOKEN

  # shellsplit(line) -> the words of line, as the shell would split them
  def shellsplit(line)
    words = []
    field = String.new
    line.scan(TOKEN) do |plain, single, double, escaped, bad, blank|
      if bad
        at = $~.begin(0)
        seen = $~[0]
        seen = "..." + seen if at > 0
        what = bad == "\0" ? "Nul character" : "Unmatched quote"
        raise ArgumentError, "#{what} at #{at}: #{seen}"
      end
      field << if plain
        plain
      elsif single
        single
      elsif double
        # inside double quotes a backslash escapes only $ ` " \ and a newline
        double.gsub(/\\([$`"\\\n])/, '\\1')
      else
        escaped.gsub(/\\(.)/, '\\1')
      end
      if blank
        words << field
        field = String.new
      end
    end
    words
  end

  # shellescape(str) -> str quoted for the shell (every character but letters, digits and
  # _-.,:+/@ behind a backslash; a newline in single quotes; '' for the empty string)
  def shellescape(str)
    str = str.to_s
    return "''" if str.empty?
    str.gsub(%r{[^A-Za-z0-9_\-.,:+/@\n]}) { |c| "\\#{c}" }.gsub("\n", "'\n'")
  end

  # shelljoin(array) -> the words escaped and joined with spaces
  def shelljoin(array)
    array.map { |arg| shellescape(arg) }.join(" ")
  end

  alias shellwords shellsplit
  module_function :shellsplit, :shellwords, :shellescape, :shelljoin

  class << self
    alias split shellsplit
    alias escape shellescape
    alias join shelljoin
  end
end

class String
  # str.shellsplit -> Shellwords.split(str)
  def shellsplit
    Shellwords.split(self)
  end

  # str.shellescape -> Shellwords.escape(str)
  def shellescape
    Shellwords.escape(self)
  end
end

class Array
  # array.shelljoin -> Shellwords.join(array)
  def shelljoin
    Shellwords.join(self)
  end
end
