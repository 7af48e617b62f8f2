# pstore: a Hash of Ruby objects kept in a file through Marshal, read and written in
# transactions. PStore#transaction locks the file (flock: shared for read-only, exclusive
# otherwise), loads the table, yields the store, and writes the table back when it changed,
# unless the block called `abort`. Roots are read and written with [] / []= / fetch /
# delete / roots / root? only inside a transaction.
# Written for rubra; messages and behaviour are CRuby's.

class PStore
  VERSION = "0.2.0"

  RDWR_ACCESS = { mode: File::RDWR | File::CREAT | File::BINARY, encoding: Encoding::BINARY }.freeze
  RD_ACCESS = { mode: File::RDONLY | File::BINARY, encoding: Encoding::BINARY }.freeze
  WR_ACCESS = { mode: File::WRONLY | File::CREAT | File::TRUNC | File::BINARY,
                encoding: Encoding::BINARY }.freeze

  class Error < StandardError
  end

  # Whether a changed table is written to a temporary file renamed over the store (else the
  # store file is rewritten in place).
  attr_accessor :ultra_safe

  def initialize(file, thread_safe = false)
    dir = File.dirname(file)
    raise PStore::Error, format("directory %s does not exist", dir) unless File.directory?(dir)
    if File.exist?(file) && !File.readable?(file)
      raise PStore::Error, format("file %s not readable", file)
    end
    @filename = file
    @thread_safe = thread_safe
    @ultra_safe = false
    @abort = false
    @in_transaction = false
    @rdonly = false
    @table = nil
  end

  def path = @filename

  def [](key)
    in_transaction
    @table[key]
  end

  def fetch(key, default = PStore::Error)
    in_transaction
    return @table[key] if @table.key?(key)
    raise PStore::Error, format("undefined key '%s'", key) if default == PStore::Error
    default
  end

  def []=(key, value)
    in_transaction_wr
    @table[key] = value
  end

  def delete(key)
    in_transaction_wr
    @table.delete(key)
  end

  def roots
    in_transaction
    @table.keys
  end
  alias keys roots

  def root?(key)
    in_transaction
    @table.key?(key)
  end
  alias key? root?

  # Ends the transaction now, keeping its changes.
  def commit
    in_transaction
    @abort = false
    throw :pstore_abort_transaction
  end

  # Ends the transaction now, dropping its changes.
  def abort
    in_transaction
    @abort = true
    throw :pstore_abort_transaction
  end

  # Yields the store with the file's table loaded; answers the block's value.
  def transaction(read_only = false)
    raise PStore::Error, "nested transaction" if @in_transaction
    @in_transaction = true
    value = nil
    begin
      @rdonly = read_only
      @abort = false
      file = open_locked(read_only)
      if file.nil?
        @table = {}
        catch(:pstore_abort_transaction) { value = yield(self) }
      else
        begin
          original = read_table(file, read_only)
          catch(:pstore_abort_transaction) { value = yield(self) }
          write_table(original, file) unless @abort || read_only
        ensure
          file.close
        end
      end
    ensure
      @in_transaction = false
    end
    value
  end

  private

  def in_transaction
    raise PStore::Error, "not in transaction" unless @in_transaction
  end

  def in_transaction_wr
    in_transaction
    raise PStore::Error, "in read-only transaction" if @rdonly
  end

  # The store file, locked; nil for a read-only transaction on a file that does not exist.
  def open_locked(read_only)
    if read_only
      begin
        file = File.new(@filename, **RD_ACCESS)
      rescue Errno::ENOENT
        return nil
      end
      begin
        file.flock(File::LOCK_SH)
      rescue
        file.close
        raise
      end
    else
      file = File.new(@filename, **RDWR_ACCESS)
      file.flock(File::LOCK_EX)
    end
    file
  end

  # Loads the table into @table; answers the file's bytes (to tell later whether it changed).
  def read_table(file, read_only)
    data = file.read.b
    if data.empty?
      @table = {}
      return EMPTY_MARSHAL_DATA
    end
    @table = load(data)
    raise Error, "PStore file seems to be corrupted." unless @table.is_a?(Hash)
    data
  end

  # Writes the table back when its dump differs from what was read.
  def write_table(original, file)
    data = dump(@table).b
    return if data == original
    if @ultra_safe
      replace_file(data)
    else
      file.rewind
      file.write(data)
      file.truncate(data.bytesize)
    end
  end

  # Writes data to a temporary file beside the store and renames it over the store.
  def replace_file(data)
    temp = "#{@filename}.tmp.#{Process.pid}.#{rand(1_000_000)}"
    out = File.new(temp, **WR_ACCESS)
    begin
      out.flock(File::LOCK_EX)
      out.write(data)
      out.flush
      File.rename(temp, @filename)
    rescue
      File.unlink(temp) rescue nil
      raise
    ensure
      out.close
    end
  end

  def dump(table) = Marshal.dump(table)

  def load(content) = Marshal.load(content)

  EMPTY_MARSHAL_DATA = Marshal.dump({}).b
end
