# uri: URI references (RFC 3986) written for rubra: URI.parse / URI(), the component
# classes (Generic, HTTP, HTTPS, FTP, File, MailTo, WS, WSS), to_s, ==, merge (+) and
# URI.join, and the application/x-www-form-urlencoded helpers.
# Not here: route_to/route_from, URI.regexp, URI.extract, LDAP.

module URI
  class Error < StandardError; end
  class InvalidURIError < Error; end
  class InvalidComponentError < Error; end
  class BadURIError < Error; end

  # The pieces of the RFC 3986 grammar the parser and the setters check against.
  PCT = '%\h\h'
  SEG = "(?:#{PCT}|[!$&-.0-;=@-Z_a-z~])*"
  SEG_NZ = "(?:#{PCT}|[!$&-.0-;=@-Z_a-z~])+"
  USERINFO = "(?:#{PCT}|[!$&-.0-;=A-Z_a-z~])*"
  IP_LITERAL = '\[(?:[0-9A-Fa-f:.]+|v\h+\.[!$&-.0-;=A-Z_a-z~]+)\]'
  REG_NAME = "(?:#{PCT}|[!$&-.0-9;=A-Z_a-z~])*"
  FRAGMENT = "(?:#{PCT}|[!$&-.0-;=?-Z_a-z~/])*"
  SCHEME_RE = /\A[A-Za-z][A-Za-z0-9+\-.]*\z/
  URI_RE = %r{\A(?:(?<scheme>[A-Za-z][A-Za-z0-9+\-.]*):)?
    (?:
      //(?:(?<userinfo>#{USERINFO})@)?(?<host>#{IP_LITERAL}|#{REG_NAME})(?::(?<port>\d*))?
        (?<apath>(?:/#{SEG})*)
      | (?<path>/(?:#{SEG_NZ}(?:/#{SEG})*)?|#{SEG_NZ}(?:/#{SEG})*|)
    )
    (?:\?(?<query>[^#]*))?(?:\#(?<fragment>#{FRAGMENT}))?\z}x

  # Characters a query or fragment keeps; others are %-escaped.
  QUERY_ESCAPE = /(?!%\h\h|[!$-&(-;=?-_a-~])./n

  @schemes = {}

  def self.scheme_list
    @schemes
  end

  def self.register_scheme(name, klass)
    @schemes[name.to_s.upcase] = klass
  end

  # The class for `scheme` (Generic when none is registered).
  def self.for(scheme, *args)
    klass = (scheme && @schemes[scheme.upcase]) || Generic
    klass.new(scheme, *args)
  end

  # [scheme, userinfo, host, port, registry, path, opaque, query, fragment]
  def self.split(uri)
    m = URI_RE.match(uri)
    # a relative path's first segment has no colon (it would be a scheme)
    if !m || (!m[:scheme] && !m[:host] && m[:path].split("/", 2).first.to_s.include?(":"))
      raise InvalidURIError, "bad URI (is not URI?): #{uri.inspect}"
    end
    scheme = m[:scheme]
    if m[:host]
      [scheme, m[:userinfo], m[:host], (m[:port] unless m[:port].to_s.empty?), nil,
       m[:apath], nil, m[:query], m[:fragment]]
    elsif scheme && !m[:path].start_with?("/")
      [scheme, nil, nil, nil, nil, nil, m[:path] + (m[:query] ? "?#{m[:query]}" : ""), nil,
       m[:fragment]]
    else
      [scheme, nil, nil, nil, nil, m[:path], nil, m[:query], m[:fragment]]
    end
  end

  def self.parse(uri)
    unless uri.is_a?(String)
      raise InvalidURIError, "bad URI (is not URI?): #{uri.inspect}" unless uri.respond_to?(:to_str)
      uri = uri.to_str
    end
    parts = split(uri)
    self.for(parts[0], *parts[1..], nil, false)
  end

  def self.join(*strs)
    strs.map { |s| s.is_a?(Generic) ? s : parse(s) }.inject { |base, rel| base.merge(rel) }
  end

  # --- application/x-www-form-urlencoded ---

  # "%XX" for each byte of `c`.
  def self.percent(c)
    c.bytes.map { |b| format("%%%02X", b) }.join
  end

  def self.encode_www_form_component(str, enc = nil)
    str.to_s.b.gsub(/[^*\-.0-9A-Z_a-z]/n) { |c| c == " " ? "+" : percent(c) }
       .force_encoding(Encoding::US_ASCII)
  end

  def self.decode_www_form_component(str, enc = Encoding::UTF_8)
    raise ArgumentError, "invalid %-encoding (#{str})" if /%(?!\h\h)/.match?(str)
    str.b.gsub("+", " ").gsub(/%\h\h/) { |h| h[1, 2].hex.chr }.force_encoding(enc)
  end

  def self.encode_uri_component(str, enc = nil)
    str.to_s.b.gsub(/[^*\-.0-9A-Z_a-z]/n) { |c| percent(c) }
       .force_encoding(Encoding::US_ASCII)
  end

  def self.decode_uri_component(str, enc = Encoding::UTF_8)
    raise ArgumentError, "invalid %-encoding (#{str})" if /%(?!\h\h)/.match?(str)
    str.b.gsub(/%\h\h/) { |h| h[1, 2].hex.chr }.force_encoding(enc)
  end

  def self.encode_www_form(enum, enc = nil)
    enum.map do |k, v|
      key = encode_www_form_component(k)
      if v.nil?
        key
      elsif v.respond_to?(:to_ary)
        v.to_ary.map { |w| w.nil? ? key : "#{key}=#{encode_www_form_component(w)}" }.join("&")
      else
        "#{key}=#{encode_www_form_component(v)}"
      end
    end.join("&")
  end

  def self.decode_www_form(str, enc = Encoding::UTF_8, separator: "&", use__charset_: false, isindex: false)
    return [] if str.empty?
    str.split(separator, -1).reject(&:empty?).map do |pair|
      k, v = pair.split("=", 2)
      [k, v || ""].map { |x| x.b.tr("+", " ").gsub(/%\h\h/) { |h| h[1, 2].hex.chr }.force_encoding(enc) }
    end
  end
end

module Kernel
  private

  def URI(uri)
    case uri
    when URI::Generic then uri
    when String then URI.parse(uri)
    else raise ArgumentError, "bad argument (expected URI object or URI string)"
    end
  end
end

require_relative "uri/generic"
