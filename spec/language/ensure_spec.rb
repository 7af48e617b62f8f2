# ensure ordering across nested blocks, returns, breaks, and exceptions
def log(m) = puts(m)
def nested
  begin
    begin
      log "inner body"
      raise "boom"
    ensure
      log "inner ensure"
    end
  rescue => e
    log "rescued #{e.message}"
  ensure
    log "outer ensure"
  end
  log "after"
end
nested
def ret_through
  [1, 2].each do |x|
    begin
      return x
    ensure
      log "ensure in block #{x}"
    end
  end
end
p ret_through
r = [1, 2, 3].each do |x|
  begin
    break x * 2 if x == 2
  ensure
    log "ensure #{x}"
  end
end
p r
def ensure_overrides
  return 1
ensure
  return 2
end
p ensure_overrides
def ensure_swallows
  raise "lost"
ensure
  return :swallowed
end
p ensure_swallows
i = 0
while i < 3
  begin
    i += 1
    next if i == 2
    log "loop #{i}"
  ensure
    log "loop ensure #{i}"
  end
end
def raise_in_ensure
  begin
    raise "first"
  ensure
    raise "second"
  end
rescue => e
  e.message
end
p raise_in_ensure
x = begin
  :val
ensure
  log "ensure with value"
end
p x
def m_ensure_order
  yield
ensure
  log "method ensure"
end
m_ensure_order { log "block body" }
catch(:done) do
  begin
    throw :done
  ensure
    log "ensure on throw"
  end
end
