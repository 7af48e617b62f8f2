# csv/row: CSV::Row (a row of header => field pairs) and CSV::Table (rows sharing headers,
# indexed by row or by column), plus Array#to_csv and String#parse_csv.

class CSV
  class Row
    include Enumerable

    def initialize(headers, fields, header_row = false)
      @header_row = header_row
      @row = headers.each_with_index.map { |h, i| [h, fields[i]] }
      fields[headers.size..]&.each { |f| @row << [nil, f] }
    end

    def header_row?
      @header_row
    end

    def field_row?
      !@header_row
    end

    def headers
      @row.map(&:first)
    end

    def fields(*names)
      return @row.map(&:last) if names.empty?
      names.map { |n| field(n) }
    end
    alias values_at fields

    def field(name, minimum = 0)
      if name.is_a?(Integer)
        pair = @row[name]
        pair && pair[1]
      else
        pair = @row[minimum..].to_a.assoc(name)
        pair && pair[1]
      end
    end
    alias [] field

    def fetch(name, *default)
      raise ArgumentError, "Too many arguments" if default.size > 1
      pair = @row.assoc(name)
      return pair[1] if pair
      return yield(name) if block_given?
      return default.first unless default.empty?
      raise KeyError, "key not found: #{name}"
    end

    def []=(name, value)
      if name.is_a?(Integer)
        if @row[name]
          @row[name][1] = value
        else
          @row[name] = [nil, value]
        end
      elsif (pair = @row.assoc(name))
        pair[1] = value
      else
        @row << [name, value]
      end
    end

    def <<(arg)
      if arg.is_a?(Array) && arg.size == 2
        @row << arg
      elsif arg.is_a?(Hash)
        arg.each { |k, v| @row << [k, v] }
      else
        @row << [nil, arg]
      end
      self
    end

    def push(*args)
      args.each { |a| self << [nil, a] }
      self
    end

    def delete(name)
      i = name.is_a?(Integer) ? name : @row.index { |h, _| h == name }
      i ? @row.delete_at(i) : []
    end

    def has_key?(name)
      !!@row.assoc(name)
    end
    alias include? has_key?
    alias key? has_key?
    alias member? has_key?
    alias header? has_key?

    def each(&block)
      return to_enum(:each) unless block
      @row.each { |pair| yield pair }
      self
    end
    alias each_pair each

    def size
      @row.size
    end
    alias length size

    def empty?
      @row.empty?
    end

    def to_h
      h = {}
      @row.each { |k, v| h[k] = v unless h.key?(k) }
      h
    end
    alias to_hash to_h

    def dig(index, *rest)
      v = field(index)
      rest.empty? || v.nil? ? v : v.dig(*rest)
    end

    def ==(other)
      other.is_a?(Row) ? @row == other.to_a : @row == other
    end

    def to_a
      @row.map(&:dup)
    end

    def to_csv(**options)
      fields.to_csv(**options)
    end
    alias to_s to_csv

    def inspect
      s = +"#<CSV::Row"
      @row.each { |h, v| s << " #{h.is_a?(Symbol) ? h : h.inspect}:#{v.inspect}" }
      s << ">"
    end
  end

  class Table
    include Enumerable

    attr_reader :mode, :table
    protected :table

    def initialize(rows, headers: nil)
      @table = rows
      @headers = headers
      @mode = :col_or_row
    end

    def headers
      @table.empty? ? (@headers || []).dup : @table.first.headers
    end

    def by_col
      dup.by_col!
    end

    def by_col!
      @mode = :col
      self
    end

    def by_row
      dup.by_row!
    end

    def by_row!
      @mode = :row
      self
    end

    def by_col_or_row!
      @mode = :col_or_row
      self
    end

    def [](index)
      if @mode == :row || (@mode == :col_or_row && (index.is_a?(Integer) || index.is_a?(Range)))
        @table[index]
      else
        @table.map { |r| r[index] }
      end
    end

    def values_at(*indices)
      @table.values_at(*indices)
    end

    def each(&block)
      return to_enum(:each) unless block
      if @mode == :col
        headers.each { |h| yield [h, self[h]] }
      else
        @table.each(&block)
      end
      self
    end

    def <<(row)
      @table << (row.is_a?(Array) ? Row.new(headers, row) : row)
      self
    end
    alias push <<

    def delete(*indices)
      res = indices.map do |i|
        if @mode == :row || (@mode == :col_or_row && i.is_a?(Integer))
          @table.delete_at(i)
        else
          @table.map { |r| r.delete(i).last }
        end
      end
      indices.size == 1 ? res.first : res
    end

    def size
      @table.size
    end
    alias length size

    def empty?
      @table.empty?
    end

    def ==(other)
      other.is_a?(Table) ? @table == other.table : @table == other
    end

    def to_a
      [headers] + @table.map(&:fields)
    end

    def to_csv(write_headers: true, **options)
      lines = write_headers ? [headers.to_csv(**options)] : []
      @table.each { |r| lines << r.fields.to_csv(**options) }
      lines.join
    end
    alias to_s to_csv

    def dig(index, *rest)
      v = self[index]
      rest.empty? || v.nil? ? v : v.dig(*rest)
    end

    def inspect
      "#<CSV::Table mode:#{@mode} row_count:#{to_a.size}>"
    end
  end
end

class Array
  def to_csv(**options)
    CSV.generate_line(self, **options)
  end
end

class String
  def parse_csv(**options)
    CSV.parse_line(self, **options)
  end
end
