# Kernel#print and $, / $\ defaults
r = print("a", "b", 1, nil, :c, "\n")
p r
print
print "\n"
print [1, 2], "\n"
print({ k: "v" }, "\n")
print 1.0, " ", 2e20, "\n"
print "no newline at end"
