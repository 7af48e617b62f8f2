# timeout: Timeout.timeout(sec, klass = nil, message = nil) { |sec| } runs the block and
# interrupts it when it runs longer than sec seconds. Written for rubra on the native
# Timeout.__rubra_within (timeout/mod.rs), which delivers the deadline at the VM's safepoints.
#
# Without a class, the block sees a Timeout::ExitException (an Exception, so `rescue => e`
# inside the block does not stop it), which Timeout.timeout turns into Timeout::Error
# ("execution expired") once it reaches its own call; with a class, that class is raised in
# the block itself.

module Timeout
  VERSION = "0.6.0"

  # What an expired Timeout.timeout without a class raises inside its block.
  class ExitException < Exception
    # Raising it again (with a message) keeps this very object.
    def exception(*)
      self
    end
  end

  # What Timeout.timeout raises when its block ran too long.
  class Error < RuntimeError
    # Yields a fresh ExitException; when that same object comes back as an exception,
    # raises a Timeout::Error with the message instead.
    def self.handle_timeout(message)
      exit_exc = ExitException.new(message)
      begin
        yield exit_exc
      rescue ExitException => e
        raise new(message) if e.equal?(exit_exc)
        raise
      end
    end
  end

  def self.timeout(sec, klass = nil, message = nil, &block)
    return yield(sec) if sec.nil? || sec.zero?
    raise ArgumentError, "Timeout sec must be a non-negative number" if sec < 0
    message ||= "execution expired"
    if klass
      __rubra_within(sec, klass, message) { yield sec }
    else
      Error.handle_timeout(message) do |exit_exc|
        __rubra_within(sec, exit_exc, message) { yield sec }
      end
    end
  end

  private

  # `include Timeout` gives the private instance method.
  def timeout(*args, &block)
    Timeout.timeout(*args, &block)
  end
end
