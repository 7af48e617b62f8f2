# frozen_string_literal: true
#
# logger: Logger writes leveled messages to an IO or a file, each line made by a formatter
# (`I, [2026-12-02T10:44:43.784752 #42]  INFO -- prog: message` by default). Written for
# rubra; log rotation (shift_age/shift_size) is not done: the file just grows.

class Logger
  VERSION = "1.7.0"
  ProgName = "logger.rb/v#{VERSION}"

  # The levels.
  module Severity
    DEBUG = 0
    INFO = 1
    WARN = 2
    ERROR = 3
    FATAL = 4
    UNKNOWN = 5

    LEVELS = { "debug" => DEBUG, "info" => INFO, "warn" => WARN, "error" => ERROR,
               "fatal" => FATAL, "unknown" => UNKNOWN }.freeze
    private_constant :LEVELS

    # Severity.coerce(level) -> the level's Integer (ArgumentError for an unknown name)
    def self.coerce(severity)
      return severity if severity.is_a?(Integer)
      LEVELS.fetch(severity.to_s.downcase) do
        raise ArgumentError, "invalid log level: #{severity}"
      end
    end
  end
  include Severity

  SEV_LABEL = %w[DEBUG INFO WARN ERROR FATAL ANY].freeze

  # The default line format.
  class Formatter
    Format = "%.1s, [%s #%d] %5s -- %s: %s\n"
    DatetimeFormat = "%Y-%m-%dT%H:%M:%S.%6N"

    attr_accessor :datetime_format

    def initialize
      @datetime_format = nil
    end

    # call(severity, time, progname, msg) -> the line
    def call(severity, time, progname, msg)
      format(Format, severity, format_datetime(time), Process.pid, severity, progname,
             msg2str(msg))
    end

    private

    def format_datetime(time)
      time.strftime(@datetime_format || DatetimeFormat)
    end

    def msg2str(msg)
      case msg
      when ::String
        msg
      when ::Exception
        "#{msg.message} (#{msg.class})\n#{msg.backtrace&.join("\n")}"
      else
        msg.inspect
      end
    end
  end

  # Where the lines go: an IO, or a file opened for appending.
  class LogDevice
    attr_reader :dev, :filename

    def initialize(log)
      if log.respond_to?(:write) && log.respond_to?(:close)
        @dev = log
        @filename = nil
      else
        @filename = log.to_s
        @dev = open_logfile(@filename)
      end
    end

    def write(message)
      @dev.write(message)
    rescue StandardError => e
      warn("log writing failed. #{e}")
    end

    def close
      @dev.close unless @dev.equal?($stdout) || @dev.equal?($stderr)
    rescue StandardError
      nil
    end

    def reopen(log = nil)
      if log
        close
        initialize(log)
      elsif @filename
        close
        @dev = open_logfile(@filename)
      end
      self
    end

    private

    def open_logfile(name)
      created = !File.exist?(name)
      f = File.open(name, "a")
      f.sync = true
      f.write("# Logfile created on #{Time.now} by #{ProgName}\n") if created
      f
    end
  end

  attr_reader :level
  attr_accessor :progname, :formatter

  # Logger.new(logdev, level: DEBUG, progname: nil, formatter: nil, datetime_format: nil):
  # logdev is an IO, a file name, or nil (log nothing)
  def initialize(logdev, _shift_age = 0, _shift_size = 1_048_576, level: DEBUG,
                 progname: nil, formatter: nil, datetime_format: nil, binmode: false,
                 shift_period_suffix: "%Y%m%d", reraise_write_errors: [])
    self.level = level
    @progname = progname
    @default_formatter = Formatter.new
    @default_formatter.datetime_format = datetime_format
    @formatter = formatter
    @logdev = logdev.nil? || logdev == "/dev/null" ? nil : LogDevice.new(logdev)
  end

  # level = :info / "warn" / Logger::ERROR
  def level=(severity)
    @level = Severity.coerce(severity)
  end

  def datetime_format=(format)
    @default_formatter.datetime_format = format
  end

  def datetime_format
    @default_formatter.datetime_format
  end

  def debug? = level <= DEBUG
  def info? = level <= INFO
  def warn? = level <= WARN
  def error? = level <= ERROR
  def fatal? = level <= FATAL

  def debug!
    self.level = DEBUG
  end

  def info!
    self.level = INFO
  end

  def warn!
    self.level = WARN
  end

  def error!
    self.level = ERROR
  end

  def fatal!
    self.level = FATAL
  end


  # add(severity, message = nil, progname = nil) { message } -> true: writes the line when
  # severity is at the logger's level or above (a message of nil is the block's value, else
  # progname)
  def add(severity, message = nil, progname = nil)
    severity ||= UNKNOWN
    return true if @logdev.nil? || severity < level
    progname ||= @progname
    if message.nil?
      if block_given?
        message = yield
      else
        message = progname
        progname = @progname
      end
    end
    @logdev.write(format_message(format_severity(severity), Time.now, progname, message))
    true
  end
  alias log add

  def debug(progname = nil, &block) = add(DEBUG, nil, progname, &block)
  def info(progname = nil, &block) = add(INFO, nil, progname, &block)
  def warn(progname = nil, &block) = add(WARN, nil, progname, &block)
  def error(progname = nil, &block) = add(ERROR, nil, progname, &block)
  def fatal(progname = nil, &block) = add(FATAL, nil, progname, &block)
  def unknown(progname = nil, &block) = add(UNKNOWN, nil, progname, &block)

  # << msg: writes msg as it is
  def <<(msg)
    @logdev&.write(msg)
  end

  def close
    @logdev&.close
  end

  def reopen(logdev = nil)
    @logdev&.reopen(logdev)
    self
  end

  private

  def format_severity(severity)
    SEV_LABEL[severity] || "ANY"
  end

  def format_message(severity, datetime, progname, msg)
    (@formatter || @default_formatter).call(severity, datetime, progname, msg)
  end
end
