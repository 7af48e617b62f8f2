# csv: CSV reading and writing written for rubra: CSV.parse / parse_line / generate /
# generate_line / read / readlines / foreach / open / table, CSV.new over a String or IO with
# each / shift / read / <<, the options col_sep, row_sep, quote_char, headers, converters,
# header_converters, skip_blanks, write_headers, force_quotes; CSV::Row and CSV::Table;
# Array#to_csv and String#parse_csv.

class CSV
  include Enumerable

  class MalformedCSVError < RuntimeError
    attr_reader :line_number
    alias lineno line_number

    def initialize(message, line_number)
      @line_number = line_number
      super("#{message} in line #{line_number}.")
    end
  end

  Converters = {
    integer: ->(f) { Integer(f) rescue f },
    float: ->(f) { Float(f) rescue f },
    numeric: %i[integer float],
    all: %i[integer float]
  }

  HeaderConverters = {
    downcase: ->(h) { h.downcase },
    symbol: ->(h) { h.downcase.gsub(/[^\s\w]+/, "").strip.gsub(/\s+/, "_").to_sym }
  }

  DEFAULT_OPTIONS = {
    col_sep: ",", row_sep: :auto, quote_char: '"', headers: false, converters: nil,
    header_converters: nil, skip_blanks: false, write_headers: nil, force_quotes: false,
    return_headers: false, liberal_parsing: false, skip_lines: nil, quote_empty: true
  }.freeze

  def self.parse(str, **options, &block)
    csv = new(str, **options)
    return csv.each(&block) if block
    csv.read
  end

  def self.parse_line(line, **options)
    new(line, **options).shift
  end

  def self.generate(str = nil, **options)
    out = str ? str.dup : +""
    csv = new(out, **options)
    yield csv
    csv.string
  end

  def self.generate_line(row, **options)
    new(+"", **options).tap { |c| c << row }.string
  end

  def self.generate_lines(rows, **options)
    generate(**options) { |csv| rows.each { |r| csv << r } }
  end

  def self.read(path, **options)
    open(path, **options, &:read)
  end

  def self.readlines(path, **options)
    read(path, **options)
  end

  def self.foreach(path, mode = "r", **options, &block)
    return to_enum(:foreach, path, mode, **options) unless block
    open(path, mode, **options) { |csv| csv.each(&block) }
  end

  def self.table(path, **options)
    read(path, headers: true, converters: :numeric, header_converters: :symbol, **options)
  end

  def self.open(path, mode = "r", **options)
    file_opts = options.slice(:universal_newline, :encoding)
    io = File.open(path, mode, **file_opts)
    csv = new(io, **options.reject { |k, _| file_opts.key?(k) })
    return csv unless block_given?
    begin
      yield csv
    ensure
      io.close unless io.closed?
    end
  end

  attr_reader :col_sep, :row_sep, :quote_char, :lineno

  def initialize(data = +"", **options)
    unknown = options.keys - DEFAULT_OPTIONS.keys - %i[nil_value empty_value strip]
    raise ArgumentError, "unknown keyword: #{unknown.first.inspect}" unless unknown.empty?
    o = DEFAULT_OPTIONS.merge(options)
    @io = data.is_a?(String) ? nil : data
    @string = data.is_a?(String) ? data : nil
    @col_sep = o[:col_sep].to_s
    @quote_char = o[:quote_char].to_s
    @row_sep = o[:row_sep]
    @headers_opt = o[:headers]
    @converters = expand(o[:converters], Converters)
    @header_converters = expand(o[:header_converters], HeaderConverters)
    @skip_blanks = o[:skip_blanks]
    @write_headers = o[:write_headers]
    @force_quotes = o[:force_quotes]
    @return_headers = o[:return_headers]
    @lineno = 0
    @headers = @headers_opt.is_a?(Array) ? @headers_opt.map { |h| convert_header(h) } : nil
    @headers = self.class.parse_line(@headers_opt, col_sep: @col_sep, quote_char: @quote_char).map { |h| convert_header(h) } if @headers_opt.is_a?(String)
    @rows = nil
    @pos = 0
    @wrote = false
  end

  def headers
    @headers || (@headers_opt ? true : nil)
  end

  def string
    @string
  end

  # --- reading ---

  def each(&block)
    return to_enum(:each) unless block
    while (row = shift)
      yield row
    end
    self
  end

  def read
    rows = to_a
    @headers_opt ? Table.new(rows, headers: @headers || []) : rows
  end
  alias readlines read

  def shift
    loop do
      fields = next_record
      return nil unless fields
      next if @skip_blanks && fields.empty?
      return fields.map { |f| convert(f) } unless @headers_opt
      if @headers.nil?
        @headers = fields.map { |h| convert_header(h) }
        next unless @return_headers
        return Row.new(@headers, fields, true)
      end
      values = fields.map { |f| convert(f) }
      return Row.new(@headers, values)
    end
  end
  alias gets shift
  alias readline shift

  # --- writing ---

  def <<(row)
    out = +""
    if @headers_opt && !@wrote
      @wrote = true
      if @write_headers && @headers
        out << line_of(@headers)
      end
    end
    @wrote = true
    fields = case row
             when Row then row.fields
             when Hash then (@headers || row.keys).map { |h| row[h] }
             else row
             end
    out << line_of(fields)
    @io ? @io.write(out) : @string << out
    self
  end
  alias add_row <<
  alias puts <<

  def inspect
    "#<CSV io_type:#{@io ? @io.class : 'StringIO'} lineno:#{@lineno} col_sep:#{@col_sep.inspect} row_sep:#{out_row_sep.inspect} quote_char:#{@quote_char.inspect}>"
  end

  private

  def expand(list, table)
    Array(list).flat_map do |c|
      v = c.is_a?(Symbol) ? table.fetch(c) { raise ArgumentError, "unknown converter name: #{c.inspect}" } : c
      v.is_a?(Array) ? v.map { |n| table[n] } : [v]
    end
  end

  def convert(field)
    return field if field.nil?
    @converters.each do |c|
      field = c.arity == 1 ? c.call(field) : c.call(field, nil)
      break unless field.is_a?(String)
    end
    field
  end

  def convert_header(h)
    return h unless h.is_a?(String)
    @header_converters.each { |c| h = c.call(h) }
    h
  end

  def out_row_sep
    @row_sep == :auto ? $INPUT_RECORD_SEPARATOR || "\n" : @row_sep
  end

  def line_of(fields)
    fields.map { |f| quote(f) }.join(@col_sep) + out_row_sep
  end

  def quote(f)
    return "" if f.nil?
    s = f.is_a?(String) ? f : f.to_s
    q = @quote_char
    if @force_quotes || (f.is_a?(String) && s.empty?) ||
       s.include?(@col_sep) || s.include?(q) || s.include?("\n") || s.include?("\r")
      "#{q}#{s.gsub(q, q + q)}#{q}"
    else
      s
    end
  end

  def data
    @data ||= (@io ? @io.read.to_s : @string)
  end

  def record_sep
    return @row_sep unless @row_sep == :auto
    @auto_sep ||= (m = data.match(/\r\n|\n|\r/)) ? m[0] : "\n"
  end

  # The characters that can start something other than field text: the quote, the column and
  # row separators, CR and LF.
  def specials(sep)
    @specials ||= [@quote_char[0], @col_sep[0], sep[0], "\r", "\n"].compact.uniq
  end

  # The next record's fields, or nil at the end. Offsets are byte offsets: plain field text is
  # taken up to the next special character in one slice (`byteindex` with a character class),
  # not character by character.
  def next_record
    src = data
    len = src.bytesize
    return nil if @pos >= len
    sep = record_sep
    q = @quote_char
    cs = @col_sep
    chars = specials(sep)
    stop = (@stop_re ||= Regexp.union(*chars))
    fields = []
    field = nil
    quoted = false
    line = @lineno + 1
    i = @pos
    first_bytes = (@first_bytes ||= chars.map { |ch| ch.getbyte(0) })
    loop do
      if i >= len
        fields << field if field || quoted || !fields.empty?
        break
      end
      unless first_bytes.include?(src.getbyte(i))
        # field text: up to the next special character
        raise MalformedCSVError.new("Any value after quoted field isn't allowed", line) if quoted
        k = src.byteindex(stop, i) || len
        field = (field || +"") << src.byteslice(i, k - i)
        i = k
        next
      end
      if !q.empty? && src.byteslice(i, q.bytesize) == q
        if field.nil? && !quoted
          # a quoted field: up to the closing quote, "" standing for one
          j = i + q.bytesize
          buf = +""
          loop do
            k = src.byteindex(q, j)
            raise MalformedCSVError.new("Unclosed quoted field", line) unless k
            buf << src.byteslice(j, k - j)
            if src.byteslice(k + q.bytesize, q.bytesize) == q
              buf << q
              j = k + 2 * q.bytesize
            else
              i = k + q.bytesize
              break
            end
          end
          line += buf.count("\n")
          field = buf
          quoted = true
          unless i >= len || src.byteslice(i, cs.bytesize) == cs || src.byteslice(i, sep.bytesize) == sep
            raise MalformedCSVError.new("Any value after quoted field isn't allowed", line)
          end
          next
        end
        raise MalformedCSVError.new("Illegal quoting", line)
      end
      if src.byteslice(i, cs.bytesize) == cs
        fields << field
        field = nil
        quoted = false
        i += cs.bytesize
        fields << nil if i >= len
        next
      end
      if src.byteslice(i, sep.bytesize) == sep
        fields << field if field || quoted || !fields.empty?
        i += sep.bytesize
        break
      end
      if quoted
        raise MalformedCSVError.new("Any value after quoted field isn't allowed", line)
      end
      c = src.byteslice(i, 1)
      if (c == "\r" || c == "\n") && sep != c
        raise MalformedCSVError.new("Unquoted fields do not allow new line <#{c.inspect[1..-2]}>", line)
      end
      k = src.byteindex(stop, i) || len
      if k == i
        # a special character that starts nothing here (a lone part of a longer separator)
        k += chars.find { |ch| src.byteslice(i, ch.bytesize) == ch }.bytesize
      end
      field = (field || +"") << src.byteslice(i, k - i)
      i = k
    end
    @pos = i
    @lineno = line
    fields
  end
end

require_relative "csv/row"
