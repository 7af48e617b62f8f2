# env: TZ=UTC
# oracle: system ruby 3.1, because the oracle (WASI) has no threads
# Thread.handle_interrupt: :never holds a Thread#raise back until the block ends (then it
# replaces the block's value or exception), :on_blocking until a blocking call, :immediate lets
# it through; the innermost mask that names a class of the interrupt decides; a kill counts as
# an Integer; pending_interrupt?; unknown mask values.
def attempt(mask, blocking)
  log = []
  inside = Queue.new
  go = Queue.new
  t = Thread.new do
    Thread.handle_interrupt(mask) do
      inside << true
      if blocking
        go.pop
      else
        loop { break if (go.pop(true) rescue nil); Thread.pass }
      end
      log << :block_done
    rescue IndexError
      log << :inside
    end
  rescue IndexError
    log << :after
  end
  t.report_on_exception = false
  inside.pop
  Thread.pass until t.stop? if blocking
  t.raise(IndexError, "poke")
  go << true
  t.join rescue log << $!.class
  log
end

p attempt({ IndexError => :never }, true)
p attempt({ IndexError => :immediate }, true)
p attempt({ IndexError => :on_blocking }, true)
p attempt({ IndexError => :on_blocking }, false)
p attempt({ StandardError => :never }, true)
p attempt({ ArgumentError => :never }, true)
p attempt({ ArgumentError => :never, Exception => :never }, true)

me = Thread.current
begin
  Thread.handle_interrupt(RuntimeError => :never) do
    Thread.new { me.raise "held" }.join
    p Thread.pending_interrupt?, me.pending_interrupt?
    :value
  rescue => e
    p [:inside, e.message]
  end
rescue => e
  p [:after, e.message]
end
p Thread.pending_interrupt?

# a kill is held back by a mask on Object, not one on Exception
t = Thread.new do
  Thread.handle_interrupt(Object => :never) { Thread.stop; :survived }
end
Thread.pass until t.stop?
t.kill
t.run
p t.value
t = Thread.new do
  Thread.handle_interrupt(Exception => :never) { Thread.stop; :survived }
end
Thread.pass until t.stop?
t.kill
p t.join.value

begin
  Thread.handle_interrupt(RuntimeError => :sometimes) {}
rescue ArgumentError => e
  p e.message
end
p Thread.handle_interrupt(RuntimeError => :never) { 5 }
