# benchmark: timing Ruby code. Benchmark.measure / realtime take the times of one block;
# bm / benchmark print a row per report; bmbm runs every job twice (a rehearsal, then the
# measured run). Benchmark::Tms holds user, system, children's user and system, and real
# time, and prints them through its `format` directives (%u %y %U %Y %t %r %n).
# Written for rubra; the output formats are CRuby's.

module Benchmark
  BENCHMARK_VERSION = "2002-04-25"

  # One measurement: CPU times from Process.times, real time from the monotonic clock.
  class Tms
    CAPTION = "      user     system      total        real\n"
    FORMAT = "%10.6u %10.6y %10.6t %10.6r\n"

    attr_reader :utime, :stime, :cutime, :cstime, :real, :total, :label

    def initialize(utime = 0.0, stime = 0.0, cutime = 0.0, cstime = 0.0, real = 0.0, label = nil)
      @utime = utime
      @stime = stime
      @cutime = cutime
      @cstime = cstime
      @real = real
      @label = label.to_s
      @total = utime + stime + cutime + cstime
    end

    # A new Tms: this one plus the times of the block.
    def add(&blk)
      self + Benchmark.measure(&blk)
    end

    # Adds the times of the block to this one.
    def add!(&blk)
      t = Benchmark.measure(&blk)
      @utime += t.utime
      @stime += t.stime
      @cutime += t.cutime
      @cstime += t.cstime
      @real += t.real
      self
    end

    def +(other) = combine(:+, other)
    def -(other) = combine(:-, other)
    def *(other) = combine(:*, other)
    def /(other) = combine(:/, other)

    # Each directive %[flags width.precision]X becomes that field, formatted as a Float
    # (%n the label as a String, %r the real time in parentheses); with extra arguments
    # the result is then itself used as a format string.
    def format(format = nil, *args)
      out = (format || FORMAT).gsub(/(%[-+.\d]*)([nuyUYtr])/) do
        spec = $1
        case $2
        when "n" then "#{spec}s" % label
        when "u" then "#{spec}f" % utime
        when "y" then "#{spec}f" % stime
        when "U" then "#{spec}f" % cutime
        when "Y" then "#{spec}f" % cstime
        when "t" then "#{spec}f" % total
        else "(#{spec}f)" % real
        end
      end
      format ? out % args : out
    end

    def to_s = format

    def to_a = [@label, @utime, @stime, @cutime, @cstime, @real]

    def to_h
      { label: @label, utime: @utime, stime: @stime, cutime: @cutime, cstime: @cstime, real: @real }
    end

    protected

    # A Tms whose every time is `op` applied to this one's and other's (a Tms or a number).
    def combine(op, other)
      if other.is_a?(Tms)
        Tms.new(utime.__send__(op, other.utime), stime.__send__(op, other.stime),
                cutime.__send__(op, other.cutime), cstime.__send__(op, other.cstime),
                real.__send__(op, other.real))
      else
        Tms.new(utime.__send__(op, other), stime.__send__(op, other),
                cutime.__send__(op, other), cstime.__send__(op, other),
                real.__send__(op, other))
      end
    end
  end

  CAPTION = Tms::CAPTION
  FORMAT = Tms::FORMAT

  # What `bm`/`benchmark` yield: each `report` prints its label padded to the width and the
  # measured times.
  class Report
    attr_reader :list

    def initialize(width = 0, format = nil)
      @width = width
      @format = format
      @list = []
    end

    def item(label = "", *format, &blk)
      print label.to_s.ljust(@width)
      res = Benchmark.measure(label, &blk)
      @list << res
      print res.format(@format, *format)
      res
    end
    alias report item
  end

  # What `bmbm` yields: it collects the labelled blocks to run twice.
  class Job
    attr_reader :list, :width

    def initialize(width)
      @width = width
      @list = []
    end

    def item(label = "", &blk)
      raise ArgumentError, "no block" unless blk
      label = label.to_s
      @width = label.length if label.length > @width
      @list << [label, blk]
      self
    end
    alias report item
  end

  module_function

  # The times of the block.
  def measure(label = "")
    cpu0 = Process.times
    real0 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    yield
    cpu1 = Process.times
    real1 = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    Tms.new(cpu1.utime - cpu0.utime, cpu1.stime - cpu0.stime,
            cpu1.cutime - cpu0.cutime, cpu1.cstime - cpu0.cstime,
            real1 - real0, label)
  end

  # The real time the block took, in seconds (a Float).
  def realtime
    start = Process.clock_gettime(Process::CLOCK_MONOTONIC)
    yield
    Process.clock_gettime(Process::CLOCK_MONOTONIC) - start
  end

  # Prints the caption, yields a Report; extra Tms the block returns in an Array are printed
  # after the reports with `labels`. Answers the reports' Tms list.
  def benchmark(caption = "", label_width = nil, format = nil, *labels)
    old_sync = $stdout.sync
    $stdout.sync = true
    width = (label_width || 0) + 1
    format ||= FORMAT
    print " " * width + caption unless caption.empty?
    report = Report.new(width, format)
    results = yield report
    if results.is_a?(Array)
      results.grep(Tms).each do |t|
        print((labels.shift || t.label || "").ljust(width), t.format(format))
      end
    end
    report.list
  ensure
    $stdout.sync = old_sync unless old_sync.nil?
  end

  def bm(label_width = 0, *labels, &blk)
    benchmark(CAPTION, label_width, FORMAT, *labels, &blk)
  end

  # Runs each job once as a rehearsal (with the total), then again measured, after a GC.
  def bmbm(width = 0)
    job = Job.new(width)
    yield job
    width = job.width + 1
    old_sync = $stdout.sync
    $stdout.sync = true
    line = width + CAPTION.length
    puts "Rehearsal ".ljust(line, "-")
    sum = Tms.new
    job.list.each do |label, blk|
      print label.ljust(width)
      res = Benchmark.measure(&blk)
      print res.format
      sum += res
    end
    print " #{sum.format("total: %tsec")}\n\n".rjust(line + 2, "-")
    print " " * width + CAPTION
    job.list.map do |label, blk|
      GC.start
      print label.ljust(width)
      res = Benchmark.measure(label, &blk)
      print res
      res
    end
  ensure
    $stdout.sync = old_sync unless old_sync.nil?
  end
end
