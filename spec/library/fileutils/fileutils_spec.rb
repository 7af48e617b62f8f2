require "fileutils"
d = "/tmp/rubra_fileutils_spec"
mask = ->(x) { x.is_a?(Array) ? x.map { |e| mask.(e) } : x.is_a?(String) ? x.sub(d, "D") : x }
p mask.(FileUtils.rm_rf(d))
p mask.(FileUtils.mkdir_p("#{d}/a/b"))
p mask.(FileUtils.mkdir_p(["#{d}/c", "#{d}/e"]))
p mask.(FileUtils.mkdir_p("#{d}/a/b"))
p mask.(FileUtils.touch("#{d}/a/f.txt"))
File.write("#{d}/a/g.txt", "hi")
p FileUtils.cp("#{d}/a/g.txt", "#{d}/c")
p FileUtils.cp_r("#{d}/a", "#{d}/e")
p Dir.glob("#{d}/**/*").sort.map { _1.sub(d, "") }
p FileUtils.mv("#{d}/c/g.txt", "#{d}/c/h.txt")
p File.read("#{d}/c/h.txt")
p mask.(FileUtils.rm_f("#{d}/nonexist"))
begin; FileUtils.rm("#{d}/nonexist"); rescue => e; p e.class, e.message.sub(d, ""); end
begin; FileUtils.mkdir("#{d}/a"); rescue => e; p e.class, e.message.sub(d, ""); end
p mask.(FileUtils.mkdir("#{d}/z"))
p mask.(FileUtils.rmdir("#{d}/z"))
p FileUtils.compare_file("#{d}/a/g.txt", "#{d}/c/h.txt"), FileUtils.identical?("#{d}/a/g.txt", "#{d}/a/f.txt")
p FileUtils.pwd == Dir.pwd
FileUtils.mkdir_p("#{d}/v", verbose: true)
FileUtils.rm_rf("#{d}/v", verbose: true)
FileUtils.touch("#{d}/t", verbose: true, noop: true)
FileUtils.cp("#{d}/a/g.txt", "#{d}/a/g2.txt", verbose: true)
FileUtils.mv("#{d}/a/g2.txt", "#{d}/a/g3.txt", verbose: true)
FileUtils.rm(["#{d}/a/g3.txt"], verbose: true)
FileUtils.cp_r("#{d}/a", "#{d}/a2", verbose: true)
FileUtils.rm_r("#{d}/a2", verbose: true)
FileUtils.rm_f("#{d}/none", verbose: true)
p File.exist?("#{d}/t")
p FileUtils.uptodate?("#{d}/a/g.txt", ["#{d}/nonexist"])
p mask.(FileUtils.rm_rf(d))
p File.exist?(d)
