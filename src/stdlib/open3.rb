# open3: running a command with pipes to its standard streams. popen3 / popen2 / popen2e
# spawn the command with its stdin, stdout and stderr (or stdout and stderr merged) on pipes
# and hand back the parent's ends plus a waiter whose `value` is the Process::Status;
# capture3 / capture2 / capture2e feed `stdin_data:` and collect the output; pipeline and
# pipeline_r / _w / _rw / _start join several commands with pipes.
# Written for rubra on Kernel#spawn, IO.pipe and Process.detach (the waiter is its
# Process::Waiter thread); the capture functions move data with IO.select rather than reader
# threads (no deadlock on full pipes either way).

module Open3
  VERSION = "0.2.1"

  module_function

  # popen3(cmd...) { |stdin, stdout, stderr, waiter| } or -> [stdin, stdout, stderr, waiter]
  def popen3(*cmd, &block)
    opts = split_options(cmd)
    child_in, parent_in = IO.pipe
    parent_out, child_out = IO.pipe
    parent_err, child_err = IO.pipe
    opts[:in] = child_in
    opts[:out] = child_out
    opts[:err] = child_err
    parent_in.sync = true
    start(cmd, opts, [child_in, child_out, child_err], [parent_in, parent_out, parent_err], &block)
  end

  # popen2(cmd...) { |stdin, stdout, waiter| }: stderr is the parent's.
  def popen2(*cmd, &block)
    opts = split_options(cmd)
    child_in, parent_in = IO.pipe
    parent_out, child_out = IO.pipe
    opts[:in] = child_in
    opts[:out] = child_out
    parent_in.sync = true
    start(cmd, opts, [child_in, child_out], [parent_in, parent_out], &block)
  end

  # popen2e(cmd...) { |stdin, stdout_and_stderr, waiter| }
  def popen2e(*cmd, &block)
    opts = split_options(cmd)
    child_in, parent_in = IO.pipe
    parent_out, child_out = IO.pipe
    opts[:in] = child_in
    opts[[:out, :err]] = child_out
    parent_in.sync = true
    start(cmd, opts, [child_in, child_out], [parent_in, parent_out], &block)
  end

  # capture3(cmd..., stdin_data: "", binmode: false) -> [stdout, stderr, status]
  def capture3(*cmd)
    opts = split_options(cmd)
    data = opts.delete(:stdin_data) || ""
    binmode = opts.delete(:binmode)
    popen3(*cmd, opts) do |i, o, e, t|
      [i, o, e].each(&:binmode) if binmode
      out, err = pump(i, data, [o, e], binmode)
      [out, err, t.value]
    end
  end

  # capture2(cmd..., stdin_data: "", binmode: false) -> [stdout, status]
  def capture2(*cmd)
    opts = split_options(cmd)
    data = opts.delete(:stdin_data) || ""
    binmode = opts.delete(:binmode)
    popen2(*cmd, opts) do |i, o, t|
      [i, o].each(&:binmode) if binmode
      out, = pump(i, data, [o], binmode)
      [out, t.value]
    end
  end

  # capture2e(cmd..., stdin_data: "", binmode: false) -> [stdout_and_stderr, status]
  def capture2e(*cmd)
    opts = split_options(cmd)
    data = opts.delete(:stdin_data) || ""
    binmode = opts.delete(:binmode)
    popen2e(*cmd, opts) do |i, o, t|
      [i, o].each(&:binmode) if binmode
      out, = pump(i, data, [o], binmode)
      [out, t.value]
    end
  end

  # pipeline_rw(cmd, cmd...) { |first_stdin, last_stdout, waiters| }: the commands joined by
  # pipes, the first one's stdin and the last one's stdout on pipes to this process.
  def pipeline_rw(*cmds, &block)
    opts = split_options(cmds)
    child_in, parent_in = IO.pipe
    parent_out, child_out = IO.pipe
    opts[:in] = child_in
    opts[:out] = child_out
    parent_in.sync = true
    chain(cmds, opts, [child_in, child_out], [parent_in, parent_out], &block)
  end

  # pipeline_r(cmd, cmd...) { |last_stdout, waiters| }
  def pipeline_r(*cmds, &block)
    opts = split_options(cmds)
    parent_out, child_out = IO.pipe
    opts[:out] = child_out
    chain(cmds, opts, [child_out], [parent_out], &block)
  end

  # pipeline_w(cmd, cmd...) { |first_stdin, waiters| }
  def pipeline_w(*cmds, &block)
    opts = split_options(cmds)
    child_in, parent_in = IO.pipe
    opts[:in] = child_in
    parent_in.sync = true
    chain(cmds, opts, [child_in], [parent_in], &block)
  end

  # pipeline_start(cmd, cmd...) { |waiters| } or -> waiters
  def pipeline_start(*cmds, &block)
    opts = split_options(cmds)
    if block
      chain(cmds, opts, [], [], &block)
    else
      chain(cmds, opts, [], []).first
    end
  end

  # pipeline(cmd, cmd...) -> the commands' Process::Status list
  def pipeline(*cmds)
    opts = split_options(cmds)
    chain(cmds, opts, [], []) { |waiters| waiters.map(&:value) }
  end

  # The trailing options Hash of a command (spawn's options), removed from cmd, as a copy.
  def split_options(cmd)
    cmd.last.is_a?(Hash) ? cmd.pop.dup : {}
  end

  # Spawns the command, closes the child's ends here, and yields the parent's ends and the
  # waiter (closing the ends and waiting for the child after the block) or answers them.
  def start(cmd, opts, child_ends, parent_ends)
    pid = spawn(*cmd, opts)
    waiter = Process.detach(pid)
    child_ends.each(&:close)
    result = [*parent_ends, waiter]
    return result unless block_given?
    begin
      yield(*result)
    ensure
      parent_ends.each { |io| io.close unless io.closed? }
      waiter.join
    end
  end

  # Spawns each command (a String, or an Array of the command and its arguments with an
  # optional Hash of its own options) with its stdout piped to the next one's stdin; opts's
  # :in goes to the first and :out to the last. Yields or answers the parent's ends and the
  # waiters, as `start` does.
  def chain(cmds, opts, child_ends, parent_ends)
    raise ArgumentError, "no commands" if cmds.empty?
    waiters = []
    from_prev = nil
    cmds.each_with_index do |cmd, i|
      own = opts.dup
      args = cmd.is_a?(Array) ? cmd.dup : [cmd]
      own.update(args.pop) if args.last.is_a?(Hash)
      own[:in] = from_prev if from_prev
      last = i == cmds.size - 1
      own.delete(:out) unless last
      reader, writer = IO.pipe unless last
      own[:out] = writer if writer
      waiters << Process.detach(spawn(*args, own))
      from_prev&.close
      writer&.close
      from_prev = reader
    end
    child_ends.each(&:close)
    result = [*parent_ends, waiters]
    return result unless block_given?
    begin
      yield(*result)
    ensure
      parent_ends.each { |io| io.close unless io.closed? }
      waiters.each(&:join)
    end
  end

  # Writes data to input (then closes it) while reading every reader to its end, whichever
  # is ready first; answers the readers' contents in order (binary strings under binmode).
  def pump(input, data, readers, binmode)
    pending = data.to_s.b
    chunks = readers.map { [] }
    open = readers.dup
    if pending.empty?
      input.close
      input = nil
    end
    until open.empty? && input.nil?
      ready_r, ready_w = IO.select(open, input ? [input] : [])
      (ready_w || []).each do
        begin
          n = input.syswrite(pending.byteslice(0, 4096))
          pending = pending.byteslice(n..)
        rescue Errno::EPIPE
          pending = ""
        end
        if pending.empty?
          input.close
          input = nil
        end
      end
      (ready_r || []).each do |io|
        begin
          chunks[readers.index(io)] << io.readpartial(65_536)
        rescue EOFError
          open.delete(io)
        end
      end
    end
    encoding = binmode ? Encoding::BINARY : Encoding.default_external
    chunks.map { |parts| parts.join.b.force_encoding(encoding) }
  end
  private_class_method :split_options, :start, :chain, :pump
end
