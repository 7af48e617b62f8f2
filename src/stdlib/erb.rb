# erb: Embedded Ruby templates. ERB.new(template, trim_mode:, eoutvar:) compiles the template
# into Ruby source (`src`) that appends its text and the values of its `<%= %>` tags to a
# String; `result(binding)` evaluates that source in the binding, `result_with_hash` in a fresh
# top-level binding with the hash's pairs as locals, `run` prints the result. Tags: `<% code %>`,
# `<%= expression %>`, `<%# comment %>`, `<%%` for a literal `<%` (and `%%>` for `%>` inside a
# tag). Trim modes: "-" (`<%-` drops the indentation before it, `-%>` the newline after it),
# ">" (no newline after any tag), "<>" (none after a tag that fills its line), and "%" with any
# of them (a line starting with `%` is Ruby code, `%%` a literal `%`). ERB::Util gives
# `html_escape`/`h` and `url_encode`/`u`. Written for rubra; the generated source keeps the
# template's line numbers, so errors name the template's lines.

class ERB
  VERSION = "5.0.2"

  def self.version
    VERSION
  end

  attr_reader :src, :encoding
  attr_accessor :filename, :lineno

  def initialize(str, trim_mode: nil, eoutvar: "_erbout")
    @encoding = str.encoding
    @src = Compiler.new(trim_mode).compile(str, eoutvar)
    @filename = nil
    @lineno = 0
  end

  def location=((filename, lineno))
    @filename = filename
    @lineno = lineno if lineno
  end

  # The template's text with its tags evaluated in binding `b`.
  def result(b = new_toplevel)
    eval(@src, b, @filename || "(erb)", @lineno)
  end

  # `result` with the pairs of `hash` as local variables.
  def result_with_hash(hash)
    b = new_toplevel(hash.keys)
    hash.each_pair { |key, value| b.local_variable_set(key, value) }
    result(b)
  end

  def run(b = new_toplevel)
    print result(b)
  end

  # Defines method `name` on `mod` answering the template's result for its own binding.
  def def_method(mod, name, fname = "(ERB)")
    mod.module_eval("def #{name}\n#{@src}\nend\n", fname, @lineno - 1)
  end

  private

  # A copy of the top-level binding (locals set in it stay there); `vars` are made locals.
  def new_toplevel(vars = nil)
    b = TOPLEVEL_BINDING.dup
    Array(vars).each { |v| b.local_variable_set(v, nil) }
    b
  end

  # Turns a template into Ruby source (see the file's comment).
  class Compiler
    def initialize(trim_mode)
      mode = trim_mode.to_s
      @percent = mode.include?("%")
      @trim = mode.delete("%")
    end

    def compile(template, out)
      @out = out
      @code = +"#{out} = +''; "
      @text = +""
      segments(template).each do |kind, str|
        if kind == :code
          flush
          @code << str.chomp << "; " << ("\n" * str.count("\n"))
        else
          scan(str)
        end
      end
      flush
      @code << "#{out}"
      @code
    end

    private

    # With "%": lines starting with "%" are code, "%%" a literal "%"; the rest is text.
    def segments(template)
      return [[:text, template]] unless @percent
      list = []
      template.each_line do |line|
        if line.start_with?("%%")
          add(list, :text, line[1..])
        elsif line.start_with?("%")
          list << [:code, line[1..]]
        else
          add(list, :text, line)
        end
      end
      list
    end

    def add(list, kind, str)
      if list.last && list.last[0] == kind
        list.last[1] << str
      else
        list << [kind, +str]
      end
    end

    def scan(str)
      pos = 0
      while (open = str.index("<%", pos))
        @text << str[pos...open]
        if str[open + 2] == "%"
          @text << "<%"
          pos = open + 3
          next
        end
        line_start = open.zero? || str[open - 1] == "\n"
        kind = str[open + 2]
        start = open + 2
        start += 1 if ["=", "#"].include?(kind) || (kind == "-" && @trim == "-")
        kind = "" unless ["=", "#"].include?(kind)
        drop_indent if str[open + 2] == "-" && @trim == "-"
        body, close = tag_body(str, start)
        pos = close
        trimmed_close = @trim == "-" && body.end_with?("-") && str[close - 3] == "-"
        body = body.chomp("-") if trimmed_close
        emit(kind, body)
        if str[pos] == "\n" && swallow_newline?(trimmed_close, line_start)
          @code << "\n"
          pos += 1
        end
      end
      @text << str[pos..]
    end

    # The tag's content from `start` and the position after its "%>" (a "%%>" inside is a
    # literal "%>"); SyntaxError-free: an unclosed tag runs to the end.
    def tag_body(str, start)
      body = +""
      pos = start
      loop do
        close = str.index("%>", pos)
        return [body << str[pos..], str.length] unless close
        if close.positive? && str[close - 1] == "%" && close - 1 >= pos
          body << str[pos...(close - 1)] << "%>"
          pos = close + 2
        else
          body << str[pos...close]
          return [body, close + 2]
        end
      end
    end

    def swallow_newline?(trimmed_close, line_start)
      case @trim
      when "-" then trimmed_close
      when ">" then true
      when "<>" then line_start
      else false
      end
    end

    # `<%-`: the spaces and tabs before the tag on its line go.
    def drop_indent
      last_line = @text.rpartition("\n").last
      @text.slice!(-last_line.length, last_line.length) if !last_line.empty? && last_line.match?(/\A[ \t]*\z/)
    end

    def emit(kind, body)
      flush
      case kind
      when "=" then @code << "#{@out} << ((#{body}).to_s); " << ("\n" * body.count("\n"))
      when "#" then @code << ("\n" * body.count("\n"))
      else @code << body << "; "
      end
    end

    def flush
      return if @text.empty?
      @code << "#{@out} << #{@text.dump}; " << ("\n" * @text.count("\n"))
      @text = +""
    end
  end

  # Escaping helpers for templates (also as module functions).
  module Util
    HTML = { "&" => "&amp;", "<" => "&lt;", ">" => "&gt;", '"' => "&quot;", "'" => "&#39;" }.freeze

    def html_escape(s)
      s.to_s.gsub(/[&<>"']/, HTML)
    end
    alias h html_escape

    def url_encode(s)
      s.to_s.b.gsub(/[^a-zA-Z0-9_\-.~]/n) { |c| c.each_byte.map { |byte| format("%%%02X", byte) }.join }
    end
    alias u url_encode

    module_function :html_escape, :h, :url_encode, :u
  end

  # `def_erb_method` for classes that keep templates.
  module DefMethod
    def def_erb_method(name, erb_or_fname)
      erb = erb_or_fname.is_a?(ERB) ? erb_or_fname : ERB.new(File.read(erb_or_fname))
      erb.def_method(self, name, erb_or_fname.is_a?(ERB) ? "(ERB)" : erb_or_fname)
    end
  end
end
