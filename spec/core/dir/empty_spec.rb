# Dir.empty?: true for an empty directory, false for one with entries and for non-directories
R = "/tmp/rubra_spec_dir_empty"
Dir.rmdir(R + "/s") if Dir.exist?(R + "/s")
Dir.rmdir(R) if Dir.exist?(R)
Dir.mkdir(R)
p Dir.empty?(R)
Dir.mkdir(R + "/s")
p Dir.empty?(R), Dir.empty?(R + "/s")
Dir.rmdir(R + "/s")
Dir.rmdir(R)
