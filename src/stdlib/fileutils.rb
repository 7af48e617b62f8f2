# frozen_string_literal: true
#
# fileutils: shell-like file operations (mkdir_p, rm_rf, cp, cp_r, mv, touch, ln_s, ...).
# Each takes a path or a list of paths and the options noop: (do nothing), verbose: (print the
# equivalent command to $stderr) and, where the command has them, force:, mode:, preserve:.
# Written for rubra.

module FileUtils
  VERSION = "1.8.0"

  # Where verbose: messages go.
  @fileutils_output = nil
  @fileutils_label = ""

  def self.private_module_function(name)
    module_function name
    private_class_method name
  end

  module_function

  # pwd -> the working directory
  def pwd
    Dir.pwd
  end
  alias getwd pwd
  module_function :getwd

  # cd(dir) { ... }
  def cd(dir, verbose: nil, &block)
    fu_output_message "cd #{dir}" if verbose
    result = Dir.chdir(dir, &block)
    fu_output_message "cd -" if verbose && block
    result
  end
  alias chdir cd
  module_function :chdir

  # uptodate?(new, old_list) -> whether new exists and is newer than every existing old one
  def uptodate?(new, old_list)
    return false unless File.exist?(new)
    new_time = File.mtime(new)
    old_list.each do |old|
      return false if File.exist?(old) && File.mtime(old) >= new_time
    end
    true
  end

  # mkdir(list, mode: nil) -> the list
  def mkdir(list, mode: nil, noop: nil, verbose: nil)
    list = fu_list(list)
    fu_output_message "mkdir #{mode ? format('-m %o ', mode) : ''}#{list.join(' ')}" if verbose
    return if noop
    list.each { |dir| fu_mkdir(dir, mode) }
  end

  # mkdir_p(list, mode: nil) -> the list: each directory and its missing parents
  def mkdir_p(list, mode: nil, noop: nil, verbose: nil)
    list = fu_list(list)
    fu_output_message "mkdir -p #{mode ? format('-m %o ', mode) : ''}#{list.join(' ')}" if verbose
    return list if noop
    list.each do |item|
      path = item.to_s.chomp("/")
      next if File.directory?(path)
      stack = []
      until path.empty? || File.directory?(path)
        stack.unshift(path)
        parent = File.dirname(path)
        break if parent == path
        path = parent
      end
      stack.each do |dir|
        fu_mkdir(dir, mode)
      rescue SystemCallError
        raise unless File.directory?(dir)
      end
    end
    list
  end
  alias mkpath mkdir_p
  alias makedirs mkdir_p
  module_function :mkpath, :makedirs

  # rmdir(list, parents: nil) -> the list
  def rmdir(list, parents: nil, noop: nil, verbose: nil)
    list = fu_list(list)
    fu_output_message "rmdir #{parents ? '-p ' : ''}#{list.join(' ')}" if verbose
    return if noop
    list.each do |dir|
      Dir.rmdir(dir = dir.to_s.chomp("/"))
      if parents
        begin
          until (parent = File.dirname(dir)) == "." || parent == dir
            dir = parent
            Dir.rmdir(dir)
          end
        rescue Errno::ENOTEMPTY, Errno::EEXIST, Errno::ENOENT
          nil
        end
      end
    end
  end

  # rm(list, force: nil) -> the list: removes files
  def rm(list, force: nil, noop: nil, verbose: nil)
    list = fu_list(list)
    fu_output_message "rm#{force ? ' -f' : ''} #{list.join(' ')}" if verbose
    return if noop
    list.each { |path| remove_file(path, force) }
  end
  alias remove rm
  module_function :remove

  # rm_f(list) -> the list: rm, ignoring files that are not there
  def rm_f(list, noop: nil, verbose: nil)
    rm(list, force: true, noop: noop, verbose: verbose)
  end
  alias safe_unlink rm_f
  module_function :safe_unlink

  # rm_r(list, force: nil) -> the list: removes files and directory trees
  def rm_r(list, force: nil, noop: nil, verbose: nil, secure: nil)
    list = fu_list(list)
    fu_output_message "rm -r#{force ? 'f' : ''} #{list.join(' ')}" if verbose
    return if noop
    list.each { |path| remove_entry(path, force) }
  end

  # rm_rf(list) -> the list: rm_r, ignoring what is not there
  def rm_rf(list, noop: nil, verbose: nil, secure: nil)
    rm_r(list, force: true, noop: noop, verbose: verbose, secure: secure)
  end
  alias rmtree rm_rf
  module_function :rmtree

  # remove_entry(path, force = false): removes a file or a directory tree
  def remove_entry(path, force = false)
    path = path.to_s
    if File.directory?(path) && !File.symlink?(path)
      Dir.children(path).each { |c| remove_entry(File.join(path, c), force) }
      Dir.rmdir(path)
    else
      File.unlink(path)
    end
  rescue SystemCallError
    raise unless force
  end

  def remove_entry_secure(path, force = false)
    remove_entry(path, force)
  end

  def remove_file(path, force = false)
    File.unlink(path.to_s)
  rescue SystemCallError
    raise unless force
  end

  def remove_dir(path, force = false)
    remove_entry(path, force)
  end

  # cp(src, dest, preserve: nil) -> nil: copies files (into dest when it is a directory)
  def cp(src, dest, preserve: nil, noop: nil, verbose: nil)
    fu_output_message "cp#{preserve ? ' -p' : ''} #{[src, dest].flatten.join(' ')}" if verbose
    return if noop
    fu_each_src_dest(src, dest) { |s, d| copy_file(s, d, preserve) }
    nil
  end
  alias copy cp
  module_function :copy

  # cp_r(src, dest, preserve: nil, remove_destination: nil) -> nil: copies trees
  def cp_r(src, dest, preserve: nil, noop: nil, verbose: nil, dereference_root: true,
           remove_destination: nil)
    fu_output_message "cp -r#{preserve ? 'p' : ''}#{remove_destination ? ' --remove-destination' : ''} #{[src, dest].flatten.join(' ')}" if verbose
    return if noop
    fu_each_src_dest(src, dest) do |s, d|
      File.unlink(d) if remove_destination && File.file?(d)
      copy_entry(s, d, preserve)
    end
    nil
  end

  # copy_entry(src, dest, preserve = false): copies a file, a symlink or a directory tree
  def copy_entry(src, dest, preserve = false, dereference_root = false, remove_destination = false)
    if File.symlink?(src) && !dereference_root
      File.symlink(File.readlink(src), dest)
    elsif File.directory?(src)
      Dir.mkdir(dest) unless File.directory?(dest)
      Dir.children(src).each do |c|
        copy_entry(File.join(src, c), File.join(dest, c), preserve)
      end
      fu_preserve(src, dest) if preserve
    else
      copy_file(src, dest, preserve)
    end
  end

  # copy_file(src, dest, preserve = false): copies the file's content (and, preserving,
  # its times and mode)
  def copy_file(src, dest, preserve = false, dereference = true)
    File.open(src, "rb") do |r|
      File.open(dest, "wb", r.stat.mode & 0o7777) { |w| IO.copy_stream(r, w) }
    end
    fu_preserve(src, dest) if preserve
  end

  def copy_stream(src, dest)
    IO.copy_stream(src, dest)
  end

  # mv(src, dest, force: nil) -> 0: moves files and directories (into dest when it is a
  # directory)
  def mv(src, dest, force: nil, noop: nil, verbose: nil, secure: nil)
    fu_output_message "mv#{force ? ' -f' : ''} #{[src, dest].flatten.join(' ')}" if verbose
    return if noop
    fu_each_src_dest(src, dest) do |s, d|
      if File.directory?(d) && File.directory?(s)
        raise Errno::EEXIST, d
      end
      begin
        File.rename(s, d)
      rescue Errno::EXDEV
        copy_entry(s, d, true)
        remove_entry(s)
      end
    rescue SystemCallError
      raise unless force
    end
    0
  end
  alias move mv
  module_function :move

  # touch(list, mtime: nil, nocreate: nil) -> the list: creates files or sets their times
  def touch(list, noop: nil, verbose: nil, mtime: nil, nocreate: nil)
    list = fu_list(list)
    fu_output_message "touch #{nocreate ? '-c ' : ''}#{mtime ? mtime.strftime('-t %Y%m%d%H%M.%S ') : ''}#{list.join(' ')}" if verbose
    return if noop
    t = mtime || Time.now
    list.each do |path|
      File.utime(t, t, path)
    rescue Errno::ENOENT
      raise if nocreate
      File.open(path, "a") {}
      File.utime(t, t, path) if mtime
    end
  end

  # ln(src, dest, force: nil): hard links
  def ln(src, dest, force: nil, noop: nil, verbose: nil)
    fu_output_message "ln#{force ? ' -f' : ''} #{[src, dest].flatten.join(' ')}" if verbose
    return if noop
    fu_each_src_dest(src, dest) do |s, d|
      remove_file(d, true) if force
      File.link(s, d)
    end
    0
  end
  alias link ln
  module_function :link

  # ln_s(src, dest, force: nil): symbolic links
  def ln_s(src, dest, force: nil, relative: false, target_directory: true, noop: nil,
           verbose: nil)
    fu_output_message "ln -s#{force ? 'f' : ''} #{[src, dest].flatten.join(' ')}" if verbose
    return if noop
    fu_each_src_dest(src, dest) do |s, d|
      remove_file(d, true) if force
      File.symlink(s, d)
    end
    0
  end
  alias symlink ln_s
  module_function :symlink

  def ln_sf(src, dest, noop: nil, verbose: nil)
    ln_s(src, dest, force: true, noop: noop, verbose: verbose)
  end

  # chmod(mode, list): mode an Integer or a symbolic mode ("u+x", "go-w", "a=r")
  def chmod(mode, list, noop: nil, verbose: nil)
    list = fu_list(list)
    fu_output_message format("chmod %s %s", mode.is_a?(Integer) ? format("%o", mode) : mode, list.join(" ")) if verbose
    return if noop
    list.each { |path| File.chmod(fu_mode(mode, path), path) }
  end

  def chmod_R(mode, list, noop: nil, verbose: nil, force: nil)
    list = fu_list(list)
    fu_output_message format("chmod -R%s %s %s", force ? "f" : "", mode.is_a?(Integer) ? format("%o", mode) : mode, list.join(" ")) if verbose
    return if noop
    list.each do |root|
      fu_walk(root) { |path| File.chmod(fu_mode(mode, path), path) }
    end
  end

  # compare_file(a, b) -> whether the two files have the same content
  def compare_file(a, b)
    return false unless File.size(a) == File.size(b)
    File.binread(a) == File.binread(b)
  end
  alias identical? compare_file
  alias cmp compare_file
  module_function :identical?, :cmp

  # install(src, dest, mode: nil): copies files whose content differs, setting the mode
  def install(src, dest, mode: nil, preserve: nil, noop: nil, verbose: nil, owner: nil,
              group: nil)
    fu_output_message "install -c#{preserve ? ' -p' : ''}#{mode ? format(' -m %o', mode) : ''} #{[src, dest].flatten.join(' ')}" if verbose
    return if noop
    fu_each_src_dest(src, dest) do |s, d|
      next if File.exist?(d) && compare_file(s, d)
      remove_file(d, true)
      copy_file(s, d, preserve)
      File.chmod(fu_mode(mode, d), d) if mode
    end
    nil
  end

  # The names of FileUtils' commands.
  def self.commands
    %w[cd chdir chmod chmod_R compare_file copy copy_entry copy_file cp cp_r identical?
       install link ln ln_s ln_sf makedirs mkdir mkdir_p mkpath move mv pwd remove
       remove_dir remove_entry remove_file rm rm_f rm_r rm_rf rmdir rmtree safe_unlink
       symlink touch uptodate? cmp getwd]
  end

  def fu_list(arg)
    [arg].flatten.map { |path| path.respond_to?(:to_path) ? path.to_path : path.to_s }
  end
  private_module_function :fu_list

  def fu_mkdir(path, mode)
    path = path.to_s.chomp("/")
    if mode
      Dir.mkdir(path, mode)
      File.chmod(mode, path)
    else
      Dir.mkdir(path)
    end
  end
  private_module_function :fu_mkdir

  # Yields each source with its destination: dest itself, or dest/basename when dest is a
  # directory.
  def fu_each_src_dest(src, dest)
    fu_list(src).each do |s|
      d = dest.respond_to?(:to_path) ? dest.to_path : dest.to_s
      d = File.join(d, File.basename(s)) if File.directory?(d)
      yield s, d
    end
  end
  private_module_function :fu_each_src_dest

  def fu_preserve(src, dest)
    st = File.stat(src)
    File.utime(st.atime, st.mtime, dest)
    File.chmod(st.mode & 0o7777, dest)
  end
  private_module_function :fu_preserve

  def fu_walk(path, &block)
    yield path
    return unless File.directory?(path) && !File.symlink?(path)
    Dir.children(path).each { |c| fu_walk(File.join(path, c), &block) }
  end
  private_module_function :fu_walk

  # A mode: an Integer as it is; a symbolic mode applied to the file's current one.
  def fu_mode(mode, path)
    return mode if mode.is_a?(Integer)
    current = File.stat(path).mode & 0o7777
    mode.to_s.split(",").each do |clause|
      m = clause.match(/\A([ugoa]*)([-+=])([rwxXst]*)\z/) or
        raise ArgumentError, "invalid file mode: #{mode}"
      who = m[1].empty? ? "a" : m[1]
      mask = 0
      mask |= 0o4700 if who.match?(/[ua]/)
      mask |= 0o2070 if who.match?(/[ga]/)
      mask |= 0o1007 if who.match?(/[oa]/)
      bits = 0
      m[3].each_char do |c|
        bits |= { "r" => 0o444, "w" => 0o222, "x" => 0o111, "s" => 0o6000, "t" => 0o1000 }
                .fetch(c) { File.directory?(path) || current & 0o111 != 0 ? 0o111 : 0 }
      end
      bits &= mask
      current = case m[2]
                when "+" then current | bits
                when "-" then current & ~bits
                else (current & ~mask) | bits
                end
    end
    current
  end
  private_module_function :fu_mode

  def fu_output_message(msg)
    output = @fileutils_output || $stdout || $stderr
    output.puts(@fileutils_label.to_s + msg)
  end
  private_module_function :fu_output_message

  # FileUtils::Verbose, ::NoWrite and ::DryRun: the same commands with verbose: true,
  # noop: true, or both.
  { "Verbose" => { verbose: true }, "NoWrite" => { noop: true },
    "DryRun" => { noop: true, verbose: true } }.each do |name, defaults|
    mod = Module.new
    const_set(name, mod)
    mod.include(FileUtils)
    %w[mkdir mkdir_p mkpath makedirs rmdir rm remove rm_f safe_unlink rm_r rm_rf rmtree
       cp copy cp_r mv move touch ln link ln_s symlink ln_sf chmod chmod_R install].each do |cmd|
      mod.define_method(cmd) do |*args, **opts|
        FileUtils.__send__(cmd, *args, **defaults, **opts)
      end
      mod.__send__(:module_function, cmd)
    end
  end
end
