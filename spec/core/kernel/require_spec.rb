# require of a built-in feature returns false; a missing library raises LoadError
p require("set")
begin; require "no_such_library_here"; rescue LoadError => e; p e.message; end
