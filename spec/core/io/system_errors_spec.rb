# env: TZ=UTC
# Linux system-call errors the WASI oracle cannot show (it has no directories-as-files errors of
# Linux's kind: it answers EBADF): expected output from the system ruby, as the zone specs'
# (spec/README.md). Directories opened as files, and writing or reading the wrong way.
begin; File.read("/"); rescue SystemCallError => e; p e; end
begin; File.open("/", "w"); rescue SystemCallError => e; p e; end
begin; File.open("/", "a"); rescue SystemCallError => e; p e; end
begin; File.readlines("/"); rescue SystemCallError => e; p e.class; end
begin; File.write("/", "x"); rescue SystemCallError => e; p e; end
begin; IO.copy_stream("/", "/tmp/rubra_spec_io_system_errors.txt"); rescue SystemCallError => e; p e.class; end
begin; File.open("/nonexistent_dir_for_rubra/x", "w"); rescue SystemCallError => e; p e; end
begin; File.open("/etc/hostname/x"); rescue SystemCallError => e; p e; end
p File.exist?("/tmp/rubra_spec_io_system_errors.txt")
File.delete("/tmp/rubra_spec_io_system_errors.txt") if File.exist?("/tmp/rubra_spec_io_system_errors.txt")
