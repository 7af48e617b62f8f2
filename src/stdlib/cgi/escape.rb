# frozen_string_literal: true
#
# cgi/escape: the escaping functions of CGI (what remains of the cgi library in Ruby 4.0):
# URL form encoding (`CGI.escape`/`unescape`, `escapeURIComponent`), HTML escaping
# (`escapeHTML`/`unescapeHTML`) and escaping chosen elements (`escapeElement`). Written for
# rubra.

class CGI
  # The escaping functions, as instance methods (CGI has them as singleton methods).
  module Escape
    # The bytes a URL component keeps as they are: letters, digits and _.-~
    KEPT = Array.new(256) { |b| b < 128 && b.chr.match?(/[a-zA-Z0-9_.\-~]/) }.freeze
    private_constant :KEPT

    HTML_ESCAPES = { "&" => "&amp;", '"' => "&quot;", "'" => "&#39;", "<" => "&lt;",
                     ">" => "&gt;" }.freeze
    private_constant :HTML_ESCAPES

    HTML_ENTITIES = { "amp" => "&", "quot" => '"', "gt" => ">", "lt" => "<",
                      "apos" => "'" }.freeze
    private_constant :HTML_ENTITIES

    # escape(str) -> str URL-encoded for a form: a space is "+", every byte but letters,
    # digits and _.-~ is %XX
    def escape(string)
      __url_encode(string, "+")
    end

    # unescape(str, encoding = UTF-8) -> str with "+" a space and %XX decoded
    def unescape(string, encoding = Encoding::UTF_8)
      string = String.new(string)
      __url_decode(string.tr("+", " "), string, encoding)
    end

    # escapeURIComponent(str) -> str URL-encoded, a space as %20
    def escapeURIComponent(string)
      __url_encode(string, "%20")
    end

    # unescapeURIComponent(str, encoding = UTF-8) -> str with %XX decoded ("+" stays)
    def unescapeURIComponent(string, encoding = Encoding::UTF_8)
      string = String.new(string)
      __url_decode(string, string, encoding)
    end

    # escapeHTML(str) -> str with & < > " ' as entities
    def escapeHTML(string)
      string = String.new(string)
      enc = string.encoding
      unless enc.ascii_compatible?
        ascii = string.encode(Encoding::UTF_8).gsub(/[&"'<>]/, HTML_ESCAPES)
        return ascii.encode(enc)
      end
      string.gsub(/[&"'<>]/, HTML_ESCAPES)
    end

    # unescapeHTML(str) -> str with &amp; &quot; &gt; &lt; &apos; and numeric character
    # references decoded (others left as they are)
    def unescapeHTML(string)
      string = String.new(string)
      enc = string.encoding
      unicode = enc.name.start_with?("UTF-")
      string.gsub(/&(apos|amp|quot|gt|lt|#[0-9]+|#[xX][0-9A-Fa-f]+);/) do
        match = $1
        if (plain = HTML_ENTITIES[match])
          plain
        else
          code = match[1] == "x" || match[1] == "X" ? match[2..].to_i(16) : match[1..].to_i
          if unicode && code < 0x110000 && !(0xD800..0xDFFF).cover?(code)
            code.chr(enc)
          elsif code < 128 || (code < 256 && enc.name == "ISO-8859-1")
            code.chr.force_encoding(enc)
          else
            "&#{match};"
          end
        end
      end
    end

    # escapeElement(str, *elements) -> str with the tags of the named elements escaped
    def escapeElement(string, *elements)
      elements = elements.flatten
      return string if elements.empty?
      names = elements.map { |e| Regexp.escape(e) }.join("|")
      string.gsub(%r{<\/?(?:#{names})(?!\w)(?:.)*?>}im) { |tag| escapeHTML(tag) }
    end

    # unescapeElement(str, *elements) -> str with the escaped tags of those elements decoded
    def unescapeElement(string, *elements)
      elements = elements.flatten
      return string if elements.empty?
      names = elements.map { |e| Regexp.escape(e) }.join("|")
      string.gsub(%r{&lt;\/?(?:#{names})(?!\w)(?:.)*?&gt;}im) { |tag| unescapeHTML(tag) }
    end

    alias escape_html escapeHTML
    alias h escapeHTML
    alias unescape_html unescapeHTML
    alias escape_uri_component escapeURIComponent
    alias unescape_uri_component unescapeURIComponent
    alias escape_element escapeElement
    alias unescape_element unescapeElement

    private

    def __url_encode(string, space)
      string = String.new(string)
      out = String.new
      string.each_byte do |b|
        out << if KEPT[b]
          b.chr
        elsif b == 32
          space
        else
          format("%%%02X", b)
        end
      end
      out.force_encoding(string.encoding)
    end

    def __url_decode(str, original, encoding)
      out = str.b.gsub(/(?:%[0-9a-fA-F]{2})+/) { |hex| [hex.delete("%")].pack("H*") }
      out.force_encoding(encoding)
      out.valid_encoding? ? out : out.force_encoding(original.encoding)
    end
  end

  extend Escape
end
