require "logger"
# a device that keeps what is written, printed with the time and the pid masked
class Sink
  def initialize = @lines = []
  def write(s) = @lines << s
  def close = nil
  def show
    @lines.each { |l| puts l.gsub(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}/, "TIME").gsub(/ ##{$$}\]/, " #PID]") }
    @lines.clear
  end
end
out = Sink.new
l = Logger.new(out)
l.info("hello")
l.warn { "block" }
l.debug("dbg")
l.level = :warn
l.info("hidden")
l.error("err")
p l.level, l.warn?, l.info?, Logger::WARN, Logger::SEV_LABEL
l.progname = "prog"
l.fatal("f")
l.unknown("u")
p l.add(Logger::ERROR, "added")
l.add(Logger::ERROR) { "blk" }
l.add(Logger::ERROR, nil, "pn")
l.error(RuntimeError.new("boom"))
l.error(nil)
l.error([1, 2])
l.formatter = proc { |sev, time, prog, msg| "#{sev}|#{prog}|#{msg}\n" }
l.error("custom")
l.formatter = nil
l.datetime_format = "%Y"
l.error("dt")
out.show
l2 = Logger.new(out, level: :info, progname: "x")
p l2.level, l2.progname
l2.debug("no")
l2.info("yes")
out.show
l3 = Logger.new(nil)
p l3.info("nothing")
p Logger::Formatter.new.call("INFO", Time.at(0).utc, "p", "m").sub(" ##{$$}]", " #PID]")
p Logger::Formatter::Format
begin
  l.level = :bogus
rescue ArgumentError => e
  p e.message
end
l.level = Logger::DEBUG
l << "raw\n"
p l.info("x")
l.level = "ERROR"
p l.level, l.error?, l.fatal?, l.debug?
out.show
p Logger::Severity.constants.sort
