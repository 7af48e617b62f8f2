# uri/generic: URI::Generic (the components, their setters' checks, to_s, ==, merge) and the
# scheme classes HTTP, HTTPS, WS, WSS, FTP, File and MailTo, for rubra's uri library.

module URI
  class Generic
    DEFAULT_PORT = nil
    COMPONENT = %i[scheme userinfo host port path opaque query fragment].freeze

    def self.default_port
      self::DEFAULT_PORT
    end

    def self.component
      self::COMPONENT
    end

    # build(host: ..., path: ...) or build([userinfo, host, port, path, query, fragment]).
    def self.build(args)
      h = if args.is_a?(Array)
            raise ArgumentError, "expected Array of or Hash of components of #{self} (#{component.join(', ')})" unless args.size == component.size - 1
            component[1..].zip(args).to_h
          else
            args
          end
      scheme = h[:scheme] || (self == Generic ? nil : name.split("::").last.downcase)
      new(scheme, h[:userinfo], h[:host], h[:port], nil, h[:path], h[:opaque], h[:query],
          h[:fragment], nil, true)
    end

    attr_reader :scheme, :userinfo, :host, :port, :path, :query, :opaque, :fragment

    def initialize(scheme, userinfo, host, port, registry, path, opaque, query, fragment,
                   parser = nil, arg_check = false)
      if arg_check
        self.scheme = scheme
        self.userinfo = userinfo
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.opaque = opaque
        self.fragment = fragment
      else
        @scheme = scheme&.downcase
        @userinfo = userinfo
        @host = host
        @port = port.nil? ? nil : port.to_i
        @path = path
        @query = query && escape_query(query)
        @opaque = opaque
        @fragment = fragment
      end
      @port ||= self.class.default_port if @host
    end

    def default_port
      self.class.default_port
    end

    def component
      self.class.component
    end

    def registry
      nil
    end

    def user
      @userinfo&.split(":", 2)&.first
    end

    def password
      @userinfo&.split(":", 2)&.[](1)
    end

    def hostname
      @host&.start_with?("[") ? @host[1..-2] : @host
    end

    def hostname=(v)
      self.host = v && v.include?(":") && !v.start_with?("[") ? "[#{v}]" : v
    end

    def scheme=(v)
      if v && !SCHEME_RE.match?(v)
        raise InvalidComponentError, "bad component(expected scheme component): #{v}"
      end
      @scheme = v&.downcase
    end

    def userinfo=(v)
      return @userinfo = nil if v.nil?
      v = v.join(":") if v.is_a?(Array)
      unless /\A#{USERINFO}\z/o.match?(v)
        raise InvalidComponentError, "bad component(expected userinfo component or user component): #{v}"
      end
      @userinfo = v
    end

    def user=(v)
      self.userinfo = password ? "#{v}:#{password}" : v
    end

    def password=(v)
      raise InvalidURIError, "password component depends user component" unless user
      self.userinfo = "#{user}:#{v}"
    end

    def host=(v)
      if v && !/\A(?:#{IP_LITERAL}|#{REG_NAME})\z/o.match?(v)
        raise InvalidComponentError, "bad component(expected host component): #{v}"
      end
      @host = v
    end

    def port=(v)
      if v.nil? || v.is_a?(Integer)
        @port = v
      elsif v.respond_to?(:to_str) && /\A\d*\z/.match?(v.to_str)
        @port = v.to_str.empty? ? nil : v.to_str.to_i
      else
        raise InvalidComponentError, "bad component(expected port component): #{v.inspect}"
      end
    end

    def path=(v)
      return @path = nil if v.nil?
      if @host && !v.empty? && !v.start_with?("/")
        raise InvalidComponentError, "bad component(expected absolute path component): #{v}"
      end
      unless %r{\A(?:/?#{SEG}(?:/#{SEG})*)?\z}o.match?(v)
        raise InvalidComponentError, "bad component(expected relative path component): #{v}"
      end
      @path = v
    end

    def query=(v)
      return @query = nil if v.nil?
      raise InvalidURIError, "query conflicts with opaque" if @opaque
      @query = escape_query(v.to_str)
    end

    def fragment=(v)
      return @fragment = nil if v.nil?
      @fragment = escape_query(v.to_str)
    end

    def opaque=(v)
      @opaque = v
    end

    def absolute?
      !@scheme.nil?
    end
    alias absolute absolute?

    def relative?
      @scheme.nil?
    end

    def hierarchical?
      !@path.nil?
    end

    def to_s
      s = +""
      s << @scheme << ":" if @scheme
      if @opaque
        s << @opaque
      else
        if @host
          s << "//"
          s << @userinfo << "@" if @userinfo
          s << @host
          s << ":" << @port.to_s if @port && @port != default_port
        end
        s << path_text
        s << "?" << @query if @query
      end
      s << "#" << @fragment if @fragment
      s
    end
    alias to_str to_s

    def inspect
      "#<#{self.class} #{self}>"
    end

    def component_ary
      component.map { |c| send(c) }
    end
    protected :component_ary

    def ==(other)
      other.is_a?(Generic) && self.class == other.class &&
        normalize.component_ary == other.normalize.component_ary
    end

    def hash
      component_ary.hash
    end

    def eql?(other)
      self.class == other.class && component_ary.eql?(other.component_ary)
    end

    def normalize
      dup.normalize!
    end

    def normalize!
      @path = "/" if @path&.empty? && @host
      @scheme = @scheme.downcase if @scheme
      @host = @host.downcase if @host
      self
    end

    # RFC 3986 section 5.2: the target of the reference `rel` against this base.
    def merge(rel)
      rel = URI.parse(rel) unless rel.is_a?(Generic)
      raise BadURIError, "both URI are relative" if relative? && rel.relative?
      raise BadURIError, "base URI must be absolute" if relative?
      return rel.dup.tap { |r| r.send(:remove_dots!) } if rel.absolute?
      t = dup
      t.fragment = rel.fragment
      if rel.host
        t.set_authority(rel.userinfo, rel.host, rel.port)
        t.set_path_query(URI.remove_dot_segments(rel.path.to_s), rel.query)
      elsif rel.path.to_s.empty?
        t.set_path_query(@path, rel.query || @query)
      elsif rel.path.start_with?("/")
        t.set_path_query(URI.remove_dot_segments(rel.path), rel.query)
      else
        base = @host && @path.to_s.empty? ? "/" : @path.to_s.sub(%r{[^/]*\z}, "")
        t.set_path_query(URI.remove_dot_segments(base + rel.path), rel.query)
      end
      t
    end
    alias + merge

    def set_authority(userinfo, host, port)
      @userinfo = userinfo
      @host = host
      @port = port || default_port
    end

    def set_path_query(path, query)
      @path = path
      @query = query
    end
    protected :set_authority, :set_path_query

    private

    # The path as to_s writes it.
    def path_text
      @path.to_s
    end

    def remove_dots!
      @path = URI.remove_dot_segments(@path) if @path&.start_with?("/")
    end

    def escape_query(v)
      v = v.b.delete("\t\r\n")
      v.gsub(QUERY_ESCAPE) { |c| URI.percent(c) }.force_encoding(Encoding::US_ASCII)
    end
  end

  # RFC 3986 section 5.2.4.
  def self.remove_dot_segments(path)
    out = []
    segs = path.split("/", -1)
    last_dir = false
    segs.each_with_index do |seg, i|
      next if i == 0 && seg.empty? && path.start_with?("/")
      case seg
      when "." then last_dir = true
      when ".." then out.pop; last_dir = true
      else out << seg; last_dir = false
      end
    end
    out << "" if last_dir
    (path.start_with?("/") ? "/" : "") + out.join("/")
  end

  class HTTP < Generic
    DEFAULT_PORT = 80
    COMPONENT = %i[scheme userinfo host port path query fragment].freeze

    def request_uri
      return nil unless @path
      r = @path.start_with?("/") ? @path.dup : "/#{@path}"
      r << "?" << @query if @query
      r
    end

    def authority
      @port && @port != default_port ? "#{@host}:#{@port}" : @host
    end

    def origin
      "#{@scheme}://#{authority}"
    end
  end

  class HTTPS < HTTP
    DEFAULT_PORT = 443
  end

  class WS < Generic
    DEFAULT_PORT = 80
    COMPONENT = %i[scheme userinfo host port path query].freeze

    def resource_name
      @query ? "#{@path}?#{@query}" : @path
    end
  end

  class WSS < WS
    DEFAULT_PORT = 443
  end

  class FTP < Generic
    DEFAULT_PORT = 21
    COMPONENT = %i[scheme userinfo host port path typecode].freeze
    TYPECODE = %w[a i d].freeze

    attr_reader :typecode

    def initialize(scheme, userinfo, host, port, registry, path, opaque, query, fragment,
                   parser = nil, arg_check = false)
      @typecode = nil
      if path && (m = /;type=([aid])\z/.match(path))
        @typecode = m[1]
        path = m.pre_match
      end
      super(scheme, userinfo, host, port, registry, path, opaque, query, fragment, parser, arg_check)
      @path = @path.sub(%r{\A/}, "").sub(/\A%2F/i, "/") if @path
    end

    def typecode=(v)
      unless v.nil? || TYPECODE.include?(v)
        raise InvalidComponentError, "bad typecode(expected #{TYPECODE.join(', ')}): #{v}"
      end
      @typecode = v
    end

    def path=(v)
      super("/" + v.to_s.sub(%r{\A/}, "%2F"))
      @path = v
    end

    private

    def path_text
      "/" + @path.to_s.sub(%r{\A/}, "%2F") + (@typecode ? ";type=#{@typecode}" : "")
    end
  end

  class File < Generic
    DEFAULT_PORT = nil
    COMPONENT = %i[scheme host path].freeze

    def initialize(*args)
      super
      @host ||= ""
      @port = nil
    end

    def port=(v)
      raise InvalidURIError, "can not set port with file URI" unless v.nil?
    end

    def userinfo=(v)
      raise InvalidURIError, "can not set userinfo with file URI" unless v.nil?
    end
  end

  class MailTo < Generic
    DEFAULT_PORT = nil
    COMPONENT = %i[scheme to headers].freeze
    ADDR = "(?:#{PCT}|[!$&-.0-9=A-Z_a-z~'+*])+@(?:#{PCT}|[!$&-.0-9=A-Z_a-z~])+"
    OPAQUE = /\A(?<to>(?:#{ADDR}(?:,#{ADDR})*)?)(?:\?(?<headers>(?:#{PCT}|[^?#&=]*=[^&#]*)(?:&[^&#=]*=[^&#]*)*))?\z/o

    attr_reader :to, :headers

    def self.build(args)
      to, headers = args.is_a?(Array) ? args : [args[:to], args[:headers]]
      hs = headers.is_a?(Array) ? headers.map { |k, v| "#{k}=#{v.to_s.gsub(' ', '%20')}" }.join("&") : headers
      URI.parse("mailto:#{to}#{hs && !hs.empty? ? "?#{hs}" : ''}")
    end

    def initialize(*args)
      super
      raise InvalidComponentError, "missing opaque part for mailto URL" if @opaque.to_s.empty?
      m = OPAQUE.match(@opaque)
      raise InvalidComponentError, "unrecognised opaque part for mailtoURL: #{@opaque}" unless m
      @to = m[:to]
      @headers = m[:headers].to_s.split("&").map { |h| h.split("=", 2) }
    end

    def to=(v)
      @to = v
      rebuild
    end

    def headers=(v)
      @headers = v.split("&").map { |h| h.split("=", 2) }
      rebuild
    end

    private

    def rebuild
      hs = @headers.map { |k, v| "#{k}=#{v}" }.join("&")
      @opaque = hs.empty? ? @to.to_s : "#{@to}?#{hs}"
    end
  end

  { "HTTP" => HTTP, "HTTPS" => HTTPS, "WS" => WS, "WSS" => WSS, "FTP" => FTP,
    "FILE" => File, "MAILTO" => MailTo }.each { |n, k| register_scheme(n, k) }
end
