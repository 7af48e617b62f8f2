# File.fnmatch with FNM_PATHNAME and a run of `**/` components: answered at once (it backtracked
# exponentially and hung).
p File.fnmatch("**/" * 30 + "b", "a/" * 30, File::FNM_PATHNAME)
p File.fnmatch("**/" * 30 + "b", "a/" * 30 + "b", File::FNM_PATHNAME)
p File.fnmatch("**/" * 25 + "*/c", "a/" * 25 + "b", File::FNM_PATHNAME)
p File.fnmatch("**/**/.b", "a/.x/.b", File::FNM_PATHNAME)
p File.fnmatch("**/**/.b", "a/.x/.b", File::FNM_PATHNAME | File::FNM_DOTMATCH)
p File.fnmatch("**/x/**/y", "x/a/y", File::FNM_PATHNAME)
